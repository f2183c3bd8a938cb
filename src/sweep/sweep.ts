/**
 * A seed sweep: one lesson's simulation over consecutive seeds, every count's distribution, and
 * how often each of the lesson's claims held.
 *
 * The sweep calls the lesson's own simulation (`simulateWritingAServer`, `simulateFleetLesson`),
 * the function the notebook, `simulate` and the tests call; nothing is recomputed here. Pure and
 * deterministic: the same lesson, first seed and count give an equal result, whatever the clock
 * (progress is reported through a callback and never reaches the result).
 */
import {
  simulateFleetLesson,
  type FleetLessonResult,
} from "../lessons/fleetBehindTheBoundary/simulate";
import {
  simulateWritingAServer,
  type WritingAServerResult,
} from "../lessons/writingAServer/simulate";
import { DEFAULT_SEED, MAX_SEED, isSeed } from "../sim/seed";
import { FLEET_CLAIMS, WRITING_A_SERVER_CLAIMS, type Claim } from "./claims";
import { FLEET_COUNTS, WRITING_A_SERVER_COUNTS, type CountGroup, type RowKey } from "./counts";
import { Tally, type Distribution } from "./distribution";
import { DEFAULT_SWEEP_COUNTS, SWEEP_NAMES, type SweepName } from "./sweepNames";

/** Which count a sweep's chart draws, per row of one group, and how it is titled. */
export interface SweepChartChoice {
  /** The group's name (a {@link CountGroup} `name`). */
  group: string;
  /** The count's name within that group. */
  count: string;
  /** The chart's title, without the seed range (the chart adds it). */
  title: string;
  /** The value axis's title. */
  axis: string;
}

/**
 * What a sweep of one lesson runs, counts and checks.
 *
 * @typeParam R the lesson's result.
 */
export interface SweepLesson<R> {
  /** The lesson's full name, e.g. `06-writing-a-server`. */
  lesson: string;
  /** The lesson's simulation: one seed (an integer from 0 to 2^53 − 1) to its result. */
  simulate(seed: number): R;
  groups: readonly CountGroup<R>[];
  claims: readonly Claim<R>[];
  chart: SweepChartChoice;
  /** Seeds swept when the caller does not say (`sweep` without `--count`). */
  defaultCount: number;
}

/** Lesson 6's sweep: handshake and runs per level, the prose's claims, tokens per level on the chart. */
export const WRITING_A_SERVER_SWEEP: SweepLesson<WritingAServerResult> = {
  lesson: "06-writing-a-server",
  simulate: simulateWritingAServer,
  groups: WRITING_A_SERVER_COUNTS,
  claims: WRITING_A_SERVER_CLAIMS,
  chart: {
    group: "runs",
    count: "tokens",
    title: "Envelope tokens of the twelve tasks, per declaration level",
    axis: "envelope tokens",
  },
  defaultCount: DEFAULT_SWEEP_COUNTS["writing-a-server"],
};

/**
 * Lesson 8's sweep: the task and every condition × policy, the prose's claims, tool calls per
 * condition on the chart. A seed costs about a hundred times a lesson-6 seed, hence fewer by default.
 */
export const FLEET_SWEEP: SweepLesson<FleetLessonResult> = {
  lesson: "08-the-fleet-behind-the-boundary",
  simulate: simulateFleetLesson,
  groups: FLEET_COUNTS,
  claims: FLEET_CLAIMS,
  chart: {
    group: "conditions",
    count: "tool_calls",
    title: "Tool calls per condition and agent",
    axis: "tool calls",
  },
  defaultCount: DEFAULT_SWEEP_COUNTS.fleet,
};

/** The lessons `sweep` can run, by the short name `--lesson` takes (as for `simulate`). */
export const SWEEP_LESSONS = {
  "writing-a-server": WRITING_A_SERVER_SWEEP,
  fleet: FLEET_SWEEP,
} as const satisfies Record<SweepName, unknown>;

export { SWEEP_NAMES, type SweepName };

/** Where a sweep starts and how long it runs. */
export interface SweepOptions {
  /** The first seed; default {@link DEFAULT_SEED}. */
  from?: number;
  /** How many consecutive seeds, at least 1; default the lesson's {@link SweepLesson.defaultCount}. */
  count?: number;
  /** Called after each seed with seeds done and the total; for progress, not for results. */
  onProgress?: (done: number, total: number) => void;
}

/** One row of a group over the sweep: its key and the distribution of each count. */
export interface SweepRow {
  key: RowKey;
  counts: Record<string, Distribution>;
}

