/**
 * When discovery happens: renewed before every task, once for the whole session, or when a cached
 * result has gone stale; in the legacy era or the stateless one.
 *
 * Source: the last section of the reference lesson ("Next Step"), which announces the comparison;
 * the eras as the specification has them (2025-11-25 `basic/lifecycle.mdx`, 2026-07-28
 * `changelog.mdx`). A `per-task` client discovers every server (and
 * negotiates) before each task, as a client that keeps no state between tasks must: in the legacy
 * era `initialize`, `notifications/initialized` and the lists, in the stateless era the lists
 * (and `server/discover` if asked). A `per-session` client (legacy) opens one session and runs
 * every task on it. The stateless era has no session; its `cached` client keeps each list result
 * fresh for the result's `ttlMs` (`cache.ts`) on a virtual clock, task `i` starting at
 * `i × taskSpacingMs`, and re-fetches only what has gone stale before a task. All send the same
 * tool calls, because negotiation is a pure function of servers, level and policy; they differ
 * only in how much discovery they pay for. Nothing here computes a gap from a formula: each mode
 * is run and counted.
 */
import type { Level } from "../sim/declaration";
import type { Envelope, EnvelopeCounts, MessageKind } from "../sim/envelope";
import type { ProtocolEra } from "../sim/eras";
import type { ClientPolicy, Negotiation } from "../sim/negotiation";
import type { WorldServer } from "../sim/server";
import { eraEnvelope } from "../sim/statelessEnvelope";
import type { TaskOutcome } from "../world/runTasks";
import { ResultCache } from "./cache";
import { connectClient, type Connection } from "./connect";
import {
  addCounts,
  discoveryToSend,
  NO_COUNTS,
  subtractCounts,
  type SentMessage,
} from "./discovery";
import { DISCOVERY_METHODS, type Capability } from "./messages";
import { runClientTask, type ClientTask } from "./tasks";

/** When the client discovers its servers. */
export type DiscoveryMode = "per-task" | "per-session" | "cached";

/** Lesson 7's two modes (legacy era), in table order. */
export const DISCOVERY_MODES: readonly DiscoveryMode[] = ["per-task", "per-session"];

/** The modes each era allows: a session only in the legacy era, a cache only where results carry `ttlMs`. */
export const ERA_MODES: Readonly<Record<ProtocolEra, readonly DiscoveryMode[]>> = Object.freeze({
  legacy: DISCOVERY_MODES,
  stateless: ["per-task", "cached"],
});

/**
 * Virtual milliseconds between the starts of two consecutive tasks, unless a setup says otherwise:
 * ten minutes, the course's choice, so that lesson 6's twelve tasks outlast the real servers'
 * hour-long `ttlMs` once and lesson 7's thirteen twice.
 */
export const DEFAULT_TASK_SPACING_MS = 600_000;

/** What the client runs against: servers, declaration level, policy; and how it discovers. */
export interface ClientSetup {
  servers: readonly WorldServer[];
  level: Level;
  policy: ClientPolicy;
  /** The protocol era; default `legacy`. */
  era?: ProtocolEra;
  /** Stateless era: `server/discover` before each server's lists; default false. */
  discover?: boolean;
  /** The lists the client asks each server for, of those its capabilities call for; default all three. */
  lists?: readonly Capability[];
  /** `cached` mode: virtual ms between task starts, a safe integer ≥ 0; default {@link DEFAULT_TASK_SPACING_MS}. */
  taskSpacingMs?: number;
}

/** One task of a run: the run's counts after the task's discovery and after its calls. */
export interface DiscoveryStep {
  /** Discovery messages sent before this task (0 when everything was fresh, or within a session). */
  discoveryMessages: number;
  /** The run's counts so far, after this task's discovery. */
  discovered: EnvelopeCounts;
  /** The run's counts so far, after this task's calls. */
  done: EnvelopeCounts;
}

