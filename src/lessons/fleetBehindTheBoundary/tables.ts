/**
 * Lesson 8's tables, as its notebook and `mcp-course simulate --lesson fleet` print them.
 *
 * Every line is at most {@link LINE_WIDTH} characters, for every seed: wide tables are split,
 * long texts wrap in their last column, and abbreviations are spelled out in a key under the
 * table. The layout is the course's own (`lessons/textTable.ts` for the plain tables).
 */
import { LEVELS } from "../../sim/declaration";
import { pyStr } from "../../sim/values";
import { PATH_NAMES, type PathName, type ToolOutcome } from "../../fleet/paths";
import type { FleetLevelRow } from "../../fleet/server";
import type { MalformedRow } from "../../fleet/malformed";
import { FLEET_TOOL_DEFINITIONS, type JsonSchema } from "../../fleet/tools";
import type { TaskTruth } from "../../fleet/groundTruth";
import { validationLead } from "../messages/tables";
import { formatTextTable } from "../textTable";
import { wrapWords } from "../wrapProse";
import type { FleetLessonResult } from "./simulate";
import { LINE_WIDTH } from "../../notebook/lineWidth";
import { formatHttpExchange } from "../httpText";
import type { SlowHttpCall } from "./wire";

/** The words of `text`: split at spaces, except inside a double-quoted span (`"Aeris V3"`). */
function words(text: string): string[] {
  const found: string[] = [];
  let word = "";
  let quoted = false;
  for (const char of text) {
    if (char === " " && !quoted) {
      found.push(word);
      word = "";
      continue;
    }
    if (char === '"') quoted = !quoted;
    word += char;
  }
  found.push(word);
  return found;
}

/**
 * `text` broken at spaces into lines of at most `width` characters ({@link wrapWords}); a
 * double-quoted span is never broken.
 */
export function wrapQuoted(text: string, width: number): string[] {
  return wrapWords(words(text), width);
}

/**
 * A table whose last column wraps: the other columns are padded as {@link formatTextTable} pads
 * text (left-aligned, two spaces between), and the last one wraps to what is left of
 * {@link LINE_WIDTH}, its continuation lines indented under it. A row of one cell is a heading:
 * printed as it is, and left out of the column widths.
 */
function formatWrappedTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const last = header.length - 1;
  const cells = rows.filter((row) => row.length > 1);
  const widths = header
    .slice(0, last)
    .map((title, c) => Math.max(title.length, ...cells.map((row) => row[c].length)));
  const indent = widths.reduce((sum, w) => sum + w + 2, 0);
  const lead = (cells: readonly string[]) =>
    cells
      .slice(0, last)
      .map((cell, c) => cell.padEnd(widths[c]))
      .join("  ");
  const lines = [`${lead(header)}  ${header[last]}`.trimEnd()];
  for (const row of rows) {
    if (row.length === 1) {
      lines.push(row[0]);
      continue;
    }
    const [first, ...more] = wrapQuoted(row[last], LINE_WIDTH - indent);
    lines.push(
      `${lead(row)}  ${first}`.trimEnd(),
      ...more.map((text) => " ".repeat(indent) + text),
    );
  }
  return lines.join("\n");
}

/** Devices per model and under 500 hours, with a total line. */
export function formatFleetTable({ models }: FleetLessonResult): string {
  const rows = models.map((m) => [m.model, m.prefix, m.devices, m.lowHours]);
  rows.push([
    "all",
    "",
    models.reduce((n, m) => n + m.devices, 0),
    models.reduce((n, m) => n + m.lowHours, 0),
  ]);
  return formatTextTable(["model", "prefix", "devices", "under 500 h"], rows);
}

/** Downtime per 100 hours with two decimals (display only; rankings compare exact fractions). */
export function formatRate(downtime: number, hours: number): string {
  return ((downtime * 100) / hours).toFixed(2);
}

