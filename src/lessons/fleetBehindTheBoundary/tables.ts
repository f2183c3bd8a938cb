/**
 * Lesson 8's tables, as its notebook and `mcp-course simulate --lesson fleet` print them.
 *
 * There is no reference printout for this lesson; the layout is the course's own
 * (`lessons/textTable.ts`), with the columns of seed document 000's tables.
 */
import { LEVELS } from "../../sim/declaration";
import { pyStr } from "../../sim/values";
import { PATH_NAMES } from "../../fleet/paths";
import type { AgentRunRecord } from "../../fleet/run";
import type { FleetLevelRow } from "../../fleet/server";
import type { MalformedRow } from "../../fleet/malformed";
import { formatTextTable } from "../textTable";
import type { FleetLessonResult } from "./simulate";

/** Devices per model and under 500 hours, with a total line. */
export function formatFleetTable({ models }: FleetLessonResult): string {
  const rows = models.map((m) => [m.model, m.prefix, m.devices, m.lowHours]);
  rows.push(["all", "", models.reduce((n, m) => n + m.devices, 0), models.reduce((n, m) => n + m.lowHours, 0)]);
  return formatTextTable(["model", "prefix", "devices", "under 500 h"], rows);
}

/** Downtime per 100 hours with two decimals (display only; rankings compare exact fractions). */
export function formatRate(downtime: number, hours: number): string {
  return ((downtime * 100) / hours).toFixed(2);
}

/** The task's answer, how it was reached, and the shortcut answer beside it. */
export function formatGroundTruth({ truth }: FleetLessonResult): string {
  const { device, riskLeader, shortcut } = truth;
  const s = shortcut.device;
  return formatTextTable(
    ["", "device", "model", "hours", "downtime min", "per 100 h", "risk"],
    [
      ["task device", device.device_id, device.model, device.operating_hours, device.downtime_min, formatRate(device.downtime_min, device.operating_hours), device.risk_score],
      ["its risk leader", riskLeader.device_id, riskLeader.model, riskLeader.operating_hours, riskLeader.downtime_min, formatRate(riskLeader.downtime_min, riskLeader.operating_hours), riskLeader.risk_score],
      ["shortcut device", s.device_id, s.model, s.operating_hours, s.downtime_min, formatRate(s.downtime_min, s.operating_hours), s.risk_score],
      ["its risk leader", shortcut.riskLeader.device_id, shortcut.riskLeader.model, shortcut.riskLeader.operating_hours, shortcut.riskLeader.downtime_min, formatRate(shortcut.riskLeader.downtime_min, shortcut.riskLeader.operating_hours), shortcut.riskLeader.risk_score],
    ],
  ) +
    `\n\nanswer    ${truth.answer}\nshortcut  ${shortcut.answer}\n` +
    `${truth.moreRawDowntime} of the ${truth.lowHourCount} devices under 500 h have more raw downtime than the task device`;
}

/** The fleet chain at four levels: negotiation beside the lesson-6 servers, calls, envelope. */
export function formatLevelTable(rows: readonly FleetLevelRow[]): string {
  return formatTextTable(
    ["level", "declaration", "negotiated", "dropped", "calls", "failed", "count", "fetched", "request", "response", "tokens", "round_trips", "first failure"],
    rows.map((r) => [r.level, LEVELS[r.level], r.negotiated, r.dropped, r.calls, r.failed, r.count === null ? "-" : pyStr(r.count), r.fetched === null ? "-" : pyStr(r.fetched), r.request, r.response, r.tokens, r.round_trips, r.failure ?? "-"]),
  );
}

/** Each malformed call on each path: the channel and the text the agent reads. */
export function formatMalformedTable(rows: readonly MalformedRow[]): string {
  return formatTextTable(
    ["call", "path", "channel", "what the agent reads"],
    rows.flatMap((row) => PATH_NAMES.map((path, k) => [k === 0 ? row.label : "", path, row.outcomes[path].channel, row.outcomes[path].text])),
  );
}

/** Virtual milliseconds per call with three decimals. */
export function msPerCall(record: AgentRunRecord): string {
  return record.toolCalls === 0 ? "-" : (record.callMicros / record.toolCalls / 1000).toFixed(3);
}

/** The results table: a row per condition × policy, shaped like seed document 000's. */
export function formatConditionTable(matrix: readonly AgentRunRecord[]): string {
  return formatTextTable(
    ["condition", "policy", "correct", "turns", "tool calls", "tool errors", "tokens", "ms per call", "restarts", "stray lines", "answer"],
    matrix.map((r) => [r.condition, r.policy, r.correct ? "yes" : "no", r.turns, r.toolCalls, r.toolErrors, r.envelope.tokens, msPerCall(r), r.restarts, r.transportErrors, r.answer ?? "(none)"]),
  );
}

/** All of lesson 8's tables, as `simulate --lesson fleet` prints them, ending with a newline. */
export function formatFleetLesson(result: FleetLessonResult): string {
  const sections: [string, string][] = [
    [`fleet (seed ${result.seed})`, formatFleetTable(result)],
    ["ground truth", formatGroundTruth(result)],
    ["the fleet as a fourth server, client that knows it", formatLevelTable(result.levels)],
    ["the fleet as a fourth server, lesson 6's client", formatLevelTable(result.lessonClientLevels)],
    ["eight malformed calls down three paths", formatMalformedTable(result.malformed)],
    ["conditions × policies (virtual clock)", formatConditionTable(result.matrix)],
  ];
  return sections.map(([title, body]) => `## ${title}\n${body}\n`).join("\n");
}
