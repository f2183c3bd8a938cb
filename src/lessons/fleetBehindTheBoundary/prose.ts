/**
 * Lesson 8's readings of its tables, written from the run so that they stay true for any seed.
 *
 * Every number in these paragraphs comes from a {@link FleetLessonResult}; where a claim might
 * not hold for another seed (two paths agreeing, an agent recovering), the paragraph checks it
 * and says what it finds. Each function returns markdown for `tslab.display.markdown`, its
 * paragraphs and list items wrapped at 100 columns (`wrapMarkdown`).
 */
import { LATENCY_MICROS, CRASH_ON_CALL, CONDITIONS } from "../../fleet/conditions";
import { WAVE_BANDS } from "../../fleet/agents";
import { FLEET_SIZE, LOW_HOURS, MAX_ROWS } from "../../fleet/catalog";
import { TASK_QUESTION } from "../../fleet/groundTruth";
import type { AgentRunRecord } from "../../fleet/runAgents";
import { FLEET_VERSION, PATH_NAMES } from "../../fleet/paths";
import { FLEET_TOOL_DEFINITIONS } from "../../fleet/tools";
import { PROTOCOL_VERSION } from "../../fleet/protocol";
import { ENVELOPE_TOKENS } from "../../sim/envelope";
import { channelCode, formatRate, msPerCall } from "./tables";
import type { FleetLessonResult } from "./simulate";
import { code, listing, ordinal, plural } from "../proseWords";
import { wrapMarkdown } from "../wrapProse";

const n = (value: number) => value.toLocaleString("en-US");
const ms = (micros: number) =>
  (micros / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 });
/** A per-call time in ms with three decimals, as the condition table prints it. */
const perCall = (micros: number) => (micros / 1000).toFixed(3);

/** The record of one condition × policy. */
function record(result: FleetLessonResult, condition: string, policy: string): AgentRunRecord {
  const found = result.matrix.find((r) => r.condition === condition && r.policy === policy);
  if (!found) throw new Error(`no run for ${condition} × ${policy}`);
  return found;
}

/** A malformed call's row by its label. */
function malformedRow(
  result: FleetLessonResult,
  label: string,
): FleetLessonResult["malformed"][number] {
  const found = result.malformed.find((r) => r.label === label);
  if (!found) throw new Error(`no malformed call labelled ${label}`);
  return found;
}

/** The opening line: which seed this run used and what it decides. */
export function describeFleetSeed(result: FleetLessonResult): string {
  return wrapMarkdown(
    `This run uses **seed ${result.seed}**: it draws the ${result.fleet.devices.length} devices and the three lesson-6 ` +
      `servers beside them; agents, paths and faults are scripts.`,
  );
}

/** A reading of the fleet table. */
export function readFleet(result: FleetLessonResult): string {
  const { truth } = result;
  const share = Math.round((truth.lowHourCount * 100) / FLEET_SIZE);
  return wrapMarkdown(
    `${truth.lowHourCount} of the ${FLEET_SIZE} devices (${share}%) have run fewer than ` +
      `${LOW_HOURS} hours, the devices the question is about.`,
  );
}

/** The question the agents are given, as a quotation. */
export function quoteQuestion(): string {
  return wrapMarkdown(`> ${TASK_QUESTION}`);
}

/** A reading of the ground-truth table. */
export function readGroundTruth(result: FleetLessonResult): string {
  const { truth } = result;
  const d = truth.device;
  const s = truth.shortcut.device;
  const leaderSame = truth.riskLeader === d;
  return wrapMarkdown(
    [
      `The answer is **${truth.answer}**: ${code(d.device_id)} lost ${plural(d.downtime_min, "minute")} in ` +
        `${plural(d.operating_hours, "hour")}, ${formatRate(d.downtime_min, d.operating_hours)} per 100 hours, the most under ` +
        `${LOW_HOURS} hours. ` +
        (leaderSame
          ? `It is also the highest-risk ${d.model}, so the comparison names it twice.`
          : `Its risk score is ${d.risk_score}, its model's highest ${truth.riskLeader.risk_score} (${code(truth.riskLeader.device_id)}).`),
      `By raw downtime ${truth.moreRawDowntime} of the ${truth.lowHourCount} low-hour devices have more, so no ` +
        `${MAX_ROWS}-row ${code("top_devices")} page by raw downtime shows it. That ranking answers ` +
        `**${truth.shortcut.answer}**: ${code(s.device_id)} has the most raw downtime (${s.downtime_min} minutes) but over ` +
        `${s.operating_hours} hours, only ${formatRate(s.downtime_min, s.operating_hours)} per 100 hours; the generator ` +
        `makes this so for every seed.`,
    ].join("\n\n"),
  );
}

