/**
 * Lesson 3, "Messages": the real half. Six `mcp-course serve` processes, every line they
 * exchange counted in bytes and nothing timed:
 * - two `serve olcum` processes spoken to line by line (`LineExchange`), one in each revision:
 *   2025-11-25, inside the session its opening exchange (`initialize`, its answer,
 *   `notifications/initialized`) opens, and 2026-07-28, each request carrying its `_meta`. In
 *   each, the seed's first call and its result, then the same six failures: two that the tool
 *   reports in its result (`isError`) and four that the protocol answers with a JSON-RPC error;
 *   in 2026-07-28 also the first call sent without `_meta`;
 * - the three world servers behind the real client (the official SDK's, `wireClient/`), speaking
 *   2026-07-28: the seed's twelve tasks with every call sent (the open policy, approval given),
 *   their traffic read before the first call and after the last, then each of the five tools
 *   called with no arguments on the same processes;
 * - one `serve kayit --confirm-writes`, asked to write by a scripted 2026-07-28 client whose user
 *   confirms: a multi round-trip request (`confirmedWrite`, `wireClient/confirmTranscripts.ts`,
 *   the same capture lesson 10 prints; 2026-07-28 `basic/patterns/mrtr.mdx`).
 *
 * @remarks Source: 2025-11-25 and 2026-07-28 `basic/index.mdx` ("Messages", "Error Codes",
 * `_meta`), `server/tools.mdx` ("Calling Tools", "Tool Result", "Error Handling"); JSON-RPC 2.0
 * §4–5. The scripted lines are what the real client writes for the same call: the SDK puts
 * `_meta` last in `params` (`requestMeta`, `wireClient/transcripts.ts`).
 */
import { parseEvents } from "../../protocol/serverLog";
import type { MessageKind } from "../../sim/envelope";
import type { Fields } from "../../sim/values";
import { knownDiscover } from "../../server/knownDiscover";
import type { ServerEvent } from "../../wireClient/connection";
import {
  isTranscriptLine,
  LineExchange,
  type Transcript,
  type TranscriptEvent,
  type TranscriptLine,
} from "../../wireClient/lineExchange";
import { confirmedWrite } from "../../wireClient/confirmTranscripts";
import { closeWireSession, openWireSession } from "../../wireClient/negotiation";
import { walkTasks, WORLD_SERVER_NAMES } from "../../wireClient/tasks";
import {
  addTraffic,
  noTraffic,
  subtractTraffic,
  type ByteCount,
  type TrafficCounts,
} from "../../wireClient/trafficCounts";
import { requestMeta, initializeRequest } from "../../wireClient/transcripts";
import { tallyTasks } from "../../world/runTasks";
import { OPEN_POLICY, SERVER_FACTS } from "../../world/servers";
import { SUBSCRIBER_COUNT } from "../../world/subscribers";
import { drawTasks, withExpectedAnswers } from "../../world/tasks";
import { createWorld } from "../../world/world";
import { MESSAGE_KINDS, simulateMessages } from "./simulate";
import { interruptible } from "../../wireClient/interruptible";

/**
 * The two revisions the lesson speaks, oldest first: the `initialize` era's last, and the
 * current one.
 */
export type Revision = "2025-11-25" | "2026-07-28";

/** Both revisions, in table order. */
export const REVISIONS: readonly Revision[] = ["2025-11-25", "2026-07-28"];

/** A subscriber id the world does not hold: the one after the last (`A061`). */
export const ABSENT_SUBSCRIBER = `A${String(SUBSCRIBER_COUNT + 1).padStart(3, "0")}`;

/** A method no MCP revision defines, for the unknown-method case. */
export const UNKNOWN_METHOD = "tools/run";

/** A failure the lesson provokes, the same in both revisions. */
export type FailureCase =
  "no-subscriber" | "no-arguments" | "unknown-tool" | "unknown-method" | "not-json" | "no-name";

/** The failures in the order they are sent: first the tool's own, then the protocol's. */
export const FAILURE_CASES: readonly FailureCase[] = [
  "no-subscriber",
  "no-arguments",
  "unknown-tool",
  "unknown-method",
  "not-json",
  "no-name",
];

/**
 * The id of the first failure's request in both revisions, so that their replies compare line for
 * line.
 */
export const FIRST_FAILURE_ID = 3;

/** What came back for one request: a result (and whether it says `isError`), or an error's code. */
export interface Reply {
  /** `result` or `error`: the member the response carries. */
  member: "result" | "error";
  /** For a result: its `isError` (false when absent). */
  isError: boolean;
  /** For an error: its `code`. */
  code: number | undefined;
  /** For an error: its `message`; for a result: the text of its first content block. */
  text: string;
  /** Whether the response has an `id` member (an error to an unreadable line has none). */
  hasId: boolean;
  /** The line's bytes, newline included. */
  bytes: number;
}

