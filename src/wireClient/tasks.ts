/**
 * Lesson 6's twelve tasks over the real wire: the three fictional servers as three processes
 * (`mcp-course serve olcum|tarife|kayit`), the real client, and the simulator's counts beside.
 *
 * Lesson 6's tasks run against the three real servers at each level, so that negotiated, calls,
 * failed, completed, blocked and written can be held against the simulator's, level by level
 * (reference lesson 004 (`run`, IM6–IM7). Nothing of the run is re-implemented here: each task
 * is the simulator's own chain (`taskChain`, `world/runTasks.ts`), driven asynchronously through the
 * shared gates (`callOverWire`), and the counts are summed by the simulator's `tallyTasks`.
 * Calls go out one at a time, in the simulator's order.
 */
import type { DroppedTool, ClientPolicy } from "../sim/negotiation";
import { ALL_LEVELS, type Level } from "../sim/declaration";
import { runTasks, tallyTasks, taskChain, type RunRow, type TaskOutcome } from "../world/runTasks";
import { LESSON_POLICY } from "../world/servers";
import { drawTasks, withExpectedAnswers, type TaskWithAnswer } from "../world/tasks";
import { createWorld, type World } from "../world/world";
import type { MessageKind } from "../sim/envelope";
import { addTraffic, noTraffic, subtractTraffic, type TrafficCounts } from "./trafficCounts";
import type { ServeSpec, ServedName } from "./serveCommand";
import {
  WireConnection,
  type OpenToolConnection,
  type ServerEvent,
  type WireClientOptions,
} from "./connection";
import type { WireEra } from "./era";
import {
  callOverWire,
  closeWireSession,
  openWireSession,
  redecide,
  type WireSession,
} from "./negotiation";
import type { GateRule } from "./tools";

/** Lesson 6's servers, in negotiation order. Source: reference lesson 004, `SERVERS`. */
export const WORLD_SERVER_NAMES: readonly ServedName[] = ["olcum", "tarife", "kayit"];

/** Options of a wire run; as `RunOptions`, each defaults to the reference's. */
export interface WireRunOptions {
  /** Allowlist and known versions; default the lesson's (`LESSON_POLICY`). */
  policy?: ClientPolicy;
  /** Whether calls with a declared side effect are approved; default false. */
  approval?: boolean;
  /** Seed of the tasks; default the world's seed. */
  taskSeed?: number;
  /** Timeout per `tools/call`, ms; default the SDK's 60,000. */
  timeoutMs?: number;
  /** The era the client speaks to each server (`era.ts`); default `legacy`. */
  era?: WireEra;
  /** For `era: "stateless"`: each server's discover result (the connection's `discover` option; for ours, the server's `knownDiscover`). */
  discover?: WireClientOptions["discover"];
  /** How each server's connection is opened; default the real client's (`WireConnection.open`). Another client (a test's SDK 1.x one) goes here. */
  open?: OpenToolConnection;
  /** How the approval gate reads annotations (`GateRule`); default `specification`, MCP's defaults. */
  gate?: GateRule;
  /**
   * Further walks of the same tasks over the same server processes, one after another after the
   * first, each under its own policy, approval and gate rule, each counted apart
   * ({@link WireRunRow.walks}). No server is started for them.
   */
  walks?: readonly WireWalk[];
  /**
   * Last of all, list each server's resources and prompts where its capabilities declare them
   * (lesson 7's discovery beyond the tools), counted apart ({@link WireRunRow.rest}). Needs the
   * real client's connection (`WireConnection`).
   */
  listRest?: boolean;
}

/** A further walk of a run's tasks: who decides, with what approval, by which gate rule. */
export interface WireWalk {
  /** Default the run's policy. */
  policy?: ClientPolicy;
  /** Default false. */
  approval?: boolean;
  /** Default `specification`. */
  gate?: GateRule;
}

/** The tasks' counts, as `RunRow` has them: tools negotiated and dropped, the calls and their outcomes. */
export interface WireTaskCounts {
  negotiated: number;
  dropped: number;
  calls: number;
  failed: number;
  completed: number;
  blocked: number;
  written: number;
  /** Failed calls by `"tool: error"`, as `RunRow.failures`. */
  failures: Record<string, number>;
  /** Each dropped tool, its server and the reason. */
  drops: DroppedTool[];
}

/** One further walk ({@link WireWalk}): its settings, its counts, and the traffic it alone caused. */
export interface WireWalkRow extends WireTaskCounts {
  policy: ClientPolicy;
  approval: boolean;
  gate: GateRule;
  /** The walk's own traffic, all servers summed (a call the gate stopped sends nothing). */
  traffic: TrafficCounts;
}