/** A reading of the level table: the fleet as a fourth server, for both clients. */
export function readLevels(result: FleetLessonResult): string {
  const [names, fields, , full] = result.levels;
  const lesson6 = result.lessonClientLevels;
  const fleetTools = FLEET_TOOL_DEFINITIONS.length;
  const othersLow = lesson6[0].dropped - fleetTools;
  const othersFull = lesson6[3].dropped - fleetTools;
  const remoteRequests = names.round_trips - names.request;
  const refusal = String(lesson6[0].failure).split(": ")[1];
  return wrapMarkdown(
    [
      `**With the client that knows the fleet** (lesson 7's ${code("FLEET_POLICY")}), level 0 sends its calls without ` +
        `arguments. ${code("count_devices")} requires none, so it answers for the whole fleet, ${String(names.count)} devices, ` +
        `not the ${String(fields.count)} under ${LOW_HOURS} hours meant, and nothing says so. ${code("top_devices")} needs ${code("field")} and fails, ending the chain after ` +
        `${plural(names.calls, "call")}. Its ${names.request} requests are one ${code("yetenek sor")} ("ask capabilities") per ` +
        `server and the ${names.calls} calls; they make ${names.round_trips} round trips because ` +
        `${listing(result.remoteServers.map(code))} are remote (${remoteRequests} extra). From level 1 the chain runs: ` +
        `${plural(fields.calls, "call")}, ${n(fields.tokens)} tokens, and ${code(String(fields.fetched))} fetched, the ` +
        `raw-downtime leader. Level 3 agrees ${full.negotiated} tools instead of ${fields.negotiated}: ${code("kayit")} declares ` +
        `a version the client does not know and is dropped, the course's convention from lesson 6, not MCP's (its current ` +
        `revision says a client SHOULD NOT let ${code("serverInfo")} change its behaviour).`,
      `**With lesson 6's client** the fleet's tools are refused by the allowlist at levels 0 to 2, and at level 3 the ` +
        `whole server is dropped first (version ${FLEET_VERSION} is unknown to it). ` +
        (othersLow === 1 && othersFull === 2
          ? `The other 2 tools dropped at level 3 are ${code("kayit")}'s, as in lesson 6. `
          : `Beside the fleet's ${fleetTools}, ${plural(othersLow, "tool")} of the water servers ${othersLow === 1 ? "is" : "are"} dropped at levels 0 to 2 and ${othersFull} at level 3. `) +
        `Each attempt ends in the client with ${code(refusal)} ("tool not declared"): the ${lesson6[0].request} requests are ` +
        `the handshake alone.`,
    ].join("\n\n"),
  );
}

/**
 * A reading of the channel table: what our validating server does against the revision our
 * client offers and the current one, and what the SDK did and does.
 */
