/**
 * Lesson 9's tables: the simulator's figures beside the wire's, as plain text.
 *
 * Every table prints counts that the same seed reproduces exactly; none prints a wall time (see
 * `run.ts`). A column named `simulator` says `same` when the wire agreed with the simulator on
 * every compared figure, and otherwise names the figures that differ.
 */
import { LEVELS } from "../../sim/declaration";
import type { RunRow } from "../../world/run";
import type { AgentOutcome, AgentRunRecord } from "../../fleet/run";
import type { MalformedRow } from "../../fleet/malformed";
import type { PathName, ToolOutcome } from "../../fleet/paths";
import type { AgentComparison, WireAgentRecord } from "../../wireClient/agents";
import type { KindRow, LevelComparison, MethodRow, WireRunRow } from "../../wireClient/tasks";
import { formatTextTable } from "../textTable";
import { msPerCall } from "../fleetBehindTheBoundary/tables";
import type { LevelKinds, WireLessonResult } from "./run";

/** The notification the SDK's client sends for every request it gives up on. Source: MCP specification, cancellation. */
export const CANCELLED = "notifications/cancelled";

/** The paths that cross a real wire (`direct` stays in-process on both sides). */
export const WIRE_PATHS: readonly Exclude<PathName, "direct">[] = ["raw", "validating"];

/** The six counts lesson 6 prints for a run, and the failures behind them. */
const TASK_COUNTS = ["negotiated", "calls", "failed", "completed", "blocked", "written"] as const;

/** Figures of a run that differ between the simulator and the wire; empty when they agree. */
export function taskDifferences(simulated: RunRow, real: WireRunRow): string[] {
  const differ: string[] = TASK_COUNTS.filter((key) => simulated[key] !== real[key]);
  if (JSON.stringify(simulated.failures) !== JSON.stringify(real.failures)) differ.push("failures");
  return differ;
}

/** `same`, or the names of the figures that differ. */
function verdict(differences: readonly string[]): string {
  return differences.length === 0 ? "same" : `differs: ${differences.join(", ")}`;
}

/** Lesson 6's run per level: a simulator row and a wire row each, and whether they agree. */
export function formatLevelComparison(levels: readonly LevelComparison[]): string {
  return formatTextTable(
    ["level", "run", ...TASK_COUNTS, "simulator"],
    levels.flatMap(({ level, simulated, real }) => [
      [`${level} ${LEVELS[level]}`, "simulated", ...TASK_COUNTS.map((key) => simulated[key]), ""],
      ["", "wire", ...TASK_COUNTS.map((key) => real[key]), verdict(taskDifferences(simulated, real))],
    ]),
  );
}

