/**
 * Lesson 7's tables, as its notebook prints them.
 *
 * The layout is the course's own (`lessons/textTable.ts`). Every line is at most 100 characters,
 * the width a classic Notebook shows without wrapping: the count columns carry short titles
 * (`req`, `resp`, `notif`), glossed by a key line under each table that uses them. Each function
 * returns text without a trailing newline.
 *
 * @remarks Source: there is no reference printout for this lesson (the reference lesson only
 * announces it); the width is the 100 columns a classic Notebook shows without wrapping.
 */
import type { CallToolResult } from "@modelcontextprotocol/client";
import { FLEET_STATE } from "../../fleet/server";
import { FLEET_TOOL_DEFINITIONS } from "../../fleet/tools";
import type { EnvelopeCounts } from "../../sim/envelope";
import type { Fields, Value } from "../../sim/values";
import type { DiscoveryRow, SentMessage } from "../../simulatedClient/discovery";
import { describeDrop } from "../../simulatedClient/drops";
import type { ReportedRun } from "../../simulatedClient/reporting";
import type { ClientRun, GrowthRow } from "../../simulatedClient/session";
import { formatTextTable, type Cell } from "../textTable";
import { foldedLine } from "../transcriptText";
import { wrapWords } from "../wrapProse";
import type { WritingAClientResult } from "./simulate";
import { formatPrefixedNames } from "./toolNames";

const countCells = (c: EnvelopeCounts): Cell[] => [
  c.request,
  c.response,
  c.notification,
  c.tokens,
  c.round_trips,
];

/** The titles of the five count columns. */
export const COUNT_TITLES: readonly string[] = ["req", "resp", "notif", "tokens", "round trips"];

/** The key line under every table with {@link COUNT_TITLES}. */
export const COUNT_KEY =
  "req, resp, notif: requests, responses and notifications; tokens: envelope tokens";

/** The widest body line of a transcript: the table then stays within 100 characters. */
export const BODY_WIDTH = 56;

/**
 * Discovery messages one by one: server, kind, body, tokens, round trips. A body wider than
 * {@link BODY_WIDTH} goes on over the next lines, under itself.
 */
export function formatTranscript(messages: readonly SentMessage[]): string {
  return formatTextTable(
    ["server", "kind", "body", "tokens", "round trips"],
    messages.flatMap((m) =>
      wrapWords(m.body, BODY_WIDTH).map((line, i): Cell[] =>
        i === 0 ? [m.server, m.kind, line, m.tokens, m.roundTrips] : ["", "", line, "", ""],
      ),
    ),
  );
}

/** The sum of discovery rows' counts. */
export function sumDiscovery(rows: readonly DiscoveryRow[]): EnvelopeCounts {
  const total: EnvelopeCounts = {
    request: 0,
    response: 0,
    notification: 0,
    tokens: 0,
    round_trips: 0,
  };
  for (const r of rows) {
    total.request += r.request;
    total.response += r.response;
    total.notification += r.notification;
    total.tokens += r.tokens;
    total.round_trips += r.round_trips;
  }
  return total;
}

/** A table with {@link COUNT_TITLES}, and the key line under it. */
function withCountKey(table: string): string {
  return `${table}\n${COUNT_KEY}`;
}

/** The width of the text column of {@link formatFleetTools}. */
const FLEET_TEXT_WIDTH = 70;

/** An answer's keys, a list of records as its first record's keys: `devices (each: device_id, …)`. */
function answerKeys(answer: Fields): string {
  return Object.entries(answer)
    .map(([key, value]: [string, Value]) => {
      const first = Array.isArray(value) ? value[0] : undefined;
      const inner =
        first !== null && typeof first === "object" && !Array.isArray(first)
          ? Object.keys(first)
          : [];
      return inner.length ? `${key} (each: ${inner.join(", ")})` : key;
    })
    .join(", ");
}

/**
 * The fleet's three tools: each tool's `description` and the arguments of its `inputSchema`, as
 * its `tools/list` declares them, and the keys of the answer it gives the fleet task's call.
 * Text goes on over the next lines, under itself.
 */
