// The `jupyter` engine: runs a notebook through nbclient on a real tslab kernel.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import type { EngineEvent, EngineLimits, EngineRun } from "./engineRun";
import { PACKAGE_ROOT } from "../packageRoot";
import { compileCacheEnv } from "./nodeCompileCache";
import { killProcessTree } from "./processTree";
import { pythonCandidates } from "./jupyterPython";
import { serializeNotebook, type Notebook } from "./notebookFile";
import { TSLAB_KERNELSPEC } from "./tslabMetadata";

/** Name of the kernelspec generated for each run (the name tslab's own installer uses). */
export const KERNEL_NAME = TSLAB_KERNELSPEC.name;

/** The Python runner. tsc does not copy .py files, so it stays in src/notebook, found from the package root. */
export const NBCLIENT_RUNNER = path.join(PACKAGE_ROOT, "src", "notebook", "nbclientRunner.py");

/**
 * kernel.json for this project's tslab kernel: the running Node and the locally installed tslab,
 * so headless runs need no global `tslab install`. Its display name and language are those `tslab
 * install` writes (TSLAB_KERNELSPEC), so a notebook a reader saves records the same kernelspec
 * whichever of the two installed the kernel. The kernel starts with Node's compile cache
 * (`env`, which Jupyter sets for the kernel's process: `compileCacheEnv`, Node 22.1 and later).
 */
export function tslabKernelSpec(): {
  argv: string[];
  display_name: string;
  language: string;
  env: Record<string, string>;
} {
  const tslabBin = path.join(path.dirname(require.resolve("tslab/package.json")), "bin", "tslab");
  return {
    argv: [process.execPath, tslabBin, "kernel", "--config-path", "{connection_file}"],
    display_name: TSLAB_KERNELSPEC.display_name,
    language: TSLAB_KERNELSPEC.language,
    env: compileCacheEnv(),
  };
}

/**
 * How long after a cell's timeout the runner itself gets to finish (nbclient kills the kernel,
 * waits up to 5 s for it, writes the result) before it is killed with all it started.
 */
export const RUNNER_GRACE_SECONDS = 30;

/** The runner's exit status when the kernel did not start (nbclientRunner.py, KERNEL_DID_NOT_START). */
const KERNEL_DID_NOT_START = 3;

/**
 * Runs the code cells of `nb` through nbclient with the kernel started in `cwd`, stopping at the
 * first failing cell. Writes the kernelspec, input and result into a temp dir that is always
 * removed; JUPYTER_PATH points at it (searched before user and system kernelspecs).
 *
 * A cell still running `limits.cellTimeoutSeconds` after it was sent is stopped by nbclient's own
 * per-cell timeout; the runner then kills the kernel with its process group and reports the cell
 * (`failedCellIndex`, `timedOut: true`). Should the runner not be done `graceSeconds` later, it is
 * killed with every process it started (killProcessTree) and the same is reported, without the
 * outputs of the cells before. `options.python` is the Python to drive it, as findJupyterPython
 * found it (null: none was found); `options.graceSeconds` defaults to RUNNER_GRACE_SECONDS.
 * @throws (rejects) if no Python with nbclient is found, or the runner fails for another reason
 *   than a failing cell: a kernel that did not start gives the runner's one line saying so;
 *   anything else (the kernel died) gives a message that ends with the runner's stderr.
 */
export async function runWithJupyter(
  nb: Notebook,
  cwd: string,
  onEvent: (e: EngineEvent) => void,
  limits: EngineLimits,
  options: { python: string | null; graceSeconds?: number },
): Promise<EngineRun> {
  const { python } = options;
  const graceSeconds = options.graceSeconds ?? RUNNER_GRACE_SECONDS;
  if (!python) {
    throw new Error(
      `jupyter engine: no Python with nbclient found (tried ${pythonCandidates().join(", ")})`,
    );
  }
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-course-jupyter-"));
  try {
    const kernelDir = path.join(temp, "kernels", KERNEL_NAME);
    fs.mkdirSync(kernelDir, { recursive: true });
    fs.writeFileSync(
      path.join(kernelDir, "kernel.json"),
      JSON.stringify(tslabKernelSpec(), null, 1),
    );
    const input = path.join(temp, "input.ipynb");
    const result = path.join(temp, "result.json");
    fs.writeFileSync(input, serializeNotebook(nb));
    const env = {
      ...process.env,
      JUPYTER_PATH: [temp, process.env.JUPYTER_PATH].filter(Boolean).join(path.delimiter),
      JUPYTER_RUNTIME_DIR: path.join(temp, "runtime"), // connection files die with the temp dir
      PYTHONDONTWRITEBYTECODE: "1",
    };
    const child = spawn(
      python,
      [NBCLIENT_RUNNER, input, result, KERNEL_NAME, cwd, String(limits.cellTimeoutSeconds)],
      {
        env,
        stdio: ["ignore", "pipe", "pipe", "pipe"],
      },
    );
    let log = "";
    const keep = (chunk: Buffer) => (log = (log + chunk).slice(-4000));
    child.stdout!.on("data", keep);
    child.stderr!.on("data", keep);
    let watchdog: NodeJS.Timeout | undefined;
    let killedInCell: number | undefined;
    readline
      .createInterface({ input: child.stdio[3] as NodeJS.ReadableStream })
      .on("line", (line) => {
        const event: EngineEvent = JSON.parse(line);
        clearTimeout(watchdog);
        if (event.type === "cellStarted") {
          watchdog = setTimeout(
            () => {
              killedInCell = event.cellIndex;
              if (child.pid !== undefined) killProcessTree(child.pid);
            },
            Math.min((limits.cellTimeoutSeconds + graceSeconds) * 1000, 2 ** 31 - 1),
          ); // setTimeout's largest delay
        }
        onEvent(event);
      });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on("error", (e) =>
        reject(new Error(`jupyter engine: cannot run ${python}: ${e.message}`)),
      );
      child.on("close", resolve);
    }).finally(() => clearTimeout(watchdog));
    if (killedInCell !== undefined)
      return { cells: [], failedCellIndex: killedInCell, timedOut: true };
    if (code === KERNEL_DID_NOT_START)
      // The runner's last line says why; the kernel's own log before it would bury it.
      throw new Error(`jupyter engine: ${log.trim().split("\n").pop()}`);
    if (code !== 0)
      throw new Error(
        `jupyter engine: ${python} ${path.basename(NBCLIENT_RUNNER)} exited with code ${code}\n${log.trim()}`,
      );
    const run = JSON.parse(fs.readFileSync(result, "utf8"));
    return {
      cells: run.cells,
      ...(run.failedCellIndex === null ? {} : { failedCellIndex: run.failedCellIndex }),
      ...(run.timedOut ? { timedOut: true } : {}),
    };
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}
