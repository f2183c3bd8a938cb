/**
 * Lesson 9's tables: the simulator's figures beside the wire's, as plain text.
 *
 * Every table prints counts that the same seed reproduces exactly; none prints a wall time (see
 * `measurements.ts`). A column named `simulator` says `same` when the wire matched the simulator on
 * every compared figure, and otherwise names the figures that differ.
 */
import type { Level } from "../../sim/declaration";
import { LEVEL_FLAGS } from "../../server/declarations";
import type { RunRow } from "../../world/runTasks";
import type { AgentOutcome, AgentRunRecord } from "../../fleet/runAgents";
import type { PathName, ToolOutcome } from "../../fleet/paths";
import type { AgentComparison, WireAgentRecord } from "../../wireClient/agents";
import type { WireTaskCounts } from "../../wireClient/tasks";
import { formatTextTable } from "../textTable";
import { type ChangeGroup, type DiscoveryCheck, type ToolListDiff } from "./independent";
import type { GateRule } from "../../wireClient/tools";
import type { SilenceReading } from "../writingAServer/simulate";
import type { WireLessonResult } from "./measurements";
import type { HttpCancellation } from "./lines";
import { cut, formatHttpMessage, httpHeading, shownBodyBytes } from "../httpText";
import { foldedLine } from "../transcriptText";

/** The notification the SDK's client sends for every request it gives up on. Source: MCP specification, cancellation. */
export const CANCELLED = "notifications/cancelled";

/** The paths that cross a real wire (`direct` stays in-process on both sides). */
export const WIRE_PATHS: readonly Exclude<PathName, "direct">[] = ["raw", "validating"];

/** The six counts lesson 6 prints for a run, and the failures behind them. */
const TASK_COUNTS = ["negotiated", "calls", "failed", "completed", "blocked", "written"] as const;

/** Figures of a run that differ between the simulator and the wire; empty when they agree. */
export function taskDifferences(simulated: RunRow, real: WireTaskCounts): string[] {
  const differ: string[] = TASK_COUNTS.filter((key) => simulated[key] !== real[key]);
  if (JSON.stringify(simulated.failures) !== JSON.stringify(real.failures)) differ.push("failures");
  return differ;
}

/** A level as the tables name it: its number and its `--level` word (`3 full`). */
export function levelLabel(level: Level): string {
  return `${level} ${LEVEL_FLAGS[level]}`;
}

/** What differs between the simulator's answer to a call and the wire's: `channel`, `text`, or nothing. */
export function outcomeDifferences(simulated: ToolOutcome, real: ToolOutcome): string[] {
  return [
    simulated.channel !== real.channel ? "channel" : "",
    simulated.text !== real.text ? "text" : "",
  ].filter(Boolean);
}

/** Requests the simulated client gave up on: its notifications, less one `notifications/initialized` per server start. */
export function simulatedTimeouts(record: AgentRunRecord): number {
  if (record.envelope.notification === 0) return 0;
  return record.envelope.notification - (1 + record.restarts);
}

/** Requests the real client gave up on: the `notifications/cancelled` it sent. */
export function wireTimeouts(record: WireAgentRecord): number {
  return record.traffic?.sent.byMethod[CANCELLED]?.messages ?? 0;
}

/** The figures of an agent run the lesson compares, from either side. */
function agentFigures(record: AgentOutcome, timeouts: number) {
  return {
    answer: record.answer ?? "(none)",
    correct: record.correct ? "yes" : "no",
    "tool calls": record.toolCalls,
    "tool errors": record.toolErrors,
    restarts: record.restarts,
    "stray lines": record.transportErrors,
    timeouts,
  };
}

/** Figures of an agent run that differ between the simulator and the wire; empty when they agree. */
export function agentDifferences({ simulated, real }: AgentComparison): string[] {
  const sim = agentFigures(simulated, simulatedTimeouts(simulated));
  const wire = agentFigures(real, wireTimeouts(real));
  return (Object.keys(sim) as (keyof typeof sim)[]).filter((key) => sim[key] !== wire[key]);
}

/**
 * The approval gate's two readings of a missing hint, as the lesson's table names them:
 * `reference` is lesson 5's (a tool with no `annotations` declares nothing and passes; a call to a
 * tool declared with a side effect waits for approval), `specification` the same gate reading a
 * missing hint by MCP's defaults (a tool not marked `readOnlyHint: true` counts as declaring a side
 * effect; 2026-07-28 `schema.mdx`, `ToolAnnotations`).
 */