/** The task's answer, how it was reached, and the shortcut answer beside it. */
export function formatGroundTruth({ truth }: FleetLessonResult): string {
  const { device, riskLeader, shortcut } = truth;
  const row = (label: string, d: typeof device) => [
    label,
    d.device_id,
    d.model,
    d.operating_hours,
    d.downtime_min,
    formatRate(d.downtime_min, d.operating_hours),
    d.risk_score,
  ];
  return (
    formatTextTable(
      ["", "device", "model", "hours", "downtime min", "per 100 h", "risk"],
      [
        row("task device", device),
        row("its risk leader", riskLeader),
        row("shortcut device", shortcut.device),
        row("its risk leader", shortcut.riskLeader),
      ],
    ) +
    `\n\nanswer    ${truth.answer}\nshortcut  ${shortcut.answer}\n` +
    `${truth.moreRawDowntime} of the ${truth.lowHourCount} devices under 500 h have more raw downtime than the task device`
  );
}

/** What a property's schema accepts, in words: its `enum`, its bounds and default, or any text. */
function accepts(schema: JsonSchema): string {
  if (Array.isArray(schema.enum))
    return schema.enum.map((value) => JSON.stringify(value)).join(", ");
  const { minimum: min, maximum: max } = schema;
  const range =
    max !== undefined
      ? `${String(min)} to ${String(max)}`
      : min !== undefined
        ? `${String(min)} or more`
        : "any text";
  return schema.default !== undefined ? `${range}, default ${String(schema.default)}` : range;
}

/**
 * The three tools' `inputSchema`s as `tools/list` hands them over: a row per property (type,
 * required, what it accepts). Properties that a tool shares with an earlier one (the same schema
 * object) are named on one line, not repeated.
 */
export function formatSchemaTable(): string {
  const seen = new Map<JsonSchema, string>();
  const rows: string[][] = [];
  for (const tool of FLEET_TOOL_DEFINITIONS) {
    const properties = tool.inputSchema.properties as Record<string, JsonSchema>;
    const required = (tool.inputSchema.required ?? []) as readonly string[];
    const shared: string[] = [];
    let first = true;
    for (const [name, schema] of Object.entries(properties)) {
      if (seen.has(schema)) {
        shared.push(name);
        continue;
      }
      seen.set(schema, tool.name);
      rows.push([
        first ? tool.name : "",
        name,
        String(schema.type),
        required.includes(name) ? "yes" : "",
        accepts(schema),
      ]);
      first = false;
    }
    if (shared.length > 0) {
      const from = seen.get(properties[shared[0]]);
      rows.push([
        "",
        "filters",
        "",
        "",
        `the ${shared.length} of ${from}: ${shared[0]} … ${shared[shared.length - 1]}`,
      ]);
    }
  }
  return formatWrappedTable(["tool", "property", "type", "required", "accepts"], rows);
}

/** The three declarations: each tool's `description`, then {@link formatSchemaTable}. */
export function formatToolTable(): string {
  const descriptions = formatWrappedTable(
    ["tool", "description"],
    FLEET_TOOL_DEFINITIONS.map((tool) => [tool.name, tool.description]),
  );
  return `${descriptions}\n\n${formatSchemaTable()}`;
}

/**
 * The fleet chain at four levels for both clients: negotiation beside the lesson-6 servers, the
 * calls, and the envelope; under it the key and each row's first failure.
 */