export function readChannels(result: FleetLessonResult): string {
  const limit = malformedRow(result, "limit as a string").outcomes;
  const tool = malformedRow(result, "unknown tool").outcomes;
  return wrapMarkdown(
    [
      `Revision ${PROTOCOL_VERSION} lists invalid arguments among protocol errors but gives them no code, and lists ` +
        `invalid input data among tool execution errors (as every revision from 2024-11-05 did): our ${code("validating")} ` +
        `server's ${code(channelCode(limit.validating))}, JSON-RPC's "Invalid params", is the course's reading of an ` +
        `outdated rule. 2025-11-25 made input validation errors tool execution errors, which a model can read and correct; ` +
        `SDK 1.x already sent ${code("isError: true")} results whose text began ${code("MCP error -32602:")}. The code in a text is no proof of its channel: our validating server's ${code(tool.validating.text)} arrives as ` +
        `${tool.validating.channel === "error result" ? "an error result" : `a ${tool.validating.channel}`}, as SDK 1.x sends ` +
        `it, where every revision asks for a protocol error. ${code("raw")} answers every failure with ` +
        `${code(channelCode(tool.raw))}, as the low-level ${code("Server")} does when a handler throws. On ${code("raw")} and ` +
        `${code("direct")} only the handler checks arguments, so an invalid one is refused in its words or quietly answered ` +
        `(${code("ok")}). *handler throws* is simplified: an unknown device id is the tool's own failure, a tool execution error.`,
    ].join("\n\n"),
  );
}

/** A reading of the malformed-call table, from the outcomes themselves. */
export function readMalformed(result: FleetLessonResult): string {
  const rows = result.malformed;
  const quiet = rows
    .filter((r) => !r.outcomes.direct.isError && r.outcomes.validating.isError)
    .map((r) => r.label);
  const agreeAll = rows
    .filter((r) => PATH_NAMES.every((p) => r.outcomes[p].text === r.outcomes.direct.text))
    .map((r) => r.label);
  const raw = rows.filter((r) => r.outcomes.raw.channel === "JSON-RPC error").length;
  const unknownId = malformedRow(result, "unknown device id").outcomes;
  const wrongCase = malformedRow(result, "model in the wrong case").outcomes;
  return wrapMarkdown(
    [
      `By columns: on ${code("direct")} every failure is a sentence written for the agent, as an error result; on ` +
        `${code("raw")} a JSON-RPC error (${raw} of ${rows.length} calls), ${code("MCP error -32603:")} before the handler's ` +
        `sentence; ${code("validating")}'s rejections name the property, what was expected and what was received. By rows: ${quiet.length ? `${listing(quiet.map((l) => `*${l}*`))} succeed quietly on ${code("direct")} and ${code("raw")} and are refused by ${code("validating")}` : "No call succeeds on one path and fails on another"}: ` +
        `the same tool has two contracts, and ${code(wrongCase.direct.text)} in-process is a plausible number, and a wrong one. ` +
        (agreeAll.length
          ? `Only ${listing(agreeAll.map((l) => `*${l}*`))} reads the same on all three paths. `
          : "") +
        (unknownId.validating.text === unknownId.direct.text
          ? `The handler's own error (the unknown id) passes through unchanged.`
          : `Even the handler's own error for an unknown id reads differently on the validating path.`),
      `${limitRow(result)}`,
    ].join("\n\n"),
  );
}

/** The `limit 50` row against a schema whose bounds the SDK had rewritten, which lets 50 through. */
function limitRow(result: FleetLessonResult): string {
  const row = malformedRow(result, "limit 50");
  return row.outcomes.validating.channel === "JSON-RPC error"
    ? `Under the SDK's rewritten bounds of ±(2⁵³ − 1), ${code("limit: 50")} would pass validation and be refused by the ` +
        `handler; here the ${code("maximum")} of ${MAX_ROWS} stands.`
    : `${code("limit: 50")} passes validation and is refused by the handler.`;
}

/**
 * Where the thorough agent's stop test lets it stop: the most raw downtime under 500 hours
 * times the true device's hours, over its downtime. An unread device has run at least the
 * hours read so far, so it can beat the true device only while they are at most this bound.
 *
 * @returns the bound as shown (`138`, or `336.3` with one decimal), the first turn (1-based)
 *   after which the hours read pass it, and those hours.
 */
function stopBound(result: FleetLessonResult): { bound: string; turn: number; covered: number } {
  const { device, shortcut } = result.truth;
  const product = shortcut.device.downtime_min * device.operating_hours;
  const bound =
    product % device.downtime_min === 0
      ? `${product / device.downtime_min}`
      : `${(product / device.downtime_min).toFixed(1)}`;
  const k = result.thoroughTurns.findIndex(
    (t) =>
      t.bands.length > 0 && (t.covered * device.downtime_min > product || t.covered >= LOW_HOURS),
  );
  return { bound, turn: k + 1, covered: result.thoroughTurns[k].covered };
}