export const GATE_NAMES: Readonly<Record<GateRule, string>> = {
  reference: "passes",
  specification: "MCP's default",
};

/**
 * Each fleet tool's size in bytes as our server lists it and as the SDK's high-level server does,
 * each pair `ours / the SDK's`, and what the latter changed.
 */
export function formatHighLevelDeclarations(diffs: readonly ToolListDiff[]): string {
  return [
    formatTextTable(
      ["tool", "bytes", "keys added", "properties reordered"],
      diffs.map((d) => [d.name, `${d.bytes[0]} / ${d.bytes[1]}`, d.added.length, d.moved.length]),
    ),
    "each pair: ours / the SDK's",
  ].join("\n");
}

/** The keys that changed place in a reordering: those outside the longest run both orders share. */
export function movedKeys(
  from: readonly string[],
  to: readonly string[],
): { moved: string[]; kept: string[] } {
  // Longest common subsequence of the two orders (a few keys each).
  const table = Array.from({ length: from.length + 1 }, () =>
    new Array<number>(to.length + 1).fill(0),
  );
  for (let i = from.length - 1; i >= 0; i--) {
    for (let j = to.length - 1; j >= 0; j--)
      table[i][j] =
        from[i] === to[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  }
  const kept: string[] = [];
  for (let i = 0, j = 0; i < from.length && j < to.length;) {
    if (from[i] === to[j]) {
      kept.push(from[i]);
      i += 1;
      j += 1;
    } else if (table[i + 1][j] > table[i][j + 1]) i += 1;
    else j += 1;
  }
  return { moved: to.filter((key) => !kept.includes(key)), kept };
}

/** Where the moved keys of a reordering now stand: `ahead of type, enum`, or `after …` when they went last. */
function movedWhere(
  from: readonly string[],
  to: readonly string[],
): { keys: string; where: string } {
  const { moved, kept } = movedKeys(from, to);
  const first = to.findIndex((key) => moved.includes(key));
  const after = to.slice(first).filter((key) => kept.includes(key));
  return {
    keys: moved.join(", "),
    where: after.length > 0 ? `ahead of ${after.join(", ")}` : `after ${kept.join(", ")}`,
  };
}

/** What the SDK's high-level server did to our declarations, grouped: keys added (with their value), keys moved, values changed. */
export function formatHighLevelChanges(groups: readonly ChangeGroup[]): string {
  return formatTextTable(
    [
      "change",
      "key",
      groups.some((group) => group.change === "moved") ? "value, or where it went" : "value",
      "times",
    ],
    groups.map((group) => {
      if (group.change === "moved") {
        const [from, to] = group.what.split(" → ").map((keys) => keys.split(", "));
        const { keys, where } = movedWhere(from, to);
        return [group.change, keys, where, group.count];
      }
      return [group.change, group.what, group.detail, group.count];
    }),
  );
}

/** The methods of a discovery check whose message counts differ between the two sides. */
export function discoveryDifferences(check: DiscoveryCheck): string[] {
  return check.methods
    .filter((row) => row.simulatedMessages !== row.wireMessages)
    .map((row) => row.method);
}

/** The counts of lesson 6's gate table, as the wire's walks and lesson 6's rows both give them. */
const GATE_COUNTS = ["calls", "sent", "blocked", "written", "completed"] as const;

/** Which rule of the wire's walks each reading of lesson 6's gate table is. */
const RULE_OF_READING: Readonly<Record<SilenceReading, GateRule>> = {
  passes: "reference",
  mcp: "specification",
};

/**
 * Each row of lesson 6's gate table (level × reading of a tool with no `annotations`) held to the
 * same walk on the wire: the counts that differ, empty when they agree.
 */
export function gateRowChecks(
  result: WireLessonResult,
): { level: number; reading: SilenceReading; differences: string[] }[] {
  return result.lessonSixGates.map((six) => {
    const wire = result.gates.find((gate) => gate.level === six.level)?.rules[
      RULE_OF_READING[six.reading]
    ];
    const differences =
      wire === undefined ? ["no walk"] : GATE_COUNTS.filter((key) => wire[key] !== six[key]);
    return { level: six.level, reading: six.reading, differences };
  });
}

/** How much of a run agrees with the simulator: levels, malformed-call answers and agent runs, each of how many. */
export interface Agreement {
  malformed: number;
  malformedTotal: number;
  /** Levels whose wide-allowlist walk under the reference's gate has the simulator's counts. */
  gates: number;
  /** Rows of lesson 6's gate table the wire's walks repeat, of {@link gateRowsTotal} ({@link gateRowChecks}). */
  gateRows: number;
  gateRowsTotal: number;
  /** Discovery checks whose message counts agree method by method, of {@link discoveryTotal}. */
  discovery: number;
  discoveryTotal: number;
}

/** Counts the rows of each comparison on which the wire and the simulator agree (see the `simulator` columns). */
export function agreement(result: WireLessonResult): Agreement {
  const { simulated, wire } = result.malformed;
  return {
    malformed: wire.reduce(
      (sum, row, k) =>
        sum +
        WIRE_PATHS.filter(
          (path) =>
            outcomeDifferences(simulated[k].outcomes[path], row.outcomes[path]).length === 0,
        ).length,
      0,
    ),
    malformedTotal: wire.length * WIRE_PATHS.length,
    gates: result.gates.filter(
      (row) => taskDifferences(row.simulated, row.rules.reference).length === 0,
    ).length,
    gateRows: gateRowChecks(result).filter((check) => check.differences.length === 0).length,
    gateRowsTotal: gateRowChecks(result).length,
    discovery: result.discovery.filter((check) => discoveryDifferences(check).length === 0).length,
    discoveryTotal: result.discovery.length,
  };
}

/** Whether an HTTP message's body crossed in chunked coding (its `Transfer-Encoding` says so). */
function chunked(message: HttpCancellation["next"]["response"]): boolean {
  return message.head.some((line) => /^transfer-encoding:\s*chunked$/i.test(line));
}

/** A key no message has, standing for what a shown `_meta` leaves out. */
const LEFT_OUT = "\u0000left out";

/**
 * A JSON-RPC message's text with each `_meta` shortened to `{…}`, a progress token kept:
 * `"_meta":{"progressToken":"slow-1",…}`. The rest as it crossed, in its order.
 */
export function shortMeta(json: string): string {
  const value: unknown = JSON.parse(json, (key, inner: unknown) => {
    if (key !== "_meta" || inner === null || typeof inner !== "object") return inner;
    const token = (inner as { progressToken?: unknown }).progressToken;
    return token === undefined ? { [LEFT_OUT]: 0 } : { progressToken: token, [LEFT_OUT]: 0 };
  });
  return JSON.stringify(value).replaceAll(`${JSON.stringify(LEFT_OUT)}:0`, "…");
}

/**
 * The slow call cancelled over Streamable HTTP, as it crossed: the POST and the answer up to the
 * close (header block, then the SSE body, each newline as `⏎`), the client's close, the next
 * call and its answer without their header blocks, and the calls the server's log names. Each
 * `_meta` is shortened ({@link shortMeta}); the headings count the bytes as they crossed.
 */
export function formatHttpCancellation(run: HttpCancellation): string {
  const { request, response } = run.cancelled;
  const { request: nextRequest, response: nextResponse } = run.next;
  const cancelledTool = "top_devices";
  const ran =
    run.loggedCalls.length === 0 ? "no call" : `a call line for ${run.loggedCalls.join(", ")}`;
  return [
    `$ ${run.command}`,
    httpHeading("client", request),
    ...formatHttpMessage({ ...request, content: shortMeta(request.content) }),
    `server → client (${response.headerBytes} + ${shownBodyBytes(response)} bytes until the close, ` +
      "the body without its chunked coding)",
    ...formatHttpMessage(response),
    "client: gives up on id 1: closes the stream, and so its connection; sends no notification",
    `${httpHeading("client", nextRequest)}, on a new connection, its header block left out`,
    ...foldedLine(shortMeta(nextRequest.content)),
    `${httpHeading("server", nextResponse)}${chunked(nextResponse) ? ", chunked coding included" : ""}, ` +
      "its header block left out",
    ...foldedLine(shortMeta(nextResponse.content)),
    `server log: ${ran}, none for ${cancelledTool}; ${run.connections} TCP connections opened`,
    "(left out above: each response's Date field; its bytes are counted)",
  ]
    .map((line) => cut(line))
    .join("\n");
}
