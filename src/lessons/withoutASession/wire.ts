/**
 * Lesson 10's real-wire half, "Without a Session": the same work in the legacy era (a session
 * opened with `initialize`) and the stateless one (2026-07-28, every request carrying its
 * `_meta`), every figure counted on a real wire.
 *
 * Source: the specification (repository `modelcontextprotocol/modelcontextprotocol`,
 * `docs/specification/2026-07-28/`): `basic/versioning.mdx` (eras, −32022, the compatibility
 * matrix), `basic/transports/stdio.mdx` ("Backward Compatibility": the `server/discover` probe),
 * `server/utilities/caching.mdx` (`ttlMs`). Three parts:
 * - (a) lesson 6's twelve tasks at level 3 against olcum, tarife and kayit in each era,
 *   discovering once per session everything each server declares (tools, resources, prompts, as
 *   lesson 7's client does), the tasks run one by one and the traffic read after each: messages,
 *   bytes, the fixed cost before the first call, the cost per call, and where the eras'
 *   cumulative bytes and messages cross, read off those points (`crossing.ts`);
 * - (b) lesson 7's discovery per task against once per session: legacy per task is a process and
 *   an `initialize` per task and server (a new session for every task); stateless per task sends
 *   discovery again on the same processes; `cached` keeps each server's lists for the `ttlMs`
 *   their answers carried, on a virtual clock ({@link TASK_GAP_MS} between tasks);
 * - (c) `auto` meeting a legacy-only server (`serve --era legacy`) and a dual-era one of ours
 *   (`serve`): the probe's messages, bytes and process, and the era it settles on; and the same
 *   probe sent in place, on the one process the session then uses (a scripted client), to show
 *   the legacy server's answer line by line and that the fallback needs no second process.
 * Besides, one server's opening in each era, as the lines crossed (`openings`, a scripted client),
 * and a multi round-trip request (`basic/patterns/mrtr.mdx`): `kayit_yaz` on
 * `serve kayit --confirm-writes`, confirmed, declined, forged, and with another call's state
 * (`confirm`, `confirmTranscripts.ts`), and its retry handed to a fresh process (`handOff.ts`).
 * Bytes are as the client's meter counts them (`meteredTransport.ts`: each message's JSON and its
 * newline), or, in transcripts, the lines as read and written. Nothing measures or prints a time.
 */
import type { Level } from "../../sim/declaration";
import { drawTasks, withExpectedAnswers, type TaskWithAnswer } from "../../world/tasks";
import { createWorld } from "../../world/world";
import { taskChain, type TaskOutcome } from "../../world/runTasks";
import {
  WireConnection,
  type OpenToolConnection,
  type ServerEvent,
} from "../../wireClient/connection";
import { knownDiscover } from "../../server/knownDiscover";
import { interruptible } from "../../wireClient/interruptible";
import type { SpokenEra } from "../../wireClient/era";
import {
  callOverWire,
  closeWireSession,
  openWireSession,
  type WireSession,
} from "../../wireClient/negotiation";
import { serveArgs, type ServeSpec } from "../../wireClient/serveCommand";
import type { Transcript } from "../../wireClient/lineExchange";
import { inPlaceProbe, metaMemberBytes, openings } from "../../wireClient/transcripts";
import { confirmedWrite, forgedWrite, mismatchedWrite } from "../../wireClient/confirmTranscripts";
import { handOff, type HandOff } from "./handOff";
import { bytesByMethod, WORLD_SERVER_NAMES, type MethodRow } from "../../wireClient/tasks";
import { tallyTasks } from "../../world/runTasks";
import { crossingOf, type Crossing, type TaskPoint } from "./crossing";
import { allowlistingHost } from "./simulate";
import { ResultCache } from "../../simulatedClient/cache";
import {
  addTraffic,
  noTraffic,
  type ByteCount,
  type TrafficCounts,
} from "../../wireClient/trafficCounts";

/** The declaration level of every run: lesson 6's `full`, so every server declares all it has and no era's cost is hidden by a drop. */
export const LESSON_LEVEL: Level = 3;

/**
 * Virtual milliseconds between two tasks in part (b): ten minutes, so twelve tasks span 110
 * minutes and a `tools/list` kept for our servers' `ttlMs` (3,600,000, `protocol/revisions.ts`
 * `CACHE_HINT`) is fetched again once. This project's choice; no wall clock is read.
 */
export const TASK_GAP_MS = 600_000;