export function formatLevelTable({ levels, lessonClientLevels }: FleetLessonResult): string {
  const tagged: [string, FleetLevelRow][] = [
    ...levels.map((r): [string, FleetLevelRow] => ["fleet", r]),
    ...lessonClientLevels.map((r): [string, FleetLevelRow] => ["lesson 6", r]),
  ];
  const table = formatTextTable(
    [
      "client",
      "level",
      "negotiated",
      "dropped",
      "calls",
      "failed",
      "count",
      "fetched",
      "messages",
      "tokens",
      "trips",
    ],
    tagged.map(([client, r]) => [
      client,
      r.level,
      r.negotiated,
      r.dropped,
      r.calls,
      r.failed,
      r.count === null ? "-" : pyStr(r.count),
      r.fetched === null ? "-" : pyStr(r.fetched),
      r.request + r.response,
      r.tokens,
      r.round_trips,
    ]),
  );
  const key = [
    "client: fleet = a client that knows the fleet, lesson 6 = lesson 6's client · trips: round trips",
    "messages (requests + responses), tokens, trips: the handshake (yetenek sor to each server), calls",
    `levels: ${LEVELS.map((name, level) => `${level} ${name}`).join(" · ")}`,
  ];
  // Rows that failed alike are named together: "fleet 0", "lesson 6 0-3".
  const failures = new Map<string, string[]>();
  for (const [client, r] of tagged) {
    if (r.failure === null) continue;
    const levelsOf = failures.get(`${client}\u0000${r.failure}`) ?? [];
    failures.set(`${client}\u0000${r.failure}`, [...levelsOf, String(r.level)]);
  }
  const failureRows = [...failures].map(([both, levelsOf]) => {
    const [client, failure] = both.split("\u0000");
    const span =
      levelsOf.length > 1 ? `${levelsOf[0]}-${levelsOf[levelsOf.length - 1]}` : levelsOf[0];
    return [`${client}, level${levelsOf.length > 1 ? "s" : ""} ${span}`, failure];
  });
  return `${table}\n${key.join("\n")}\n\n${formatWrappedTable(["first failure", ""], failureRows)}`;
}

/**
 * How a failure reaches the agent, as a short code: `ok` (a plain result), `isError` (a
 * result with `isError: true`), the JSON-RPC error code for an error response, or `client` when
 * the client failed the call itself. On `direct` no MCP message is sent, so a failed call there
 * is `thrown`: the handler's (or the in-process dispatcher's) thrown error, read as its message.
 *
 * @param path the path the outcome came from; only `direct` changes a code.
 */
export function channelCode(outcome: ToolOutcome, path?: PathName): string {
  if (outcome.channel === "result") return "ok";
  if (outcome.channel === "error result") return path === "direct" ? "thrown" : "isError";
  if (outcome.channel === "client") return "client";
  return outcome.text.match(/^MCP error (-\d+):/)?.[1] ?? "error";
}

/**
 * The reference the `validating` path follows, in {@link channelCode}'s codes, for three kinds of
 * failure: revision 2025-11-25 of the specification (2026-07-28's tools page keeps its rule) and
 * the SDK's high-level `McpServer` of version 2.4 answer them alike.
 *
 * @remarks Source: specification `server/tools.mdx`, "Error Handling", of 2025-11-25 (input
 * validation errors are tool execution errors; changelog, SEP-1303; protocol errors are an
 * unknown tool, a request failing the `CallToolRequest` schema and server errors) and 2026-07-28;
 * `@modelcontextprotocol/server` 2.4.0 `McpServer` (an unknown tool thrown as -32602 before the
 * `try`, an argument or handler failure caught as an error result).
 */
export const REFERENCE_CHANNELS = {
  "invalid arguments": "isError",
  "unknown tool": "-32602",
  "handler throws": "isError",
} as const;

/** A kind of failure of {@link REFERENCE_CHANNELS}. */
type FailureKind = keyof typeof REFERENCE_CHANNELS;

/** The malformed calls the `validating` server refused for their arguments, in table order. */
export function refusedArguments(rows: readonly MalformedRow[]): MalformedRow[] {
  return rows.filter((r) => r.outcomes.validating.text.startsWith(validationLead(r.call.name)));
}

/** The malformed calls that stand for each kind of failure in {@link formatChannelTable}. */
function callsOfKind(rows: readonly MalformedRow[], kind: FailureKind): MalformedRow[] {
  if (kind === "unknown tool") return rows.filter((r) => r.label === "unknown tool");
  if (kind === "handler throws") return rows.filter((r) => r.label === "unknown device id");
  return refusedArguments(rows);
}

/**
 * Three kinds of failure and the channel each path answered them on in this run, the
 * `validating` path first; a path that answered a kind's calls on several channels lists them
 * all (`-32603/ok`).
 */
