/**
 * Lesson 7's tables, as its notebook prints them.
 *
 * There is no reference printout for this lesson (reference lesson 004 only announces it); the
 * layout is the course's own (`lessons/textTable.ts`). Each function returns text without a
 * trailing newline.
 */
import { LEVELS } from "../../sim/declaration";
import type { EnvelopeCounts } from "../../sim/envelope";
import type { DiscoveryRow, SentMessage } from "../../client/discovery";
import { describeDrop, type DropVisibilityRow } from "../../client/drops";
import type { ReportedRun } from "../../client/reporting";
import type { ClientRun, GrowthRow } from "../../client/session";
import { formatTextTable, type Cell } from "../textTable";
import type { LevelReportRow, WritingAClientResult } from "./simulate";

const countCells = (c: EnvelopeCounts): Cell[] => [c.request, c.response, c.notification, c.tokens, c.round_trips];
const COUNT_TITLES = ["request", "response", "notification", "tokens", "round trips"];

/** The widest body line of a transcript: the table then stays within 100 characters. */
export const BODY_WIDTH = 56;

/**
 * Splits text at spaces into lines of at most `width` characters (a longer word gets a line of
 * its own).
 */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * Discovery messages one by one: server, kind, body, tokens, round trips. A body wider than
 * {@link BODY_WIDTH} goes on over the next lines, under itself.
 */
export function formatTranscript(messages: readonly SentMessage[]): string {
  return formatTextTable(
    ["server", "kind", "body", "tokens", "round trips"],
    messages.flatMap((m) =>
      wrapWords(m.body, BODY_WIDTH).map((line, i): Cell[] => (i === 0 ? [m.server, m.kind, line, m.tokens, m.roundTrips] : ["", "", line, "", ""])),
    ),
  );
}

/** The sum of discovery rows' counts. */
export function sumDiscovery(rows: readonly DiscoveryRow[]): EnvelopeCounts {
  const total: EnvelopeCounts = { request: 0, response: 0, notification: 0, tokens: 0, round_trips: 0 };
  for (const r of rows) {
    total.request += r.request;
    total.response += r.response;
    total.notification += r.notification;
    total.tokens += r.tokens;
    total.round_trips += r.round_trips;
  }
  return total;
}

/** Discovery cost per server, each on its own envelope, with a total line. */
export function formatDiscoveryTable(rows: readonly DiscoveryRow[]): string {
  return formatTextTable(
    ["server", "transport", "version", "capabilities", ...COUNT_TITLES],
    [
      ...rows.map((r) => [r.server, r.transport, r.version, r.capabilities.join(" "), ...countCells(r)]),
      ["all", "", "-", "", ...countCells(sumDiscovery(rows))],
    ],
  );
}

/** Lesson 6's folded handshake against MCP discovery, for lesson 6's three servers. */
export function formatHandshakeComparison(result: WritingAClientResult): string {
  const h = result.lessonSixHandshake;
  const three = result.discovery.filter((r) => result.world.servers.some((s) => s.name === r.server));
  return formatTextTable(
    ["olcum, tarife, kayit", ...COUNT_TITLES],
    [
      ["lesson 6: yetenek sor / bildir", h.request, h.response, 0, h.tokens, h.round_trips],
      ["lesson 7: MCP discovery", ...countCells(sumDiscovery(three))],
    ],
  );
}

/** Both modes over all tasks, and the difference between them. */
export function formatModeTable(perTask: ClientRun, perSession: ClientRun): string {
  const row = (label: string, run: ClientRun): Cell[] => [label, run.discoveries, run.calls, run.completed, ...countCells(run.total)];
  const gap = (key: keyof EnvelopeCounts) => perTask.total[key] - perSession.total[key];
  return formatTextTable(
    ["discovery", "discoveries", "calls", "completed", ...COUNT_TITLES],
    [
      row("per task", perTask),
      row("per session", perSession),
      ["difference", perTask.discoveries - perSession.discoveries, perTask.calls - perSession.calls, perTask.completed - perSession.completed, gap("request"), gap("response"), gap("notification"), gap("tokens"), gap("round_trips")],
    ],
  );
}