/** The method whose messages are the work; everything else is the cost of opening and discovering. */
const CALL = "tools/call";

/** The list methods of discovery, in the order a client sends them. */
const LISTS: readonly string[] = ["tools/list", "resources/list", "prompts/list"];

/** Messages (both directions) by JSON-RPC kind. */
export interface KindCounts {
  request: number;
  response: number;
  notification: number;
}

/** A wire run's cumulative traffic at one point: before the first call, then after each task. */
export interface WirePoint extends TaskPoint {
  /** `tools/call` requests sent so far. */
  wireCalls: number;
  /** Messages of both directions so far. */
  messages: number;
  /** Bytes of both directions so far. */
  bytes: number;
}

/** One era's run of lesson 6's tasks, discovering once per session (part a). */
export interface EraRun {
  era: SpokenEra;
  /** The era, as the crossings name it. */
  label: string;
  /** Server processes started, counted off their own `serving` log lines. */
  processes: number;
  /** `tools/call` requests sent (calls the client's gates refused send nothing). */
  calls: number;
  completed: number;
  failed: number;
  /** All messages, both directions. */
  messages: number;
  kinds: KindCounts;
  /** All bytes, both directions. */
  bytes: number;
  /** Everything that is not `tools/call` (the opening and `tools/list`): all of it precedes the first call. */
  beforeFirstCall: ByteCount;
  /** The `tools/call` requests and responses. */
  work: ByteCount & { sentBytes: number; receivedBytes: number };
  /** `work.bytes / calls`: the mean bytes of one call, request and response. */
  bytesPerCall: number;
  /** Traffic by MCP method, both directions (lesson 9's `bytesByMethod`). */
  methods: MethodRow[];
  /** `tools/call` requests per server, in server order (ids are numbered per process). */
  callsByServer: Record<string, number>;
  /** Requests per server before its first `tools/call` (its opening and lists). */
  openingRequestsByServer: Record<string, number>;
  /** Before the first call, then after each task. */
  cumulative: WirePoint[];
}

/** Part (a): both eras' runs, the `_meta` each request carries, and the crossings. */
export interface EraComparison {
  legacy: EraRun;
  stateless: EraRun;
  /**
   * Bytes of `,"_meta":{…}` inside a stateless request's params (version, client info,
   * capabilities, as the SDK's client adds them; 2026-07-28 `basic/index.mdx`, "Per-request
   * protocol fields"): by how much each stateless request outgrows its legacy twin, ids aside.
   */
  requestMetaBytes: number;
  /** Legacy against stateless, cumulative bytes read off the runs' points. */
  bytes: Crossing<WirePoint>;
  /** Legacy against stateless, cumulative messages. */
  messages: Crossing<WirePoint>;
}

/** How discovery is paid for in part (b). */
export type DiscoveryPlan = "per-task" | "per-session" | "cached";

/** One era × plan of part (b). */
export interface DiscoveryRun {
  era: SpokenEra;
  plan: DiscoveryPlan;
  processes: number;
  /** `initialize` requests sent (legacy only). */
  initializes: number;
  /** List requests sent: `tools/list`, `resources/list` and `prompts/list`. */
  listings: number;
  messages: number;
  bytes: number;
  /** The part of `bytes` that is not `tools/call`. */
  discoveryBytes: number;
  /** Tasks completed (the same in every plan: discovery changes no answer). */
  completed: number;
  /** The tasks (1-based) before which the client discovered. */
  listedBefore: number[];
}

/** Part (b). */
export interface DiscoveryComparison {
  tasks: number;
  /** Virtual ms between tasks ({@link TASK_GAP_MS}). */
  gapMs: number;
  /** The `ttlMs` the servers' `tools/list` answers carried (read off a real line, the stateless opening's). */
  ttlMs: number;
  runs: DiscoveryRun[];
}

/** One `auto` connection (part c), beside the same server opened in the era auto settled on. */
export interface AutoMeeting {
  /** Which server: `legacy-only` (`serve olcum --era legacy`) or `dual-era` (`serve olcum`). */
  server: "legacy-only" | "dual-era";
  command: string;
  verdict: SpokenEra;
  /** The probe: its `server/discover` and the answer (an error for a legacy server). */
  probe: { messages: number; bytes: number; processes: number; answer: string };
  /** The connection's opening after the probe (its process, `initialize` or not, `tools/list`). */
  session: { messages: number; bytes: number; processes: number };
  /** The same opening in the settled era without `auto` (ours with its known discover result). */
  direct: { messages: number; bytes: number; processes: number };
  /** What `auto` cost beyond `direct`. */
  extra: { messages: number; bytes: number; processes: number };
}

