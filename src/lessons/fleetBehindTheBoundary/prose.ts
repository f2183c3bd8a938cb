/**
 * Lesson 8's readings of its tables, written from the run so that they stay true for any seed.
 *
 * Every number in these paragraphs comes from a {@link FleetLessonResult}; where a claim might
 * not hold for another seed (two paths agreeing, an agent recovering), the paragraph checks it
 * and says what it finds. Each function returns markdown for `tslab.display.markdown`.
 */
import { LATENCY_MICROS, CRASH_ON_CALL, CONDITIONS } from "../../fleet/conditions";
import { WAVE_BANDS } from "../../fleet/agents";
import { FLEET_SIZE, LOW_HOURS, MAX_ROWS } from "../../fleet/catalog";
import { TASK_QUESTION } from "../../fleet/groundTruth";
import type { AgentRunRecord } from "../../fleet/run";
import { FLEET_VERSION, PATH_NAMES } from "../../fleet/paths";
import { FLEET_TOOL_DEFINITIONS } from "../../fleet/tools";
import { PROTOCOL_VERSION } from "../../fleet/protocol";
import { ENVELOPE_TOKENS } from "../../sim/envelope";
import { channelCode, formatRate, msPerCall } from "./tables";
import type { FleetLessonResult } from "./simulate";
import { code, listing, ordinal, plural } from "../proseWords";

const n = (value: number) => value.toLocaleString("en-US");
const ms = (micros: number) => (micros / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 });
/** A per-call time in ms with three decimals, as the condition table prints it. */
const perCall = (micros: number) => (micros / 1000).toFixed(3);

/** The record of one condition × policy. */
function record(result: FleetLessonResult, condition: string, policy: string): AgentRunRecord {
  const found = result.matrix.find((r) => r.condition === condition && r.policy === policy);
  if (!found) throw new Error(`no run for ${condition} × ${policy}`);
  return found;
}

/** A malformed call's row by its label. */
function malformedRow(result: FleetLessonResult, label: string): FleetLessonResult["malformed"][number] {
  const found = result.malformed.find((r) => r.label === label);
  if (!found) throw new Error(`no malformed call labelled ${label}`);
  return found;
}

/** The opening line: which seed this run used and what it decides. */
export function describeFleetSeed(result: FleetLessonResult): string {
  return (
    `This run uses **seed ${result.seed}**: it draws the ${result.fleet.devices.length} devices, and the three lesson-6 servers ` +
    `beside them come from the same seed. Nothing else in the lesson is random: agents, paths and faults are scripts.`
  );
}

/** A reading of the fleet table. */
export function readFleet(result: FleetLessonResult): string {
  const { truth, models } = result;
  const sorted = [...models].sort((a, b) => b.devices - a.devices);
  const share = Math.round((truth.lowHourCount * 100) / FLEET_SIZE);
  return (
    `The ${FLEET_SIZE} devices split ${listing(sorted.map((m) => `${m.devices} ${m.model}`))}. ` +
    `${truth.lowHourCount} of them (${share}%) have run fewer than ${LOW_HOURS} hours; the experiment's fleet had 254 ` +
    `of 400, and the generator aims at that share. These low-hour devices are the ones the lesson's question is about.`
  );
}

/** The question the agents are given, as a quotation. */
export function quoteQuestion(): string {
  return `> ${TASK_QUESTION}`;
}

