/**
 * The client's work: lesson 6's twelve tasks, then lesson 8's fleet task.
 *
 * Source: the reference lesson, `tasks` and `CHAIN` (`world/tasks.ts`); the fleet task joins the
 * twelve so that lesson 7 counts discovery against all four servers. A lesson-6 task runs through `runTask` unchanged; the fleet
 * task through `runFleetTask`.
 */
import type { Session } from "../sim/client";
import type { Fleet } from "../fleet/generator";
import { FLEET_CHAIN } from "../fleet/server";
import { solveTask } from "../fleet/groundTruth";
import { runTask, type TaskOutcome } from "../world/runTasks";
import { CHAINS, drawTasks, withExpectedAnswers, type TaskWithAnswer } from "../world/tasks";
import type { World } from "../world/world";
import { runFleetTask } from "./fleetTask";

/** One task of the client's list: a lesson-6 task, or the fleet task with its expected device. */
export type ClientTask =
  | { kind: "world"; label: string; task: TaskWithAnswer }
  | { kind: "fleet"; label: string; expected: string };

/** The fleet task's label in tables. */
export const FLEET_TASK_LABEL = "fleet top downtime";

/**
 * The thirteen tasks of lesson 7: the world's twelve tasks drawn from its own seed (as lesson 6's
 * first run), labelled `charge A012`, `region kuzey`, …, then the fleet task.
 *
 * @param world lesson 6's world for the seed.
 * @param fleet lesson 8's fleet for the same seed.
 */
export function clientTasks(world: World, fleet: Fleet): ClientTask[] {
  const tasks: ClientTask[] = withExpectedAnswers(drawTasks(world.seed), world).map((task) => ({
    kind: "world",
    label: `${task.type} ${task.type === "region" ? task.region : task.subscriber}`,
    task,
  }));
  tasks.push({
    kind: "fleet",
    label: FLEET_TASK_LABEL,
    expected: solveTask(fleet).shortcut.device.device_id,
  });
  return tasks;
}

/** The tools a task calls, in order, if nothing cuts its chain. */
export function chainOf(task: ClientTask): readonly string[] {
  return task.kind === "world" ? CHAINS[task.task.type] : FLEET_CHAIN;
}

/** Runs one task through `session`; its envelope gains the calls that reach the wire. */
export function runClientTask(session: Session, task: ClientTask): TaskOutcome {
  return task.kind === "world" ? runTask(session, task.task) : runFleetTask(session, task.expected);
}
