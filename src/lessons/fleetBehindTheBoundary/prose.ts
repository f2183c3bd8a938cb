/**
 * Lesson 8's sentences that depend on the run: the readings of its tables that carry the seed's
 * figures, and the exercises' answers. The teaching text no seed changes is in the notebook's
 * markdown cells; the lesson's tests hold that text to what the run computes.
 *
 * Every number here comes from a {@link FleetLessonResult}; where a claim might not hold for
 * another seed (two paths agreeing, an agent recovering), the sentence checks it and says what it
 * finds. Each function returns markdown for `tslab.display.markdown`, its paragraphs and list items
 * wrapped at 100 columns (`wrapMarkdown`).
 */
import { LOCAL_FAILURES } from "../../fleet/client";
import { MAX_RETRIES, WAVE_BANDS } from "../../fleet/agents";
import { MAX_ROWS as MAX_PAGE_ROWS } from "../../fleet/catalog";
import { CRASH_ON_CALL, LATENCY_MICROS } from "../../fleet/conditions";
import { SLOW_PROGRESS_STEPS } from "../../server/faults";
import type { AgentRunRecord } from "../../fleet/runAgents";
import { channelCode, formatRate, refusedArguments } from "./tables";
import type { FleetLessonResult } from "./simulate";
import type { SlowHttpCall } from "./wire";
import { shownBodyBytes } from "../httpText";
import { code, listing, ordinal, plural } from "../proseWords";
import { foldedAnswer, wrapMarkdown } from "../wrapProse";

const n = (value: number) => value.toLocaleString("en-US");
const ms = (micros: number) =>
  (micros / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 });

/** The record of one condition × policy. */
function record(result: FleetLessonResult, condition: string, policy: string): AgentRunRecord {
  const found = result.matrix.find((r) => r.condition === condition && r.policy === policy);
  if (!found) throw new Error(`no run for ${condition} × ${policy}`);
  return found;
}

/** A fold on one `<details><summary>` line, as the notebook's markdown folds are written. */
function foldedBlock(summary: string, markdown: string): string {
  return `<details><summary>${summary}</summary>\n\n${wrapMarkdown(markdown)}\n\n</details>`;
}

/** The opening line: which seed this run used and what it decides. */
export function describeFleetSeed(result: FleetLessonResult): string {
  return wrapMarkdown(
    `This run uses **seed ${result.seed}**: it draws the ${result.fleet.devices.length} devices; the agents, ` +
      `the paths and the faults are scripts, the same for every seed.`,
  );
}

/**
 * The body's one sentence on the agents: how many calls each makes on a healthy path, from the
 * `direct` run, why the shortcut's answer is wrong on every seed, and what that shows (checked:
 * when this seed's shortcut is right after all, a sentence that says so).
 */
export function describeAgents(result: FleetLessonResult): string {
  const thorough = record(result, "direct", "thorough");
  const shortcut = record(result, "direct", "shortcut");
  const wrong =
    result.truth.shortcut.answer !== result.truth.answer
      ? `, and is wrong by construction: every seed's fleet is drawn so that its wrong answer ` +
        `arrives with no error. Its point: protocol success is not task success.`
      : `; on this seed its answer is right, which the fleet is drawn to prevent.`;
  return wrapMarkdown(
    `The *thorough* agent makes ${plural(thorough.toolCalls, "call")}; the *shortcut* makes ` +
      `${shortcut.toolCalls}${wrong} The details are folded.`,
  );
}

/**
 * The question's answer, folded: the right answer with its rate, and the shortcut's, with how many
 * of the devices under 500 hours there are (the count the transcripts show), then the thorough
 * agent's calls turn by turn.
 */
export function readGroundTruth(result: FleetLessonResult): string {
  const { truth } = result;
  const d = truth.device;
  const s = truth.shortcut.device;
  return foldedBlock(
    "This seed's answers, turn by turn",
    `On this seed ${truth.lowHourCount} of the ${result.fleet.devices.length} devices have run under ` +
      `500 hours. The answer is **${truth.answer}**: ${code(d.device_id)} lost ` +
      `${plural(d.downtime_min, "minute")} in ${plural(d.operating_hours, "hour")}, ` +
      `${formatRate(d.downtime_min, d.operating_hours)} per 100 hours. The shortcut answers ` +
      `**${truth.shortcut.answer}**: ${code(s.device_id)} lost the most, ${plural(s.downtime_min, "minute")}, ` +
      `but in ${plural(s.operating_hours, "hour")}.${thoroughTurnSizes(result)}`,
  );
}