/** One level's kinds summed: simulator messages and tokens, wire messages and bytes. */
export function levelTotals({ rows }: LevelKinds): { simulatedMessages: number; simulatedTokens: number; wireMessages: number; wireBytes: number } {
  const sum = (pick: (row: KindRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    simulatedMessages: sum((row) => row.simulatedMessages),
    simulatedTokens: sum((row) => row.simulatedTokens),
    wireMessages: sum((row) => row.wireMessages),
    wireBytes: sum((row) => row.wireBytes),
  };
}

/** A ratio with one decimal, or a dash when the divisor is zero. */
export function ratio(numerator: number, divisor: number): string {
  return divisor === 0 ? "-" : (numerator / divisor).toFixed(1);
}

/** Per level: the simulator's messages and envelope tokens beside the wire's messages and bytes. */
export function formatTokensAndBytes(kinds: readonly LevelKinds[]): string {
  return formatTextTable(
    ["level", "messages (simulated)", "envelope tokens", "messages (wire)", "bytes", "bytes per token"],
    kinds.map((entry) => {
      const t = levelTotals(entry);
      return [`${entry.level} ${LEVELS[entry.level]}`, t.simulatedMessages, t.simulatedTokens, t.wireMessages, t.wireBytes, ratio(t.wireBytes, t.simulatedTokens)];
    }),
  );
}

/** One level's messages by kind (request, response, notification). */
export function formatKindTable(entry: LevelKinds): string {
  return formatTextTable(
    ["kind", "messages (simulated)", "envelope tokens", "messages (wire)", "bytes", "bytes per message"],
    entry.rows.map((row) => [row.kind, row.simulatedMessages, row.simulatedTokens, row.wireMessages, row.wireBytes, ratio(row.wireBytes, row.wireMessages)]),
  );
}

/** The wire's traffic by MCP method, both directions together. */
export function formatMethodTable(methods: readonly MethodRow[]): string {
  return formatTextTable(
    ["method", "messages", "bytes", "bytes per message"],
    methods.map((row) => [row.method, row.messages, row.bytes, ratio(row.bytes, row.messages)]),
  );
}

/** What differs between the simulator's answer to a call and the wire's: `channel`, `text`, or nothing. */
export function outcomeDifferences(simulated: ToolOutcome, real: ToolOutcome): string[] {
  return [simulated.channel !== real.channel ? "channel" : "", simulated.text !== real.text ? "text" : ""].filter(Boolean);
}

/** The malformed calls over the real raw and validating servers, each beside the simulator's answer. */
export function formatWireMalformedTable({ simulated, wire }: WireLessonResult["malformed"]): string {
  return formatTextTable(
    ["call", "path", "channel", "what the agent reads", "simulator"],
    wire.flatMap((row: MalformedRow, k) =>
      WIRE_PATHS.map((path, p) => {
        const real = row.outcomes[path];
        return [p === 0 ? row.label : "", path, real.channel, real.text, verdict(outcomeDifferences(simulated[k].outcomes[path], real))];
      }),
    ),
  );
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

/** Every condition × policy as the real client saw it, and whether the simulator said the same. */
export function formatAgentComparison(agents: readonly AgentComparison[]): string {
  return formatTextTable(
    ["condition", "policy", "correct", "tool calls", "tool errors", "restarts", "stray lines", "timeouts", "answer", "simulator"],
    agents.map((row) => {
      const f = agentFigures(row.real, wireTimeouts(row.real));
      return [row.condition, row.policy, f.correct, f["tool calls"], f["tool errors"], f.restarts, f["stray lines"], f.timeouts, f.answer, verdict(agentDifferences(row))];
    }),
  );
}

/**
 * Time, both ways: the simulator's virtual milliseconds per call beside the wire's timeouts and
 * the least real time they cost (timeouts × the client's timeout, which no timed-out call can beat).
 */
export function formatTimeTable(agents: readonly AgentComparison[], timeoutMs: number): string {
  return formatTextTable(
    ["condition", "policy", "virtual ms per call", "timeouts", "real wait at least (ms)"],
    agents.map((row) => [row.condition, row.policy, msPerCall(row.simulated), wireTimeouts(row.real), wireTimeouts(row.real) * timeoutMs]),
  );
}

/** How much of a run agrees with the simulator: levels, malformed-call answers and agent runs, each of how many. */
export interface Agreement {
  levels: number;
  malformed: number;
  malformedTotal: number;
  agents: number;
}

/** Counts the rows of each comparison on which the wire and the simulator agree (see the `simulator` columns). */
export function agreement(result: WireLessonResult): Agreement {
  const { simulated, wire } = result.malformed;
  return {
    levels: result.levels.filter(({ simulated: sim, real }) => taskDifferences(sim, real).length === 0).length,
    malformed: wire.reduce((sum, row, k) => sum + WIRE_PATHS.filter((path) => outcomeDifferences(simulated[k].outcomes[path], row.outcomes[path]).length === 0).length, 0),
    malformedTotal: wire.length * WIRE_PATHS.length,
    agents: result.agents.filter((row) => agentDifferences(row).length === 0).length,
  };
}

/** All of lesson 9's tables, ending with a newline. */
export function formatWireLesson(result: WireLessonResult): string {
  const full = result.kinds[result.kinds.length - 1];
  const sections: [string, string][] = [
    [`lesson 6's tasks, simulated and over the wire (seed ${result.seed})`, formatLevelComparison(result.levels)],
    ["envelope tokens and bytes on the wire", formatTokensAndBytes(result.kinds)],
    [`by kind, level ${full.level}`, formatKindTable(full)],
    [`by method, level ${full.level}`, formatMethodTable(result.methods)],
    ["eight malformed calls over the real paths", formatWireMalformedTable(result.malformed)],
    ["the agents under each condition, over the wire", formatAgentComparison(result.agents)],
    ["time", formatTimeTable(result.agents, result.timeoutMs)],
  ];
  return sections.map(([title, body]) => `## ${title}\n${body}\n`).join("\n");
}