/** Everything the wire half of lesson 10 prints, for one seed. */
export interface WithoutASessionWire {
  seed: number;
  level: Level;
  eras: EraComparison;
  discovery: DiscoveryComparison;
  auto: AutoMeeting[];
  /**
   * The probe in place against the legacy-only server: `server/discover` as the SDK's probe
   * sends it, the server's error, then `initialize` and `notifications/initialized` on the same
   * process.
   */
  inPlaceProbe: Transcript;
  /** One server's opening in each era, as the lines crossed: up to its tools listed. */
  openings: { legacy: Transcript; stateless: Transcript };
  /**
   * `kayit_yaz` on `serve kayit --confirm-writes` in 2026-07-28: the call, its `input_required`
   * answer, the retry with the user's answer, the complete result; confirmed, then declined; and
   * a forging client's retry, refused with error -32602; and a retry for other arguments with the
   * server's own state, refused the same way.
   */
  confirm: {
    accepted: Transcript;
    declined: Transcript;
    forged: Transcript;
    mismatched: Transcript;
  };
  /**
   * The accepted retry handed to another process: the call on one process, which exits; the
   * retry alone on a fresh one, which writes; and on one with another key, which refuses.
   */
  handOff: HandOff;
}

/** Messages and bytes of both directions, optionally of one method only or all but one. */
function countOf(
  traffic: TrafficCounts,
  pick: (method: string) => boolean = () => true,
): ByteCount {
  const sum: ByteCount = { messages: 0, bytes: 0 };
  for (const direction of [traffic.sent, traffic.received]) {
    for (const [method, count] of Object.entries(direction.byMethod)) {
      if (!pick(method)) continue;
      sum.messages += count.messages;
      sum.bytes += count.bytes;
    }
  }
  return sum;
}

/** Messages of both directions by kind. */
function kindsOf(traffic: TrafficCounts): KindCounts {
  const of = (kind: keyof KindCounts) =>
    traffic.sent.byKind[kind].messages + traffic.received.byKind[kind].messages;
  return { request: of("request"), response: of("response"), notification: of("notification") };
}

/** What one era's session of part (a) recorded: traffic per server, each server's log, the outcomes, the points. */
interface EraSession {
  parts: { server: string; traffic: TrafficCounts; events: ServerEvent[] }[];
  outcomes: TaskOutcome[];
  cumulative: WirePoint[];
}

/** An era's figures from its session. */
function eraRun(era: SpokenEra, recorded: EraSession): EraRun {
  const traffic = recorded.parts.reduce((sum, part) => addTraffic(sum, part.traffic), noTraffic());
  const total = countOf(traffic);
  const work = countOf(traffic, (method) => method === CALL);
  const calls = traffic.sent.byMethod[CALL]?.messages ?? 0;
  const callsByServer: Record<string, number> = {};
  const openingRequestsByServer: Record<string, number> = {};
  for (const part of recorded.parts) {
    callsByServer[part.server] = part.traffic.sent.byMethod[CALL]?.messages ?? 0;
    openingRequestsByServer[part.server] =
      part.traffic.sent.byKind.request.messages - callsByServer[part.server];
  }
  const tally = tallyTasks(recorded.outcomes);
  return {
    era,
    label: era,
    processes: recorded.parts.reduce(
      (n, part) => n + part.events.filter((event) => event.event === "serving").length,
      0,
    ),
    calls,
    completed: tally.completed,
    failed: tally.failed,
    messages: total.messages,
    kinds: kindsOf(traffic),
    bytes: total.bytes,
    beforeFirstCall: countOf(traffic, (method) => method !== CALL),
    work: {
      ...work,
      sentBytes: traffic.sent.byMethod[CALL]?.bytes ?? 0,
      receivedBytes: traffic.received.byMethod[CALL]?.bytes ?? 0,
    },
    bytesPerCall: calls === 0 ? 0 : work.bytes / calls,
    methods: bytesByMethod(traffic),
    callsByServer,
    openingRequestsByServer,
    cumulative: recorded.cumulative,
  };
}

/**
 * One era's session of part (a): the three servers opened (each discovered once, everything it
 * declares), then the twelve tasks one by one, the traffic read before the first and after each.
 */
