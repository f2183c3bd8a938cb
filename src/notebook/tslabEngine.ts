// The `tslab` engine: runs a notebook's code cells in a forked Node process with tslab's executor.
import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isExecutable, type EngineEvent, type EngineRun } from "./engineRun";
import type { Notebook } from "./notebookFile";
import type { WorkerMessage, WorkerRequest } from "./tslabWorker";

/**
 * How to start the worker: the compiled `tslabWorker.js` next to this file (running from dist),
 * or else `tslabWorker.ts` under tsx's loader (running from src, e.g. `node --import tsx --test`).
 * The loader is passed as an absolute URL because the worker's cwd is the notebook folder, from
 * which a bare `--import tsx` would not resolve.
 */
export function tslabWorkerEntry(): { file: string; execArgv: string[] } {
  const compiled = path.join(__dirname, "tslabWorker.js");
  if (fs.existsSync(compiled)) return { file: compiled, execArgv: [] };
  const tsx = pathToFileURL(require.resolve("tsx")).href;
  return { file: path.join(__dirname, "tslabWorker.ts"), execArgv: ["--import", tsx] };
}

/**
 * Runs the executable code cells of `nb` in order in a fresh worker process whose cwd is `cwd`,
 * stopping at the first failing cell.
 * @throws (rejects) if the worker cannot start or exits before reporting a result
 *   (e.g. a cell called process.exit); the message ends with the worker's stderr.
 */
export function runWithTslab(nb: Notebook, cwd: string, onEvent: (e: EngineEvent) => void): Promise<EngineRun> {
  const request: WorkerRequest = {
    cells: nb.cells.flatMap((cell, cellIndex) => (isExecutable(cell) ? [{ cellIndex, source: cell.source }] : [])),
  };
  const { file, execArgv } = tslabWorkerEntry();
  return new Promise((resolve, reject) => {
    // execArgv is explicit: inheriting the parent's (e.g. node --test flags) would change the worker.
    const child = fork(file, [], { cwd, execArgv, stdio: ["ignore", "ignore", "pipe", "ipc"], serialization: "json" });
    let stderr = "";
    let settled = false;
    child.stderr!.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    child.on("message", (m: WorkerMessage) => {
      if (m.type !== "result") return onEvent(m);
      settled = true;
      resolve(m.run);
      child.kill("SIGKILL"); // cells may leave servers, timers or signal handlers behind
    });
    child.on("error", (e) => {
      if (!settled) reject(new Error(`tslab engine: cannot run worker ${file}: ${e.message}`));
      settled = true;
    });
    child.on("exit", (code, signal) => {
      if (!settled) reject(new Error(`tslab engine: worker exited (${signal ?? `code ${code}`}) before finishing\n${stderr.trim()}`));
      settled = true;
    });
    child.send(request);
  });
}
