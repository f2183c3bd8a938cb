// What an execution engine hands back to executeNotebook (internal to src/notebook).
import type { Output } from "./notebookFile";

/** Outputs of one executed code cell, as the engine collected them (not yet normalised). */
export interface CellRun {
  /** 0-based index in `notebook.cells`. */
  cellIndex: number;
  executionCount: number | null;
  outputs: Output[];
}

/** The raw result of running a notebook's code cells in order until the first failure. */
export interface EngineRun {
  /** Every code cell that was executed, in order (the failing one included, unless it timed out). */
  cells: CellRun[];
  /**
   * Index of the cell whose execution failed, if any; no later cell was executed. A cell that
   * timed out is not in `cells` (the tslab engine loses its outputs with its worker, so neither
   * engine keeps them).
   */
  failedCellIndex?: number;
  /** True when the failed cell was stopped at the cell timeout rather than failing on its own. */
  timedOut?: boolean;
}

/** How long one code cell may run, in seconds, before the engine stops it (ExecuteOptions.cellTimeoutSeconds). */
export interface EngineLimits {
  cellTimeoutSeconds: number;
}

/** Progress reported by an engine while it runs; executeNotebook adds ids and timings. */
export type EngineEvent =
  | { type: "cellStarted"; cellIndex: number }
  | { type: "cellFinished"; cellIndex: number; ok: boolean };

/**
 * Code cells an engine executes: nbclient skips code cells whose source is blank, so the tslab
 * engine skips them too.
 */
export function isExecutable(cell: { cell_type: string; source: string }): boolean {
  return cell.cell_type === "code" && cell.source.trim() !== "";
}
