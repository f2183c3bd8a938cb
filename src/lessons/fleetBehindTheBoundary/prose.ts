/**
 * Lesson 8's readings of its tables, written from the run so that they stay true for any seed.
 *
 * Every number in these paragraphs comes from a {@link FleetLessonResult}; where a claim might
 * not hold for another seed (two paths agreeing, an agent recovering), the paragraph checks it
 * and says what it finds. Each function returns markdown for `tslab.display.markdown`.
 */
import { LATENCY_MICROS, CRASH_ON_CALL, CONDITIONS } from "../../fleet/conditions";
import { FLEET_SIZE, LOW_HOURS, MAX_ROWS } from "../../fleet/catalog";
import type { AgentRunRecord } from "../../fleet/run";
import { FLEET_VERSION, PATH_NAMES } from "../../fleet/paths";
import { formatRate, msPerCall } from "./tables";
import type { FleetLessonResult } from "./simulate";
import { code, listing, ordinal, plural } from "../proseWords";

const n = (value: number) => value.toLocaleString("en-US");
const ms = (micros: number) => (micros / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 });

/** The record of one condition × policy. */
function record(result: FleetLessonResult, condition: string, policy: string): AgentRunRecord {
  const found = result.matrix.find((r) => r.condition === condition && r.policy === policy);
  if (!found) throw new Error(`no run for ${condition} × ${policy}`);
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
    `${truth.lowHourCount} of them (${share}%) have run fewer than ${LOW_HOURS} hours; the fleet in the source experiment had 254 ` +
    `of 400, and the generator aims at that share. These low-hour devices are the ones the lesson's question is about.`
  );
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
      `${formatRate(s.downtime_min, s.operating_hours)} per 100 hours. The generator makes this true for every seed, and a test ` +
      `checks it for a thousand.`,
  ].join("\n\n");
}

/** A reading of the two level tables: the fleet as a fourth server. */
export function readLevels(result: FleetLessonResult): string {
  const [names, fields, , full] = result.levels;
  const lesson6 = result.lessonClientLevels;
  const fleetDroppedAtFull = lesson6[3].dropped - lesson6[2].dropped;
  return [
    `**With a client that knows the fleet**, level 0 behaves as it did for the water servers: calls go out without arguments. ` +
      `${code("count_devices")} has no required field, so it answers — for the whole fleet, ${String(names.count)} devices, not the ` +
      `${String(fields.count)} under ${LOW_HOURS} hours the client meant to ask about. An answer to a question nobody asked is worse ` +
      `than an error: nothing in it says it is wrong. ${code("top_devices")} needs ${code("field")} and fails, which ends the chain ` +
      `after ${names.calls} calls. From level 1 the client fills ${code("max_hours")}, ${code("field")} and ${code("limit")} from its ` +
      `state and the chain runs: ${fields.calls} calls, ${n(fields.tokens)} tokens, and ${code(String(fields.fetched))} fetched — the raw-downtime ` +
      `leader, since this chain asks the shortcut question.`,
    `Level 3 agrees ${full.negotiated} tools instead of ${fields.negotiated}: the fleet declares version ${FLEET_VERSION}, which this client knows, but ${code("kayit")} still declares a version the client does not know and is dropped, as in lesson 6.`,
    `**With lesson 6's client**, which has never heard of the fleet, the fleet's tools are refused at every level: by the allowlist ` +
      `at levels 0 to 2; at level 3 the fleet declares version ${FLEET_VERSION} to a client that knows none, so the whole server is dropped ` +
      `by version before the allowlist is consulted (the ${plural(fleetDroppedAtFull, "extra tool")} dropped there ${fleetDroppedAtFull === 1 ? "is" : "are"} ` +
      `${code("kayit")}'s, as in lesson 6). Each attempt ends in the client ` +
      `with ${code(String(lesson6[0].failure).split(": ")[1])}, and no tool call reaches the fleet: the ${lesson6[0].request} requests in ` +
      `that table are the handshake alone, one ${code("yetenek sor")} per server, the fleet's included.`,
  ].join("\n\n");
}