/** One server's part of a wire run: what the client counted, and what the server logged. */
export interface WireServerPart {
  server: string;
  traffic: TrafficCounts;
  /** The server's stderr events (`serving`, one `call` per `tools/call`, `stopping`). */
  events: ServerEvent[];
}

/** A wire run at one level: the simulator's `RunRow` counts (no tokens), then the wire's own measures. */
export interface WireRunRow extends WireTaskCounts {
  level: Level;
  /** The gate rule of the first walk, the one these counts are of. */
  gate: GateRule;
  /** Each task's outcome, in task order. */
  outcomes: TaskOutcome[];
  /** All three connections' traffic of the first walk, summed. */
  traffic: TrafficCounts;
  /** Each server's traffic and stderr events; the traffic is the first walk's. */
  servers: WireServerPart[];
  /** The further walks asked for (`WireRunOptions.walks`), in order. */
  walks: WireWalkRow[];
  /** With `listRest`: each server's `resources/list` and `prompts/list` traffic, in server order. */
  rest: { server: string; traffic: TrafficCounts }[] | undefined;
  /** Each `tools/call`'s wall time, ms: server by server (in server order), each in call order. Refused calls send nothing and are not timed. */
  callMillis: number[];
  /** Each server's start (spawn → `initialize` → `tools/list`), ms, in server order. */
  startMillis: number[];
}

/** The tasks of a run: drawn from `taskSeed` (default the world's seed), with their answers. */
function tasksOf(world: World, options: WireRunOptions): TaskWithAnswer[] {
  return withExpectedAnswers(drawTasks(options.taskSeed ?? world.seed), world);
}

/**
 * Runs the twelve tasks at one level against the three real servers, each its own process
 * started with `--level level --seed seed`, and closes them.
 *
 * @param seed the world's seed, an integer from 0 to 2^53 − 1 (the servers build the same world).
 * @throws Error when `dist/` is not built or a server does not start.
 */
export async function runWireTasks(
  seed: number,
  level: Level,
  options: WireRunOptions = {},
): Promise<WireRunRow> {
  const world = createWorld(seed);
  const tasks = tasksOf(world, options);
  const policy = options.policy ?? LESSON_POLICY;
  const specs: ServeSpec[] = WORLD_SERVER_NAMES.map((server) => ({ server, level, seed }));
  const gate = options.gate ?? "specification";
  const session = await openWireSession(
    specs,
    policy,
    options.approval ?? false,
    { timeoutMs: options.timeoutMs, era: options.era, discover: options.discover, gate },
    options.open,
  );
  const reading = () =>
    new Map([...session.connections].map(([server, connection]) => [server, connection.traffic()]));
  let outcomes: TaskOutcome[];
  let first: Map<string, TrafficCounts>;
  const walks: WireWalkRow[] = [];
  let rest: WireRunRow["rest"];
  let events: Map<string, ServerEvent[]>;
  try {
    outcomes = await walkTasks(session, tasks);
    first = reading();
    for (const walk of options.walks ?? []) {
      const again = redecide(
        session,
        walk.policy ?? policy,
        walk.approval ?? false,
        walk.gate ?? "specification",
      );
      const before = reading();
      const counts = countsOf(again, await walkTasks(again, tasks));
      walks.push({
        ...counts,
        policy: walk.policy ?? policy,
        approval: again.approval,
        gate: again.gate,
        traffic: sinceReading(reading(), before),
      });
    }
    if (options.listRest) {
      const before = reading();
      for (const connection of session.connections.values()) {
        if (!(connection instanceof WireConnection))
          throw new Error("listing resources and prompts needs the real client's connection");
        await connection.relistResourcesAndPrompts();
      }
      const after = reading();
      rest = [...session.connections.keys()].map((server) => ({
        server,
        traffic: subtractTraffic(after.get(server)!, before.get(server)!),
      }));
    }
  } finally {
    events = await closeWireSession(session);
  }
  const servers: WireServerPart[] = [];
  const callMillis: number[] = [];
  const startMillis: number[] = [];
  let traffic = noTraffic();
  for (const [server, connection] of session.connections) {
    servers.push({ server, traffic: first.get(server)!, events: events.get(server) ?? [] });
    traffic = addTraffic(traffic, first.get(server)!);
    startMillis.push(...connection.stats().startMillis);
  }
  for (const part of servers)
    callMillis.push(...session.connections.get(part.server)!.stats().callMillis);
  return {
    level,
    gate,
    ...countsOf(session, outcomes),
    outcomes,
    traffic,
    servers,
    walks,
    rest,
    callMillis,
    startMillis,
  };
}