export function formatFleetTools(result: WritingAClientResult): string {
  const server = result.servers.find((s) =>
    s.tools.some((t) => t.name === FLEET_TOOL_DEFINITIONS[0].name),
  );
  const state: Fields = { ...FLEET_STATE, device_id: result.fleetAnswer.device_id };
  const rows = FLEET_TOOL_DEFINITIONS.flatMap((definition) => {
    const properties = Object.keys((definition.inputSchema.properties ?? {}) as object);
    const required = (definition.inputSchema.required ?? []) as readonly string[];
    const args = properties.map((p) => (required.includes(p) ? `${p} (required)` : p)).join(", ");
    const tool = server?.tools.find((t) => t.name === definition.name);
    const answer = tool ? answerKeys(tool.handler(state)) : "-";
    const parts: [string, string][] = [
      ["description", definition.description],
      ["arguments", args],
      ["answer", answer],
    ];
    return parts.flatMap(([part, text], p) =>
      wrapWords(text, FLEET_TEXT_WIDTH).map((line, i): Cell[] => [
        p === 0 && i === 0 ? definition.name : "",
        i === 0 ? part : "",
        line,
      ]),
    );
  });
  return formatTextTable(["tool", "part", "text"], rows);
}

/** Discovery cost per server, each on its own envelope, with a total line and the key. */
export function formatDiscoveryTable(rows: readonly DiscoveryRow[]): string {
  return withCountKey(
    formatTextTable(
      ["server", "placement", "version", "capabilities", ...COUNT_TITLES],
      [
        ...rows.map((r) => [
          r.server,
          r.transport,
          r.version,
          r.capabilities.join(" "),
          ...countCells(r),
        ]),
        ["all", "", "-", "", ...countCells(sumDiscovery(rows))],
      ],
    ),
  );
}

/** The tasks (numbered from 1) before which a run sent discovery messages: `every`, or their numbers. */
export function discoveredBefore(run: ClientRun): string {
  const at = run.steps.flatMap((step, i) => (step.discoveryMessages > 0 ? [i + 1] : []));
  return at.length === run.steps.length && at.length > 1 ? "every" : at.join(" ");
}

/** Tokens per task ÷ tokens per session, two decimals. */
export function tokenRatio(row: GrowthRow): string {
  return (row.perTask.tokens / row.perSession.tokens).toFixed(2);
}

/** The key lines under {@link formatGrowthTable}. */
export const GROWTH_KEY: readonly string[] = [
  "per-task: discovery before every task; session: discovery once per session",
  "trips: round trips; token ratio: per-task tokens ÷ session tokens",
];

/** Both modes as the number of tasks grows: tokens, their gap and ratio, round trips; and the key. */
export function formatGrowthTable(rows: readonly GrowthRow[]): string {
  const table = formatTextTable(
    [
      "tasks",
      "per-task tokens",
      "session tokens",
      "token gap",
      "token ratio",
      "per-task trips",
      "session trips",
    ],
    rows.map((r) => [
      r.tasks,
      r.perTask.tokens,
      r.perSession.tokens,
      r.perTask.tokens - r.perSession.tokens,
      tokenRatio(r),
      r.perTask.round_trips,
      r.perSession.round_trips,
    ]),
  );
  return [table, ...GROWTH_KEY].join("\n");
}

/** A client's result, line by line, as it hands it back. */
export function formatClientResult(reported: ReportedRun): string {
  return reported.lines.join("\n");
}

/** The silent and the reporting client's end-of-run reports, each under a caption. */
export function formatClientReports(result: WritingAClientResult): string {
  return [
    "the silent client's report:",
    ...result.silent.lines.map((line) => `  ${line}`),
    "the reporting client's report:",
    ...result.reporting.lines.map((line) => `  ${line}`),
  ].join("\n");
}

/** All of lesson 7's tables, in the notebook's order, each under a `## title`; ends with a newline. */
export function formatWritingAClient(result: WritingAClientResult): string {
  const { transcripts } = result;
  const sections: [string, string][] = [
    ["the fleet's tools", formatFleetTools(result)],
    [`discovery of kayit (seed ${result.seed})`, formatTranscript(transcripts.kayit ?? [])],
    ["discovery cost per server", formatDiscoveryTable(result.discovery)],
    ["two fleet servers, names prefixed", formatPrefixedNames(result.collision)],
    [
      `2026-07-28 discovery of kayit (seed ${result.seed})`,
      formatTranscript(currentDiscoveryOf(result, "kayit")),
    ],
    ["discovery per task, once, cached, per session", formatAllModesTable(result)],
    ["as tasks grow", formatGrowthTable(result.growth)],
    ["silent result", formatClientResult(result.silent)],
    ["reporting result", formatClientResult(result.reporting)],
  ];
  return sections.map(([title, body]) => `## ${title}\n${body}\n`).join("\n");
}

