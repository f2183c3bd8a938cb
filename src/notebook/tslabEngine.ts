// The `tslab` engine: runs a notebook's code cells in a forked Node process with tslab's executor.
import { fork, type ChildProcess } from "node:child_process";
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
 * A worker process started for one notebook, possibly ahead of it (the CLI starts the next
 * lesson's worker as a lesson begins, so that its start, mostly tslab's TypeScript program over the
 * standard library and `@types`, overlaps with the lesson before). Used by one runWithTslab only.
 */
export interface TslabWorker {
  /** The notebook folder it runs in (its cwd). */
  readonly cwd: string;
  readonly child: ChildProcess;
  /** The last 4,000 characters it wrote to stderr (the parent quotes them when it dies). */
  stderrTail(): string;
  /** How it ended, once it has: its `error`, or its exit code or signal. */
  ended(): { error: Error } | { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** Kills it and every process it started (for a worker that will not be used). */
  stop(): void;
}

/**
 * Starts a worker in `cwd` that makes tslab's executor at once and then waits for its cells
 * (runWithTslab). Its stdout is ignored: cells' output travels by IPC.
 */
export function startTslabWorker(cwd: string): TslabWorker {
  const { file, execArgv } = tslabWorkerEntry();
  // execArgv is explicit: inheriting the parent's (e.g. node --test flags) would change the worker.
  const child = fork(file, [], {
    cwd,
    execArgv,
    env: { ...process.env, ...compileCacheEnv() },
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    serialization: "json",
  });
  let stderr = "";
  let end: ReturnType<TslabWorker["ended"]>;
  child.stderr!.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  child.on("error", (error) => (end ??= { error }));
  child.on("exit", (code, signal) => (end ??= { code, signal }));
  return {
    cwd,
    child,
    stderrTail: () => stderr,
    ended: () => end,
    stop: () => {
      if (end === undefined && child.pid !== undefined) killProcessTree(child.pid);
    },
  };
}

/**
 * Runs the executable code cells of `nb` in order in a worker process whose cwd is `cwd` (`worker`,
 * started by startTslabWorker for `cwd`, or a fresh one),
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
  worker: TslabWorker = startTslabWorker(cwd),
): Promise<EngineRun> {
  if (path.resolve(worker.cwd) !== path.resolve(cwd))
    throw new Error(`tslab engine: the worker runs in ${worker.cwd}, not in ${cwd}`);
  const request: WorkerRequest = {
    cells: nb.cells.flatMap((cell, cellIndex) => (isExecutable(cell) ? [{ cellIndex, source: cell.source }] : [])),
  };
  const { child } = worker;
  const file = tslabWorkerEntry().file;
  return new Promise((resolve, reject) => {
    let settled = false;
    const cells: CellRun[] = [];
    let timer: NodeJS.Timeout | undefined;
    let timedOut: number | undefined;
    const died = (end: NonNullable<ReturnType<TslabWorker["ended"]>>) => {
      clearTimeout(timer);
      if ("error" in end) {
        if (!settled) reject(new Error(`tslab engine: cannot run worker ${file}: ${end.error.message}`));
      } else if (timedOut !== undefined) resolve({ cells, failedCellIndex: timedOut, timedOut: true });
      else if (!settled)
        reject(
          new Error(
            `tslab engine: worker exited (${end.signal ?? `code ${end.code}`}) before finishing\n${worker.stderrTail().trim()}`,
          ),
        );
      settled = true;
    };
    // A worker started ahead may have ended already (it could not start, or a cell of nothing killed it).
    const before = worker.ended();
    if (before) return died(before);
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
    child.on("error", (error) => died({ error }));
    child.on("exit", (code, signal) => died({ code, signal }));
    child.send(request);
  });
}
