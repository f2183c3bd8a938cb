/**
 * Lesson 3, "Messages": each printed table as text (`formatTextTable`), no line wider than the
 * page.
 */
import { tokenize } from "../../sim/tokenizer";
import { LINE_WIDTH } from "../../notebook/lineWidth";
import { formatTextTable, type Cell } from "../textTable";
import { wrapWords } from "../wrapProse";
import type { MessagesSimulation } from "./simulate";
import type { FailureCase, MessagesWire, Reply } from "./wire";

/** How the tables name each failure: what was sent. */
export const FAILURE_LABELS: Readonly<Record<FailureCase, string>> = {
  "no-subscriber": "sayac_oku for a subscriber not in the world",
  "no-arguments": "sayac_oku with no arguments",
  "unknown-tool": "tarife, a tool olcum does not have",
  "unknown-method": "tools/run, a method no revision has",
  "not-json": "a line cut short: not JSON",
  "no-name": "tools/call with no name",
};

/** A reply in a few words: `result, isError`, `result`, `error -32602`, `error -32700, no id`. */
export function replyWords(reply: Reply): string {
  if (reply.member === "result") return reply.isError ? "result, isError" : "result";
  return `error ${reply.code}${reply.hasId ? "" : ", no id"}`;
}

/**
 * The seed's first call measured both ways: the course's words and their tokens, and the real
 * lines' bytes in each revision.
 */
export function formatFirstCallCost(sim: MessagesSimulation, wire: MessagesWire): string {
  const call = sim.calls[0];
  const bytes = wire.callBytes;
  const row = (kind: "request" | "response", body: string): Cell[] => {
    const tokens = tokenize(body).length;
    return [
      kind,
      body,
      tokens,
      tokens + sim.envelopeTokens,
      bytes["2025-11-25"][kind],
      bytes["2026-07-28"][kind],
    ];
  };
  return [
    formatTextTable(
      ["message", "word body", "body", "+ envelope", "2025-11-25", "2026-07-28"],
      [row("request", call.requestBody), row("response", call.responseBody)],
    ),
    "body, + envelope: tokens (simulator); 2025-11-25, 2026-07-28: bytes of the real line",
  ].join("\n");
}

/** The six failures in both revisions: the reply each got, and its bytes. */
export function formatFailuresByRevision(wire: MessagesWire): string {
  const rows = wire.failures.map(({ failure, reply, sameReply }): Cell[] => [
    FAILURE_LABELS[failure],
    replyWords(reply["2025-11-25"]),
    reply["2025-11-25"].bytes,
    sameReply ? "the same line" : replyWords(reply["2026-07-28"]),
    reply["2026-07-28"].bytes,
  ]);
  return formatTextTable(["sent to olcum", "2025-11-25", "bytes", "2026-07-28", "bytes"], rows);
}

/** The widest a table's text column may be, given the columns before it. */
function textWidth(before: readonly number[]): number {
  return LINE_WIDTH - before.reduce((sum, width) => sum + width + 2, 0);
}

/** The words every no-argument answer of the course's servers opens with, for `tool`. */
export function validationLead(tool: string): string {
  return `Input validation error: Invalid arguments for tool ${tool}: `;
}

/**
 * The five tools called with no arguments: what each server answered, its text wrapped. When
 * every text opens with {@link validationLead}, the table prints what follows it, and says so.
 */
export function formatNoArgumentCalls(wire: MessagesWire): string {
  const calls = wire.emptyCalls;
  const led = calls.every(({ tool, text }) => text.startsWith(validationLead(tool)));
  const widths = [
    Math.max(4, ...calls.map((row) => row.tool.length)),
    Math.max(6, ...calls.map((row) => row.server.length)),
    Math.max(7, ...calls.map((row) => row.channel.length)),
  ];
  const rows: Cell[][] = [];
  for (const { tool, server, channel, text } of calls) {
    const shown = led ? text.slice(validationLead(tool).length) : text;
    wrapWords(shown, textWidth(widths)).forEach((line, k) =>
      rows.push(k === 0 ? [tool, server, channel, line] : ["", "", "", line]),
    );
  }
  const table = formatTextTable(["tool", "server", "channel", "text of the answer"], rows);
  return led
    ? `${table}
each text opens with: ${validationLead("<tool>").trimEnd()}`
    : table;
}

/**
 * The twelve tasks' messages by kind: the simulator's count and tokens (body, envelope, both)
 * beside the course's host's messages and bytes in 2026-07-28, and their totals.
 */
export function formatMessageKinds(sim: MessagesSimulation, wire: MessagesWire): string {
  const rows: Cell[][] = sim.kinds.map((k) => [
    k.kind,
    k.messages,
    k.bodyTokens,
    k.envelopeTokens,
    k.tokens,
    wire.tasks.kinds[k.kind].messages,
    wire.tasks.kinds[k.kind].bytes,
  ]);
  const sum = (column: number) => rows.reduce((total, row) => total + Number(row[column]), 0);
  rows.push(["total", sum(1), sum(2), sum(3), sum(4), sum(5), sum(6)]);
  return [
    formatTextTable(
      ["kind", "messages", "body", "envelope", "tokens", "on the wire", "bytes"],
      rows,
    ),
    "messages, body, envelope, tokens: simulator; on the wire, bytes: the course's host, 2026-07-28",
  ].join("\n");
}