/**
 * One discovery of each server in both revisions: its placement, its tokens in 2025-11-25 and in
 * 2026-07-28, and its round trips (one column when both revisions take the same), with an `all`
 * line. The caption names the host: either, when both hosts' 2026-07-28 runs discover alike.
 */
export function formatDiscoveryByRevision(result: WritingAClientResult): string {
  const { discovery: legacy, currentDiscovery: current } = result;
  const sameTrips = legacy.every((row, i) => row.round_trips === current[i]?.round_trips);
  const trips = (a: EnvelopeCounts, b: EnvelopeCounts): Cell[] =>
    sameTrips ? [b.round_trips] : [a.round_trips, b.round_trips];
  const header = [
    "server",
    "placement",
    "2025-11-25 tokens",
    "2026-07-28 tokens",
    ...(sameTrips ? ["round trips"] : ["2025-11-25 trips", "2026-07-28 trips"]),
  ];
  const [legacyAll, currentAll] = [sumDiscovery(legacy), sumDiscovery(current)];
  const either =
    result.current.once.discovery.tokens === result.mcpHost.once.discovery.tokens &&
    result.mcpHost.once.discovery.tokens === currentAll.tokens;
  return [
    `one discovery of each server, ${either ? "under either host" : "the allowlisting host"}:`,
    formatTextTable(header, [
      ...legacy.map((row, i): Cell[] => [
        row.server,
        row.transport,
        row.tokens,
        current[i]!.tokens,
        ...trips(row, current[i]!),
      ]),
      ["all", "", legacyAll.tokens, currentAll.tokens, ...trips(legacyAll, currentAll)],
    ]),
  ].join("\n");
}

/**
 * Section 3's three tables, each under a caption line: one discovery of each server
 * ({@link formatDiscoveryByRevision}), then two for the host that trusts its servers' hints. The
 * second holds the discovery cadence in 2026-07-28: per task, once and cached. The third sets
 * 2025-11-25's per task against per session. Each row gives the discoveries, the tasks completed,
 * the tokens, the round trips, and the server processes started over stdio (in 2026-07-28 one per
 * local server, kept for all the tasks; in 2025-11-25 one per session with a local server).
 */
export function formatAllModesTable(result: WritingAClientResult): string {
  const local = result.servers.filter((s) => s.transport === "local").length;
  const row = (mode: string, run: ClientRun, processes: number) =>
    [
      mode,
      run.discoveries,
      run.completed,
      run.total.tokens,
      run.total.round_trips,
      processes,
    ] as Cell[];
  const header = [
    "discovery",
    "discoveries",
    "completed",
    "tokens",
    "round trips",
    "local processes",
  ];
  const { mcpHost: mcp, mcpHostSessions: legacy } = result;
  checkSums([mcp.perTask, mcp.once, mcp.cached], sumDiscovery(result.currentDiscovery));
  checkSums([legacy.perTask, legacy.perSession], sumDiscovery(result.discovery));
  const cadence = formatTextTable(header, [
    row("per task", mcp.perTask, local),
    row("once", mcp.once, local),
    row("cached", mcp.cached, local),
  ]);
  const sessions = formatTextTable(header, [
    row("per task", legacy.perTask, legacy.sessions.perTask.local),
    row("per session", legacy.perSession, legacy.sessions.perSession.local),
  ]);
  return [
    formatDiscoveryByRevision(result),
    "",
    "2026-07-28, the allowlisting host:",
    cadence,
    "",
    "2025-11-25, the allowlisting host:",
    sessions,
  ].join("\n");
}

/**
 * The check behind a cadence table: each row's tokens and round trips are its discoveries times
 * one discovery of every server (the first table's `all` line) plus its calls', the same in every
 * row as every client makes the same calls.
 * @throws if a row's calls differ from another's, or its totals from that sum.
 */