/** What a reading says when the runs disagree with its arithmetic, in place of a wrong sum. */
const UNEXPECTED = "which the reading did not expect: check the table row by row.";

/**
 * The thorough agent's calls on a healthy path, turn by turn, summed to the table's count, with
 * what makes a turn larger than {@link WAVE_BANDS} bands' pages: the halves of the turn before's
 * crowded bands (a band whose page held fewer rows than matched is asked again as two halves,
 * before any new band). A sentence starting with a space; when the turns do not add up to the
 * `direct` run, or a large turn is not all halves, a sentence that says so.
 */
function thoroughTurnSizes(result: FleetLessonResult): string {
  const sizes = result.turnSizes.thorough;
  const total = sizes.reduce((a, b) => a + b, 0);
  const direct = record(result, "direct", "thorough").toolCalls;
  if (total !== direct)
    return ` The thorough agent's turns send ${sizes.join(" + ")} = ${total} calls, not the table's ${direct}, ${UNEXPECTED}`;
  const turns = result.thoroughTurns;
  const large = sizes.flatMap((size, k) => (size > 2 * WAVE_BANDS ? [k] : []));
  const crowded = large.map((k) => (turns[k - 1]?.bands ?? []).filter((b) => b.crowded).length);
  if (large.some((k, i) => turns[k]?.bands.length !== 2 * crowded[i]))
    return ` The thorough agent's turns send ${sizes.join(" + ")} = ${total} calls; a turn above ${2 * WAVE_BANDS} calls is not all halves of crowded bands, ${UNEXPECTED}`;
  const ones = (values: number[]) => listing(values.map(n));
  const halves =
    large.length === 0
      ? ""
      : large.length === 1
        ? `; turn ${large[0] + 1}'s ${sizes[large[0]]} page the halves of turn ${large[0]}'s ` +
          `${crowded[0]} crowded bands, those with more than ${MAX_PAGE_ROWS} devices`
        : `; turns ${ones(large.map((k) => k + 1))}, of ${ones(large.map((k) => sizes[k]))} calls, ` +
          `page the halves of the turn before's ${ones(crowded)} crowded bands, those with more ` +
          `than ${MAX_PAGE_ROWS} devices`;
  return (
    ` The thorough agent's turns send ${sizes.join(" + ")} = ${total} calls: ${sizes[0]} to open, ` +
    `two pages per band, and ${sizes[sizes.length - 1]} for the winner's record and its type's risk ` +
    `leader${halves}. Its answer takes a turn more.`
  );
}

/**
 * Where the crash rows' calls and failures come from: the turn that holds the server's
 * {@link CRASH_ON_CALL}th call, that call and the rest of its turn failing, each reissued
 * {@link MAX_RETRIES} times under `crash`, none under `crash-explained`. Checked against the runs;
 * when they disagree, a sentence that says so.
 */
function crashArithmetic(result: FleetLessonResult): string {
  const sizes = result.turnSizes.thorough;
  let sent = 0;
  let turn = 0;
  while (turn < sizes.length && sent + sizes[turn] < CRASH_ON_CALL) sent += sizes[turn++];
  if (turn >= sizes.length)
    return ` The crash rows do not follow from the turns above, ${UNEXPECTED}`;
  const through = sent + sizes[turn];
  const failed = through - CRASH_ON_CALL + 1;
  const crash = record(result, "crash", "thorough");
  const explained = record(result, "crash-explained", "thorough");
  const retried = through + failed * MAX_RETRIES;
  if (
    crash.toolCalls !== retried ||
    crash.toolErrors !== failed * (MAX_RETRIES + 1) ||
    explained.toolCalls !== through ||
    explained.toolErrors !== failed
  )
    return ` The crash rows' calls and failures do not follow from the turns above, ${UNEXPECTED}`;
  const upTo = sizes.slice(0, turn + 1).join(" + ");
  // Which of the crash turn's calls were answered and which failed, so that "2 + 8" reads at once.
  const before = CRASH_ON_CALL - sent - 1;
  const split =
    before === 0
      ? `all ${sizes[turn]} of turn ${turn + 1}'s calls fail`
      : `turn ${turn + 1}'s first ${before} ${before === 1 ? "call is" : "calls are"} answered and ` +
        `its last ${failed} fail`;
  const resends = Array.from({ length: MAX_RETRIES }, () => failed).join(" + ");
  return (
    ` Under ${code("crash")} the server exits on the ${ordinal(CRASH_ON_CALL)} call: ${split}; each of ` +
    `those ${failed} is resent ${plural(MAX_RETRIES, "time")} and fails again, so ` +
    `${upTo} + ${resends} = ${retried} calls, ${failed} × ${MAX_RETRIES + 1} = ` +
    `${crash.toolErrors} failed. Under ${code("crash-explained")} the first failure says the ` +
    `server is gone, so ${upTo} = ${through} calls, ${failed} failed.`
  );
}