async function eraSession(seed: number, era: SpokenEra): Promise<EraSession> {
  const session = await openLessonSession(seed, era);
  const outcomes: TaskOutcome[] = [];
  const cumulative: WirePoint[] = [];
  const snapshot = () => {
    const { traffic } = sessionFigures([session]);
    const all = countOf(traffic);
    const calls = outcomes.reduce((n, outcome) => n + outcome.calls, 0);
    cumulative.push({
      task: outcomes.length,
      calls,
      wireCalls: traffic.sent.byMethod[CALL]?.messages ?? 0,
      messages: all.messages,
      bytes: all.bytes,
    });
  };
  let events: Map<string, ServerEvent[]>;
  try {
    snapshot();
    for (const task of tasksOf(seed)) {
      outcomes.push(await runTaskOverWire(session, task));
      snapshot();
    }
  } finally {
    events = await closeWireSession(session);
  }
  const parts = [...session.connections].map(([server, connection]) => ({
    server,
    traffic: connection.traffic(),
    events: events.get(server) ?? [],
  }));
  return { parts, outcomes, cumulative };
}

/** Part (a): lesson 6's tasks at level 3 in each era (both at once: separate processes). */
async function compareEras(seed: number): Promise<EraComparison> {
  const [legacySession, statelessSession] = await Promise.all(
    (["legacy", "stateless"] as const).map((era) => eraSession(seed, era)),
  );
  const legacy = eraRun("legacy", legacySession);
  const stateless = eraRun("stateless", statelessSession);
  return {
    legacy,
    stateless,
    requestMetaBytes: metaMemberBytes(),
    bytes: crossingOf(legacy, stateless, "bytes", (p) => p.bytes),
    messages: crossingOf(legacy, stateless, "messages", (p) => p.messages),
  };
}

/** The twelve tasks of the seed, with their answers (as `runWireTasks` draws them). */
function tasksOf(seed: number): TaskWithAnswer[] {
  const world = createWorld(seed);
  return withExpectedAnswers(drawTasks(world.seed), world);
}

/** One task's chain driven over a session: the simulator's `taskChain`, each step through `callOverWire`. */
async function runTaskOverWire(session: WireSession, task: TaskWithAnswer): Promise<TaskOutcome> {
  const chain = taskChain(task);
  let step = chain.next();
  while (!step.done)
    step = chain.next(await callOverWire(session, step.value.name, step.value.state));
  return step.value;
}

/**
 * A session of lesson 6's run on the real client, with each of its connections also kept as the
 * {@link WireConnection} it is. A run of tasks needs only what any `ToolConnection` offers; part
 * (b) also sends discovery again on the running processes, which only the real client's
 * connection does (`relistResourcesAndPrompts`). The session is opened through
 * `openWireSession`'s own seam for choosing the connection (`open`), so the connections arrive
 * here typed as what they are and no run has to ask.
 */
interface LessonSession extends WireSession {
  /** The session's connections by server name, as the real client's connections. */
  real: ReadonlyMap<string, WireConnection>;
}

/**
 * Opens the three world servers at the lesson's level in `era`, each connection discovering
 * everything its server declares: `tools/list`, then `resources/list` and `prompts/list` where
 * the server's capabilities name them (lesson 7's discovery). The simulated half's host decides
 * (lesson 7's allowlisting host: lesson 5's allowlist, no version rule); calls with a declared
 * side effect are not approved.
 */
async function openLessonSession(seed: number, era: SpokenEra): Promise<LessonSession> {
  const real = new Map<string, WireConnection>();
  const open: OpenToolConnection = async (spec, options) => {
    const connection = await WireConnection.open(spec, options);
    real.set(spec.server, connection);
    return connection;
  };
  const session = await openWireSession(
    worldSpecs(seed),
    allowlistingHost(createWorld(seed).servers),
    false,
    { era, discover: knownDiscover, listEverything: true },
    open,
  );
  return { ...session, real };
}

/**
 * Sends a connection's discovery again on its running process, as it went when the connection
 * opened: `tools/list`, then `resources/list` and `prompts/list` where the server declares them.
 */
async function discoverAgain(connection: WireConnection): Promise<void> {
  await connection.listTools();
  await connection.relistResourcesAndPrompts();
}

