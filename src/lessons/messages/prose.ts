/**
 * Lesson 3, "Messages": the sentences that read the tables, as markdown built from the results,
 * so that every number that depends on the seed (or on a real line) is computed.
 */
import { paramsError } from "../../server/requestScreen";
import { worldServed } from "../../server/servedServers";
import { ENVELOPE_TOKENS, envelopeCost } from "../../sim/envelope";
import { countTokens, tokenize } from "../../sim/tokenizer";
import { createWorld } from "../../world/world";
import { code, listing } from "../proseWords";
import { foldedAnswer, wrapMarkdown } from "../wrapProse";
import { validationLead } from "./tables";
import { MESSAGES_LEVEL, statelessAdds, type MessagesSimulation } from "./simulate";
import type { MessagesWire, Revision } from "./wire";

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
    `${sameChannel ? "Channels and codes held" : "Some channel or code changed"}. ${same} error ` +
      `responses are the same line; the ${results.length} results grew ` +
      `${listing(growths.map(String))} bytes.`,
  );
}

/** The five tools called with no arguments: how many answers came on each channel. */
export function readNoArgumentCalls(wire: MessagesWire): string {
  const results = wire.emptyCalls.filter((row) => row.channel === "error result").length;
  const errors = wire.emptyCalls.filter((row) => row.channel === "JSON-RPC error").length;
  return wrapMarkdown(
    `${results} of ${wire.emptyCalls.length} came back as results with ${code("isError: true")}, ` +
      `${errors} as a JSON-RPC error: before the tool ran, each check named every missing required ` +
      `argument (${code("tarife")}'s ${code("tip")} is optional, ` +
      `${code("mesken")} by default).`,
  );
}

/**
 * The seed's first call measured, one revision at a time: for 2025-11-25 its request body walked
 * through the tokenizer (printed before the table), for 2026-07-28 what `_meta` and the result's
 * new words add (printed after it).
 */
export function readFirstCallCost(sim: MessagesSimulation, revision: Revision): string {
  const call = sim.calls[0];
  const request = tokenize(call.requestBody);
  const envelope = sim.envelopeTokens;
  if (revision === "2025-11-25") {
    return wrapMarkdown(
      `The first call's 2025-11-25 request body, ${code(call.requestBody)}, cuts into ` +
        `${listing(request.map(code))}: ${request.length} tokens, ` +
        `${request.length + envelope} with the envelope.`,
    );
  }
  const response = tokenize(call.responseBody).length;
  const adds = statelessAdds(call.server);
  return wrapMarkdown(
    `In 2026-07-28 ${code("_meta")} adds ${adds.request}, ${code(adds.head.join(" "))} and ` +
      `${code(adds.tail.join(" "))} add ${adds.response}: ` +
      `${request.length + adds.request + envelope} and ${response + adds.response + envelope} in all.`,
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

/**
 * Exercise 1's call, as its markdown states it: `kayit_yaz` writing 554 in subscriber `A044`'s
 * `bedel` (charge) column, answered `yazildi: true`. Fixed, so the exercise can be answered from
 * the lesson's text whatever the seed.
 */
export const EXERCISE_RECORD = {
  tool: "kayit_yaz",
  arguments: { abone: "A044", sutun: "bedel", deger: 554 },
  result: { yazildi: true },
} as const;

/**
 * A body as a student writes it from section 5's rule: the tool's name (if any), then each
 * field's name and value, values as JSON spells them (`true`, `554`).
 */
export function jsonBody(
  tool: string,
  fields: Readonly<Record<string, string | number | boolean>>,
): string {
  const words = Object.entries(fields).map(([key, value]) => `${key} ${String(value)}`);
  return [tool, ...words].filter((part) => part !== "").join(" ");
}

/** The expected answers to the exercises, computed from the run where they hold numbers. */
export function messagesSolutions(sim: MessagesSimulation, wire: MessagesWire): string {
  const cut = (body: string) => {
    const tokens = tokenize(body);
    return (
      `${code(body)}: ${listing(tokens.map(code))}, ${tokens.length} tokens, ` +
      `${tokens.length + ENVELOPE_TOKENS} with the envelope`
    );
  };
  const served = worldServed(createWorld(sim.seed), "olcum", MESSAGES_LEVEL);
  const numeric = served.callTool("sayac_oku", { abone: 17 }, 1, "2026-07-28");
  const numericText = String((numeric.content[0] as { text: string }).text);
  const numericReason = numericText.slice(validationLead("sayac_oku").length);
  const listed = paramsError("tools/call", { name: "sayac_oku", arguments: ["A001"] });
  const requests = sim.kinds.find((k) => k.kind === "request")!.messages;
  const servers = [...new Set(sim.calls.map((c) => c.server))].map((server) => ({
    server,
    adds: statelessAdds(server),
    calls: sim.calls.filter((c) => c.server === server).length,
  }));
  const meta = servers[0].adds;
  const identity = servers
    .map(({ server, adds }) => `${countTokens(adds.tail.join(" "))} for ${code(server)}`)
    .join(", ");
  const resultTokens = servers.reduce((sum, { adds, calls }) => sum + adds.response * calls, 0);
  const cancel = "notifications/cancelled 7";
  return [
    foldedAnswer(
      "1. A kayit_yaz call",
      `Request ${cut(jsonBody(EXERCISE_RECORD.tool, EXERCISE_RECORD.arguments))}. Response ` +
        `${cut(jsonBody("", EXERCISE_RECORD.result))}.`,
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
      "3. What 2026-07-28 adds",
      `Each request's ${code("_meta")} adds ${meta.request} tokens, ${meta.request * requests} over the ` +
        `${requests} requests. Each result adds ${code(meta.head.join(" "))}, ` +
        `${countTokens(meta.head.join(" "))} tokens, and its server's identity: ${identity}. The ` +
        `${listing(servers.map(({ server, calls }) => `${calls} from ${code(server)}`))} ` +
        `add ${resultTokens}.`,
    ),
    foldedAnswer(
      "4. Giving up on a call",
      `It SHOULD cancel the request; over stdio that MUST be ` +
        `${code("notifications/cancelled")} naming the id (section 3). Nothing comes back: the ` +
        `server SHOULD stop, and MUST NOT send anything more for it (2026-07-28's stdio page); ` +
        `the client SHOULD ignore a late answer. Its body ${code(cancel)} is ` +
        `${countTokens(cancel)} tokens, ` +
        `${envelopeCost(cancel)} with the envelope.`,
    ),
  ].join("\n\n");
}