export function formatChannelTable({ malformed }: FleetLessonResult): string {
  const kinds = Object.keys(REFERENCE_CHANNELS) as FailureKind[];
  const paths: PathName[] = ["validating", "raw", "direct"];
  const ours = (kind: FailureKind, path: PathName) =>
    [...new Set(callsOfKind(malformed, kind).map((r) => channelCode(r.outcomes[path], path)))].join(
      "/",
    );
  return [
    formatTextTable(
      ["failure", ...paths],
      kinds.map((kind) => [kind, ...paths.map((path) => ours(kind, path))]),
    ),
    "validating: as revision 2025-11-25 and SDK 2.4's McpServer answer (2026-07-28 as 2025-11-25)",
    "raw: as the SDK's low-level Server answers a throw · direct: the handler in-process, no MCP",
    "isError: a result with isError: true · ok: a plain result · -32602, -32603: a JSON-RPC error",
    "thrown: an error thrown in the agent's own process, on no MCP channel",
  ].join("\n");
}

/**
 * Each malformed call on each path: the channel and the text the agent reads. Texts that repeat
 * are shortened: `[D]` is the text read on `direct`, `[V]` the validating server's fixed opening
 * ({@link MALFORMED_KEY}; the lesson says so above the table, the printout under it).
 */
export function formatMalformedTable(rows: readonly MalformedRow[]): string {
  const lines: string[][] = [];
  for (const row of rows) {
    const direct = row.outcomes.direct.text;
    lines.push([row.label]);
    // Paths next to each other that read the same, on the same channel, share a line.
    const groups: { paths: PathName[]; outcome: ToolOutcome }[] = [];
    for (const path of PATH_NAMES) {
      const outcome = row.outcomes[path];
      const last = groups[groups.length - 1];
      if (last && last.outcome.channel === outcome.channel && last.outcome.text === outcome.text)
        last.paths.push(path);
      else groups.push({ paths: [path], outcome });
    }
    for (const { paths, outcome } of groups) {
      const { channel, text } = outcome;
      const prefix = validationLead(row.call.name);
      let shown = text;
      if (!paths.includes("direct") && text === direct) shown = "[D]";
      else if (!paths.includes("direct") && text.endsWith(direct) && text.startsWith("MCP error "))
        shown = `${text.slice(0, -direct.length)}[D]`;
      else if (text.startsWith(prefix)) shown = `[V] ${text.slice(prefix.length)}`;
      lines.push([
        `  ${paths.length === PATH_NAMES.length ? "all three" : paths.join(", ")}`,
        channel === "error result" && paths.includes("direct") ? "thrown error" : channel,
        shown,
      ]);
    }
  }
  return formatWrappedTable(["call / path", "channel", "what the agent reads"], lines);
}

/** The key to {@link formatMalformedTable}'s two shortenings, a line each. */
export const MALFORMED_KEY: readonly string[] = [
  "[D]: the text read on direct",
  `[V]: ${validationLead("<tool>").trimEnd()}`,
];

/**
 * The thorough agent's turns on `direct`, as the lesson prints them: a row per turn with its calls,
 * the devices it read in full (those of its bands that fit on a page), the hours read from 0
 * without a gap after it, and what it asked (its bands in hours, `*` marking one halved next turn;
 * the opening and closing turns by what they ask), then a line of totals. A student adds the calls
 * up to the healthy rows' count; the stop is read under the table (`readThoroughTurns`).
 */
