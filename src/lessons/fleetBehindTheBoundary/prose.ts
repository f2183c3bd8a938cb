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
import { CRASH_ON_CALL, LATENCY_MICROS } from "../../fleet/conditions";
import { SLOW_PROGRESS_STEPS } from "../../server/faults";
import type { AgentRunRecord } from "../../fleet/runAgents";
import { formatRate, refusedArguments } from "./tables";
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

/** The opening line: which seed this run used and what it decides. */
export function describeFleetSeed(result: FleetLessonResult): string {
  return wrapMarkdown(
    `This run uses **seed ${result.seed}**: it draws the ${result.fleet.devices.length} devices; the agents, ` +
      `the paths and the faults are scripts, the same for every seed.`,
  );
}

/**
 * The question's answer in two sentences: the right answer with its rate, and the shortcut's, with
 * how many of the devices under 500 hours there are (the count the transcripts show).
 */
export function readGroundTruth(result: FleetLessonResult): string {
  const { truth } = result;
  const d = truth.device;
  const s = truth.shortcut.device;
  return wrapMarkdown(
    `On this seed ${truth.lowHourCount} of the ${result.fleet.devices.length} devices have run under ` +
      `500 hours. The answer is **${truth.answer}**: ${code(d.device_id)} lost ` +
      `${plural(d.downtime_min, "minute")} in ${plural(d.operating_hours, "hour")}, ` +
      `${formatRate(d.downtime_min, d.operating_hours)} per 100 hours. The shortcut answers ` +
      `**${truth.shortcut.answer}**: ${code(s.device_id)} lost the most, ${plural(s.downtime_min, "minute")}, ` +
      `but in ${plural(s.operating_hours, "hour")}.`,
  );
}

/** The turn (1-based) of the thorough agent's healthy run that holds the crash's call. */
function crashTurnOf(sizes: readonly number[]): number {
  let sent = 0;
  const k = sizes.findIndex((size) => (sent += size) >= CRASH_ON_CALL);
  return k + 1;
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
    : `On the three healthy paths the answers differ, which the reading did not expect: check the table row by row.`;
  return wrapMarkdown(
    `${healthy} Under ${code("crash-restart")} the thorough agent's bytes are ${n(restart.bytes)}, ` +
      `against ${n(validating.bytes)} on ${code("validating")}: the difference is a second opening, ` +
      `its ${code("tools/list")} and the repeated call.`,
  );
}

/** The expected answers to the lesson's exercises, with this run's figures, each folded. */
export function solveExercises(result: FleetLessonResult): string {
  const thorough = record(result, "direct", "thorough");
  const fixedRows = ["crash", "crash-explained", "stdout-unterminated"].map((c) =>
    record(result, c, "thorough"),
  );
  const refused = refusedArguments(result.malformed).map((r) => `*${r.label}*`);
  const healthyErrors = ["raw", "validating"].reduce(
    (sum, c) =>
      sum + record(result, c, "thorough").toolErrors + record(result, c, "shortcut").toolErrors,
    0,
  );
  // The turns no fleet changes: the opening's calls and the first band turn's; the crash's turn.
  const opening = result.turnSizes.thorough.slice(0, 2);
  const crashTurn = crashTurnOf(result.turnSizes.thorough);
  return [
    foldedAnswer(
      "1. Another seed",
      `The shortcut agent's rows keep them (two calls), and so do the thorough agent's under ` +
        `${listing(fixedRows.map((r) => `${code(r.condition)} (${r.turns}, ${r.toolCalls}, ${r.toolErrors})`))}: ` +
        `its first two turns, ${opening.join(" + ")} calls, are the same on every fleet; the crash comes at ` +
        `the ${ordinal(CRASH_ON_CALL)} call, in turn ${crashTurn}, and under ${code("stdout-unterminated")} ` +
        `turn 1 fails. Only their bytes (here ${listing(fixedRows.map((r) => n(r.bytes)))}) can move. ` +
        `The other rows move with the fleet (here ${thorough.toolCalls} calls on ${code("direct")}): ` +
        `the devices decide how many pages the agent reads before no unread device can win.`,
    ),
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

/**
 * The thorough agent's stop on `direct`, under its turn table (`formatTurnTable`): after the
 * last band turn, the bound on any unread device's rate (turn 1's top downtime over the hours read
 * from 0 without a gap) against the best rate read, and the turn before, when the bound was not yet
 * below it. Source: `THOROUGH` and `canStop` (`fleet/agents.ts`).
 */
export function readThoroughTurns(result: FleetLessonResult): string {
  const turns = result.thoroughTurns;
  const example = readSecondTurn(turns[1]);
  const top = result.truth.shortcut.device;
  const most = top.downtime_min;
  const last = turns.length - 2;
  const stop = turns[last];
  if (stop.covered >= 500 || !stop.best)
    return wrapMarkdown(
      `${example}After turn ${last + 1} every device under 500 hours has been read: the agent stops.`,
    );
  const best = stop.best;
  const parts = [
    `After turn ${last + 1}, every device under ${stop.covered} hours has been read. ` +
      `A device not yet read has run at least ${stop.covered} hours and lost at most ${most} ` +
      `minutes, the most turn 1 found (${code(top.device_id)}): a rate of at most ` +
      `${formatRate(most, stop.covered)} per 100 hours. That is below the best rate read, ` +
      `${formatRate(best.downtime, best.hours)} (${code(best.device_id)}), so the agent stops.`,
  ];
  const before = turns[last - 1];
  if (before?.best && before.bands.length > 0 && before.covered > 0)
    parts.push(
      `After turn ${last}, that bound was ${formatRate(most, before.covered)} (${most} minutes in ` +
        `${before.covered} hours), not below ${formatRate(before.best.downtime, before.best.hours)}, ` +
        `so it went on.`,
    );
  return wrapMarkdown(example + parts.join(" "));
}

/**
 * Turn 2 as a worked example of the band rule: a starred band (more than a page of devices)
 * counts no device as read and is halved next turn, so the turn's calls can read few devices.
 * Empty when turn 2 pages no band. Ends with a space, to lead the stop's sentences.
 */
function readSecondTurn(turn: FleetLessonResult["thoroughTurns"][number] | undefined): string {
  if (!turn || turn.bands.length === 0) return "";
  const name = (b: { min: number; max: number }) => `${b.min}-${b.max}`;
  const starred = turn.bands.filter((b) => b.crowded);
  const plain = turn.bands.filter((b) => !b.crowded);
  const read = plain.reduce((sum, b) => sum + b.devices, 0);
  const opening = `Turn 2 makes ${turn.calls} calls for ${plural(turn.bands.length, "band")}`;
  if (starred.length === 0)
    return `${opening}, none starred, and reads all ${plural(read, "device")} in them. `;
  const what =
    plain.length === 0
      ? "so it reads no device yet"
      : `so it reads only the ${plural(read, "device")} of ${listing(plain.map(name))}`;
  return (
    `${opening}, but ${listing(starred.map(name))} ${starred.length === 1 ? "is" : "are"} ` +
    `starred, ${what}; turn 3 asks the halves of ${starred.length === 1 ? "the starred band" : "each starred band"}. `
  );
}
