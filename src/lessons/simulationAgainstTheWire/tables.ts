/**
 * Lesson 9's tables: the simulator's figures beside the wire's, as plain text.
 *
 * Every table prints counts that the same seed reproduces exactly; none prints a wall time (see
 * `run.ts`). A column named `simulator` says `same` when the wire agreed with the simulator on
 * every compared figure, and otherwise names the figures that differ.
 */
import type { Level } from "../../sim/declaration";
import { ERA_REVISIONS, type ProtocolEra } from "../../sim/eras";
import { LEVEL_FLAGS } from "../../server/declarations";
import type { RunRow } from "../../world/run";
import type { AgentOutcome, AgentRunRecord } from "../../fleet/run";
import type { MalformedRow } from "../../fleet/malformed";
import type { PathName, ToolOutcome } from "../../fleet/paths";
import type { AgentComparison, WireAgentRecord } from "../../wireClient/agents";
import type { KindRow, LevelComparison, WireRunRow } from "../../wireClient/tasks";
import { formatTextTable } from "../textTable";
import { msPerCall } from "../fleetBehindTheBoundary/tables";
import { countDifferences, type EraLevel } from "./eras";
import type { WireLessonResult } from "./run";

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

/** A level as the tables name it: its number and its `--level` word (`3 full`). */
export function levelLabel(level: Level): string {
  return `${level} ${LEVEL_FLAGS[level]}`;
}

/** The wire's run of one era at one level. */
function eraRun(eras: readonly EraLevel[], era: ProtocolEra, level: Level): WireRunRow | undefined {
  return eras.find((entry) => entry.era === era && entry.level === level)?.real;
}

/**
 * Lesson 6's run per level: a simulator row, then a wire row for each era (2025-11-25, then
 * 2026-07-28, when `eras` holds it), each saying whether it agrees with the simulator.
 */
export function formatLevelComparison(levels: readonly LevelComparison[], eras: readonly EraLevel[] = []): string {
  return formatTextTable(
    ["level", "run", ...TASK_COUNTS, "simulator"],
    levels.flatMap(({ level, simulated, real }) => {
      const stateless = eraRun(eras, "stateless", level);
      const wire = (era: ProtocolEra, row: WireRunRow) => ["", `wire ${ERA_REVISIONS[era]}`, ...TASK_COUNTS.map((key) => row[key]), verdict(taskDifferences(simulated, row))];
      return [
        [levelLabel(level), "simulated", ...TASK_COUNTS.map((key) => simulated[key]), ""],
        wire("legacy", real),
        ...(stateless ? [wire("stateless", stateless)] : []),
      ];
    }),
  );
}

/** One era and level's kinds summed: simulator messages and tokens, wire messages and bytes. */
export function levelTotals({ kinds }: Pick<EraLevel, "kinds">): { simulatedMessages: number; simulatedTokens: number; wireMessages: number; wireBytes: number } {
  const sum = (pick: (row: KindRow) => number) => kinds.reduce((total, row) => total + pick(row), 0);
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

/** The entries of the highest level, one per era, in era order. */
export function fullLevel(eras: readonly EraLevel[]): EraLevel[] {
  const top = Math.max(...eras.map((entry) => entry.level));
  return eras.filter((entry) => entry.level === top);
}

/** Per level and era: the simulator's messages and envelope tokens beside the wire's messages and bytes. */
export function formatTokensAndBytes(eras: readonly EraLevel[]): string {
  const ordered = [...eras].sort((a, b) => a.level - b.level);
  return formatTextTable(
    ["level", "revision", "sim messages", "envelope tokens", "wire messages", "bytes", "bytes per token"],
    ordered.map((entry, i) => {
      const t = levelTotals(entry);
      const first = i === 0 || ordered[i - 1].level !== entry.level;
      return [first ? levelLabel(entry.level) : "", entry.revision, t.simulatedMessages, t.simulatedTokens, t.wireMessages, t.wireBytes, ratio(t.wireBytes, t.simulatedTokens)];
    }),
  );
}

/** The highest level's messages by kind (request, response, notification), each era in turn. */
export function formatKindTable(eras: readonly EraLevel[]): string {
  return formatTextTable(
    ["revision", "kind", "sim messages", "envelope tokens", "wire messages", "bytes", "bytes per message"],
    fullLevel(eras).flatMap((entry) =>
      entry.kinds.map((row, k) => [k === 0 ? entry.revision : "", row.kind, row.simulatedMessages, row.simulatedTokens, row.wireMessages, row.wireBytes, ratio(row.wireBytes, row.wireMessages)]),
    ),
  );
}

/** The highest level's messages by MCP method, both directions together, each era in turn. */
export function formatMethodTable(eras: readonly EraLevel[]): string {
  return formatTextTable(
    ["revision", "method", "sim messages", "tokens", "wire messages", "bytes", "bytes per message"],
    fullLevel(eras).flatMap((entry) =>
      entry.methods.map((row, k) => [k === 0 ? entry.revision : "", row.method, row.simulatedMessages, row.simulatedTokens, row.wireMessages, row.wireBytes, ratio(row.wireBytes, row.wireMessages)]),
    ),
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
  /** Levels whose 2025-11-25 wire run has the simulator's task counts. */
  levels: number;
  /** Levels whose 2026-07-28 wire run has the simulator's task counts. */
  statelessLevels: number;
  /** Era × level entries whose message counts agree by kind and by method, of {@link eraTotal}. */
  eraCounts: number;
  eraTotal: number;
  malformed: number;
  malformedTotal: number;
  agents: number;
}

/** Counts the rows of each comparison on which the wire and the simulator agree (see the `simulator` columns). */
export function agreement(result: WireLessonResult): Agreement {
  const { simulated, wire } = result.malformed;
  return {
    levels: result.levels.filter(({ simulated: sim, real }) => taskDifferences(sim, real).length === 0).length,
    statelessLevels: result.levels.filter(({ level, simulated: sim }) => {
      const stateless = eraRun(result.eras, "stateless", level);
      return stateless !== undefined && taskDifferences(sim, stateless).length === 0;
    }).length,
    eraCounts: result.eras.filter((entry) => countDifferences(entry).length === 0).length,
    eraTotal: result.eras.length,
    malformed: wire.reduce((sum, row, k) => sum + WIRE_PATHS.filter((path) => outcomeDifferences(simulated[k].outcomes[path], row.outcomes[path]).length === 0).length, 0),
    malformedTotal: wire.length * WIRE_PATHS.length,
    agents: result.agents.filter((row) => agentDifferences(row).length === 0).length,
  };
}

/** All of lesson 9's tables, ending with a newline. */
export function formatWireLesson(result: WireLessonResult): string {
  const full = fullLevel(result.eras)[0].level;
  const sections: [string, string][] = [
    [`lesson 6's tasks, simulated and over the wire (seed ${result.seed})`, formatLevelComparison(result.levels, result.eras)],
    ["envelope tokens and bytes on the wire, both eras", formatTokensAndBytes(result.eras)],
    [`by kind, level ${full}`, formatKindTable(result.eras)],
    [`by method, level ${full}`, formatMethodTable(result.eras)],
    ["eight malformed calls over the real paths", formatWireMalformedTable(result.malformed)],
    ["the agents under each condition, over the wire", formatAgentComparison(result.agents)],
    ["time", formatTimeTable(result.agents, result.timeoutMs)],
  ];
  return sections.map(([title, body]) => `## ${title}\n${body}\n`).join("\n");
}