export function formatTurnTable({
  thoroughTurns,
}: Pick<FleetLessonResult, "thoroughTurns">): string {
  const last = thoroughTurns.length - 1;
  const read = (turn: (typeof thoroughTurns)[number]) =>
    turn.bands.filter((b) => !b.crowded).reduce((sum, b) => sum + b.devices, 0);
  const header = ["turn", "calls", "devices read", "read to", "asks for (bands in hours)"];
  const rows: string[][] = thoroughTurns.map((turn, k) => {
    const banded = turn.bands.length > 0;
    const what =
      k === 0
        ? "a count and the top 10 by downtime, under 500 hours"
        : k === last && !banded
          ? "the best rate's record and its device type's risk leader"
          : turn.bands.map((b) => `${b.min}-${b.max}${b.crowded ? "*" : ""}`).join(" ");
    return [
      String(k + 1),
      String(turn.calls),
      banded ? String(read(turn)) : "-",
      banded ? String(turn.covered) : "-",
      what,
    ];
  });
  rows.push([
    "all",
    String(thoroughTurns.reduce((sum, t) => sum + t.calls, 0)),
    String(thoroughTurns.reduce((sum, t) => sum + read(t), 0)),
    "",
    "",
  ]);
  // Number columns right-aligned: each cell padded to its column's width before the table pads.
  const widths = header
    .slice(0, 4)
    .map((title, c) => Math.max(title.length, ...rows.map((row) => row[c].length)));
  const aligned = rows.map((row) =>
    row.map((cell, c) => (c > 0 && c < 4 ? cell.padStart(widths[c]) : cell)),
  );
  return [
    formatWrappedTable(header, aligned),
    // The columns are said in the prose before the table; the key keeps only the star.
    ...keyLines(["*: more than 10 devices, halved next turn"]),
  ].join("\n");
}

/**
 * What the thorough agent read on its failed calls, by condition: a row per text, with how many
 * calls came back with it. Under the faults these are the client's own failures (`local: …`).
 */
export function formatFailureTexts({
  failureTexts,
}: Pick<FleetLessonResult, "failureTexts">): string {
  const rows = failureTexts.flatMap(({ condition, texts }) =>
    texts.map(({ text, calls }, k) => [k === 0 ? condition : "", String(calls), text]),
  );
  return [
    formatWrappedTable(["condition", "calls", "what the thorough agent read"], rows),
    "calls: the thorough agent's failed calls that read that text",
  ].join("\n");
}

/** The codes of {@link answerCode}, in the order the key lists them. */
export const ANSWER_CODES = ["right", "shortcut", "gave up", "other", "none"] as const;

/**
 * An answer as the condition table shows it: `right` (the true answer), `shortcut` (the shortcut
 * answer), `gave up` (`<device> vs unknown`), `none`, or `other`.
 */
export function answerCode(answer: string | null, truth: TaskTruth): (typeof ANSWER_CODES)[number] {
  if (answer === null) return "none";
  if (answer === truth.answer) return "right";
  if (answer === truth.shortcut.answer) return "shortcut";
  return answer.endsWith(" vs unknown") ? "gave up" : "other";
}

/**
 * A key under a table: its entries joined by ` · `, as many to a line as fit in
 * {@link LINE_WIDTH}, so that no line ends on a separator and no entry is broken.
 */
export function keyLines(entries: readonly string[]): string[] {
  const lines: string[] = [];
  for (const entry of entries) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 3 + entry.length <= LINE_WIDTH)
      lines[last] += ` · ${entry}`;
    else lines.push(entry);
  }
  return lines;
}

/**
 * The results table: a row per condition × policy, and a key with the answers behind the codes.
 * It counts events (turns, calls, failures, bytes, restarts, stray lines), not time: the virtual
 * clock's charges are assumed constants, not measurements (`simulate --json` keeps `call_micros`).
 */
export function formatConditionTable({
  matrix,
  truth,
}: Pick<FleetLessonResult, "matrix" | "truth">): string {
  const table = formatTextTable(
    ["condition", "agent", "turns", "calls", "errors", "bytes", "restarts", "stray", "answer"],
    matrix.map((r) => [
      r.condition,
      r.policy,
      r.turns,
      r.toolCalls,
      r.toolErrors,
      r.bytes,
      r.restarts,
      r.transportErrors,
      answerCode(r.answer, truth),
    ]),
  );
  const legend = answerLegend({ matrix, truth });
  return [
    table,
    ...keyLines([
      `answer: ${legend[0]}`,
      ...legend.slice(1),
      "errors: failed tool calls, the server's errors or the client's own",
      "stray: stdout lines the client could not parse",
      "bytes: the simulated JSON lines, each with its newline; MCP's opening and tools/list included",
    ]),
  ].join("\n");
}

