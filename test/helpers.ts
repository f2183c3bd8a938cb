// Shared test helpers: the reference fixture and paths.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(__dirname, "..");

/** One seed's figures from the reference's own code (see test/fixtures/README.md). */
export interface ReferenceSeed {
  seed: number;
  draws: number[];
  draws_task11: number[];
  subscribers: Record<string, { bolge: string; tip: string; onceki: number; simdiki: number }>;
  tasks: { type: string; subscriber: string; region: string; expected: number | boolean }[];
  handshake: {
    negotiated: number;
    dropped: number;
    request: number;
    response: number;
    tokens: number;
    round_trips: number;
  }[];
  runs: RunFigures[];
  second_run: RunFigures[];
  wide: RunFigures[];
  printed: string;
}

export interface RunFigures {
  agreed: number;
  calls: number;
  failed: number;
  completed: number;
  blocked: number;
  written: number;
  request: number;
  response: number;
  tokens: number;
  round_trips: number;
}

export const REFERENCE: ReferenceSeed[] = JSON.parse(
  readFileSync(join(ROOT, "test", "fixtures", "reference-runs.json"), "utf8"),
);

export const EDGE_SEEDS = [0, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1];

import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { codeCell } from "../src/notebook/notebookFile";
import { after } from "node:test";

const temporary: string[] = [];
after(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** A new temporary folder, removed when the test file's tests have run. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "mcp-course-test-"));
  temporary.push(dir);
  return dir;
}

/** Runs the built CLI (`dist/cli/main.js`; `npm test` builds first), in `cwd` with `env` if given, and returns what it did. */
export function cli(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(ROOT, "dist", "cli", "main.js"), ...args], {
    cwd: options.cwd ?? ROOT,
    env: options.env ?? process.env,
    encoding: "utf8",
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/**
 * A small tslab notebook, `small.ipynb`, in a new temporary folder: a cell tagged `parameters`
 * holding `seedLine` (none when null), then the given code cells (`[id, source]`), outputs empty.
 */
export function smallNotebook(
  seedLine: string | null,
  cells: [id: string, source: string][],
): { dir: string; notebook: string } {
  const dir = tempDir();
  const notebook = join(dir, "small.ipynb");
  const parameters = seedLine === null ? [] : [codeCell("parameters", seedLine, ["parameters"])];
  writeFileSync(
    notebook,
    JSON.stringify({
      nbformat: 4,
      nbformat_minor: 5,
      metadata: { kernelspec: { name: "tslab", display_name: "TypeScript", language: "typescript" } },
      cells: [...parameters, ...cells.map(([id, source]) => codeCell(id, source))],
    }),
  );
  return { dir, notebook };
}

/**
 * Runs the built CLI like `cli`, without blocking: tests that wait on several exports at once
 * (each mostly waiting on its own child processes) start them side by side.
 */
export function cliAsync(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, "dist", "cli", "main.js"), ...args], {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (status) =>
      resolve({
        status,
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
      }),
    );
  });
}

/** Every file under the given folders with its content hash and modification time. */
export function snapshot(folders: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out[path] = `${createHash("sha256").update(readFileSync(path)).digest("hex")} ${statSync(path).mtimeMs}`;
    }
  };
  for (const folder of folders) walk(folder);
  return out;
}

/** True when Jupyter (nbclient) can run here; tests that need it skip otherwise. */
export { jupyterAvailable } from "../src/notebook";

/**
 * Runs the CLI on bad input and checks the contract for it: exit 2, nothing on stdout, one line
 * on stderr that starts `mcp-course: ` and matches `message`, and no file under lessons/ or
 * data/ changed (content hash and modification time).
 */
export function assertBadInput(args: string[], message: RegExp): void {
  const folders = [join(ROOT, "lessons"), join(ROOT, "data")];
  const before = snapshot(folders);
  const run = cli(args);
  assert.equal(run.status, 2);
  assert.equal(run.stdout, "");
  assert.equal(run.stderr.split("\n").filter(Boolean).length, 1, run.stderr);
  assert.match(run.stderr, /^mcp-course: /);
  assert.match(run.stderr, message);
  assert.deepEqual(snapshot(folders), before);
}