/** One group over the sweep. */
export interface SweepGroup {
  name: string;
  title: string;
  /** The counts' names, in column order (the keys of each row's `counts`). */
  counts: readonly string[];
  rows: SweepRow[];
}

/** How one claim fared over the sweep. */
export interface ClaimTally {
  id: string;
  statement: string;
  /** Seeds on which the claim held. */
  held: number;
  /** Seeds swept. */
  seeds: number;
  /** The first seeds (at most {@link FAILURES_KEPT}, in order) on which it did not hold. */
  failedOn: number[];
}

/** How many failing seeds a {@link ClaimTally} lists. */
export const FAILURES_KEPT = 5;

/** A finished sweep. */
export interface SweepResult {
  /** The lesson's full name. */
  lesson: string;
  /** First and last seed swept (inclusive), and how many. */
  from: number;
  to: number;
  count: number;
  /** The seed each distribution's `atDefault` and `differing` refer to (20260218). */
  defaultSeed: number;
  groups: SweepGroup[];
  claims: ClaimTally[];
  chart: SweepChartChoice;
}

/**
 * Checks a sweep's range: `from` a seed, `count` an integer ≥ 1, and the last seed
 * `from + count − 1` at most 2^53 − 1.
 *
 * @throws RangeError saying which bound is broken.
 */
export function checkSweepRange(from: number, count: number): void {
  if (!isSeed(from))
    throw new RangeError(`the first seed must be an integer from 0 to ${MAX_SEED}, got ${from}`);
  if (!Number.isSafeInteger(count) || count < 1)
    throw new RangeError(`the number of seeds must be an integer of at least 1, got ${count}`);
  if (count - 1 > MAX_SEED - from)
    throw new RangeError(`${count} seeds from ${from} would pass the largest seed, ${MAX_SEED}`);
}

/**
 * Sweeps one lesson (any {@link SweepLesson}, including one made for a test).
 *
 * Simulates the default seed once (for `atDefault`, `differing` and the claims that compare
 * seeds), then every seed from `from` to `from + count − 1`, in order.
 *
 * @throws RangeError for a bad range (see {@link checkSweepRange}); whatever the simulation throws.
 */
export function sweepLesson<R>(lesson: SweepLesson<R>, options: SweepOptions = {}): SweepResult {
  const from = options.from ?? DEFAULT_SEED;
  const count = options.count ?? lesson.defaultCount;
  checkSweepRange(from, count);
  const reference = lesson.simulate(DEFAULT_SEED);
  const atDefault = lesson.groups.map((group) => group.read(reference));
  const tallies = lesson.groups.map((group) =>
    group.rows.map(() => group.counts.map(() => new Tally())),
  );
  const claims = lesson.claims.map((claim) => ({
    id: claim.id,
    statement: claim.statement,
    held: 0,
    seeds: 0,
    failedOn: [] as number[],
  }));
  for (let i = 0; i < count; i++) {
    const seed = from + i;
    const result = lesson.simulate(seed);
    lesson.groups.forEach((group, g) => {
      const values = group.read(result);
      for (let row = 0; row < group.rows.length; row++)
        for (let c = 0; c < group.counts.length; c++) tallies[g][row][c].add(values[row][c]);
    });
    lesson.claims.forEach((claim, c) => {
      const tally = claims[c];
      tally.seeds += 1;
      if (claim.holds(result, reference)) tally.held += 1;
      else if (tally.failedOn.length < FAILURES_KEPT) tally.failedOn.push(seed);
    });
    options.onProgress?.(i + 1, count);
  }
  return {
    lesson: lesson.lesson,
    from,
    to: from + count - 1,
    count,
    defaultSeed: DEFAULT_SEED,
    groups: lesson.groups.map((group, g) => ({
      name: group.name,
      title: group.title,
      counts: group.counts,
      rows: group.rows.map((key, row) => ({
        key,
        counts: Object.fromEntries(
          group.counts.map((name, c) => [
            name,
            tallies[g][row][c].distribution(atDefault[g][row][c]),
          ]),
        ),
      })),
    })),
    claims,
    chart: lesson.chart,
  };
}

/**
 * Sweeps a lesson by name: `writing-a-server` (lesson 6) or `fleet` (lesson 8).
 *
 * @throws RangeError for a bad range (see {@link checkSweepRange}).
 */
export function sweep(name: SweepName, options: SweepOptions = {}): SweepResult {
  return name === "fleet"
    ? sweepLesson(FLEET_SWEEP, options)
    : sweepLesson(WRITING_A_SERVER_SWEEP, options);
}