/** A session's figures summed over its connections (processes from the connections' own stats). */
function sessionFigures(sessions: readonly WireSession[]): {
  traffic: TrafficCounts;
  processes: number;
} {
  let traffic = noTraffic();
  let processes = 0;
  for (const session of sessions) {
    for (const connection of session.connections.values()) {
      traffic = addTraffic(traffic, connection.traffic());
      processes += connection.stats().processes;
    }
  }
  return { traffic, processes };
}

/** A discovery run's row from its traffic. */
function discoveryRow(
  era: SpokenEra,
  plan: DiscoveryPlan,
  traffic: TrafficCounts,
  processes: number,
  outcomes: readonly TaskOutcome[],
): DiscoveryRun {
  const total = countOf(traffic);
  return {
    era,
    plan,
    processes,
    initializes: traffic.sent.byMethod.initialize?.messages ?? 0,
    listings: LISTS.reduce((n, method) => n + (traffic.sent.byMethod[method]?.messages ?? 0), 0),
    messages: total.messages,
    bytes: total.bytes,
    discoveryBytes: countOf(traffic, (method) => method !== CALL).bytes,
    completed: outcomes.filter((outcome) => outcome.completed).length,
    listedBefore: outcomes.map((_, k) => k + 1),
  };
}

/** The three world servers at the lesson's level, for `openWireSession`. */
function worldSpecs(seed: number): ServeSpec[] {
  return WORLD_SERVER_NAMES.map((server) => ({ server, level: LESSON_LEVEL, seed }));
}

/** Legacy per task: a new session (three processes, three `initialize`s) for every task. */
async function legacyPerTask(
  seed: number,
  tasks: readonly TaskWithAnswer[],
): Promise<DiscoveryRun> {
  const sessions: WireSession[] = [];
  const outcomes: TaskOutcome[] = [];
  for (const task of tasks) {
    const session = await openLessonSession(seed, "legacy");
    sessions.push(session);
    try {
      outcomes.push(await runTaskOverWire(session, task));
    } finally {
      await closeWireSession(session);
    }
  }
  const { traffic, processes } = sessionFigures(sessions);
  return discoveryRow("legacy", "per-task", traffic, processes, outcomes);
}

/**
 * Stateless, one session of three processes: before task k (k ≥ 1) each server's discovery is
 * sent again when the plan says so (per task: always; cached: once the last listing's `ttlMs`
 * has run out on the virtual clock, by {@link ResultCache}'s rule).
 */
async function statelessRelisting(
  seed: number,
  tasks: readonly TaskWithAnswer[],
  plan: "per-task" | "cached",
  ttlMs: number,
): Promise<DiscoveryRun> {
  const session = await openLessonSession(seed, "stateless");
  const outcomes: TaskOutcome[] = [];
  const cache = new ResultCache();
  const keep = (now: number) => {
    for (const server of session.connections.keys())
      cache.store({ kind: "response", server, method: "tools/list", ttlMs }, now);
  };
  const listedBefore = [1];
  keep(0); // the opening listed everything at time 0
  try {
    for (let k = 0; k < tasks.length; k++) {
      const now = k * TASK_GAP_MS;
      const stale =
        plan === "per-task"
          ? k > 0
          : [...session.connections.keys()].some(
              (server) => !cache.isFresh(server, "tools/list", now),
            );
      if (stale) {
        for (const connection of session.real.values()) await discoverAgain(connection);
        keep(now);
        listedBefore.push(k + 1);
      }
      outcomes.push(await runTaskOverWire(session, tasks[k]));
    }
  } finally {
    await closeWireSession(session);
  }
  const { traffic, processes } = sessionFigures([session]);
  return { ...discoveryRow("stateless", plan, traffic, processes, outcomes), listedBefore };
}

/** Part (b): per task, per session (part a's runs) and, stateless, cached for `ttlMs`. */
async function compareDiscovery(
  seed: number,
  eras: EraComparison,
  ttlMs: number,
): Promise<DiscoveryComparison> {
  const tasks = tasksOf(seed);
  const fromRun = (run: EraRun): DiscoveryRun => ({
    era: run.era,
    plan: "per-session",
    processes: run.processes,
    // `methods` counts both directions: each request has its one response.
    initializes: (run.methods.find((row) => row.method === "initialize")?.messages ?? 0) / 2,
    listings:
      LISTS.reduce(
        (n, method) => n + (run.methods.find((row) => row.method === method)?.messages ?? 0),
        0,
      ) / 2,
    messages: run.messages,
    bytes: run.bytes,
    discoveryBytes: run.beforeFirstCall.bytes,
    completed: run.completed,
    listedBefore: [1],
  });
  const [legacyTask, statelessTask, cached] = await Promise.all([
    legacyPerTask(seed, tasks),
    statelessRelisting(seed, tasks, "per-task", ttlMs),
    statelessRelisting(seed, tasks, "cached", ttlMs),
  ]);
  return {
    tasks: tasks.length,
    gapMs: TASK_GAP_MS,
    ttlMs,
    runs: [legacyTask, fromRun(eras.legacy), statelessTask, fromRun(eras.stateless), cached],
  };
}