/** Turns, with this run's two agents as the worked example, and where the thorough one stops. */
export function describeTurns(result: FleetLessonResult): string {
  const turns = (policy: string) => {
    const sizes = result.turnSizes[policy];
    const calls = sizes.reduce((sum, k) => sum + k, 0);
    return `${plural(sizes.length + 1, "turn")}: ${sizes.join(" + ")} = ${plural(calls, "call")}, then its answer`;
  };
  const { device, shortcut } = result.truth;
  const stop = stopBound(result);
  return wrapMarkdown(
    [
      `On ${code("direct")} at this seed the shortcut agent takes ${turns("shortcut")}; the thorough agent ` +
        `${turns("thorough")}. ` +
        (result.turnSizes.thorough.some((k) => k > 2 * WAVE_BANDS)
          ? `A turn of more than ${2 * WAVE_BANDS} calls is one with more than ${WAVE_BANDS} halves waiting.`
          : `No turn had more than ${WAVE_BANDS} halves waiting, so none has more than ${2 * WAVE_BANDS} calls.`),
      `\`canStop\`, worked through: the true device, ${code(device.device_id)}, has ${plural(device.downtime_min, "minute")} ` +
        `in ${device.operating_hours} hours, and no low-hour device has more than ${shortcut.device.downtime_min} minutes ` +
        `(the opening ranking). An unread device has run at least the hours read so far, so it can beat the true device ` +
        `only while those are at most ${shortcut.device.downtime_min} × ` +
        `${device.operating_hours} ÷ ${device.downtime_min} = ${stop.bound} hours. Turn ${stop.turn} is the first after which ` +
        `they are more (${stop.covered}), so the next turn fetches the winner's record and ranks risk within its model.`,
    ].join("\n\n"),
  );
}

/** The conditions as a markdown list: the healthy paths in one item, then each fault with what it does. */
export function describeConditions(): string {
  const healthy = CONDITIONS.filter((c) => c.name === c.path);
  const faults = CONDITIONS.filter((c) => c.name !== c.path);
  return wrapMarkdown(
    [
      `- ${listing(healthy.map((c) => code(c.name)))}: the three paths, healthy.`,
      ...faults.map(
        (c) =>
          `- ${code(c.name)}${c.path === "validating" ? "" : ` (on ${code(c.path)})`}: ${c.description}.`,
      ),
    ].join("\n"),
  );
}

/** The virtual clock's figures, from `LATENCY_MICROS`. */
export function describeClock(): string {
  const c = LATENCY_MICROS;
  return wrapMarkdown(
    `The virtual clock charges ${perCall(c.directCall)} ms for a ` +
      `call in-process, ${perCall(c.rawCall)} and ${perCall(c.validatingCall)} ms for a call to the ${code("raw")} and ${code("validating")} ` +
      `servers, ${ms(c.rawStartup)} and ${ms(c.validatingStartup)} ms to start them, and ${ms(c.restart)} ms for a restart. ` +
      `${code("ms/call")} is the tool calls' virtual time (waits, timeouts and restarts in, start-up out) per call.`,
  );
}

/** The cost of the boundary, worked through the shortcut agent's run on `raw`. */
function envelopeExample(result: FleetLessonResult): string {
  const { handshake } = result;
  const run = record(result, "raw", "shortcut");
  const messages = handshake.request + handshake.response + handshake.notification;
  const callMessages =
    run.envelope.request + run.envelope.response - handshake.request - handshake.response;
  return (
    `Of the shortcut agent's ${n(run.envelope.tokens)} tokens on ${code("raw")}, ${n(handshake.tokens)} are the handshake — ` +
    `here MCP's opening of a connection, not lesson 6's ${code("yetenek sor")}: ${messages} messages (${code("initialize")} and its response, ${code("notifications/initialized")}, ${code("tools/list")} ` +
    `and its response), ${messages * ENVELOPE_TOKENS} tokens of envelope and the rest mostly the three declarations; its ` +
    `${plural(run.toolCalls, "call")} cost the other ${n(run.envelope.tokens - handshake.tokens)} (${callMessages} messages).`
  );
}