/** One task of a run: when it started, and its {@link DiscoveryStep}. */
export interface TaskStep extends DiscoveryStep {
  /** Virtual start time, in ms (`i × taskSpacingMs`). */
  atMs: number;
}

/** One run of a client over a task list. */
export interface ClientRun {
  mode: DiscoveryMode;
  era: ProtocolEra;
  /** Whether each discovery began with `server/discover` (stateless). */
  discover: boolean;
  /** Tasks run. */
  tasks: number;
  /** Times the client sent any discovery message (1 per session, 1 per task, or 1 per stale cache). */
  discoveries: number;
  /** Each task's outcome, in task order. */
  outcomes: TaskOutcome[];
  /** Each task's step, in task order. */
  steps: TaskStep[];
  /** Every discovery message sent, in order. */
  sent: SentMessage[];
  /** The negotiation the tasks ran under (the same at every discovery). */
  negotiation: Negotiation;
  calls: number;
  failed: number;
  completed: number;
  /** The whole run's envelope. */
  total: EnvelopeCounts;
  /** The whole run's tokens by message kind (they sum to `total.tokens`). */
  tokensByKind: Record<MessageKind, number>;
  /** The part of `total` spent on discovery. */
  discovery: EnvelopeCounts;
  /** The part of `total` spent on tool calls (`total − discovery`). */
  work: EnvelopeCounts;
}

/** What {@link runWithDiscovery} counted: each task's outcome and step, and the discovery apart. */
export interface ConnectedRun {
  /** The last connection (the only one in a session). */
  connection: Connection;
  outcomes: TaskOutcome[];
  steps: DiscoveryStep[];
  /** Times the client sent any discovery message. */
  discoveries: number;
  /** What discovery cost, all connections together. */
  discovery: EnvelopeCounts;
  /** Every discovery message sent, in order. */
  sent: SentMessage[];
}

/**
 * Runs `tasks` in order on `envelope`: before each task the client connects (`connect`, which
 * discovers every server and negotiates), or, when `once`, only before the first, and keeps
 * that session for the rest. What the connections cost is counted apart from the tasks' calls.
 *
 * @param envelope the run's counter; gains the discovery messages and the calls.
 * @param tasks the tasks, at least one.
 * @param once true: one session for every task; false: a new connection before every task.
 * @param connect connects before the task of index `task`; e.g. `connectClient` on `envelope`.
 * @throws RangeError for an empty task list (a session with no task has nothing to compare).
 */
export function runWithDiscovery(
  envelope: Envelope,
  tasks: readonly ClientTask[],
  once: boolean,
  connect: (task: number) => Connection,
): ConnectedRun {
  if (tasks.length === 0) throw new RangeError("a client run needs at least one task");
  let connection: Connection | undefined;
  let discovery = NO_COUNTS;
  let discoveries = 0;
  const sent: SentMessage[] = [];
  const outcomes: TaskOutcome[] = [];
  const steps: DiscoveryStep[] = [];
  for (const [i, task] of tasks.entries()) {
    let messages = 0;
    if (connection === undefined || !once) {
      const before = envelope.counts();
      connection = connect(i);
      messages = connection.sent.length;
      if (messages > 0) discoveries += 1;
      sent.push(...connection.sent);
      discovery = addCounts(discovery, subtractCounts(envelope.counts(), before));
    }
    const discovered = envelope.counts();
    outcomes.push(runClientTask(connection.caller, task));
    steps.push({ discoveryMessages: messages, discovered, done: envelope.counts() });
  }
  return { connection: connection!, outcomes, steps, discoveries, discovery, sent };
}

/**
 * Runs `tasks` in order with discovery in `mode`, on one envelope of the setup's era
 * ({@link runWithDiscovery}).
 *
 * @param setup servers, level, policy; era, `server/discover`, lists and task spacing.
 * @param tasks the tasks, at least one.
 * @param mode `per-task`: discover before every task; `per-session` (legacy): once, first;
 *   `cached` (stateless): before a task, re-fetch each result that is stale at its start.
 * @throws RangeError for an empty task list, a mode the era does not allow ({@link ERA_MODES}),
 *   or a spacing that is not a safe integer ≥ 0.
 */