/** A reading of the ground-truth table. */
export function readGroundTruth(result: FleetLessonResult): string {
  const { truth } = result;
  const d = truth.device;
  const s = truth.shortcut.device;
  const leaderSame = truth.riskLeader === d;
  return [
    `The answer is **${truth.answer}**. ${code(d.device_id)} has run only ${plural(d.operating_hours, "hour")} and lost ${plural(d.downtime_min, "minute")} ` +
      `to unplanned downtime: ${formatRate(d.downtime_min, d.operating_hours)} minutes per 100 hours, more than any other ` +
      `device under ${LOW_HOURS} hours. ` +
      (leaderSame
        ? `It is also the highest-risk ${d.model}, so the comparison names it twice.`
        : `Its vendor risk score is ${d.risk_score}; the highest in its model, ${truth.riskLeader.risk_score}, belongs to ${code(truth.riskLeader.device_id)}.`),
    `By raw downtime it is nowhere near the top: ${truth.moreRawDowntime} of the ${truth.lowHourCount} low-hour devices have more. ` +
      `A single ${code("top_devices")} call returns at most ${MAX_ROWS} rows, so no ranking of all the low-hour devices by raw ` +
      `downtime shows this device. The obvious ranking answers **${truth.shortcut.answer}** instead: ${code(s.device_id)} has the most raw ` +
      `downtime under ${LOW_HOURS} hours (${s.downtime_min} minutes) but over ${s.operating_hours} hours, only ` +
      `${formatRate(s.downtime_min, s.operating_hours)} per 100 hours. The generator makes this true for every seed.`,
  ].join("\n\n");
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
  return [
    `**With the client that knows the fleet** (lesson 7's policy, ${code("FLEET_POLICY")}), level 0 behaves as it did for the water servers: the client knows no fields, so ` +
      `its calls go out without arguments. ${code("count_devices")} requires none, so it answers — for the whole fleet, ` +
      `${String(names.count)} devices, not the ${String(fields.count)} under ${LOW_HOURS} hours the client meant to ask about. An ` +
      `answer to a question nobody asked is worse than an error: nothing in it says it is wrong. ${code("top_devices")} needs ` +
      `${code("field")} and fails, which ends the chain after ${plural(names.calls, "call")}. Its ${names.request} requests are ` +
      `lesson 6's handshake, one ${code("yetenek sor")} ("ask capabilities") per server, and the ${names.calls} calls; they make ${names.round_trips} round trips because ` +
      `${listing(result.remoteServers.map(code))} are remote, and each request to a remote server counts two (${remoteRequests} ` +
      `extra). From level 1 the client fills ${code("max_hours")}, ${code("field")} and ${code("limit")} from its state and the ` +
      `chain runs: ${plural(fields.calls, "call")}, ${n(fields.tokens)} tokens, and ${code(String(fields.fetched))} fetched — the ` +
      `raw-downtime leader, since this chain asks the shortcut question.`,
    `Level 3 agrees ${full.negotiated} tools instead of ${fields.negotiated}: the fleet declares version ${FLEET_VERSION}, which ` +
      `this client knows, but ${code("kayit")} declares a version the client does not know and is dropped. Dropping a server for ` +
      `its version is the course's convention from lesson 6, not MCP's. Up to revision 2025-11-25, client and server agree ` +
      `on a ${code("protocolVersion")} in ${code("initialize")}, and the server's own version, in ${code("serverInfo")}, is ` +
      `information only; revision 2026-07-28 says a client SHOULD NOT use ${code("serverInfo")} to change its behaviour, so ` +
      `the drop goes against the current revision.`,
    `**With lesson 6's client**, which has never heard of the fleet, the fleet's tools are refused at every level: by the ` +
      `allowlist at levels 0 to 2; at level 3 the fleet declares version ${FLEET_VERSION} to a client that knows no version of ` +
      `it, so the whole server is dropped before the allowlist is consulted. ` +
      (othersLow === 1 && othersFull === 2
        ? `The other 2 tools dropped at level 3 are ${code("kayit")}'s, as in lesson 6: ${code("kayit_yaz")}, off the ` +
          `allowlist at every level, and ${code("bolge_ozet")}, dropped with its server. `
        : `Beside the fleet's ${fleetTools}, ${plural(othersLow, "tool")} of the water servers ${othersLow === 1 ? "is" : "are"} dropped at levels 0 to 2 and ${othersFull} at level 3. `) +
      `Each attempt ends in the client with ${code(refusal)} ("tool not declared"), and no tool call reaches the fleet: ` +
      `the ${lesson6[0].request} requests in those rows are the handshake alone, one ${code("yetenek sor")} per server, ` +
      `the fleet's included.`,
  ].join("\n\n");
}

/**
 * A reading of the channel table: what our validating server does against the revision our
 * client offers and the current one, and what the SDK did and does.
 */