/** A reading of the results table. */
export function readConditions(result: FleetLessonResult): string {
  const t = (condition: string) => record(result, condition, "thorough");
  const s = (condition: string) => record(result, condition, "shortcut");
  const [direct, raw, validating] = [t("direct"), t("raw"), t("validating")];
  const sameAnswers = ["direct", "raw", "validating"].every(
    (c) => t(c).answer === direct.answer && s(c).answer === s("direct").answer,
  );
  const slow = t("slow");
  const crash = t("crash");
  const explained = t("crash-explained");
  const restart = t("crash-restart");
  const line = t("stdout-line");
  const unterminated = t("stdout-unterminated");
  const healthy = sameAnswers
    ? `On the three healthy paths both agents give the same answers with the same calls (thorough ` +
      `${direct.correct ? "right" : "wrong"} in ${direct.toolCalls}, shortcut ${s("direct").correct ? "right" : "wrong"} in ` +
      `${s("direct").toolCalls}); the boundary changes the cost: ${n(direct.envelope.tokens)} envelope tokens in-process, ` +
      `${n(raw.envelope.tokens)} over ${code("raw")} and ${n(validating.envelope.tokens)} over ${code("validating")}; ` +
      `${msPerCall(direct)} ms per call against ${msPerCall(raw)} and ${msPerCall(validating)}. ${envelopeExample(result)}`
    : `On the three healthy paths the answers differ, which the reading did not expect: check the table row by row.`;
  const paragraphs = [
    healthy,
    `**slow**: the first ${code("top_devices")} call runs past the client's ${ms(LATENCY_MICROS.clientTimeout)} ms wait. The ` +
      `client sends ${code("notifications/cancelled")} — a notification (a message that gets no reply) saying the request ` +
      `with that id is no longer wanted — as the specification asks of a sender that times out, and the agent reads ` +
      `${code("MCP error -32001: Request timed out")}. No server sent that: ${code("-32001")} is SDK 1.x's code for its ` +
      `client's timeout (SDK 2.4's client reports an ${code("SdkError")} with code ${code('"REQUEST_TIMEOUT"')}), and never ` +
      `travels on the wire. (Not simulated: had the request carried a ${code("progressToken")} in its ${code("_meta")}, the ` +
      `server could send ${code("notifications/progress")}, and the client MAY then reset its timeout clock, but SHOULD ` +
      `still enforce a maximum timeout.) Resent in the next turn, the call is served: ${slow.correct ? "right" : "wrong"} answer, ${plural(slow.toolErrors, "tool error")}, ${slow.turns} turns instead of ` +
      `${validating.turns}, ${msPerCall(slow)} ms per call.`,
    `**crash**: the server exits while handling its ${ordinal(CRASH_ON_CALL)} ${code("tools/call")}. That call reads ` +
      `${code("MCP error -32000: Connection closed")} — again SDK 1.x's client code (2.4's is ` +
      `${code('"CONNECTION_CLOSED"')}), raised when the pipe closes, not a message from the server — and every later one ${code("Not connected")}, which does not say whether waiting would help. The ` +
      `thorough agent reissues the failed calls (${crash.toolErrors} failed of ${crash.toolCalls}), gives up, and falls ` +
      `back on its first turn's raw-downtime leader: ${code(String(crash.answer))}, ${crash.correct ? "right" : "wrong"}.` +
      (s("crash").toolCalls < CRASH_ON_CALL
        ? ` The shortcut agent's rows do not move under any crash: it makes ${plural(s("crash").toolCalls, "call")}, and the server dies on its ${ordinal(CRASH_ON_CALL)}.`
        : "") +
      ` **crash-explained**: told the server is gone for good, the agent stops: ${explained.toolCalls} calls and ` +
      `${explained.toolErrors} errors instead of ${crash.toolCalls} and ${crash.toolErrors}, and ` +
      (explained.answer === crash.answer
        ? `the same ${explained.correct ? "right" : "wrong"} answer`
        : `the answer ${code(String(explained.answer))}`) +
      `, reached ${plural(crash.turns - explained.turns, "turn")} sooner: the waste stops, the run is not rescued.`,
    `**crash-restart**: the client respawns the server and retries the failed call once: ` +
      `${plural(restart.restarts, "restart")}, ${ms(LATENCY_MICROS.restart)} ms, and the run is ` +
      `${restart.correct ? "right" : "wrong"} with ${plural(restart.toolErrors, "tool error")}, for ` +
      `${n(restart.envelope.tokens)} tokens against ${n(validating.envelope.tokens)} (a second opening and the repeated ` +
      `call). 2026-07-28's stdio transport asks this: a client SHOULD restart a server process that exits unexpectedly, and ` +
      `requests in flight can be retried against the fresh process; 2025-11-25 has no such rule.`,
    `**stdout-line**: over stdio a server writes its messages on stdout, one per line, and nothing else. The client ` +
      `reports each stray line as a transport error (${line.transportErrors}), but every response arrives whole: ` +
      `${line.correct ? "right" : "wrong"}. **stdout-unterminated**: without the newline each response is glued to the ` +
      `stray text, and every call times out — ${unterminated.toolErrors} errors in ` +
      `${unterminated.toolCalls} calls, no answer. Stdout belongs to the protocol; a server logs to stderr, and (from 2025-11-25) a ` +
      `client SHOULD NOT take output there as a sign of error.`,
  ];
  return wrapMarkdown(paragraphs.join("\n\n"));
}

