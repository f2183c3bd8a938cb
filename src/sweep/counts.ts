/**
 * What a sweep counts in each lesson: tables of numbers read from one seed's result, the same
 * numbers the lesson's own tables print.
 *
 * Lesson 6: the handshake and the twelve tasks, per declaration level (`simulate` prints both).
 * Lesson 8: the task (low-hour devices, and how many of them have more raw downtime than the
 * answer), and every condition × agent policy of the results table.
 */
import { AGENT_POLICIES } from "../fleet/agents";
import { FLEET_SIZE } from "../fleet/catalog";
import { CONDITIONS } from "../fleet/conditions";
import { LEVELS, type Level } from "../sim/declaration";
import type { FleetLessonResult } from "../lessons/fleetBehindTheBoundary/simulate";
import type { WritingAServerResult } from "../lessons/writingAServer/simulate";
import { RUN_COUNTS, type HandshakeRow } from "../world/runTasks";

/** A row's key: the values that name it (`{level: 1, declaration: "name + fields"}`, `{condition: "slow", policy: "thorough"}`). */
export type RowKey = Readonly<Record<string, string | number>>;

/**
 * A table of counts read from one seed's result: fixed rows × fixed counts.
 *
 * @typeParam R the lesson's result (`WritingAServerResult`, `FleetLessonResult`).
 */
export interface CountGroup<R> {
  /** The group's key in `sweep --json` (`handshake`, `runs`, `task`, `conditions`). */
  name: string;
  /** Its heading in the text output. */
  title: string;
  /** The rows, in table order; every key has the same fields, in the same order. */
  rows: readonly RowKey[];
  /** The counts' names (JSON keys, snake_case), in column order. */
  counts: readonly string[];
  /**
   * One seed's values: `read(result)[row][count]`, in the order of {@link rows} and
   * {@link counts}. Booleans are counted as 1 (true) and 0.
   */
  read(result: R): number[][];
}

const levelKey = (level: number): RowKey => ({ level, declaration: LEVELS[level as Level] });

/** The handshake columns of lesson 6's second table. */
export const HANDSHAKE_COUNTS = [
  "negotiated",
  "dropped",
  "request",
  "response",
  "tokens",
  "round_trips",
] as const satisfies readonly (keyof HandshakeRow)[];

/** Lesson 6's counts: the handshake and the twelve tasks, at levels 0–3. */
export const WRITING_A_SERVER_COUNTS: readonly CountGroup<WritingAServerResult>[] = [
  {
    name: "handshake",
    title: "handshake, per declaration level",
    rows: LEVELS.map((_, level) => levelKey(level)),
    counts: HANDSHAKE_COUNTS,
    read: (result) => result.handshake.map((row) => HANDSHAKE_COUNTS.map((count) => row[count])),
  },
  {
    name: "runs",
    title: "the twelve tasks, per declaration level",
    rows: LEVELS.map((_, level) => levelKey(level)),
    counts: RUN_COUNTS,
    read: (result) => result.runs.map((row) => RUN_COUNTS.map((count) => row[count])),
  },
];

/** The columns counted for each condition × policy of lesson 8 (from an `AgentRunRecord`). */
export const CONDITION_COUNTS = [
  "correct",
  "turns",
  "tool_calls",
  "tool_errors",
  "tokens",
  "restarts",
  "stray_lines",
] as const;

/** The rows of lesson 8's results table: every condition × policy, conditions outermost (as `runMatrix` runs them). */
export const CONDITION_ROWS: readonly RowKey[] = CONDITIONS.flatMap((c) =>
  AGENT_POLICIES.map((p) => ({ condition: c.name, policy: p.name })),
);

/**
 * Lesson 8's counts: the task, and each condition × policy in the results table's order.
 *
 * `read` throws an Error if a seed's matrix is not in {@link CONDITION_ROWS}' order (it always is:
 * `simulateFleetLesson` runs the default matrix).
 */
export const FLEET_COUNTS: readonly CountGroup<FleetLessonResult>[] = [
  {
    name: "task",
    title: "the task",
    rows: [{ fleet: `${FLEET_SIZE} devices` }],
    counts: ["low_hour_devices", "more_raw_downtime"],
    read: (result) => [[result.truth.lowHourCount, result.truth.moreRawDowntime]],
  },
  {
    name: "conditions",
    title: "conditions × policies (virtual clock)",
    rows: CONDITION_ROWS,
    counts: CONDITION_COUNTS,
    read: (result) =>
      result.matrix.map((record, i) => {
        const row = CONDITION_ROWS[i];
        if (record.condition !== row?.condition || record.policy !== row?.policy) {
          throw new Error(
            `seed ${result.seed}: matrix row ${i} is ${record.condition} × ${record.policy}, expected ${row?.condition} × ${row?.policy}`,
          );
        }
        return [
          record.correct ? 1 : 0,
          record.turns,
          record.toolCalls,
          record.toolErrors,
          record.envelope.tokens,
          record.restarts,
          record.transportErrors,
        ];
      }),
  },
];