export function readChannels(result: FleetLessonResult): string {
  const limit = malformedRow(result, "limit as a string").outcomes;
  const tool = malformedRow(result, "unknown tool").outcomes;
  return [
    `Our ${code("validating")} server answers invalid arguments with ${code(channelCode(limit.validating))}, a JSON-RPC ` +
      `error, where revision ${PROTOCOL_VERSION} lists them — the revision the fleet's simulated client offers. Revision ` +
      `2025-11-25 moved them: an input validation error is a tool execution error, so that a model reads what was wrong and ` +
      `can correct its call, and a client should hand such errors to the model; 2026-07-28 keeps that rule. The ` +
      `experiment's SDK already answered that way: its ${code("McpServer")} returned results with ${code("isError: true")} ` +
      `whose text began ${code("MCP error -32602:")}.`,
    `The code in a text is no proof of its channel. Our validating server's answer to an unknown tool reads ` +
      `${code(tool.validating.text)} and arrives as ${tool.validating.channel === "error result" ? "an error result" : `a ${tool.validating.channel}`}, ` +
      `as SDK 1.x sends it; every revision asks for a protocol error there, and v2's ${code("McpServer")} sends one. ` +
      `Our ${code("raw")} server answers every failure with ${code(channelCode(tool.raw))}, as the SDK's low-level ` +
      `${code("Server")} does when a handler throws, and ${code("direct")} has no channel but the result. On those two paths ` +
      `nothing checks the arguments but the handler, so an invalid one is refused in the handler's words or quietly answered ` +
      `(${code("ok")}). For ${code("raw")} that breaks a MUST of every revision — servers MUST validate all tool inputs — so ` +
      `it is here as a fault to measure, not as a contract on a par with ${code("validating")}.`,
    `The row *handler throws* is simplified. The specification lists server errors among protocol errors and failures in ` +
      `the tool's own work (an API failure, a business-logic error) among tool execution errors, so a throw can belong on ` +
      `either channel; an unknown device id is the tool's own failure, which is why the columns put it in the result.`,
  ].join("\n\n");
}

/** A reading of the malformed-call table, from the outcomes themselves. */
export function readMalformed(result: FleetLessonResult): string {
  const rows = result.malformed;
  const quiet = rows.filter((r) => !r.outcomes.direct.isError && r.outcomes.validating.isError).map((r) => r.label);
  const agreeAll = rows.filter((r) => PATH_NAMES.every((p) => r.outcomes[p].text === r.outcomes.direct.text)).map((r) => r.label);
  const raw = rows.filter((r) => r.outcomes.raw.channel === "JSON-RPC error").length;
  const unknownId = malformedRow(result, "unknown device id").outcomes;
  const wrongCase = malformedRow(result, "model in the wrong case").outcomes;
  return [
    `Read the table by columns first. On ${code("direct")} every failure is a sentence written for the agent — a handler's, or ` +
      `the direct path's own ${code("No such tool")} — delivered as an error result. On ${code("raw")} every failure is a JSON-RPC error ` +
      `(${raw} of ${rows.length} calls): the agent reads ${code("MCP error -32603:")} in front of the handler's sentence, or in ` +
      `front of the server's own ${code("Unknown tool")}. The ${code("validating")} server checks arguments before the handler ` +
      `runs; its rejections name the property, what was expected and what was received.`,
    `Then by rows. ${quiet.length ? `${listing(quiet.map((l) => `*${l}*`))} succeed quietly on ${code("direct")} and ${code("raw")} and are refused by ${code("validating")}` : "No call succeeds on one path and fails on another"}: ` +
      `the same tool has two contracts. A model name in the wrong case answers ${code(wrongCase.direct.text)} in-process — a ` +
      `plausible number, and a wrong one. ` +
      (agreeAll.length
        ? `Only ${listing(agreeAll.map((l) => `*${l}*`))} reads the same on all three paths: the validating server strips the ` +
          `property the schema does not name, the others ignore it. `
        : "") +
      (unknownId.validating.text === unknownId.direct.text
        ? `Where the handler itself throws (the unknown id), the validating server passes its sentence through unchanged.`
        : `Even the handler's own error for an unknown id reads differently on the validating path.`),
    `Which contract is better? Here the handlers were written to say what is valid, so on a missing ${code("field")} both ` +
      `contracts list the four choices; in the experiment the handler answered ${code('Cannot rank by "undefined"')} and the ` +
      `validation error was the more useful of the two. ${limitRow(result)}`,
  ].join("\n\n");
}