/** A reading of the malformed-call table, from the outcomes themselves. */
export function readMalformed(result: FleetLessonResult): string {
  const rows = result.malformed;
  const channels = (label: string) => rows.find((r) => r.label === label)!.outcomes;
  const quietOnDirect = rows.filter((r) => !r.outcomes.direct.isError && r.outcomes.validating.isError).map((r) => r.label);
  const agreeAll = rows.filter((r) => PATH_NAMES.every((p) => r.outcomes[p].text === r.outcomes.direct.text)).map((r) => r.label);
  const raw = rows.filter((r) => r.outcomes.raw.channel === "JSON-RPC error").length;
  const unknownId = channels("unknown device id");
  const sameHandlerText = unknownId.validating.text === unknownId.direct.text;
  return [
    `Read the table by columns first. On ${code("direct")} every failure is a sentence written for the agent — a handler's, or ` +
      `the rig's own ${code("No such tool")} — delivered as an error result. On ${code("raw")} every failure is a JSON-RPC error ` +
      `(${raw} of ${rows.length} calls): the low-level server turns any throw into ${code("-32603")}, and the client's call throws, ` +
      `so the agent reads ${code("MCP error -32603:")} in front of the handler's sentence — or, for the unknown tool, in front of the ` +
      `server's own ${code("Unknown tool")}. The ${code("validating")} server checks ` +
      `arguments before the handler runs; its rejections name the property and what was expected, and what was received when ` +
      `something was.`,
    `Then by rows. ${quietOnDirect.length ? `${listing(quietOnDirect.map((l) => `*${l}*`))} succeed quietly on ${code("direct")} and ${code("raw")} and are rejected by ${code("validating")}` : "No call succeeds on one path and fails on another"}: ` +
      `the same tool now has two contracts. A model name in the wrong case answers ${code(channels("model in the wrong case").direct.text)} ` +
      `in-process — a plausible number, and a wrong one. ` +
      `${agreeAll.length ? `Only ${listing(agreeAll.map((l) => `*${l}*`))} reads the same on all three paths; the validating server strips the unknown property before the handler sees it, the others ignore it.` : ""} ` +
      (sameHandlerText
        ? `Where the handler itself throws (the unknown id), the validating path passes its message through unchanged, as an error result.`
        : `Even the handler's own error for an unknown id reads differently on the validating path.`),
    `Which contract is better? Here the handlers were written to say what is valid, so on a missing ${code("field")} both ` +
      `contracts list the four choices; in the source experiment the handler answered ${code('Cannot rank by "undefined"')} and ` +
      `the library's validation error was the more useful of the two. But the validating server's messages also leak the protocol ` +
      `into what is meant to be a tool result: the agent reads ${code("MCP error -32602")} where it expected an answer.`,
    limitRow(rows),
  ].join("\n\n");
}

/** The `limit 50` row against the source's probe, where the SDK's rewritten bounds let 50 through. */
function limitRow(rows: FleetLessonResult["malformed"]): string {
  const row = rows.find((r) => r.label === "limit 50")!;
  return row.outcomes.validating.channel === "JSON-RPC error"
    ? `One row differs from the source's probe table. There, ${code("limit: 50")} passed validation — the SDK had rewritten the ` +
        `schema's bounds to ±(2⁵³ − 1) — and was refused by the handler; here the schema's ${code("maximum")} of ${MAX_ROWS} stands, and ` +
        `the validating server refuses the call before the handler sees it.`
    : `As in the source's probe table, ${code("limit: 50")} passes validation and is refused by the handler.`;
}

