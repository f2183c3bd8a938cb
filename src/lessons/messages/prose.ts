/**
 * Lesson 3, "Messages": the sentences that read the tables, as markdown built from the results,
 * so that every number that depends on the seed (or on a real line) is computed.
 */
import { paramsError, statelessMetaError } from "../../server/requestScreen";
import {
  CLIENT_CAPABILITIES_KEY,
  CLIENT_INFO_KEY,
  PROTOCOL_VERSION_KEY,
  STATELESS_REVISION,
} from "../../protocol/revisions";
import { worldServed } from "../../server/servedServers";
import { countTokens } from "../../sim/tokenizer";
import { createWorld } from "../../world/world";
import { code, listing } from "../proseWords";
import { foldedAnswer, wrapMarkdown } from "../wrapProse";
import { validationLead } from "./tables";
import { MESSAGES_LEVEL, statelessAdds, type MessagesSimulation } from "./simulate";
import type { MessagesWire } from "./wire";

/** The seed, what it draws, and whose meter its first call reads. */
export function describeMessagesSeed(sim: MessagesSimulation): string {
  const first = sim.calls[0];
  return wrapMarkdown(
    `This run uses **seed ${sim.seed}** (60 subscribers, ${sim.tasks} tasks); its first call ` +
      `reads ${code(String(first.arguments.abone))}.`,
  );
}

/** What `_meta` and the result's new members add to the first call, in bytes. */
export function callGrowth(wire: MessagesWire): { request: number; response: number } {
  const [legacy, stateless] = [wire.callBytes["2025-11-25"], wire.callBytes["2026-07-28"]];
  return {
    request: stateless.request - legacy.request,
    response: stateless.response - legacy.response,
  };
}

/** What the new members add to the first call's bytes (the transcripts print both lines). */
export function readCallRevisions(wire: MessagesWire): string {
  const growth = callGrowth(wire);
  return wrapMarkdown(
    `${code("_meta")} adds ${growth.request} bytes to the call; ${code("resultType")} and the ` +
      `server's identity add ${growth.response} to its result.`,
  );
}

/** The six failures across the revisions: channels kept, which lines are equal, what grew. */
export function readFailuresByRevision(wire: MessagesWire): string {
  const sameChannel = wire.failures.every(
    ({ reply }) =>
      reply["2025-11-25"].member === reply["2026-07-28"].member &&
      reply["2025-11-25"].code === reply["2026-07-28"].code,
  );
  const errors = wire.failures.filter((row) => row.reply["2025-11-25"].member === "error");
  const results = wire.failures.filter((row) => row.reply["2025-11-25"].member === "result");
  const sameErrors = errors.filter((row) => row.sameReply).length;
  const growths = [
    ...new Set(results.map((row) => row.reply["2026-07-28"].bytes - row.reply["2025-11-25"].bytes)),
  ];
  const same =
    sameErrors === errors.length ? `All ${errors.length}` : `${sameErrors} of ${errors.length}`;
  return wrapMarkdown(
    `${sameChannel ? "Each failure came on the same channel, with the same code, in both revisions" : "Some channel or code changed between the revisions"}. ${same} error ` +
      `responses are the same line; the ${results.length} results grew ` +
      `${listing(growths.map(String))} bytes.`,
  );
}

/** The five tools called with no arguments: how many answers came on each channel. */
export function readNoArgumentCalls(wire: MessagesWire): string {
  const results = wire.emptyCalls.filter((row) => row.channel === "error result").length;
  const errors = wire.emptyCalls.filter((row) => row.channel === "JSON-RPC error").length;
  return wrapMarkdown(
    `The course's host, in 2026-07-28, also called each of its five tools once with ` +
      `${code("arguments: {}")}: ${results} of ${wire.emptyCalls.length} came back as results with ` +
      `${code("isError: true")}, ${errors} as a JSON-RPC error. Before the tool ran, each check named every missing required ` +
      `argument (${code("tarife")}'s ${code("tip")} is optional, ` +
      `${code("mesken")} by default).`,
  );
}

/**
 * The one comparison section 4 draws from its table: what 2026-07-28's new members add to the
 * first call in envelope tokens, beside the bytes section 2 measured.
 */
export function readFirstCallCost(sim: MessagesSimulation, wire: MessagesWire): string {
  const adds = statelessAdds(sim.calls[0].server);
  const growth = callGrowth(wire);
  return wrapMarkdown(
    `In 2026-07-28 ${code("_meta")} adds ${adds.request} tokens and ${growth.request} bytes to ` +
      `the call; ${code("resultType")} and the server's identity add ${adds.response} tokens and ` +
      `${growth.response} bytes to its result.`,
  );
}