export function runClient(
  setup: ClientSetup,
  tasks: readonly ClientTask[],
  mode: DiscoveryMode,
): ClientRun {
  const {
    servers,
    level,
    policy,
    era = "legacy",
    discover = false,
    lists,
    taskSpacingMs = DEFAULT_TASK_SPACING_MS,
  } = setup;
  if (!ERA_MODES[era].includes(mode))
    throw new RangeError(`the ${era} era has no '${mode}' discovery`);
  if (!Number.isSafeInteger(taskSpacingMs) || taskSpacingMs < 0) {
    throw new RangeError(`taskSpacingMs must be a safe integer ≥ 0, not ${taskSpacingMs}`);
  }
  const envelope = eraEnvelope(era, servers);
  const cache = new ResultCache();
  const run = runWithDiscovery(envelope, tasks, mode === "per-session", (task) => {
    const now = task * taskSpacingMs;
    const fresh =
      mode === "cached"
        ? (server: string, method: string) => cache.isFresh(server, method, now)
        : undefined;
    const options = { era, discover, lists, fresh };
    const connection = connectClient(servers, level, policy, envelope, (server) =>
      discoveryToSend(server, options),
    );
    for (const message of connection.sent) cache.store(message, now);
    return connection;
  });
  const { outcomes, discovery } = run;
  const total = envelope.counts();
  return {
    mode,
    era,
    discover,
    tasks: tasks.length,
    discoveries: run.discoveries,
    outcomes,
    steps: run.steps.map((step, i) => ({ atMs: i * taskSpacingMs, ...step })),
    sent: run.sent,
    negotiation: run.connection.negotiation,
    calls: outcomes.reduce((n, o) => n + o.calls, 0),
    failed: outcomes.reduce((n, o) => n + o.failed, 0),
    completed: outcomes.filter((o) => o.completed).length,
    total,
    tokensByKind: envelope.tokensByKind(),
    discovery,
    work: subtractCounts(total, discovery),
  };
}

/** Sessions a run opened, by the transport of the server each was opened with. */
export interface OpenedSessions {
  /**
   * With local servers. Over stdio, MCP's transport for a local server, the client starts the
   * server as a child process and the session lasts as long as that process, so each of these
   * is a server process started.
   */
  local: number;
  /** With remote servers: each a new `initialize` exchange across the network. */
  remote: number;
}

/**
 * Counts the sessions opened by a run's discovery messages: one per `initialize` request (a
 * 2025-11-25 session begins with it), by the server's transport. A stateless run opens none.
 *
 * @param sent the discovery messages as sent, e.g. a {@link ClientRun}'s `sent`.
 */
export function openedSessions(sent: readonly SentMessage[]): OpenedSessions {
  const opened: OpenedSessions = { local: 0, remote: 0 };
  for (const message of sent) {
    const opens = message.kind === "request" && message.method === DISCOVERY_METHODS.initialize;
    if (opens) opened[message.transport] += 1;
  }
  return opened;
}

/** Both modes over the first `tasks` tasks: their whole envelopes. */
export interface GrowthRow {
  tasks: number;
  perTask: EnvelopeCounts;
  perSession: EnvelopeCounts;
}

/**
 * Runs both of lesson 7's modes (legacy era) over the first N tasks for every N from 1 to
 * `tasks.length`.
 *
 * @returns one row per N, in order; each figure is a run's own count.
 */
export function discoveryGrowth(setup: ClientSetup, tasks: readonly ClientTask[]): GrowthRow[] {
  return tasks.map((_, i) => {
    const first = tasks.slice(0, i + 1);
    return {
      tasks: i + 1,
      perTask: runClient(setup, first, "per-task").total,
      perSession: runClient(setup, first, "per-session").total,
    };
  });
}