/** Tokens per task ÷ tokens per session, two decimals. */
export function tokenRatio(row: GrowthRow): string {
  return (row.perTask.tokens / row.perSession.tokens).toFixed(2);
}

/** Both modes as the number of tasks grows: tokens, round trips, and the ratio of the two token counts. */
export function formatGrowthTable(rows: readonly GrowthRow[]): string {
  return formatTextTable(
    ["tasks", "tokens, discovery per task", "tokens, discovery per session", "token gap", "round trips, per task", "round trips, per session", "token ratio"],
    rows.map((r) => [r.tasks, r.perTask.tokens, r.perSession.tokens, r.perTask.tokens - r.perSession.tokens, r.perTask.round_trips, r.perSession.round_trips, tokenRatio(r)]),
  );
}

/** Per server: tools listed and kept, calls made, calls that reached the wire or ended in the client. */
export function formatVisibilityTable(rows: readonly DropVisibilityRow[]): string {
  const sum = (key: keyof Omit<DropVisibilityRow, "server">) => rows.reduce((n, r) => n + r[key], 0);
  return formatTextTable(
    ["server", "tools listed", "tools kept", "calls", "reached the wire", "ended in the client"],
    [
      ...rows.map((r) => [r.server, r.listed, r.kept, r.calls, r.reachedWire, r.endedInClient]),
      ["all", sum("listed"), sum("kept"), sum("calls"), sum("reachedWire"), sum("endedInClient")],
    ],
  );
}

/** A client's result, line by line, as it hands it back. */
export function formatClientResult(reported: ReportedRun): string {
  return reported.lines.join("\n");
}

/** The silent and the reporting client: what each sent, and what each handed back. */
export function formatClientComparison(silent: ReportedRun, reporting: ReportedRun): string {
  return formatTextTable(
    ["client", ...COUNT_TITLES, "drops reported", "result lines", "result tokens"],
    [silent, reporting].map((r) => [r.kind, ...countCells(r.run.total), r.reports.length, r.lines.length, r.resultTokens]),
  );
}

/** What the reporting client reports at each level, beside the calls that ended in the client. */
export function formatLevelReports(rows: readonly LevelReportRow[]): string {
  return formatTextTable(
    ["level", "declaration", "negotiated", "dropped", "completed", "ended in the client", "report"],
    rows.flatMap((r) => {
      const lines = r.reports.length ? r.reports.map(describeDrop) : ["-"];
      return lines.map((line, i) => (i === 0 ? [r.level, LEVELS[r.level], r.negotiated, r.dropped, r.completed, r.endedInClient, line] : ["", "", "", "", "", "", line]));
    }),
  );
}

/** All of lesson 7's tables, in the notebook's order, each under a `## title`; ends with a newline. */
export function formatWritingAClient(result: WritingAClientResult): string {
  const sections: [string, string][] = [
    [`discovery of ${result.transcripts.olcum?.[0]?.server ?? "olcum"} (seed ${result.seed})`, formatTranscript(result.transcripts.olcum ?? [])],
    ["discovery cost per server", formatDiscoveryTable(result.discovery)],
    ["lesson 6's handshake against MCP discovery", formatHandshakeComparison(result)],
    ["discovery per task against per session", formatModeTable(result.perTask, result.perSession)],
    ["as tasks grow", formatGrowthTable(result.growth)],
    ["a kept server and the dropped one", formatTranscript([...(result.transcripts.tarife ?? []), ...(result.transcripts.kayit ?? [])])],
    ["where the calls went", formatVisibilityTable(result.visibility)],
    ["silent result", formatClientResult(result.silent)],
    ["reporting result", formatClientResult(result.reporting)],
    ["silent against reporting", formatClientComparison(result.silent, result.reporting)],
    ["reports at each level", formatLevelReports(result.levels)],
  ];
  return sections.map(([title, body]) => `## ${title}\n${body}\n`).join("\n");
}
