/**
 * Lesson 3, "Messages": each printed table as text (`formatTextTable`), no line wider than the
 * page.
 */
import { requestParts, resultParts, type BodyPart } from "../../sim/eras";
import { tokenize } from "../../sim/tokenizer";
import { pyStr } from "../../sim/values";
import { SERVER_FACTS } from "../../world/servers";
import { formatTextTable, type Cell } from "../textTable";
import { statelessAdds, type MessagesSimulation } from "./simulate";
import { FIRST_FAILURE_ID, type FailureCase, type MessagesWire, type Reply } from "./wire";

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
 * The seed's first call measured both ways: its 2025-11-25 word body, then in both revisions the
 * body's tokens, its envelope tokens (2026-07-28's body adds `statelessAdds`) and the real lines'
 * bytes.
 */
export function formatFirstCallCost(sim: MessagesSimulation, wire: MessagesWire): string {
  const call = sim.calls[0];
  const adds = statelessAdds(call.server);
  const bytes = wire.callBytes;
  const row = (kind: "request" | "response", body: string): Cell[] => {
    const tokens = tokenize(body).length;
    const now = tokens + adds[kind];
    return [
      kind,
      body,
      `${tokens} / ${now}`,
      `${tokens + sim.envelopeTokens} / ${now + sim.envelopeTokens}`,
      `${bytes["2025-11-25"][kind]} / ${bytes["2026-07-28"][kind]}`,
    ];
  };
  return [
    formatTextTable(
      ["message", "word body in 2025-11-25", "body tokens", "envelope tokens", "bytes"],
      [row("request", call.requestBody), row("response", call.responseBody)],
    ),
    "each pair: 2025-11-25 / 2026-07-28; tokens: the simulator's; bytes: the real line's",
  ].join("\n");
}

/** A part's words as one text, values written as Python's `str()` writes them. */
function partText(part: BodyPart): string {
  return part.words.map((word) => (typeof word === "string" ? word : pyStr(word))).join(" ");
}

/**
 * The seed's first call in 2026-07-28, worked by hand: each part of its request's and its
 * result's word body (`content`, or the protocol field it words), the tokenizer's pieces joined by
 * `|` within a word, and the part's tokens;
 * then each message's body tokens, the envelope's 8 and their sum.
 */
export function formatTokenCuts(sim: MessagesSimulation): string {
  const call = sim.calls[0];
  const server = SERVER_FACTS.find((s) => s.name === call.server)!;
  const messages: ["request" | "response", BodyPart[]][] = [
    ["request", requestParts("stateless", [call.requestBody])],
    ["response", resultParts("stateless", server, false, [call.responseBody])],
  ];
  const rows: Cell[][] = [];
  const totals: string[] = [];
  for (const [kind, parts] of messages) {
    let body = 0;
    parts.forEach((part, k) => {
      const words = partText(part).split(" ");
      const cuts = words.map((word) => tokenize(word).join("|"));
      const tokens = words.reduce((n, word) => n + tokenize(word).length, 0);
      body += tokens;
      rows.push([k === 0 ? kind : "", part.part, cuts.join(" "), tokens]);
    });
    totals.push(`${kind} ${body} + ${sim.envelopeTokens} = ${body + sim.envelopeTokens}`);
  }
  return [
    formatTextTable(["message", "part", "words, cut into tokens (|)", "tokens"], rows),
    `body tokens + ${sim.envelopeTokens} = envelope tokens: ${totals.join("; ")}`,
  ].join("\n");
}

/**
 * The six failures of section 3 in both revisions, one row each: what was sent, the reply's channel
 * and code, and the bytes of the request and of the reply lines (2025-11-25 / 2026-07-28).
 */
export function formatFailuresByRevision(wire: MessagesWire): string {
  const pair = (old: number, now: number) => `${old} / ${now}`;
  const rows = wire.failures.map((row, k): Cell[] => {
    const [old, now] = [replyWords(row.reply["2025-11-25"]), replyWords(row.reply["2026-07-28"])];
    return [
      FIRST_FAILURE_ID + k,
      FAILURE_LABELS[row.failure],
      old === now ? now : `${old} / ${now}`,
      pair(row.request["2025-11-25"], row.request["2026-07-28"]),
      pair(row.reply["2025-11-25"].bytes, row.reply["2026-07-28"].bytes),
    ];
  });
  return [
    formatTextTable(["id", "sent", "reply", "request bytes", "reply bytes"], rows),
    "each pair: 2025-11-25 / 2026-07-28",
  ].join("\n");
}

/** The words every no-argument answer of the course's servers opens with, for `tool`. */
export function validationLead(tool: string): string {
  return `Input validation error: Invalid arguments for tool ${tool}: `;
}