/** The `limit 50` row against the experiment's probe, where the SDK's rewritten bounds let 50 through. */
function limitRow(result: FleetLessonResult): string {
  const row = malformedRow(result, "limit 50");
  return row.outcomes.validating.channel === "JSON-RPC error"
    ? `One row differs from the experiment's probe: there, ${code("limit: 50")} passed validation, because the SDK had ` +
        `rewritten the bounds to ±(2⁵³ − 1), and the handler refused it; here the ${code("maximum")} of ${MAX_ROWS} stands.`
    : `As in the experiment's probe, ${code("limit: 50")} passes validation and is refused by the handler.`;
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
  const bound = product % device.downtime_min === 0 ? `${product / device.downtime_min}` : `${(product / device.downtime_min).toFixed(1)}`;
  const k = result.thoroughTurns.findIndex((t) => t.bands.length > 0 && (t.covered * device.downtime_min > product || t.covered >= LOW_HOURS));
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
  return [
    `On ${code("direct")} at this seed the shortcut agent takes ${turns("shortcut")}; the thorough agent ` +
      `${turns("thorough")}. ` +
      (result.turnSizes.thorough.some((k) => k > 2 * WAVE_BANDS)
        ? `A turn of more than ${2 * WAVE_BANDS} calls is one with more than ${WAVE_BANDS} halves waiting.`
        : `No turn had more than ${WAVE_BANDS} halves waiting, so none has more than ${2 * WAVE_BANDS} calls.`),
    `The stop test, worked through: the true device, ${code(device.device_id)}, has ${plural(device.downtime_min, "minute")} ` +
      `in ${device.operating_hours} hours, and no device under ${LOW_HOURS} hours has more than ` +
      `${shortcut.device.downtime_min} minutes (the first row of the opening ranking). An unread device has run at least the ` +
      `hours read so far, so it can beat the true device only while those are at most ${shortcut.device.downtime_min} × ` +
      `${device.operating_hours} ÷ ${device.downtime_min} = ${stop.bound} hours. Turn ${stop.turn} is the first after which ` +
      `they are more (${stop.covered}), so the next turn fetches the winner's record and ranks risk within its model.`,
  ].join("\n\n");
}

/** The conditions with what each does, as a markdown table. */
export function describeConditions(): string {
  return [
    "| condition | path | what happens |",
    "|:---|:---|:---|",
    ...CONDITIONS.map((c) => `| ${code(c.name)} | ${code(c.path)} | ${c.description} |`),
  ].join("\n");
}

/** The virtual clock's figures, from `LATENCY_MICROS`. */
export function describeClock(): string {
  const c = LATENCY_MICROS;
  return (
    `The virtual clock (${code("LATENCY_MICROS")}, kept in whole microseconds) charges ${perCall(c.directCall)} ms for a ` +
    `call in-process, ${perCall(c.rawCall)} and ${perCall(c.validatingCall)} ms for a call to the ${code("raw")} and ${code("validating")} ` +
    `servers, ${ms(c.rawStartup)} and ${ms(c.validatingStartup)} ms to start them (a process, then ${code("initialize")} ` +
    `and ${code("tools/list")}), and ${ms(c.restart)} ms for a restart; the slow tool takes ${c.slowTool / 1_000_000} s, and ` +
    `the client waits ${c.clientTimeout / 1_000_000} s.`
  );
}

/** The cost of the boundary, worked through the shortcut agent's run on `raw`. */
function envelopeExample(result: FleetLessonResult): string {
  const { handshake } = result;
  const run = record(result, "raw", "shortcut");
  const messages = handshake.request + handshake.response + handshake.notification;
  const callMessages = run.envelope.request + run.envelope.response - handshake.request - handshake.response;
  return (
    `Of the shortcut agent's ${n(run.envelope.tokens)} tokens on ${code("raw")}, ${n(handshake.tokens)} are the handshake — ` +
    `here MCP's opening of a connection, not lesson 6's ${code("yetenek sor")}: ${messages} messages (${code("initialize")} and its response, ${code("notifications/initialized")}, ${code("tools/list")} ` +
    `and its response), ${messages * ENVELOPE_TOKENS} of those tokens envelope and the rest their bodies, mostly the three ` +
    `declarations. Its ${plural(run.toolCalls, "call")} cost the other ${n(run.envelope.tokens - handshake.tokens)}: ` +
    `${callMessages} messages, ${callMessages * ENVELOPE_TOKENS} tokens of envelope.`
  );
}

