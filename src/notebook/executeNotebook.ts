// executeNotebook: one interface over the `jupyter` and `tslab` execution engines.
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import type { EngineEvent, EngineRun } from "./engineRun";
import { failureMessage } from "./failureMessage";
import { jupyterAvailable } from "./jupyterPython";
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
  /** Which engine; `auto` is `jupyter` when jupyterAvailable(), else `tslab`. */
  engine: EngineName | "auto";
  /** The notebook's folder: the kernel's cwd, from which cells resolve imports (tslab issue #63). */
  cwd: string;
  onProgress?: (event: ProgressEvent) => void;
}

/** The first cell that failed; no later cell was executed. */
export interface CellFailure {
  /** 0-based index in `notebook.cells`. */
  cellIndex: number;
  cellId: string;
  /** One line naming the error, e.g. `Error: boom` (see failureMessage.ts). */
  message: string;
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

/** Resolves `auto` to `jupyter` when Jupyter can run, else `tslab`. */
export function resolveEngine(engine: EngineName | "auto"): EngineName {
  return engine === "auto" ? (jupyterAvailable() ? "jupyter" : "tslab") : engine;
}

/**
 * Executes the code cells of `nb` in order (blank code cells are skipped, as nbclient does),
 * stopping at the first failing cell, which is reported in `failure` (a failing cell is not a
 * rejection).
 * @throws (rejects) if `cwd` is not a directory, or the engine cannot run at all (no Python with
 *   nbclient for `jupyter`, kernel or worker died).
 */
export async function executeNotebook(nb: Notebook, options: ExecuteOptions): Promise<ExecutionResult> {
  if (!fs.statSync(options.cwd, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`executeNotebook: cwd ${options.cwd} is not a directory`);
  }
  const engine = resolveEngine(options.engine);
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
  const run = engine === "tslab" ? await runWithTslab(input, options.cwd, onEvent) : await runWithJupyter(input, options.cwd, onEvent);
  return assemble(engine, input, run);
}

function assemble(engine: EngineName, input: Notebook, run: EngineRun): ExecutionResult {
  const cells: Cell[] = input.cells.slice();
  for (const { cellIndex, executionCount, outputs } of run.cells) {
    const cell = cells[cellIndex];
    if (cell.cell_type === "code") cells[cellIndex] = { ...cell, execution_count: executionCount, outputs: normalizeOutputs(outputs) };
  }
  const notebook = { ...input, cells };
  if (run.failedCellIndex === undefined) return { engine, notebook };
  const failed = cells[run.failedCellIndex];
  const stderr = failed.cell_type === "code" ? failed.outputs.map((o) => (o.output_type === "stream" && o.name === "stderr" ? o.text : "")).join("") : "";
  return { engine, notebook, failure: { cellIndex: run.failedCellIndex, cellId: failed.id, message: failureMessage(stderr) } };
}
