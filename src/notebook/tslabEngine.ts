// The `tslab` engine: runs a notebook's code cells in a forked Node process with tslab's executor.
import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { compileCacheEnv } from "./nodeCompileCache";
import { isExecutable, type CellRun, type EngineEvent, type EngineLimits, type EngineRun } from "./engineRun";
import { killProcessTree } from "./processTree";
import type { Notebook } from "./notebookFile";
import type { WorkerMessage, WorkerRequest } from "./tslabWorker";

/**
 * How to start the worker: the compiled `tslabWorker.js` next to this file (running from dist),
 * or else `tslabWorker.ts` under tsx's CommonJS hook (running from src, as `npm test` does with
 * `node --require tsx/cjs --test`). The hook is passed as an absolute path because the worker's
 * cwd is the notebook folder, from which a bare `tsx/cjs` would not resolve. Either way the worker
 * starts with Node's compile cache (`compileCacheEnv`, Node 22.1 and later).
 */
export function tslabWorkerEntry(): { file: string; execArgv: string[] } {
  const compiled = path.join(__dirname, "tslabWorker.js");
  if (fs.existsSync(compiled)) return { file: compiled, execArgv: [] };
  return { file: path.join(__dirname, "tslabWorker.ts"), execArgv: ["--require", require.resolve("tsx/cjs")] };
}

/**
 * Runs the executable code cells of `nb` in order in a fresh worker process whose cwd is `cwd`,
 * stopping at the first failing cell. A cell still running `limits.cellTimeoutSeconds` after it
 * started (a real timer: a busy loop or a promise that never settles) ends the run: the worker
 * and every process it started are killed (killProcessTree), and the run resolves, once the
 * worker has exited, with that cell as `failedCellIndex` and `timedOut: true`.
 * @throws (rejects) if the worker cannot start or exits before reporting a result
 *   (e.g. a cell called process.exit); the message ends with the worker's stderr.
 */
export function runWithTslab(
  nb: Notebook,
  cwd: string,
  onEvent: (e: EngineEvent) => void,
  limits: EngineLimits,
): Promise<EngineRun> {
  const request: WorkerRequest = {
    cells: nb.cells.flatMap((cell, cellIndex) => (isExecutable(cell) ? [{ cellIndex, source: cell.source }] : [])),
  };
  const { file, execArgv } = tslabWorkerEntry();
  return new Promise((resolve, reject) => {
    // execArgv is explicit: inheriting the parent's (e.g. node --test flags) would change the worker.
    const child = fork(file, [], {
      cwd,
      execArgv,
      env: { ...process.env, ...compileCacheEnv() },
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      serialization: "json",
    });
    let stderr = "";
    let settled = false;
    const cells: CellRun[] = [];
    let timer: NodeJS.Timeout | undefined;
    let timedOut: number | undefined;
    child.stderr!.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    child.on("message", (m: WorkerMessage) => {
      if (settled) return; // nothing counts after a timeout
      switch (m.type) {
        case "cellRun":
          return void cells.push(m.cell);
        case "cellStarted":
          timer = setTimeout(() => {
            settled = true;
            timedOut = m.cellIndex;
            if (child.pid !== undefined) killProcessTree(child.pid); // resolves on the worker's exit, below
          }, limits.cellTimeoutSeconds * 1000);
          return onEvent(m);
        case "cellFinished":
          clearTimeout(timer);
          return onEvent(m);
        case "result":
          settled = true;
          resolve({ cells, ...(m.failedCellIndex === undefined ? {} : { failedCellIndex: m.failedCellIndex }) });
          child.kill("SIGKILL"); // cells may leave servers, timers or signal handlers behind
      }
    });
    child.on("error", (e) => {
      clearTimeout(timer);
      if (!settled) reject(new Error(`tslab engine: cannot run worker ${file}: ${e.message}`));
      settled = true;
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (timedOut !== undefined) resolve({ cells, failedCellIndex: timedOut, timedOut: true });
      else if (!settled)
        reject(
          new Error(`tslab engine: worker exited (${signal ?? `code ${code}`}) before finishing\n${stderr.trim()}`),
        );
      settled = true;
    });
    child.send(request);
  });
}
