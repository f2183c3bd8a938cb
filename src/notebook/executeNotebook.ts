// executeNotebook: one interface over the `jupyter` and `tslab` execution engines.
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import {
  DEFAULT_CELL_TIMEOUT_SECONDS,
  isCellTimeout,
  MAX_CELL_TIMEOUT_SECONDS,
} from "./cellTimeout";
import type { EngineEvent, EngineRun } from "./engineRun";
import { failureMessage } from "./failureMessage";
import { findJupyterPython } from "./jupyterPython";
import { runWithJupyter } from "./jupyterEngine";
import { normalizeOutputs } from "./normalizeOutputs";
import { stripOutputs, type Cell, type Notebook } from "./notebookFile";
import { runWithTslab } from "./tslabEngine";

/**
 * `jupyter`: nbclient driving a real tslab kernel (needs Python with nbclient, see jupyterPython.ts).
 * `tslab`: tslab's executor in a forked Node process, the way the kernel uses it (no Python).
 */
export type EngineName = "jupyter" | "tslab";

/** Progress while a notebook runs. `elapsedMs` is wall time; it never reaches any output. */
export type ProgressEvent =
  | { type: "cellStarted"; cellIndex: number; cellId: string }
  | { type: "cellFinished"; cellIndex: number; cellId: string; elapsedMs: number; ok: boolean };

/** Options of executeNotebook. */
export interface ExecuteOptions {
  /** Which engine; `auto` is `jupyter` when a Python with nbclient is found, else `tslab`. */
  engine: EngineName | "auto";
  /**
   * The Python that drives the `jupyter` engine, as findJupyterPython found it (null: none); when
   * absent, it is looked for here. A caller running many notebooks looks once and passes it on.
   */
  python?: string | null;
  /**
   * The notebook's folder: the kernel's cwd, from which cells resolve imports
   * (https://github.com/yunabe/tslab/issues/63).
   */
  cwd: string;
  onProgress?: (event: ProgressEvent) => void;
  /**
   * How long one code cell may run, in **seconds** of wall time (a real timer, whatever the
   * cell does: a busy loop, a promise that never settles); fractions are allowed. Default
   * DEFAULT_CELL_TIMEOUT_SECONDS (600); must be more than 0 and at most MAX_CELL_TIMEOUT_SECONDS.
   * A cell past it is stopped: the kernel (`jupyter`, with its process group) or the worker
   * (`tslab`, with every process it started) is killed, and the cell is the `failure`, with
   * `timedOutAfterSeconds` set. The time never reaches an output.
   */
  cellTimeoutSeconds?: number;
}

/** The first cell that failed; no later cell was executed. */
export interface CellFailure {
  /** 0-based index in `notebook.cells`. */
  cellIndex: number;
  cellId: string;
  /**
   * One line naming the error, e.g. `Error: boom` (see failureMessage.ts), or for a cell that
   * timed out `did not finish within N s`.
   */
  message: string;
  /**
   * The cell's limit in seconds when it was stopped for running past it (ExecuteOptions.cellTimeoutSeconds);
   * absent when the cell failed on its own. A timed-out cell has no outputs in the result: the
   * tslab engine loses them with its worker, so neither engine keeps them.
   */
  timedOutAfterSeconds?: number;
}

/** Result of executeNotebook. */
export interface ExecutionResult {
  /** The engine that ran (useful with `auto`). */
  engine: EngineName;
  /**
   * The input notebook with outputs and execution counts of the executed cells, normalised
   * (normalizeOutputs) so both engines give identical notebooks. Cells that did not run have no
   * outputs: stale outputs of the input are always stripped first.
   */
  notebook: Notebook;
  failure?: CellFailure;
}

/**
 * Resolves `auto` to `jupyter` when `python` (a Python with nbclient, findJupyterPython's answer)
 * is found, else `tslab`; `jupyter` and `tslab` stay as they are.
 */