/** One failure in both revisions: the request's bytes and the reply. */
export interface FailureRow {
  failure: FailureCase;
  request: Record<Revision, number>;
  reply: Record<Revision, Reply>;
  /** Whether the two revisions' replies are the same line, byte for byte. */
  sameReply: boolean;
}

/** One of the five tools called with no arguments, on the real client: what came back. */
export interface EmptyCallRow {
  tool: string;
  server: string;
  /** `result`, `error result` (`isError`), `JSON-RPC error`, or `client` (failed in the client). */
  channel: string;
  text: string;
}

/** The tasks on the real client (2026-07-28): their messages and bytes by kind, both directions. */
export interface WireTasks {
  /** `tools/call` requests sent. */
  calls: number;
  completed: number;
  /** The tasks' messages by kind: the reading after the last call less the one before the first. */
  kinds: Record<MessageKind, ByteCount>;
}

/** Everything the real half prints, for one seed. */
export interface MessagesWire {
  seed: number;
  /** The seed's first call in 2025-11-25: the opening's last line, the call, its result. */
  legacyCall: Transcript;
  /** The same call in 2026-07-28, then the same call without `_meta`. */
  statelessCall: Transcript;
  /** The six failures' lines in 2025-11-25: the tool's own (`isError`), then the protocol's. */
  failureLines: Transcript;
  /** Each failure in both revisions. */
  failures: FailureRow[];
  /** The first call's request and response in each revision, bytes (newline included). */
  callBytes: Record<Revision, { request: number; response: number }>;
  /** The 2026-07-28 call without `_meta`: the error it got. */
  withoutMeta: Reply;
  tasks: WireTasks;
  /** The five tools, each called with no arguments. */
  emptyCalls: EmptyCallRow[];
  /**
   * `kayit_yaz` on `serve kayit --confirm-writes` in 2026-07-28: the call, its `input_required`
   * result, the retry with the user's `accept`, the complete result.
   */
  confirm: Transcript;
  /**
   * Server processes started: the scripted and real clients' counted off their own `serving` log
   * lines, and the confirmed write's one.
   */
  processes: number;
}

/** Lines and events of a transcript, in order. */
type Steps = (TranscriptLine | TranscriptEvent)[];

/** A reply line, read. */
function replyOf(line: TranscriptLine): Reply {
  const message = JSON.parse(line.line) as Record<string, any>;
  if ("error" in message)
    return {
      member: "error",
      isError: true,
      code: message.error.code,
      text: message.error.message,
      hasId: "id" in message,
      bytes: line.bytes,
    };
  return {
    member: "result",
    isError: message.result.isError === true,
    code: undefined,
    text: message.result.content?.[0]?.text ?? "",
    hasId: "id" in message,
    bytes: line.bytes,
  };
}

/** The last line of `steps` written by `from`. */
function lastLine(steps: Steps, from: "client" | "server"): TranscriptLine {
  const lines = steps.filter(isTranscriptLine).filter((step) => step.from === from);
  return lines[lines.length - 1];
}

/**
 * A scripted client of one revision on one `serve olcum` process: `request` sends a request (with
 * the revision's `_meta` in 2026-07-28) and reads the one line that answers it.
 */
class RevisionScript {
  readonly exchange: LineExchange;
  private nextId = 1;

  constructor(
    readonly revision: Revision,
    seed: number,
  ) {
    this.exchange = new LineExchange(["olcum", "--seed", String(seed)]);
  }

  /** The params as this revision sends them: as given, with `_meta` last in 2026-07-28. */
  params(params: Record<string, unknown>, meta = true): Record<string, unknown> {
    return this.revision === "2026-07-28" && meta ? { ...params, _meta: requestMeta() } : params;
  }

  /** Makes `id` the next request's id: ids need only be unique, not consecutive. */
  skipTo(id: number): void {
    this.nextId = id;
  }

  /**
   * Sends one request (or a raw line) and reads its answer.
   *
   * @returns the steps it added: the request's line and the answer's.
   * @throws Error when the answer names another id than the request's (answered out of order).
   */
  async request(
    method: string,
    params: Record<string, unknown>,
    options: { meta?: boolean; raw?: (id: number) => string } = {},
  ): Promise<Steps> {
    const from = this.exchange.steps.length;
    const id = this.nextId++;
    if (options.raw) this.exchange.sendLine(options.raw(id));
    else
      this.exchange.send({
        jsonrpc: "2.0",
        id,
        method,
        params: this.params(params, options.meta ?? true),
      });
    const answer = await this.exchange.read();
    if ("id" in answer && answer.id !== id)
      throw new Error(`request ${id} was answered by a line with id ${JSON.stringify(answer.id)}`);
    return this.exchange.steps.slice(from);
  }
}

