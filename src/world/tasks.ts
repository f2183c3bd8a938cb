/**
 * The twelve tasks, their tool chains, and their expected answers.
 *
 * Source: reference lesson 004, "The Count at Four Levels", `CHAIN`, `tasks` and `expected`, and
 * assumptions IM6–IM7: three tasks of each of four types, in the repeating order charge,
 * consumption, region, record. Task i (0-based) seeds the generator with `taskSeed + 9973 * i`
 * and draws a subscriber (`A` + 1 + ⌊r·60⌋) and then a region (⌊r·5⌋).
 */
import { derivedSeed, referenceGenerator } from "../sim/generator";
import {
  REGIONS,
  SUBSCRIBER_COUNT,
  SUBSCRIBER_IDS,
  consumption,
  type Region,
  type RegionCounts,
  type Subscribers,
} from "./subscribers";
import { charge } from "./tariff";

/** The tool chain that solves each task type, in call order. Source: reference lesson 004, `CHAIN`. */
export const CHAINS = {
  charge: ["sayac_oku", "tuketim", "tarife"],
  consumption: ["sayac_oku", "tuketim"],
  region: ["bolge_ozet"],
  record: ["sayac_oku", "tuketim", "tarife", "kayit_yaz"],
} as const satisfies Record<string, readonly string[]>;

/** The column a record task writes to. Source: reference lesson 004, `run` (`"sutun": "bedel"`). */
export const RECORD_COLUMN = "bedel";

/** A task type: `charge`, `consumption`, `region` or `record`. */
export type TaskType = keyof typeof CHAINS;

/** The task types in the reference's order; task i has type `TASK_TYPES[i % 4]`. */
export const TASK_TYPES = Object.keys(CHAINS) as TaskType[];

/** Step between task seeds: task i draws from `taskSeed + 9973 * i`. Source: reference lesson 004, `tasks`. */
export const TASK_SEED_STEP = 9973;

/** How many tasks a run holds. Source: reference lesson 004, IM6 and `range(12)`. */
export const TASK_COUNT = 12;

/** One task: its type, the subscriber and region it is about. */
export interface Task {
  type: TaskType;
  subscriber: string;
  region: Region;
}

/**
 * Draws the twelve tasks for a task seed.
 *
 * @param taskSeed a non-negative integer; the reference's second run uses world seed + 1, which
 *   may be 2^53, so a `bigint` is accepted.
 */
export function drawTasks(taskSeed: bigint | number): Task[] {
  const tasks: Task[] = [];
  for (let i = 0; i < TASK_COUNT; i++) {
    const draw = referenceGenerator(derivedSeed(taskSeed, TASK_SEED_STEP, i));
    const subscriber = SUBSCRIBER_IDS[Math.floor(draw() * SUBSCRIBER_COUNT)];
    tasks.push({
      type: TASK_TYPES[i % TASK_TYPES.length],
      subscriber,
      region: REGIONS[Math.floor(draw() * REGIONS.length)],
    });
  }
  return tasks;
}

/** A task with its expected answer: a number, or `true` for a record task. */
export interface TaskWithAnswer extends Task {
  expected: number | true;
}

/** The tasks with their expected answers, computed once (a run reads them for every level). */
export function withExpectedAnswers(
  tasks: readonly Task[],
  world: { subscribers: Subscribers; regionCounts: RegionCounts },
): TaskWithAnswer[] {
  return tasks.map((task) => ({
    type: task.type,
    subscriber: task.subscriber,
    region: task.region,
    expected: expectedAnswer(task, world),
  }));
}

/**
 * The correct answer to a task: m³ for consumption, the amount for charge, the number of
 * subscribers in the region for region, and `true` (written) for record.
 *
 * @param world the subscribers and their per-region counts (a `World` has both).
 * @throws Error when the task names a subscriber that is not in the table.
 */
export function expectedAnswer(
  task: Task,
  world: { subscribers: Subscribers; regionCounts: RegionCounts },
): number | true {
  const { subscribers, regionCounts } = world;
  if (task.type === "record") return true;
  if (task.type === "region") return regionCounts[task.region];
  const subscriber = subscribers[task.subscriber];
  if (!subscriber) throw new Error(`task names unknown subscriber ${task.subscriber}`);
  const m3 = consumption(subscriber.onceki, subscriber.simdiki);
  return task.type === "consumption" ? m3 : charge(m3, subscriber.tip);
}
