/**
 * Lesson 6's tables, printed exactly as the reference lesson prints them.
 *
 * Source: reference lesson 004, the `print` calls of "Handler and Declaration" and "The Count at
 * Four Levels". Column widths, spacing and the Python reprs are the reference's; the golden test
 * holds the output for seed 20260218 against the reference's printed blocks byte for byte. The
 * lesson's table of its own, the MCP form of the declarations, and its transcripts are not the
 * reference's. Each function returns text without a trailing newline.
 */
import { ALL_LEVELS, LEVELS, type ServerDeclaration } from "../../sim/declaration";
import type { HandshakeRow, RunRow } from "../../world/runTasks";
import { worldToolList } from "../../server/declarations";
import { left, pyRepr, PyTuple, right } from "../pythonFormat";
import { LINE_WIDTH } from "../../notebook/lineWidth";
import { formatWireLines, type ShownTranscript } from "../transcriptText";
import { formatHttpExchange } from "../httpText";
import { isTranscriptLine, type Transcript } from "../../wireClient/lineExchange";
import {
  SHOWN_SERVER,
  SHOWN_TOOL,
  type GateReadingRow,
  type WideRow,
  type WritingAServerResult,
} from "./simulate";
import type { MinimalHttpRun } from "./wire";
import { formatTextTable, type Cell } from "../textTable";
import { handshakeMessages } from "../handshakeText";

const levelLabel = (level: number) => `${level} ${left(LEVELS[level], 27)}`;

/** The first table: the shown server's declaration of the shown tool at each level. */
export function formatDeclarationTable(declarations: readonly ServerDeclaration[]): string {
  const lines = [
    `level                         declaration of the ${SHOWN_SERVER} server ( ${SHOWN_TOOL} )`,
  ];
  declarations.forEach((declaration, level) => {
    const face = declaration.tools[SHOWN_TOOL] ?? {};
    const shown: Record<string, PyTuple | boolean> = {};
    if (face.fields !== undefined) shown.fields = new PyTuple(face.fields);
    if (face.sideEffect !== undefined) shown.side_effect = face.sideEffect;
    lines.push(`${levelLabel(level)} version ${declaration.version ?? "-"} , ${pyRepr(shown)}`);
  });
  return lines.join("\n");
}

/**
 * The bytes of the world servers' `tools/list` results at levels 0–3: each server's result
 * (`{"tools": [...]}`, as `worldToolList` builds it) as JSON, in UTF-8, summed over the servers.
 */
export function mcpToolListBytes(result: WritingAServerResult): number[] {
  return ALL_LEVELS.map((level) =>
    result.world.servers.reduce(
      (sum, server) =>
        sum + Buffer.byteLength(JSON.stringify({ tools: worldToolList(server, level) })),
      0,
    ),
  );
}

/** JSON text broken after commas into lines of at most `width` characters (a longer piece stands alone). */
function breakJson(json: string, width: number): string[] {
  const pieces = json.split(/(?<=,)/);
  const lines: string[] = [""];
  for (const piece of pieces) {
    const last = lines[lines.length - 1];
    if (last !== "" && last.length + piece.length > width) lines.push(piece);
    else lines[lines.length - 1] = last + piece;
  }
  return lines;
}

/**
 * The shown tool as MCP's `tools/list` lists it at each level (`worldToolList`), beside the
 * bytes of all the world servers' `tools/list` results at that level ({@link mcpToolListBytes}).
 * Level 3 adds nothing to a tool: its row says so. Lines are at most {@link LINE_WIDTH} characters.
 */
export function formatMcpDeclarations(result: WritingAServerResult): string {
  const server = result.world.servers.find((s) => s.name === SHOWN_SERVER)!;
  const bytes = mcpToolListBytes(result);
  const lead = 37;
  const lines = [`${left("level", 29)} ${right("bytes", 5)}  ${SHOWN_TOOL} in MCP's tools/list`];
  let previous = "";
  for (const level of ALL_LEVELS) {
    const json = JSON.stringify(
      worldToolList(server, level).find((tool) => tool.name === SHOWN_TOOL),
    );
    const shown =
      json === previous
        ? [`as at level ${level - 1}: a server's version is no part of a tool`]
        : breakJson(json, LINE_WIDTH - lead);
    previous = json;
    shown.forEach((text, i) =>
      lines.push(
        i === 0
          ? `${levelLabel(level)} ${right(bytes[level], 5)}  ${text}`
          : `${" ".repeat(lead)}${text}`,
      ),
    );
  }
  lines.push(
    `bytes: the JSON of the ${result.world.servers.length} servers' tools/list results (2025-11-25: tools only)`,
  );
  return lines.join("\n");
}

/** The handshake table, and the line naming the tools negotiated at the full level. */
export function formatHandshakeTable(
  rows: readonly HandshakeRow[],
  negotiatedAtFull: readonly string[],
): string {
  const lines = [
    "level                         negotiated dropped request response tokens round trips",
  ];
  for (const r of rows) {
    lines.push(
      `${levelLabel(r.level)} ${right(r.negotiated, 10)} ${right(r.dropped, 7)} ${right(r.request, 7)} ${right(r.response, 8)}` +
        ` ${right(r.tokens, 6)} ${right(r.round_trips, 11)}`,
    );
  }
  lines.push(`negotiated at full level : ${pyRepr(negotiatedAtFull)}`);
  return lines.join("\n");
}

/** The twelve-task table: one row per level. */
export function formatRunTable(rows: readonly RunRow[]): string {
  const lines = [
    "level                         negotiated calls failed completed request response tokens",
  ];
  for (const r of rows) {
    lines.push(
      `${levelLabel(r.level)} ${right(r.negotiated, 10)} ${right(r.calls, 5)} ${right(r.failed, 6)}` +
        ` ${right(r.completed, 9)} ${right(r.request, 7)} ${right(r.response, 8)} ${right(r.tokens, 6)}`,
    );
  }
  return lines.join("\n");
}