/** A reading of the results table. */
export function readConditions(result: FleetLessonResult): string {
  const t = (condition: string) => record(result, condition, "thorough");
  const s = (condition: string) => record(result, condition, "shortcut");
  const [direct, raw, validating] = [t("direct"), t("raw"), t("validating")];
  const sameAnswers = ["direct", "raw", "validating"].every((c) => t(c).answer === direct.answer && s(c).answer === s("direct").answer);
  const slow = t("slow");
  const crash = t("crash");
  const explained = t("crash-explained");
  const restart = t("crash-restart");
  const line = t("stdout-line");
  const unterminated = t("stdout-unterminated");
  const healthy = sameAnswers
    ? `On the three healthy paths both agents give the same answers, with the same calls: the thorough agent ${direct.correct ? "is right" : "is wrong"} ` +
      `in ${direct.turns} turns and ${direct.toolCalls} calls, the shortcut agent ${s("direct").correct ? "is right" : "is wrong"} in ` +
      `${plural(s("direct").toolCalls, "call")}. What the boundary changes is cost: ${n(direct.envelope.tokens)} envelope tokens in-process (nothing ` +
      `crosses a boundary), ${n(raw.envelope.tokens)} over ${code("raw")} and ${n(validating.envelope.tokens)} over ${code("validating")}; ` +
      `${msPerCall(direct)} ms per call against ${msPerCall(raw)} and ${msPerCall(validating)}. ${envelopeExample(result)}`
    : `On the three healthy paths the answers differ, which the reading did not expect: check the table row by row.`;
  const paragraphs = [
    healthy,
    `**slow**: the first ${code("top_devices")} call runs past the client's ${ms(LATENCY_MICROS.clientTimeout)} ms wait. The ` +
      `client stops waiting and sends ${code("notifications/cancelled")} — a notification (a message that gets no reply) ` +
      `telling the server that the request with that id is no longer wanted — as the specification asks of a sender that ` +
      `times out, and the agent reads ${code("MCP error -32001: Request timed out")}. No server sent that: ${code("-32001")} ` +
      `is the SDK client's own code for its timeout, made on the client's side, and never travels on the wire. MCP's remedy ` +
      `for a slow tool is not simulated here: the server can send ${code("notifications/progress")} while it works, and the ` +
      `client MAY then reset its timeout clock, but SHOULD still enforce a maximum timeout (2025-11-25 ` +
      `${code("basic/lifecycle.mdx")}). The agent sends ` +
      `the identical call again in its next turn — as the model in the experiment did in every run — and this time it is ` +
      `served: ${slow.correct ? "right" : "wrong"} answer, ${plural(slow.toolErrors, "tool error")}, ${slow.turns} turns instead of ` +
      `${validating.turns}, and ${msPerCall(slow)} ms per call, the timeout averaged over ${slow.toolCalls} calls.`,
    `**crash**: the server exits while handling its ${ordinal(CRASH_ON_CALL)} ${code("tools/call")}. That call reads ` +
      `${code("MCP error -32000: Connection closed")} — again the client's own code, raised ` +
      `when the pipe closes, not a message from the server — and every later one ${code("Not connected")}, which does not say whether waiting would help. The ` +
      `thorough agent treats it like the timeout and reissues the failed calls: ${crash.toolErrors} failed calls out of ` +
      `${crash.toolCalls}. Then it gives up. The pages it read before the crash are a partial search, proof of nothing, so it ` +
      `falls back on the raw-downtime leader from its first turn and answers ${code(String(crash.answer))}: ` +
      `${crash.correct ? "right" : "wrong"}.` +
      (s("crash").toolCalls < CRASH_ON_CALL
        ? ` The shortcut agent's rows do not move under any crash: it makes ${plural(s("crash").toolCalls, "call")}, and the server dies on its ${ordinal(CRASH_ON_CALL)}.`
        : ""),
    `**crash-explained** is the condition the experiment planned and never ran: the same crash, but the client says plainly ` +
      `that the server has exited and will not come back. The agent stops at the first such message: ${explained.toolCalls} calls and ` +
      `${explained.toolErrors} errors instead of ${crash.toolCalls} and ${crash.toolErrors}, and ` +
      (explained.answer === crash.answer ? `the same ${explained.correct ? "right" : "wrong"} answer` : `the answer ${code(String(explained.answer))}`) +
      `, reached ${plural(crash.turns - explained.turns, "turn")} sooner. Telling a permanent failure from a transient one does not rescue the run; it stops the waste.`,
    `**crash-restart**: the client respawns the server and retries the failed call once. ${plural(restart.restarts, "restart")}, ` +
      `${ms(LATENCY_MICROS.restart)} ms of virtual time, and the run is ${restart.correct ? "right" : "wrong"} again with ` +
      `${plural(restart.toolErrors, "tool error")} — the agent never learns anything happened. The envelope shows the price: ` +
      `${n(restart.envelope.tokens)} tokens against ${n(validating.envelope.tokens)}, for the second opening and the repeated call. ` +
      `This is the outcome the specification asks for in its newest revision: 2026-07-28's stdio transport says that a ` +
      `client SHOULD restart a server process that exits unexpectedly, and that the requests in flight are lost and can be ` +
      `retried against the fresh process; 2025-11-25 has no such rule.`,
    `**stdout-line**: the server prints a stray line beside its responses. Over the stdio transport the server reads ` +
      `messages on its stdin and writes them on its stdout, one per line, and it must not write anything to stdout that is ` +
      `not an MCP message. The client cannot parse the line and reports a transport error ` +
      `(${line.transportErrors} of them), but every response still arrives whole: ${line.correct ? "right" : "wrong"}, with no ` +
      `tool error. **stdout-unterminated** is the same mistake without a newline: each response ` +
      `is glued to the stray text, the line cannot be parsed, and every call times out — ${unterminated.toolErrors} errors in ` +
      `${unterminated.toolCalls} calls, no answer. Stdout belongs to the protocol; a server logs to stderr.`,
  ];
  return paragraphs.join("\n\n");
}

