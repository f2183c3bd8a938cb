// Finding a Python that can drive Jupyter (nbclient + nbformat + jupyter_client).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Environment variable naming the Python to use; when set, no other interpreter is tried. */
export const PYTHON_ENV = "MCP_COURSE_PYTHON";

/**
 * Interpreters to try, in order:
 * 1. `$MCP_COURSE_PYTHON` if set (and then only it);
 * 2. the interpreter in the `#!` line of the first `jupyter` on PATH: the Python Jupyter itself
 *    runs on, which has nbclient whenever Jupyter does (the first `python3` on PATH may be a
 *    pyenv shim without it);
 * 3. `/usr/bin/python3` (Debian's python3-nbclient);
 * 4. `python3` on PATH.
 */
export function pythonCandidates(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env[PYTHON_ENV]) return [env[PYTHON_ENV]!];
  const jupyter = (env.PATH ?? "")
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, "jupyter"))
    .find((file) => isExecutableFile(file));
  const fromShebang = jupyter ? shebangInterpreter(jupyter) : undefined;
  return [...new Set([fromShebang, "/usr/bin/python3", "python3"].filter((p): p is string => !!p))];
}

/**
 * The first candidate (see pythonCandidates) that can `import nbclient, nbformat, jupyter_client`,
 * or null if none can. Each call probes afresh (a Python start, about 0.3 s), so nothing is kept
 * between calls: a caller that runs many notebooks finds it once and passes it on
 * (`ExecuteOptions.python`).
 */
export function findJupyterPython(): string | null {
  return (
    pythonCandidates().find(
      (python) =>
        spawnSync(python, ["-c", "import nbclient, nbformat, jupyter_client"], {
          stdio: "ignore",
        }).status === 0,
    ) ?? null
  );
}

/** True when the `jupyter` engine can run (a Python with nbclient was found). */
export function jupyterAvailable(): boolean {
  return findJupyterPython() !== null;
}

function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** `#!/usr/bin/python3 -s` gives /usr/bin/python3; `#!/usr/bin/env python3` gives python3. */
function shebangInterpreter(file: string): string | undefined {
  const head = fs.readFileSync(file).subarray(0, 256).toString("utf8").split("\n")[0];
  if (!head.startsWith("#!")) return undefined;
  const [program, ...args] = head.slice(2).trim().split(/\s+/);
  return path.basename(program) === "env" ? args.find((a) => !a.startsWith("-")) : program;
}
