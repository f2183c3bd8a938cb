/**
 * `mcp-course sweep`: a lesson's simulation over consecutive seeds — every count's distribution,
 * the lesson's claims checked, one chart. Argument parsing and output only; the sweep is the
 * library's (`src/sweep/`).
 *
 * Everything is checked before the first seed runs (lesson, seeds, the chart's path), so bad
 * input writes nothing. Progress goes to stderr, stdout carries only the tables or the JSON.
 */
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { MAX_SEED } from "../../sim/seed";
import { sweepChartSpec } from "../../sweep/chart";
import { sweepJson } from "../../sweep/json";
import { SWEEP_LESSONS, sweep, type SweepName } from "../../sweep/sweep";
import { formatSweep } from "../../sweep/tables";
import { CliError, messages } from "../messages";
import { checkOutFile, writeOutput } from "../options";
import type { CliIo } from "../io";

export {
  SWEEP_LESSON_CHOICES,
  sweepLessonOption,
  countOption,
  DEFAULT_COUNTS,
} from "./sweepOptions";

/** Options of `sweep`, as commander hands them over. */
export interface SweepCommandOptions {
  lesson: SweepName;
  from: number;
  /** Undefined: the lesson's default count. */
  count?: number;
  json?: boolean;
  /** Where to write the chart's SVG. */
  chart?: string;
}

/** Progress is shown once a sweep has run this long (ms). */
const PROGRESS_AFTER_MS = 1000;
/** At most one progress update per this many ms. */
const PROGRESS_EVERY_MS = 250;

/** What {@link progressReporter} returns: the sweep's progress callback, and the end of the sweep. */
export interface ProgressReporter {
  onProgress(done: number, total: number): void;
  finish(total: number): void;
}

/**
 * Progress on stderr. On a terminal: after the first second, `sweep: done/total seeds` rewritten
 * in place at most four times a second, then a final line with the time taken. Elsewhere (a pipe,
 * a file): nothing while it runs, and the final line only for a sweep that took a second or more.
 *
 * @param now a clock in ms (injectable for tests); its readings reach stderr only.
 */
export function progressReporter(
  io: Pick<CliIo, "stderr">,
  terminal: boolean,
  now: () => number = () => performance.now(),
): ProgressReporter {
  const start = now();
  let last = -Infinity;
  let shown = false;
  return {
    onProgress(done: number, total: number): void {
      if (!terminal) return;
      const time = now();
      if (time - start < PROGRESS_AFTER_MS || time - last < PROGRESS_EVERY_MS) return;
      last = time;
      shown = true;
      io.stderr(`\rsweep: ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} seeds`);
    },
    finish(total: number): void {
      const elapsed = now() - start;
      if (!shown && elapsed < PROGRESS_AFTER_MS) return;
      const count = total.toLocaleString("en-US");
      io.stderr(
        `${shown ? "\r" : ""}sweep: ${count}/${count} seeds in ${(elapsed / 1000).toFixed(1)} s\n`,
      );
    },
  };
}

/**
 * Runs `sweep`: checks the range and the chart's path, sweeps, prints the tables or the JSON,
 * and writes the chart when asked.
 *
 * @throws CliError (exit 2) for a range past the largest seed or an unusable chart path, before
 *   any seed runs; (exit 1) when the chart cannot be written.
 */
export async function runSweepCommand(
  options: SweepCommandOptions,
  io: CliIo,
  terminal = process.stderr.isTTY === true,
): Promise<void> {
  const count = options.count ?? SWEEP_LESSONS[options.lesson].defaultCount;
  if (count - 1 > MAX_SEED - options.from)
    throw new CliError(messages.sweepPastLastSeed(options.from, count));
  const chart =
    options.chart === undefined ? undefined : options.chart === "" ? "" : resolve(options.chart);
  if (chart !== undefined) checkOutFile(chart, "--chart");
  const progress = progressReporter(io, terminal);
  const result = sweep(options.lesson, {
    from: options.from,
    count,
    onProgress: progress.onProgress,
  });
  progress.finish(count);
  if (chart !== undefined) {
    // Loaded here, not at the top: vega takes ~150 ms to load, which every CLI start (`serve` above all) would pay.
    const { renderSvg } = await import("../../charts/render");
    writeOutput(chart, await renderSvg(sweepChartSpec(result)));
  }
  io.stdout(options.json ? `${JSON.stringify(sweepJson(result), null, 2)}\n` : formatSweep(result));
}