/** The lesson's summary, as a bullet list computed from the run. */
export function summarizeFleet(result: FleetLessonResult): string {
  const { truth } = result;
  const validating = record(result, "validating", "thorough");
  const crash = record(result, "crash", "thorough");
  const explained = record(result, "crash-explained", "thorough");
  const restart = record(result, "crash-restart", "thorough");
  const disagreements = result.malformed.filter(
    (r) => new Set(PATH_NAMES.map((p) => `${r.outcomes[p].isError}`)).size > 1,
  ).length;
  return wrapMarkdown(
    [
      `- The true answer, ${truth.answer}, is computed from the data; ${truth.moreRawDowntime} low-hour devices have more raw downtime than its device.`,
      `- ${disagreements} of the eight malformed calls succeed on one path and fail on another: validation is part of a tool's contract.`,
      `- Since 2025-11-25 invalid arguments belong in an ${code("isError")} result (our -32602 is the course's reading of ${PROTOCOL_VERSION}). ${code("-32000")} and ${code("-32001")} are SDK 1.x's client codes (2.4 has ${code('"CONNECTION_CLOSED"')} and ${code('"REQUEST_TIMEOUT"')}) and never cross the wire.`,
      `- A healthy boundary costs tokens and time, not correctness: ${n(validating.envelope.tokens)} envelope tokens and ${msPerCall(validating)} ms per call for the thorough agent.`,
      `- A crash cost ${crash.toolErrors} failed calls, ${explained.toolErrors} when the client said the server was gone; a restart and one retry (a 2026-07-28 SHOULD) made the run ${restart.correct ? "correct" : "still wrong"}.`,
    ].join("\n"),
  );
}

/**
 * What the thorough agent has read in full when the server dies on call {@link CRASH_ON_CALL}:
 * the bands both of whose pages came back before it, and not crowded.
 */
function bandsReadBeforeCrash(result: FleetLessonResult): { min: number; max: number }[] {
  const read: { min: number; max: number }[] = [];
  let before = 0;
  for (const turn of result.thoroughTurns) {
    turn.bands.forEach((band, k) => {
      if (before + 2 * k + 2 < CRASH_ON_CALL && !band.crowded) read.push(band);
    });
    before += turn.calls;
  }
  return read;
}