export function resolveEngine(engine: EngineName | "auto", python: string | null): EngineName {
  return engine === "auto" ? (python ? "jupyter" : "tslab") : engine;
}

/**
 * Executes the code cells of `nb` in order (blank code cells are skipped, as nbclient does),
 * stopping at the first failing cell, which is reported in `failure` (a failing cell is not a
 * rejection), as is a cell that runs past `cellTimeoutSeconds` (then `failure.timedOutAfterSeconds`
 * is set and the kernel or worker is gone when the promise settles).
 * @throws (rejects) if `cwd` is not a directory, `cellTimeoutSeconds` is out of range (see
 *   isCellTimeout), or the engine cannot run at all (no Python with nbclient for `jupyter`,
 *   kernel or worker died).
 */
export async function executeNotebook(
  nb: Notebook,
  options: ExecuteOptions,
): Promise<ExecutionResult> {
  if (!fs.statSync(options.cwd, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`executeNotebook: cwd ${options.cwd} is not a directory`);
  }
  const cellTimeoutSeconds = options.cellTimeoutSeconds ?? DEFAULT_CELL_TIMEOUT_SECONDS;
  if (!isCellTimeout(cellTimeoutSeconds)) {
    throw new RangeError(
      `executeNotebook: cellTimeoutSeconds must be more than 0 and at most ${MAX_CELL_TIMEOUT_SECONDS}, not ${cellTimeoutSeconds}`,
    );
  }
  const python =
    options.engine === "tslab"
      ? null
      : options.python !== undefined
        ? options.python
        : findJupyterPython();
  const engine = resolveEngine(options.engine, python);
  const input = stripOutputs(nb);
  const started = new Map<number, number>();
  const onEvent = (event: EngineEvent) => {
    const cellId = input.cells[event.cellIndex].id;
    if (event.type === "cellStarted") {
      started.set(event.cellIndex, performance.now());
      options.onProgress?.({ ...event, cellId });
    } else {
      const elapsedMs = performance.now() - (started.get(event.cellIndex) ?? performance.now());
      options.onProgress?.({ ...event, cellId, elapsedMs });
    }
  };
  const limits = { cellTimeoutSeconds };
  const run =
    engine === "tslab"
      ? await runWithTslab(input, options.cwd, onEvent, limits)
      : await runWithJupyter(input, options.cwd, onEvent, limits, { python });
  if (run.timedOut && run.failedCellIndex !== undefined)
    onEvent({ type: "cellFinished", cellIndex: run.failedCellIndex, ok: false });
  return assemble(engine, input, run, cellTimeoutSeconds);
}

function assemble(
  engine: EngineName,
  input: Notebook,
  run: EngineRun,
  cellTimeoutSeconds: number,
): ExecutionResult {
  const cells: Cell[] = input.cells.slice();
  for (const { cellIndex, executionCount, outputs } of run.cells) {
    const cell = cells[cellIndex];
    if (cell.cell_type === "code")
      cells[cellIndex] = {
        ...cell,
        execution_count: executionCount,
        outputs: normalizeOutputs(outputs),
      };
  }
  const notebook = { ...input, cells };
  if (run.failedCellIndex === undefined) return { engine, notebook };
  const failed = cells[run.failedCellIndex];
  if (run.timedOut) {
    const message = `did not finish within ${cellTimeoutSeconds} s`;
    return {
      engine,
      notebook,
      failure: {
        cellIndex: run.failedCellIndex,
        cellId: failed.id,
        message,
        timedOutAfterSeconds: cellTimeoutSeconds,
      },
    };
  }
  const stderr =
    failed.cell_type === "code"
      ? failed.outputs
          .map((o) => (o.output_type === "stream" && o.name === "stderr" ? o.text : ""))
          .join("")
      : "";
  return {
    engine,
    notebook,
    failure: { cellIndex: run.failedCellIndex, cellId: failed.id, message: failureMessage(stderr) },
  };
}