function checkSums(runs: ClientRun[], one: EnvelopeCounts): void {
  const { tokens, round_trips: trips } = runs[0]!.work;
  for (const run of runs) {
    if (run.work.tokens !== tokens || run.work.round_trips !== trips)
      throw new Error("the rows of one table differ in their calls");
    if (
      run.total.tokens !== run.discoveries * one.tokens + tokens ||
      run.total.round_trips !== run.discoveries * one.round_trips + trips
    )
      throw new Error("a row's totals are not its discoveries' and its calls'");
  }
}

/** A server's 2026-07-28 discovery messages in the once run: what one discovery of it sends. */
export function currentDiscoveryOf(result: WritingAClientResult, server: string): SentMessage[] {
  return result.current.once.sent.filter((m) => m.server === server && m.method !== "tools/call");
}

/**
 * One discovery of a server, message by message, in 2025-11-25 (`legacy`: its opening and lists
 * as the transcript holds them) or 2026-07-28 (`current`: {@link currentDiscoveryOf}).
 */
export function discoveryOf(
  result: WritingAClientResult,
  era: "legacy" | "current",
  server: string,
): SentMessage[] {
  return era === "legacy" ? (result.transcripts[server] ?? []) : currentDiscoveryOf(result, server);
}

/**
 * Section 4's refusal as the model receives it: the tool result that each host builds itself for
 * the first call that a drop ended in the client, one JSON line per client. The silent client's
 * text is the failure alone; the reporting client's adds the drop's line (`describeDrop`). No
 * server sends either: the host hands it to its own model.
 */
export function formatRefusalResults(result: WritingAClientResult): string {
  const failure = result.reporting.failures.find((f) => f.drop !== undefined);
  if (!failure?.drop) return "no call ended in the client";
  const toModel = (text: string): CallToolResult => ({
    content: [{ type: "text", text }],
    isError: true,
  });
  const silent = toModel(failure.hata);
  const reporting = toModel(`${failure.hata}; ${describeDrop(failure.drop)}`);
  return [
    `the silent client, for the call to ${failure.tool}:`,
    ...foldedLine(JSON.stringify(silent)),
    `the reporting client, for the same call:`,
    ...foldedLine(JSON.stringify(reporting)),
  ].join("\n");
}

/**
 * Section 3's first table taken apart, for a fold under it: each server's one discovery in each
 * revision, message by message, in envelope tokens. A request and its response share a cell
 * (`25 + 19`), the first exchange `initialize` or `server/discover`; 2025-11-25's
 * `notifications/initialized` has its own; `-` where a server sends no such message; `all` is the
 * first table's figure.
 * @throws if a row's messages do not sum to that figure (the table would be false).
 */
export function formatDiscoveryParts(result: WritingAClientResult): string {
  const columns = ["initialize", "notifications/initialized", "tools/list", "resources/list"];
  const methods = [...columns, "prompts/list"];
  const rows: Cell[][] = [];
  const eras = [
    ["2025-11-25", result.discovery, (server: string) => discoveryOf(result, "legacy", server)],
    [
      "2026-07-28",
      result.currentDiscovery,
      (server: string) => discoveryOf(result, "current", server),
    ],
  ] as const;
  for (const [revision, totals, messagesOf] of eras) {
    for (const row of totals) {
      const messages = messagesOf(row.server);
      const opening = (method: string) =>
        method === "initialize" && revision === "2026-07-28" ? "server/discover" : method;
      const cells = methods.map((method) => {
        const of = messages.filter((m) => m.method === opening(method));
        return of.length === 0 ? "-" : of.map((m) => m.tokens).join(" + ");
      });
      const sum = messages.reduce((n, m) => n + m.tokens, 0);
      const counted = messages.filter((m) => methods.map(opening).includes(m.method)).length;
      if (sum !== row.tokens || counted !== messages.length)
        throw new Error(`${row.server}'s ${revision} messages sum to ${sum}, not ${row.tokens}`);
      rows.push([revision, row.server, ...cells, row.tokens]);
    }
  }
  const table = formatTextTable(
    ["revision", "server", "first exchange", "initialized", ...methods.slice(2), "all"],
    rows,
  );
  return [
    "<details><summary>Each discovery, message by message: envelope tokens, request + response</summary>",
    "",
    "```text",
    table,
    "```",
    "</details>",
  ].join("\n");
}