/** The conditions with what each does, as a markdown table. */
export function describeConditions(): string {
  return [
    "| condition | path | what happens |",
    "|---|---|---|",
    ...CONDITIONS.map((c) => `| ${code(c.name)} | ${code(c.path)} | ${c.description} |`),
  ].join("\n");
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
      `${msPerCall(direct)} ms per call against ${msPerCall(raw)} and ${msPerCall(validating)}. Over a local boundary the agent uses the tools the same way, and pays for them.`
    : `On the three healthy paths the answers differ, which the reading did not expect: check the table row by row.`;
  const paragraphs = [
    healthy,
    `**slow**: the first ${code("top_devices")} call runs past the client's ${ms(LATENCY_MICROS.clientTimeout)} ms wait. The thorough agent ` +
      `reads ${code("MCP error -32001: Request timed out")}, sends the identical call again in its next turn — as the model in the ` +
      `source experiment did in every run — and this time it is served: ${slow.correct ? "right" : "wrong"} answer, ${slow.toolErrors} tool ` +
      `error, ${slow.turns} turns instead of ${validating.turns}, and ${msPerCall(slow)} ms per call, the timeout averaged over ${slow.toolCalls} calls.`,
    `**crash**: the server exits while handling its ${ordinal(CRASH_ON_CALL)} ${code("tools/call")}. That call reads ${code("MCP error -32000: Connection closed")}, ` +
      `every later one ${code("Not connected")} — a message that does not say whether waiting would help. The thorough agent treats ` +
      `it like the timeout and reissues the failed calls: ${crash.toolErrors} failed calls out of ${crash.toolCalls}. Then it gives up. ` +
      `The band pages it received before the crash are a partial search, proof of nothing, so it falls back on the raw-downtime leader ` +
      `from its first turn and answers ${code(String(crash.answer))}: ${crash.correct ? "right" : "wrong"}.` +
      (s("crash").toolCalls < CRASH_ON_CALL
        ? ` The shortcut agent's rows do not move under any crash: it makes ${plural(s("crash").toolCalls, "call")}, and the server dies on its ${ordinal(CRASH_ON_CALL)}.`
        : ""),
    `**crash-explained** is the condition the source experiment planned and never ran: the same crash, but the client says plainly ` +
      `that the server has exited and will not come back. The agent stops at the first such message: ${explained.toolCalls} calls and ` +
      `${explained.toolErrors} errors instead of ${crash.toolCalls} and ${crash.toolErrors}, and ` +
      (explained.answer === crash.answer ? `the same ${explained.correct ? "right" : "wrong"} answer` : `the answer ${code(String(explained.answer))}`) +
      `, reached ${plural(crash.turns - explained.turns, "turn")} sooner. Telling a permanent failure from a transient one does not rescue the run; it stops the waste.`,
    `**crash-restart**: the client respawns the server and retries the failed call once. ${restart.restarts} restart, ` +
      `${ms(LATENCY_MICROS.restart)} ms of virtual time, and the run is ${restart.correct ? "right" : "wrong"} again with ${restart.toolErrors} tool ` +
      `errors — the agent never learns anything happened. The envelope shows the price: ${n(restart.envelope.tokens)} tokens against ` +
      `${n(validating.envelope.tokens)}, for the second handshake and the repeated call.`,
    `**stdout-line**: the server prints a stray line beside its responses. The client cannot parse it and raises a transport error ` +
      `(${line.transportErrors} of them), but every response still arrives whole: ${line.correct ? "right" : "wrong"}, with no tool error. ` +
      `**stdout-unterminated** is the same mistake without a newline: each response is glued to the stray text, the line cannot be parsed, ` +
      `and every call times out — ${unterminated.toolErrors} errors in ${unterminated.toolCalls} calls, no answer. Stdout belongs to the protocol; ` +
      `a server logs to stderr.`,
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
    `- As a fourth server the fleet obeys lesson 6's rules: at level 0 ${code("count_devices")} answers ${String(result.levels[0].count)} for the whole fleet, and a client that does not know the fleet drops it.`,
    `- The same eight malformed calls succeed on one path and fail on another ${disagreements} times: validation is part of a tool's contract, and moving a tool behind a validating server changes it.`,
    `- A healthy boundary costs tokens and time, not correctness: ${n(validating.envelope.tokens)} envelope tokens and ${msPerCall(validating)} ms per call for the thorough agent.`,
    `- A crash without recovery cost ${crash.toolErrors} failed calls; saying that the server is gone cut that to ${explained.toolErrors}; a restart and one retry made the run ${restart.correct ? "correct" : "still wrong"} at the price of ${restart.restarts} restart.`,
  ].join("\n");
}