/** The lesson's summary, as a bullet list computed from the run. */
export function summarizeMessages(sim: MessagesSimulation, wire: MessagesWire): string {
  const growth = callGrowth(wire);
  const errors = wire.failures.filter((row) => row.reply["2025-11-25"].member === "error");
  const results = wire.failures.length - errors.length;
  const call = sim.calls[0];
  const adds = statelessAdds(call.server);
  const first = {
    request: countTokens(call.requestBody) + sim.envelopeTokens,
    response: countTokens(call.responseBody) + sim.envelopeTokens,
  };
  return wrapMarkdown(
    [
      `- A request gets one response, a notification none. In 2026-07-28 only clients send requests; ${code("_meta")} made one call ` +
        `${growth.request} bytes longer, ` +
        `${code("resultType")} and ${code("serverInfo")} its result ${growth.response}.`,
      `- Needing the user mid-call, a 2026-07-28 server answers ${code('"input_required"')} ` +
        `(${code("inputRequests")}, ${code("requestState")}); the client retries with a new id, ` +
        `${code("inputResponses")} and the state echoed.`,
      `- Six failures: ${results} ${code("isError")} results, ${errors.length} JSON-RPC errors; ` +
        `invalid arguments come either way.`,
      `- Envelope tokens: a body's tokens plus ${sim.envelopeTokens}. The first call cost ` +
        `${first.request} and ${first.response} in 2025-11-25, ${first.request + adds.request} and ` +
        `${first.response + adds.response} in 2026-07-28, whose bodies add ${code("_meta")} and ` +
        `${code("resultType")}. Tokens count words, bytes JSON.`,
    ].join("\n"),
  );
}

/** Exercise 3's three `_meta`s: one key left out, or the version changed, each in turn. */
function exerciseMetas(): Record<"a" | "b" | "c", Record<string, unknown>> {
  const full = {
    [PROTOCOL_VERSION_KEY]: STATELESS_REVISION,
    [CLIENT_INFO_KEY]: { name: "mcp-course", version: "0" },
    [CLIENT_CAPABILITIES_KEY]: {},
  };
  const without = (key: string) =>
    Object.fromEntries(Object.entries(full).filter(([k]) => k !== key));
  return {
    a: without(CLIENT_INFO_KEY),
    b: without(CLIENT_CAPABILITIES_KEY),
    c: { ...full, [PROTOCOL_VERSION_KEY]: "2025-11-25" },
  };
}

/** The expected answers to the exercises, computed from the run where they hold numbers. */
export function messagesSolutions(sim: MessagesSimulation, wire: MessagesWire): string {
  const served = worldServed(createWorld(sim.seed), "olcum", MESSAGES_LEVEL);
  const numeric = served.callTool("sayac_oku", { abone: 17 }, 1, "2026-07-28");
  const numericText = String((numeric.content[0] as { text: string }).text);
  const numericReason = numericText.slice(validationLead("sayac_oku").length);
  const listed = paramsError("tools/call", { name: "sayac_oku", arguments: ["A001"] });
  const metas = exerciseMetas();
  const metaAnswer = (key: "a" | "b" | "c") => {
    const params = { name: "sayac_oku", arguments: { abone: "A001" }, _meta: metas[key] };
    const error = statelessMetaError(params);
    return error === undefined
      ? `(${key}) The result: ${code("clientInfo")} is only a SHOULD.`
      : `(${key}) A JSON-RPC error, ${error.code}: "${error.message}"`;
  };
  return [
    foldedAnswer(
      "1. Two calls in flight",
      `(a) The second call: a response carries its request's id, so the client matches answers ` +
        `by id, not by the order they come in. (b) Id 5, not id 4: in 2026-07-28 an id MUST NOT ` +
        `be one the sender has issued and not yet received a response for (${code("basic/index.mdx")}, ` +
        `"Requests"). (c) Neither: in 2025-11-25 an id MUST NOT have been used before by the ` +
        `same sender in the session.`,
    ),
    foldedAnswer(
      "2. Three requests, three channels",
      `(a) A result with ${code("isError: " + String(numeric.isError === true))}, invalid ` +
        `arguments: "${numericReason}". (b) A ` +
        `JSON-RPC error, ${listed?.code}: the request does not fit ${code("tools/call")}'s ` +
        `shape ("${listed?.message}"). (c) A JSON-RPC error, ${wire.withoutMeta.code}, as ` +
        `section 2's second call: without ${code("_meta")} any 2026-07-28 request is malformed.`,
    ),
    foldedAnswer(
      "3. Three _meta, one key off",
      `${metaAnswer("a")} ${metaAnswer("b")} ${metaAnswer("c")} A version the server does not take in ` +
        `${code("_meta")} gets -32022, ${code("UnsupportedProtocolVersionError")} ` +
        `(${code("basic/versioning.mdx")}).`,
    ),
    foldedAnswer(
      "4. Giving up on a call",
      `It SHOULD cancel the request; over stdio that MUST be ` +
        `${code("notifications/cancelled")} with ${code("requestId")} 7 (section 3). Nothing ` +
        `comes back: the server SHOULD stop, and MUST NOT send anything more for it ` +
        `(2026-07-28's stdio page); the client SHOULD ignore a late answer. Its library reports ` +
        `the timeout as a local error with no code, not as an error from the server.`,
    ),
  ].join("\n\n");
}