/** The lesson's summary, as a bullet list computed from the run. */
export function summarizeFleet(result: FleetLessonResult): string {
  const { truth } = result;
  const validating = record(result, "validating", "thorough");
  const crash = record(result, "crash", "thorough");
  const explained = record(result, "crash-explained", "thorough");
  const restart = record(result, "crash-restart", "thorough");
  const disagreements = result.malformed.filter((r) => new Set(PATH_NAMES.map((p) => `${r.outcomes[p].isError}`)).size > 1).length;
  return [
    `- The question has a true answer, ${truth.answer}, computed from the data, and a shortcut answer, ${truth.shortcut.answer}; ${truth.moreRawDowntime} low-hour devices have more raw downtime than the true device, which puts it out of reach of a ${MAX_ROWS}-row page.`,
    `- In lesson 6's simulator the fleet obeys lesson 6's rules: at level 0 ${code("count_devices")} answers ${String(result.levels[0].count)} for the whole fleet, and a client that does not know the fleet drops it.`,
    `- Of the eight malformed calls, ${disagreements} succeed on one path and fail on another: validation is part of a tool's contract, and moving a tool behind a validating server changes it. A server that validates nothing, like ${code("raw")}, breaks the specification's MUST.`,
    `- A failure reaches the agent as a JSON-RPC error or as a result with ${code("isError")}; our ${code("validating")} server follows ${PROTOCOL_VERSION}, but since revision 2025-11-25 invalid arguments belong in the result, where a model can read them. ${code("-32000")} and ${code("-32001")} are made by the SDK's client and never cross the wire.`,
    `- A healthy boundary costs tokens and time, not correctness: ${n(validating.envelope.tokens)} envelope tokens and ${msPerCall(validating)} ms per call for the thorough agent.`,
    `- A crash without recovery cost ${crash.toolErrors} failed calls; saying that the server is gone cut that to ${explained.toolErrors}; a restart and one retry, which revision 2026-07-28 asks of a stdio client, made the run ${restart.correct ? "correct" : "still wrong"} at the price of ${plural(restart.restarts, "restart")}.`,
  ].join("\n");
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
  const invalid = result.malformed.filter((r) => r.outcomes.validating.channel === "JSON-RPC error").map((r) => `*${r.label}*`);
  const healthyErrors = ["raw", "validating"].reduce((sum, c) => sum + record(result, c, "thorough").toolErrors + record(result, c, "shortcut").toolErrors, 0);
  const crash = record(result, "crash", "thorough");
  const { device, shortcut } = result.truth;
  const most = shortcut.device.downtime_min;
  const stop = stopBound(result);
  const read = bandsReadBeforeCrash(result);
  const holding = read.find((band) => band.min <= device.operating_hours && device.operating_hours < band.max);
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
        ` The thorough agent's ${code(String(crash.answer))} comes from its own fallback, the raw-downtime leader, not from ` +
        `this policy.`;
  return [
    `1. The shortcut agent's rows keep their counts on every seed: two calls, whatever the data. So do the thorough agent's ` +
      `rows under ${code("crash")}, ${code("crash-explained")} and ${code("stdout-unterminated")}: those runs fail within the ` +
      `first two turns, whose calls (the opening pair, then four bands with two pages each) are the same for every fleet; ` +
      `only their tokens move a little with the data. The other thorough rows move with the fleet, as its turn table ` +
      `shows: at this seed ${sizes.join(" + ")} = ${thorough.toolCalls} calls. Which bands are crowded decides how many ` +
      `halves each turn carries; the true rate decides where it stops. With ${formatRate(device.downtime_min, device.operating_hours)} ` +
      `minutes per 100 hours for the true device and ${most} minutes of raw downtime at most, the agent stops after the ` +
      `first turn that reads past ${most} × ${device.operating_hours} ÷ ${device.downtime_min} = ${stop.bound} hours ` +
      `(turn ${stop.turn}, read to ${stop.covered}): the higher the true rate, the sooner.`,
    `2. The rows of ${listing(invalid)} change channel on ${code("validating")}, from ${code("JSON-RPC error")} to ` +
      `${code("error result")}. Their texts stay the same as long as the server keeps the opening ` +
      `${code("MCP error -32602:")} in them, as the experiment's SDK did. ` +
      (healthyErrors === 0
        ? `No agent's row changes: on the healthy paths the agents made no tool error, so they never sent invalid arguments.`
        : `The agents made ${plural(healthyErrors, "tool error")} on the healthy paths: check which of them were invalid arguments.`),
    `3. Only the *limit 50* row on ${code("validating")}: the call passes validation, the handler refuses it, and the agent ` +
      `reads the handler's sentence as an error result, as on ${code("direct")}. The tool table's ${code("limit")} line reads ` +
      `"1 or more", and every opening gets a few tokens cheaper, because ${code("tools/list")} is shorter.`,
    `4. Never, as long as it answers only what it has read: an answer ${code("X vs Y")} needs the risk leader of the ` +
      `winner's model, one more call that the dead server cannot answer. When the ${ordinal(CRASH_ON_CALL)} call fails, in ` +
      `the second turn, ${seen} To be right it would need, before the ${ordinal(CRASH_ON_CALL)} call, the band holding the ` +
      `true device and its model's risk leader.`,
    `5. ${code("stdout-line")}: the client reads the stray line, cannot parse it and reports a transport error, then reads the ` +
      `response on its own line and delivers it. ${code("stdout-unterminated")}: the stray text and the response arrive as one ` +
      `line, which does not parse, so the response is lost; after ${ms(LATENCY_MICROS.clientTimeout)} ms the client gives up, ` +
      `sends ${code("notifications/cancelled")} and fails the call with ${code("-32001")}, which it made itself.`,
    `6. Our results already are that text block, so every ${code("top_devices")} response would carry its rows twice, ` +
      `once in ${code("structuredContent")} and once as text, and ${code("tools/list")} would grow by the output schema: ` +
      `more tokens per call and per opening, for the same answers.`,
  ].join("\n");
}