/** The legend of the answer codes a matrix uses: one `<code> = <answers>` line per code, in ANSWER_CODES' order. */
function answerLegend({ matrix, truth }: Pick<FleetLessonResult, "matrix" | "truth">): string[] {
  return ANSWER_CODES.flatMap((codeOf) => {
    const texts = [
      ...new Set(
        matrix
          .filter((r) => answerCode(r.answer, truth) === codeOf)
          .map((r) => r.answer ?? "no answer"),
      ),
    ];
    return texts.length > 0 ? [`${codeOf} = ${texts.join(", ")}`] : [];
  });
}

/** The key's entry for a failed call: the server's error or the client's own (`local: …`). */
export const FAILED_KEY =
  "failed: calls that ended in an error, from the server or raised by the client";

/**
 * The condition table's MCP part: a row per condition, the same rows in the same order as the
 * agent part's, with what the thorough agent's calls met at the boundary: failures (the server's
 * or the client's own), restarts, stray stdout lines and the simulated bytes (0 on `direct`, which
 * sends no message).
 */
export function formatBoundaryTable({ matrix }: Pick<FleetLessonResult, "matrix">): string {
  const rows = matrix
    .filter((r) => r.policy === "thorough")
    .map((r) => [r.condition, r.toolCalls, r.toolErrors, r.restarts, r.transportErrors, r.bytes]);
  return [
    formatTextTable(["condition", "calls", "failed", "restarts", "stray", "bytes"], rows),
    ...keyLines([
      FAILED_KEY,
      "stray: stdout lines the client could not parse",
      "bytes: the JSON lines with their newlines, MCP's opening and tools/list included",
    ]),
  ].join("\n");
}

/**
 * The condition table's agent part: a row per condition, the MCP part's rows, with each agent's
 * turns, calls and answer.
 */
export function formatAnswerTable({
  matrix,
  truth,
}: Pick<FleetLessonResult, "matrix" | "truth">): string {
  const conditions = [...new Set(matrix.map((r) => r.condition))];
  const of = (condition: string, policy: string) =>
    matrix.find((r) => r.condition === condition && r.policy === policy)!;
  const rows = conditions.map((c) => {
    const [s, t] = [of(c, "shortcut"), of(c, "thorough")];
    return [
      c,
      s.turns,
      s.toolCalls,
      answerCode(s.answer, truth),
      t.turns,
      t.toolCalls,
      answerCode(t.answer, truth),
    ];
  });
  const table = formatTextTable(
    ["condition", "shortcut: turns", "calls", "answer", "thorough: turns", "calls", "answer"],
    rows,
  );
  const legend = answerLegend({ matrix, truth });
  return [table, ...keyLines([`answers: ${legend[0]}`, ...legend.slice(1)])].join("\n");
}

/** All of lesson 8's tables, as `simulate --lesson fleet` prints them, ending with a newline. */
export function formatFleetLesson(result: FleetLessonResult): string {
  const sections: [string, string][] = [
    [`fleet (seed ${result.seed})`, formatFleetTable(result)],
    ["ground truth", formatGroundTruth(result)],
    ["the three tools", formatToolTable()],
    ["the fleet as a fourth server", formatLevelTable(result)],
    ["failures and their channels", formatChannelTable(result)],
    [
      "eight malformed calls down three paths",
      [formatMalformedTable(result.malformed), ...MALFORMED_KEY].join("\n"),
    ],
    ["the thorough agent's turns on direct", formatTurnTable(result)],
    ["conditions × policies (virtual clock)", formatConditionTable(result)],
    ["what the thorough agent read on failed calls", formatFailureTexts(result)],
  ];
  return sections.map(([title, body]) => `## ${title}\n${body}\n`).join("\n");
}

/**
 * The slow call over Streamable HTTP as it crossed (`runSlowHttp`): the command, the POST's header
 * block and body, the answer's header block and its SSE body line by line (`httpText.ts`, as
 * lesson 2 prints an HTTP exchange).
 */
export function formatSlowHttp(call: SlowHttpCall): string {
  return formatHttpExchange(call.command, call.exchange);
}