/** The six failures of {@link FAILURE_CASES}, sent in order on one script; the steps of each. */
async function sendFailures(
  script: RevisionScript,
  first: { tool: string; arguments: Fields },
  wrongServer: { tool: string; arguments: Fields },
): Promise<Record<FailureCase, Steps>> {
  const call = (name: string, args: Fields) =>
    script.request("tools/call", { name, arguments: args });
  return {
    "no-subscriber": await call(first.tool, { ...first.arguments, abone: ABSENT_SUBSCRIBER }),
    "no-arguments": await call(first.tool, {}),
    "unknown-tool": await call(wrongServer.tool, wrongServer.arguments),
    "unknown-method": await script.request(UNKNOWN_METHOD, { name: first.tool }),
    // The first call's line, cut off before its params: not JSON.
    "not-json": await script.request(
      "tools/call",
      {},
      {
        raw: (id) => `{"jsonrpc":"2.0","id":${id},"method":"tools/call"`,
      },
    ),
    "no-name": await script.request("tools/call", { arguments: first.arguments }),
  };
}

/** How many `serving` lines a server's log holds: one per process started. */
function servingLines(log: readonly string[]): number {
  return parseEvents(log).filter((event) => event.event === "serving").length;
}

/** Both revisions' scripts on `serve olcum`: the call, then the failures. */
async function scripts(seed: number): Promise<{
  legacyCall: Steps;
  statelessCall: Steps;
  withoutMeta: Steps;
  failures: Record<Revision, Record<FailureCase, Steps>>;
  processes: number;
}> {
  const calls = simulateMessages(seed).calls;
  const first = calls[0];
  // The first call to a tool another server answers: sent to `olcum`, it names a tool it lacks.
  const olcumTools = SERVER_FACTS.find((server) => server.name === "olcum")!.tools;
  const wrongServer = calls.find((call) => !olcumTools.some((tool) => tool.name === call.tool))!;
  const legacy = new RevisionScript("2025-11-25", seed);
  const stateless = new RevisionScript("2026-07-28", seed);
  let parts;
  try {
    parts = await Promise.all([
      (async () => {
        const { exchange } = legacy;
        exchange.send(initializeRequest(0));
        await exchange.read();
        const from = exchange.steps.length;
        exchange.note(
          "client",
          "sent initialize and read its answer: the opening, left aside here",
        );
        // A notification: no id, and no line answers it. The next line the server writes
        // answers the call, which `request` checks by its id.
        exchange.send({ jsonrpc: "2.0", method: "notifications/initialized" });
        await legacy.request("tools/call", { name: first.tool, arguments: first.arguments });
        const call = exchange.steps.slice(from);
        // The failures carry the same ids in both revisions (2026-07-28 sent one request more).
        legacy.skipTo(FIRST_FAILURE_ID);
        return { call, failures: await sendFailures(legacy, first, wrongServer) };
      })(),
      (async () => {
        const call = await stateless.request("tools/call", {
          name: first.tool,
          arguments: first.arguments,
        });
        const withoutMeta = await stateless.request(
          "tools/call",
          { name: first.tool, arguments: first.arguments },
          { meta: false },
        );
        stateless.skipTo(FIRST_FAILURE_ID);
        return { call, withoutMeta, failures: await sendFailures(stateless, first, wrongServer) };
      })(),
    ]);
  } finally {
    await Promise.all([legacy.exchange.close("done"), stateless.exchange.close("done")]);
  }
  const [legacyPart, statelessPart] = parts;
  return {
    legacyCall: legacyPart.call,
    statelessCall: statelessPart.call,
    withoutMeta: statelessPart.withoutMeta,
    failures: { "2025-11-25": legacyPart.failures, "2026-07-28": statelessPart.failures },
    processes: servingLines(legacy.exchange.log()) + servingLines(stateless.exchange.log()),
  };
}

/** Messages and bytes of both directions, by kind. */
function kindsOf(traffic: TrafficCounts): Record<MessageKind, ByteCount> {
  const of = (kind: MessageKind): ByteCount => ({
    messages: traffic.sent.byKind[kind].messages + traffic.received.byKind[kind].messages,
    bytes: traffic.sent.byKind[kind].bytes + traffic.received.byKind[kind].bytes,
  });
  return Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, of(kind)])) as Record<
    MessageKind,
    ByteCount
  >;
}

/**
 * The three world servers behind the real client in 2026-07-28: the twelve tasks with every
 * call sent, their traffic alone, then the five tools called with no arguments.
 */