/** The expected answers to the lesson's exercises, with this run's figures. */
export function solveExercises(result: FleetLessonResult): string {
  const thorough = record(result, "direct", "thorough");
  const sizes = result.turnSizes.thorough;
  const fixedRows = ["crash", "crash-explained", "stdout-unterminated"].map((c) =>
    record(result, c, "thorough"),
  );
  const invalid = result.malformed
    .filter((r) => r.outcomes.validating.channel === "JSON-RPC error")
    .map((r) => `*${r.label}*`);
  const healthyErrors = ["raw", "validating"].reduce(
    (sum, c) =>
      sum + record(result, c, "thorough").toolErrors + record(result, c, "shortcut").toolErrors,
    0,
  );
  const crash = record(result, "crash", "thorough");
  const { device, shortcut } = result.truth;
  const most = shortcut.device.downtime_min;
  const stop = stopBound(result);
  const read = bandsReadBeforeCrash(result);
  const holding = read.find(
    (band) => band.min <= device.operating_hours && device.operating_hours < band.max,
  );
  const seen =
    read.length === 0
      ? `it has read no band in full, so it has no rate to compare and answers nothing better than the thorough agent's ` +
        `fallback (${code(String(crash.answer))}, the raw-downtime leader of its first turn).`
      : `it has read in full ${listing(read.map((b) => `band ${b.min}-${b.max}`))}. ` +
        (holding
          ? `At this seed that band holds the true device (${device.operating_hours} hours), so the policy names the right ` +
            `X, ${code(device.device_id)}, and answers ${code(`${device.device_id} vs unknown`)}: the right device, and ` +
            `still a wrong answer, for want of Y alone.`
          : `At this seed the true device (${device.operating_hours} hours) is not among them, so the policy's X is ` +
            `wrong too, and its answer lacks Y.`) +
        ` (${code(String(crash.answer))} is the thorough agent's fallback.)`;
  return wrapMarkdown(
    [
      `1. The shortcut agent's rows keep their counts on every seed (two calls), and the thorough agent keeps its ` +
        `turns, calls and errors under ${listing(fixedRows.map((r) => `${code(r.condition)} (${r.turns}, ${r.toolCalls}, ${r.toolErrors})`))}: ` +
        `those runs fail in the first turn ` +
        `(${code("stdout-unterminated")}) or the second (the crashes), whose calls are the same for every fleet. ` +
        `Their tokens (here ${listing(fixedRows.map((r) => String(r.envelope.tokens)))}) can still move a little: ` +
        `the answers that do arrive carry the fleet's data. The other thorough rows move with the fleet (here ${sizes.join(" + ")} = ${thorough.toolCalls} ` +
        `calls): crowded bands decide the halves each turn carries, and the true rate ` +
        `(${formatRate(device.downtime_min, device.operating_hours)} per 100 hours) where it stops, after the first turn that ` +
        `reads past ${most} × ${device.operating_hours} ÷ ${device.downtime_min} = ${stop.bound} hours (turn ${stop.turn}, ` +
        `read to ${stop.covered}).`,
      `2. The rows of ${listing(invalid)} change channel on ${code("validating")}, from ${code("JSON-RPC error")} to ` +
        `${code("error result")}, their texts unchanged if they keep ${code("MCP error -32602:")} as SDK 1.x did. ` +
        (healthyErrors === 0
          ? `No agent's row changes: the agents never sent invalid arguments.`
          : `The agents made ${plural(healthyErrors, "tool error")} on the healthy paths: check which of them were invalid arguments.`),
      `3. Only *limit 50* on ${code("validating")}: it passes validation and the handler refuses it, as on ` +
        `${code("direct")}; ${code("tools/list")}, and so every opening, gets a few tokens shorter.`,
      `4. Never: ${code("X vs Y")} needs the risk leader of the winner's model, a call the dead server cannot answer. When the ${ordinal(CRASH_ON_CALL)} call fails, in ` +
        `the second turn, ${seen} To be right it needs, before that call, the true device's band and its model's leader.`,
      `5. ${code("stdout-line")}: the stray line (a transport error), then the response on its own line. ` +
        `${code("stdout-unterminated")}: one line, stray text and response, which does not parse; after ` +
        `${ms(LATENCY_MICROS.clientTimeout)} ms the client gives up, ` +
        `sends ${code("notifications/cancelled")} and fails the call with its own timeout error (${code("-32001")} in SDK ` +
        `1.x's numbering).`,
    ].join("\n"),
  );
}