/**
 * A reading of the condition table: the healthy paths' costs, the opening's share of them, and
 * the restart's extra bytes, which move with the seed.
 */
export function readConditions(result: FleetLessonResult): string {
  const t = (condition: string) => record(result, condition, "thorough");
  const s = (condition: string) => record(result, condition, "shortcut");
  const [direct, validating] = [t("direct"), t("validating")];
  const sameAnswers = ["direct", "raw", "validating"].every(
    (c) => t(c).answer === direct.answer && s(c).answer === s("direct").answer,
  );
  const { handshake, handshakeBytes } = result;
  const thoroughRaw = t("raw");
  const opening = handshake.request + handshake.response + handshake.notification;
  const restart = t("crash-restart");
  const healthy = sameAnswers
    ? `On the three healthy paths both agents give the same answers with the same calls; only the ` +
      `bytes differ. Of the thorough agent's ${n(thoroughRaw.bytes)} on ${code("raw")}, ` +
      `${n(handshakeBytes)} are MCP's opening and ${code("tools/list")} (${opening} messages), sent once.`
    : `On the three healthy paths the answers differ, ${UNEXPECTED}`;
  return wrapMarkdown(
    `${healthy}${crashArithmetic(result)} Under ${code("crash-restart")} the thorough agent's bytes ` +
      `are ${n(restart.bytes)}, against ${n(validating.bytes)} on ${code("validating")}: the ` +
      `difference is a second opening, its ${code("tools/list")} and the repeated call.`,
  );
}

/**
 * Exercise 1's answer: how `raw` and `validating` answer the eight malformed calls, counted by
 * channel from the run, and which of them reports the handler's own failure (the unknown device
 * id) in the result, as every revision's schema says such an error SHOULD be (`CallToolResult`).
 */
function channelAnswer(result: FleetLessonResult): string {
  const rows = result.malformed;
  const channels = (path: "raw" | "validating") => {
    const outcomes = rows.map((r) => r.outcomes[path]);
    const errors = outcomes.filter((o) => o.channel === "JSON-RPC error");
    const distinct = [...new Set(errors.map((o) => channelCode(o)))];
    const codes =
      distinct.length === 1
        ? distinct
        : distinct.map((c) => `${errors.filter((o) => channelCode(o) === c).length} of ${c}`);
    const isError = outcomes.filter((o) => o.channel === "error result").length;
    const plain = outcomes.filter((o) => o.channel === "result").length;
    return (
      `${code(path)}: ${plural(errors.length, "JSON-RPC error")}` +
      (codes.length > 0 ? ` (${listing(codes)})` : "") +
      `, ${isError} ${code("isError")} ${isError === 1 ? "result" : "results"} and ` +
      `${plural(plain, "plain result")}`
    );
  };
  const device = rows.find((r) => r.label === "unknown device id");
  const keeps = (["raw", "validating"] as const).filter(
    (p) => device?.outcomes[p].channel === "error result",
  );
  const failure = device
    ? `The unknown device id is the handler's own failure, which SHOULD be reported in the result: ` +
      (keeps.length > 0
        ? `${listing(keeps.map(code))} ${keeps.length === 1 ? "does" : "do"} so, with an ${code("isError")} result` +
          (keeps.length === 1
            ? `; ${code(keeps[0] === "raw" ? "validating" : "raw")} sends ${channelCode(device.outcomes[keeps[0] === "raw" ? "validating" : "raw"])}.`
            : ".")
        : `neither path does.`)
    : "";
  return `${channels("raw")}; ${channels("validating")}. ${failure}`;
}