/** The command line of `serve olcum` with extra arguments (`--era legacy`), run with this Node. */
function olcumLaunch(extra: readonly string[]): { command: string; args: string[] } {
  return { command: process.execPath, args: [...serveArgs({ server: "olcum" }), ...extra] };
}

/** Part (c): `auto` against a legacy-only server and against ours, each beside a direct opening. */
async function meetWithAuto(): Promise<AutoMeeting[]> {
  const meetings: AutoMeeting[] = [];
  for (const [server, extra] of [
    ["legacy-only", ["--era", "legacy"]],
    ["dual-era", []],
  ] as const) {
    const launch = olcumLaunch(extra);
    const auto = await WireConnection.open(launch, { era: "auto" });
    await auto.close();
    const state = auto.era();
    const probe = state.probe!;
    const direct = await WireConnection.open(server === "dual-era" ? { server: "olcum" } : launch, {
      era: state.spoken,
      discover: knownDiscover,
    });
    await direct.close();
    const probeCount = countOf(probe.traffic);
    const answerOf =
      probe.traffic.received.byKind.response.messages === 0
        ? "no answer"
        : state.spoken === "legacy"
          ? "a non-modern error"
          : "a discover result";
    const session = {
      ...countOf(auto.traffic()),
      processes: auto.stats().processes - probe.processes,
    };
    const straight = { ...countOf(direct.traffic()), processes: direct.stats().processes };
    meetings.push({
      server,
      command: ["mcp-course", "serve", "olcum", ...extra].join(" "),
      verdict: state.spoken,
      probe: { ...probeCount, processes: probe.processes, answer: answerOf },
      session,
      direct: straight,
      extra: {
        messages: probeCount.messages + session.messages - straight.messages,
        bytes: probeCount.bytes + session.bytes - straight.bytes,
        processes: auto.stats().processes - straight.processes,
      },
    });
  }
  return meetings;
}

/**
 * Runs lesson 10's wire half for one seed: about sixty server processes, several at once. An
 * interrupt (SIGINT) in a kernel stops the run as a whole (`interruptible`): its servers are
 * killed, no other starts, and the run rejects with one line.
 *
 * @param seed the world's seed, an integer from 0 to 2^53 − 1 (the servers build the same world).
 * @returns plain data (see {@link WithoutASessionWire}); the same seed gives the same figures.
 * @throws Error when `dist/` is not built, a server does not start, or a server answers in a way
 *   the lesson's story does not allow (e.g. the stateless-only server accepting 2025-11-25);
 *   RunInterrupted when interrupted in a kernel.
 */
export function runWithoutASessionOnTheWire(seed: number): Promise<WithoutASessionWire> {
  return interruptible(() => withoutASessionOnTheWire(seed));
}

/** {@link runWithoutASessionOnTheWire}'s run. */
async function withoutASessionOnTheWire(seed: number): Promise<WithoutASessionWire> {
  createWorld(seed); // checks the seed (RangeError) before any process starts
  // The parts use processes of their own and print only counted figures, so they run side by side.
  const [opened, eras, auto, inPlace, accepted, declined, forged, mismatched, handedOff] =
    await Promise.all([
      openings(),
      compareEras(seed),
      meetWithAuto(),
      inPlaceProbe(),
      confirmedWrite("accept"),
      confirmedWrite("decline"),
      forgedWrite(),
      mismatchedWrite(),
      handOff(),
    ]);
  const discovery = await compareDiscovery(seed, eras, opened.ttlMs);
  return {
    seed,
    level: LESSON_LEVEL,
    eras,
    discovery,
    auto,
    inPlaceProbe: inPlace,
    openings: { legacy: opened.legacy, stateless: opened.stateless },
    confirm: { accepted, declined, forged, mismatched },
    handOff: handedOff,
  };
}
