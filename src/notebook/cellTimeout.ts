// The limits of a cell's running time (ExecuteOptions.cellTimeoutSeconds), apart from the engines,
// so that the command line can check and show them without loading the engines.

/** The default of ExecuteOptions.cellTimeoutSeconds: ten minutes, far above any lesson's slowest cell. */
export const DEFAULT_CELL_TIMEOUT_SECONDS = 600;

/** The largest cellTimeoutSeconds: setTimeout's largest delay, 2^31 − 1 ms, in whole seconds (about 24.8 days). */
export const MAX_CELL_TIMEOUT_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

/** True when `seconds` can be ExecuteOptions.cellTimeoutSeconds: a number more than 0 and at most MAX_CELL_TIMEOUT_SECONDS. */
export function isCellTimeout(seconds: number): boolean {
  return Number.isFinite(seconds) && seconds > 0 && seconds <= MAX_CELL_TIMEOUT_SECONDS;
}