/**
 * Walks every task's chain over a session, one call at a time, in task order: the simulator's
 * `taskChain`, each step through {@link callOverWire} (the client's gates, then the call).
 *
 * @returns each task's outcome, in task order.
 */
export async function walkTasks(
  session: WireSession,
  tasks: readonly TaskWithAnswer[],
): Promise<TaskOutcome[]> {
  const outcomes: TaskOutcome[] = [];
  for (const task of tasks) {
    const chain = taskChain(task);
    let step = chain.next();
    while (!step.done)
      step = chain.next(await callOverWire(session, step.value.name, step.value.state));
    outcomes.push(step.value);
  }
  return outcomes;
}

/** A walk's counts: the session's decision and the simulator's tally of its outcomes. */
function countsOf(session: WireSession, outcomes: readonly TaskOutcome[]): WireTaskCounts {
  const { decision } = session;
  return {
    negotiated: decision.negotiated.size,
    dropped: decision.dropped.length,
    ...tallyTasks(outcomes),
    drops: [...decision.dropped],
  };
}

/** The traffic of every server between two readings, summed. */
function sinceReading(
  after: ReadonlyMap<string, TrafficCounts>,
  before: ReadonlyMap<string, TrafficCounts>,
): TrafficCounts {
  let sum = noTraffic();
  for (const [server, traffic] of after)
    sum = addTraffic(sum, subtractTraffic(traffic, before.get(server)!));
  return sum;
}

/** One level: the simulator's run and the real one, side by side. */
export interface LevelComparison {
  level: Level;
  simulated: RunRow;
  real: WireRunRow;
}

/**
 * Lesson 6's run at each level, simulated (`runTasks`) and over the wire ({@link runWireTasks}),
 * levels one after another. The simulated client gates by the reference's rule, so the wire run
 * does too unless `options.gate` says otherwise.
 */
export async function compareTaskRuns(
  seed: number,
  levels: readonly Level[] = ALL_LEVELS,
  options: WireRunOptions = {},
): Promise<LevelComparison[]> {
  const world = createWorld(seed);
  const rows: LevelComparison[] = [];
  for (const level of levels) {
    const simulated = runTasks(world, level, {
      policy: options.policy,
      approval: options.approval,
      taskSeed: options.taskSeed,
    });
    rows.push({
      level,
      simulated,
      real: await runWireTasks(seed, level, { gate: "reference", ...options }),
    });
  }
  return rows;
}

/** One message kind: the simulator's messages and envelope tokens beside the wire's messages and bytes. */
export interface KindRow {
  kind: MessageKind;
  simulatedMessages: number;
  simulatedTokens: number;
  /** Messages of this kind in both directions. */
  wireMessages: number;
  /** Their bytes, UTF-8, newline included. */
  wireBytes: number;
}

/**
 * Bytes beside tokens for one level's comparison: one row per kind (request, response,
 * notification); the rows sum to the run. The simulator's handshake is one request and one
 * response per server; the wire's is `initialize`, `notifications/initialized` and `tools/list`.
 */
export function bytesBesideTokens(comparison: LevelComparison): KindRow[] {
  const tokens = comparison.simulated.tokensByKind;
  const { traffic } = comparison.real;
  return (["request", "response", "notification"] as const).map((kind) => ({
    kind,
    simulatedMessages: comparison.simulated[kind],
    simulatedTokens: tokens[kind],
    wireMessages: traffic.sent.byKind[kind].messages + traffic.received.byKind[kind].messages,
    wireBytes: traffic.sent.byKind[kind].bytes + traffic.received.byKind[kind].bytes,
  }));
}

/** One MCP method's messages and bytes, both directions together (a response under its request's method). */
export interface MethodRow {
  method: string;
  messages: number;
  bytes: number;
}

/** The traffic by method, in order of first appearance (sent first, then received). */
export function bytesByMethod(traffic: TrafficCounts): MethodRow[] {
  const rows = new Map<string, MethodRow>();
  for (const direction of [traffic.sent, traffic.received]) {
    for (const [method, count] of Object.entries(direction.byMethod)) {
      const row = rows.get(method) ?? { method, messages: 0, bytes: 0 };
      row.messages += count.messages;
      row.bytes += count.bytes;
      rows.set(method, row);
    }
  }
  return [...rows.values()];
}