/** The expected answers to the lesson's exercises, with this run's figures, each folded. */
export function solveExercises(result: FleetLessonResult): string {
  const refused = refusedArguments(result.malformed).map((r) => `*${r.label}*`);
  const healthyErrors = ["raw", "validating"].reduce(
    (sum, c) =>
      sum + record(result, c, "thorough").toolErrors + record(result, c, "shortcut").toolErrors,
    0,
  );
  return [
    foldedAnswer("1. Two paths, two channels", channelAnswer(result)),
    foldedAnswer(
      "2. The validating path of 2025-06-18",
      `The rows of ${listing(refused)} change on ${code("validating")} from an error result to a JSON-RPC ` +
        `error, read as ${code("MCP error -32602:")} and the same sentence. ` +
        (healthyErrors === 0
          ? `No agent's row changes: the agents never send invalid arguments, and the opening carries the ` +
            `same messages with either revision.`
          : `The agents made ${plural(healthyErrors, "tool error")} on the healthy paths: check which were invalid arguments.`),
    ),
    foldedAnswer("3. A slow call with progress", progressAnswer()),
  ].join("\n\n");
}

/** The maximum timeout exercise 3 adds, in µs. */
const MAXIMUM_TIMEOUT_MICROS = 2_000_000;

/**
 * Exercise 3's answer: the slow call's wait cut by its progress notifications, each resetting the
 * client's clock, with and without a maximum timeout. From the fault's figures
 * (`LATENCY_MICROS.slowTool`, `clientTimeout`) and the server's `SLOW_PROGRESS_STEPS`.
 */
function progressAnswer(): string {
  const slow = LATENCY_MICROS.slowTool;
  const wait = LATENCY_MICROS.clientTimeout;
  const gap = slow / SLOW_PROGRESS_STEPS;
  const times = Array.from({ length: SLOW_PROGRESS_STEPS }, (_, k) => ms(gap * (k + 1)));
  const first =
    gap < wait
      ? `No: the notifications come at ${listing(times)} ms, each within ${ms(wait)} ms of the ` +
        `clock's last start, and the result follows the last, so the call is served on its first try.`
      : `Yes: the first notification comes after ${ms(gap)} ms, past the ${ms(wait)} ms wait.`;
  const capped =
    MAXIMUM_TIMEOUT_MICROS < slow
      ? `With a maximum of ${ms(MAXIMUM_TIMEOUT_MICROS)} ms it times out at ${ms(MAXIMUM_TIMEOUT_MICROS)} ms, ` +
        `whatever the notifications say: the client sends ${code("notifications/cancelled")} and ` +
        `fails the call itself: ${code(LOCAL_FAILURES.timedOut)}, as now.`
      : `A maximum of ${ms(MAXIMUM_TIMEOUT_MICROS)} ms changes nothing: the result comes first.`;
  return `${first} ${capped}`;
}

/**
 * The reading of the slow call's SSE stream (`runSlowHttp`): how many events it carried, and its
 * content's bytes split into the messages' JSON and the SSE framing round them (`event:` lines,
 * `data: `, newlines). The chunked coding round the content is not counted: how the server's
 * runtime groups the events into chunks varies (`shownBodyBytes` in `httpText.ts`).
 */
export function readSlowHttp(call: SlowHttpCall): string {
  const { response } = call.exchange;
  const progress = call.messages.filter((m) => m.method === "notifications/progress").length;
  const content = shownBodyBytes(response);
  const framing = content - call.jsonBytes;
  const progressed = plural(progress, "`notifications/progress`", "`notifications/progress`");
  return wrapMarkdown(
    `The stream carried ${plural(call.messages.length, "event")}, ${progressed} and the response, ` +
      `in ${n(content)} bytes: ${n(call.jsonBytes)} of JSON and ${n(framing)} of SSE framing ` +
      "(`event:` lines, `data: `, newlines), not counting the chunked coding, which varies by runtime.",
  );
}