async function realClient(seed: number): Promise<{
  tasks: WireTasks;
  emptyCalls: EmptyCallRow[];
  processes: number;
}> {
  const world = createWorld(seed);
  const tasks = withExpectedAnswers(drawTasks(seed), world);
  const session = await openWireSession(
    WORLD_SERVER_NAMES.map((server) => ({ server, seed })),
    OPEN_POLICY,
    true,
    { era: "stateless", discover: knownDiscover },
  );
  const reading = () =>
    [...session.connections.values()].reduce(
      (sum, connection) => addTraffic(sum, connection.traffic()),
      noTraffic(),
    );
  let events: Map<string, ServerEvent[]>;
  const emptyCalls: EmptyCallRow[] = [];
  let traffic: TrafficCounts;
  let completed: number;
  try {
    const before = reading();
    completed = tallyTasks(await walkTasks(session, tasks)).completed;
    traffic = subtractTraffic(reading(), before);
    for (const server of SERVER_FACTS) {
      for (const tool of server.tools) {
        const connection = session.connections.get(server.name)!;
        const outcome = await connection.callTool({ name: tool.name, arguments: {} });
        emptyCalls.push({
          tool: tool.name,
          server: server.name,
          channel: outcome.channel,
          text: outcome.text,
        });
      }
    }
  } finally {
    events = await closeWireSession(session);
  }
  const processes = [...events.values()].flat().filter((event) => event.event === "serving").length;
  return {
    tasks: {
      calls: traffic.sent.byMethod["tools/call"]?.messages ?? 0,
      completed,
      kinds: kindsOf(traffic),
    },
    emptyCalls,
    processes,
  };
}

/**
 * Runs the lesson's real half for one seed: six server processes (two scripted `olcum`, one per
 * revision, the three world servers behind the real client, and `kayit --confirm-writes`),
 * started side by side, each closed before this returns.
 *
 * An interrupt (SIGINT) in a kernel stops the run as a whole (`interruptible`): its servers are
 * killed, no other starts, and the run rejects with one line.
 *
 * @param seed the world's seed, an integer from 0 to 2^53 − 1 (the servers draw the same world).
 * @throws Error when `dist/` is not built (the servers run from it), a server does not start, or
 *   a line is answered out of order.
 * @throws RunInterrupted when interrupted in a kernel.
 */
export function runMessagesOnTheWire(seed: number): Promise<MessagesWire> {
  return interruptible(() => messagesOnTheWire(seed));
}

/** {@link runMessagesOnTheWire}'s run. */
async function messagesOnTheWire(seed: number): Promise<MessagesWire> {
  const [lines, real, confirm] = await Promise.all([
    scripts(seed),
    realClient(seed),
    confirmedWrite("accept"),
  ]);
  const legacyScript = lines.failures["2025-11-25"];
  const failures = FAILURE_CASES.map((failure): FailureRow => {
    const steps = Object.fromEntries(
      REVISIONS.map((revision) => [revision, lines.failures[revision][failure]]),
    ) as Record<Revision, Steps>;
    const replyLine = (revision: Revision) => lastLine(steps[revision], "server");
    return {
      failure,
      request: {
        "2025-11-25": lastLine(steps["2025-11-25"], "client").bytes,
        "2026-07-28": lastLine(steps["2026-07-28"], "client").bytes,
      },
      reply: {
        "2025-11-25": replyOf(replyLine("2025-11-25")),
        "2026-07-28": replyOf(replyLine("2026-07-28")),
      },
      sameReply: replyLine("2025-11-25").line === replyLine("2026-07-28").line,
    };
  });
  const callBytes = (steps: Steps) => ({
    request: lastLine(steps, "client").bytes,
    response: lastLine(steps, "server").bytes,
  });
  const command = `mcp-course serve olcum --seed ${seed}`;
  const transcript = (era: Transcript["era"], steps: Steps, outcome: string): Transcript => ({
    era,
    command,
    steps,
    outcome,
  });
  const failureSteps = FAILURE_CASES.flatMap((failure) => legacyScript[failure]);
  const results = failures.filter((row) => row.reply["2025-11-25"].member === "result").length;
  const withoutMeta = replyOf(lastLine(lines.withoutMeta, "server"));
  return {
    seed,
    legacyCall: transcript(
      "legacy",
      lines.legacyCall,
      "no line answered the notification; the call's result carries the call's id",
    ),
    statelessCall: transcript(
      "stateless",
      [...lines.statelessCall, ...lines.withoutMeta],
      `the call without _meta was refused with ${withoutMeta.code}`,
    ),
    failureLines: transcript(
      "legacy",
      failureSteps,
      `${results} results with isError true, then ${failures.length - results} JSON-RPC errors`,
    ),
    failures,
    callBytes: {
      "2025-11-25": callBytes(lines.legacyCall),
      "2026-07-28": callBytes(lines.statelessCall),
    },
    withoutMeta,
    tasks: real.tasks,
    emptyCalls: real.emptyCalls,
    confirm,
    // `confirmedWrite` starts one process, which its transcript shows exiting.
    processes: lines.processes + real.processes + 1,
  };
}
