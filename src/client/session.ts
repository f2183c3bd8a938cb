/**
 * When discovery happens: renewed before every task, or once for the whole session.
 *
 * Source: issue 4 §1 and the last section of reference lesson 004 ("Next Step"), which announces
 * the comparison. A `per-task` client connects (discovers every server and negotiates) before
 * each task, as a client that keeps no state between tasks must; a `per-session` client connects
 * once and runs every task on that connection. Both send the same tool calls, because negotiation
 * is a pure function of servers, level and policy; they differ only in how many discoveries they
 * pay for. Nothing here computes the gap from a formula: each mode is run and counted.
 */
import type { Level } from "../sim/declaration";
import { Envelope, type EnvelopeCounts } from "../sim/envelope";
import type { ClientPolicy, Negotiation } from "../sim/negotiation";
import type { Server } from "../sim/server";
import type { TaskOutcome } from "../world/run";
import { connectClient, type Connection } from "./connect";
import { addCounts, NO_COUNTS, subtractCounts } from "./discovery";
import { runClientTask, type ClientTask } from "./tasks";

/** When the client discovers its servers. */
export type DiscoveryMode = "per-task" | "per-session";

/** Both modes, in table order. */
export const DISCOVERY_MODES: readonly DiscoveryMode[] = ["per-task", "per-session"];

/** What the client runs against: servers, declaration level, policy. */
export interface ClientSetup {
  servers: readonly Server[];
  level: Level;
  policy: ClientPolicy;
}

/** One run of a client over a task list. */
export interface ClientRun {
  mode: DiscoveryMode;
  /** Tasks run. */
  tasks: number;
  /** Times the client discovered every server (1 per session, or 1 per task). */
  discoveries: number;
  /** Each task's outcome, in task order. */
  outcomes: TaskOutcome[];
  /** The negotiation the tasks ran under (the same at every discovery). */
  negotiation: Negotiation;
  calls: number;
  failed: number;
  completed: number;
  /** The whole run's envelope. */
  total: EnvelopeCounts;
  /** The part of `total` spent on discovery. */
  discovery: EnvelopeCounts;
  /** The part of `total` spent on tool calls (`total − discovery`). */
  work: EnvelopeCounts;
}

/**
 * Runs `tasks` in order with discovery in `mode`, on one envelope.
 *
 * @param setup servers, level and policy.
 * @param tasks the tasks, at least one.
 * @param mode `per-task`: connect before every task; `per-session`: connect once, first.
 * @throws RangeError for an empty task list (a session with no task has nothing to compare).
 */
export function runClient(setup: ClientSetup, tasks: readonly ClientTask[], mode: DiscoveryMode): ClientRun {
  if (tasks.length === 0) throw new RangeError("runClient needs at least one task");
  const envelope = new Envelope();
  let discovery = NO_COUNTS;
  let discoveries = 0;
  const connect = (): Connection => {
    const before = envelope.counts();
    const connection = connectClient(setup.servers, setup.level, setup.policy, envelope);
    discovery = addCounts(discovery, subtractCounts(envelope.counts(), before));
    discoveries += 1;
    return connection;
  };
  let connection = mode === "per-session" ? connect() : undefined;
  const outcomes: TaskOutcome[] = [];
  for (const task of tasks) {
    if (mode === "per-task" || connection === undefined) connection = connect();
    outcomes.push(runClientTask(connection.session, task));
  }
  const total = envelope.counts();
  return {
    mode,
    tasks: tasks.length,
    discoveries,
    outcomes,
    negotiation: connection!.negotiation,
    calls: outcomes.reduce((n, o) => n + o.calls, 0),
    failed: outcomes.reduce((n, o) => n + o.failed, 0),
    completed: outcomes.filter((o) => o.completed).length,
    total,
    discovery,
    work: subtractCounts(total, discovery),
  };
}

/** Both modes over the first `tasks` tasks: their whole envelopes. */
export interface GrowthRow {
  tasks: number;
  perTask: EnvelopeCounts;
  perSession: EnvelopeCounts;
}

/**
 * Runs both modes over the first N tasks for every N from 1 to `tasks.length`.
 *
 * @returns one row per N, in order; each figure is a run's own count.
 */
export function discoveryGrowth(setup: ClientSetup, tasks: readonly ClientTask[]): GrowthRow[] {
  return tasks.map((_, i) => {
    const first = tasks.slice(0, i + 1);
    return { tasks: i + 1, perTask: runClient(setup, first, "per-task").total, perSession: runClient(setup, first, "per-session").total };
  });
}