/** The second-run line: completed tasks and tokens per level with tasks drawn from seed + 1. */
export function formatSecondRunLine(secondRun: WritingAServerResult["secondRun"]): string {
  const completed = secondRun.runs.map((r) => r.completed);
  const tokens = secondRun.runs.map((r) => r.tokens);
  return `second run ( task seed ${secondRun.seed} ) completed : ${pyRepr(completed)} , tokens : ${pyRepr(tokens)}`;
}

/** The wide-allowlist table: `kayit_yaz` allowed, with and without approval. */
export function formatWideTable(rows: readonly WideRow[]): string {
  const lines = ["wide allowlist ( kayit_yaz added ) negotiated blocked written completed"];
  for (const r of rows) {
    lines.push(
      `level ${r.level} , approval ${left(String(r.approval), 5)}           ${right(r.negotiated, 10)}` +
        ` ${right(r.blocked, 7)} ${right(r.written, 7)} ${right(r.completed, 9)}`,
    );
  }
  return lines.join("\n");
}

/**
 * The lesson's own table, not the reference's: the wide allowlist at each level without approval,
 * a tool with no `annotations` read by the schema's defaults (the rows whose reading is `mcp`):
 * calls made, `tools/call` requests sent, calls blocked, records written, tasks completed.
 */
export function formatGateTable(rows: readonly GateReadingRow[]): string {
  const lines = [`${left("level", 29)} calls  sent  blocked  written  completed`];
  for (const r of rows.filter((row) => row.reading === "mcp")) {
    lines.push(
      `${levelLabel(r.level)} ${right(r.calls, 5)} ${right(r.sent, 5)}` +
        ` ${right(r.blocked, 8)} ${right(r.written, 8)} ${right(r.completed, 10)}`,
    );
  }
  return lines.join("\n");
}

/**
 * The two printed blocks of the reference, in order, separated by one blank line:
 * declaration and handshake ("Handler and Declaration"), then the runs, the second run and the
 * wide allowlist ("The Count at Four Levels"). Ends with a newline.
 */
export function formatWritingAServer(result: WritingAServerResult): string {
  const first = [
    formatDeclarationTable(result.declarations),
    "",
    formatHandshakeTable(result.handshake, result.negotiatedAtFull),
  ];
  const second = [
    formatRunTable(result.runs),
    formatSecondRunLine(result.secondRun),
    "",
    formatWideTable(result.wide),
  ];
  return `${first.join("\n")}\n\n${second.join("\n")}\n`;
}

/**
 * The real server's lines (`wire.ts`): the command that starts the same server, then each line
 * under who wrote it and its bytes (those it crossed with), cut into pieces that fit the page: a
 * client line with its `_meta` written `{…}` (lesson 5 showed it), a server line exactly as it
 * crossed. A line that repeats one of `shown` is named, not printed again.
 */
export function formatServedLines(
  transcript: Transcript,
  shown: readonly ShownTranscript[] = [],
): string {
  return servedLines(transcript, shown, false);
}

/**
 * The minimal server's lines: the command, then each line as it crossed, cut to fit the page (its
 * bytes those it crossed with); the first request prints its `_meta` whole, later ones `{…}`. With
 * `continued`, the lines go on from a part already printed: no command, every `_meta` `{…}`.
 */
export function formatMinimalServerLines(
  transcript: Transcript,
  { continued = false }: { continued?: boolean } = {},
): string {
  return servedLines(transcript, [], !continued, !continued);
}

/**
 * The minimal server over Streamable HTTP as it crossed ({@link MinimalHttpRun}): the command, the
 * POST as its heading and a note (it carries the stdio call's JSON, with lesson 2's headers), and
 * the answer's header block and body (`httpText.ts`, as lessons 2 and 8 print an exchange).
 */
export function formatMinimalHttp(run: MinimalHttpRun): string {
  const requestNote = "POST /mcp, the call for A001 above, with lesson 2's headers";
  return formatHttpExchange(run.command, run.exchange, { requestNote });
}

/**
 * Both printers above: the command if `withCommand`, then the lines, client lines' `_meta`
 * written `{…}`, but for the first if `firstMeta`.
 */
function servedLines(
  transcript: Transcript,
  shown: readonly ShownTranscript[],
  firstMeta: boolean,
  withCommand = true,
): string {
  const out = withCommand ? [`$ ${transcript.command}`] : [];
  let metaShown = !firstMeta;
  for (const step of transcript.steps) {
    const client = isTranscriptLine(step) && step.from === "client";
    out.push(
      ...formatWireLines([step], { lines: "folded", elideMeta: client && metaShown }, shown),
    );
    if (client) metaShown = true;
  }
  return out.join("\n");
}

/**
 * The simulator's handshake with each world server, printed once: each request and its answer,
 * in the simulator's words, each priced in envelope tokens (the body's and the envelope's 8), as
 * the handshake table's rows count them. The same at every level.
 */
export function formatHandshakeMessages(result: WritingAServerResult): string {
  const messages = handshakeMessages(result.world.servers);
  // The messages alternate: each server's request, then its response.
  const rows: Cell[][] = [];
  for (let i = 0; i + 1 < messages.length; i += 2) {
    const [request, answer] = [messages[i], messages[i + 1]];
    rows.push([request.body, request.cost, answer.body, answer.cost]);
  }
  return formatTextTable(["request", "tokens", "answer", "tokens"], rows);
}
