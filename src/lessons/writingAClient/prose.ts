/**
 * Lesson 7's readings of its tables, written from the run so that they stay true for any seed.
 *
 * Every number in these paragraphs comes from a {@link WritingAClientResult}; where a claim might
 * not hold (two modes making the same calls, a gap growing by the same amount at every task, a
 * report costing nothing on the wire), the paragraph checks it and says what it finds. Each
 * function returns markdown for `tslab.display.markdown`.
 */
import type { EnvelopeCounts } from "../../sim/envelope";
import { LEGACY_REVISION } from "../../sim/eras";
import { describeDrop } from "../../client/drops";
import type { GrowthRow } from "../../client/session";
import { sumDiscovery, tokenRatio } from "./tables";
import { DROPPED_SERVER, FIRST_SERVER, KEPT_SERVER, type WritingAClientResult } from "./simulate";
import { code, listing, plural } from "../proseWords";

const KEYS = ["request", "response", "notification", "tokens", "round_trips"] as const;
const sameCounts = (a: EnvelopeCounts, b: EnvelopeCounts) => KEYS.every((k) => a[k] === b[k]);
const countsText = (c: EnvelopeCounts) =>
  `${plural(c.request, "request")}, ${plural(c.response, "response")}, ${plural(c.notification, "notification")}, ${c.tokens} tokens and ${plural(c.round_trips, "round trip")}`;

/** The discovery cost of one connection to every server (what one discovery costs in the runs). */
function oneDiscovery(result: WritingAClientResult): EnvelopeCounts {
  return sumDiscovery(result.discovery);
}

/** The opening line: which seed this run used and what it decides. */
export function describeClientSeed(result: WritingAClientResult): string {
  return (
    `This run uses **seed ${result.seed}**: it draws lesson 6's ${Object.keys(result.world.subscribers).length} subscribers and ` +
    `${result.tasks.length - 1} tasks, and the fleet's ${result.fleet.devices.length} devices. Discovery messages carry names and ` +
    `versions only, so their cost is the same for every seed. Tool calls carry readings and device rows, and could move with the ` +
    `seed; at level 3, where this lesson runs, the twelve lesson-6 calls cost the same on every seed we have tried, and only the ` +
    `fleet task's tokens move, by a few. Every ${code("initialize")} asks for revision ${code(LEGACY_REVISION)}.`
  );
}

/** A reading of the first transcript and the discovery table. */
export function readDiscovery(result: WritingAClientResult): string {
  const first = result.transcripts[FIRST_SERVER] ?? [];
  const rows = result.discovery;
  const total = oneDiscovery(result);
  const notificationTrips = Object.values(result.transcripts)
    .flat()
    .filter((m) => m.kind === "notification")
    .reduce((n, m) => n + m.roundTrips, 0);
  const requestsFollowCapabilities = rows.every((r) => r.request === 1 + r.capabilities.length && r.response === r.request && r.notification === 1);
  const remote = rows.filter((r) => r.transport === "remote");
  const remoteDoubled = remote.every((r) => r.round_trips === 2 * r.request);
  const lessonSix = result.lessonSixHandshake;
  const three = sumDiscovery(rows.filter((r) => result.world.servers.some((s) => s.name === r.server)));
  const perServer = requestsFollowCapabilities
    ? `Every server costs one ${code("initialize")} request, its response and one notification, then one request and one response ` +
      `per capability it declares; so ${listing(rows.map((r) => `${code(r.server)} ${r.request}`))} requests.`
    : `Requests per server: ${listing(rows.map((r) => `${code(r.server)} ${r.request}`))}.`;
  return [
    `${code(FIRST_SERVER)} is reached in ${plural(first.length, "message")}. The notification is the one message with no answer: ` +
      `it tells the server the client is ready, and ${notificationTrips === 0 ? "it costs tokens but no round trip" : `it adds ${notificationTrips} round trips`}. ` +
      `${perServer} ` +
      (remote.length
        ? `${listing(remote.map((r) => code(r.server)))} ${remote.length === 1 ? "is" : "are"} remote, ` +
          (remoteDoubled ? `so each of ${remote.length === 1 ? "its" : "their"} requests counts two round trips.` : `and ${remote.length === 1 ? "its" : "their"} requests count more round trips.`)
        : ""),
    `Connecting to all ${rows.length} servers costs ${countsText(total)}. Lesson 6 counted the same step for its three servers as ` +
      `one question and one answer each: ${lessonSix.request} requests, ${lessonSix.tokens} tokens, ${lessonSix.round_trips} round trips. ` +
      `Spelled out the way MCP spells it, the same three servers take ${three.request} requests, ${three.notification} notifications, ` +
      `${three.tokens} tokens and ${three.round_trips} round trips — ${(three.tokens / lessonSix.tokens).toFixed(1)} times the tokens. ` +
      `Lesson 6's handshake stood for this exchange; it did not price it.`,
  ].join("\n\n");
}

/** A reading of the per-task / per-session table. */
export function readModes(result: WritingAClientResult): string {
  const { perTask, perSession } = result;
  const one = oneDiscovery(result);
  const sameWork = sameCounts(perTask.work, perSession.work) && perTask.calls === perSession.calls && perTask.completed === perSession.completed;
  const extra = perTask.discoveries - perSession.discoveries;
  const gapIsDiscovery = KEYS.every((k) => perTask.total[k] - perSession.total[k] === extra * one[k]);
  const share = (part: number, whole: number) => Math.round((part * 100) / whole);
  return [
    sameWork
      ? `Both clients make the same ${perSession.calls} calls and complete the same ${perSession.completed} of ${perSession.tasks} tasks, ` +
        `and their calls cost the same ${perSession.work.tokens} tokens: negotiation gives the same tools every time, so renewing it changes nothing the tasks see.`
      : `The two clients do not make the same calls (${perTask.calls} against ${perSession.calls}); renewing discovery changed what the tasks could do.`,
    gapIsDiscovery
      ? `The whole difference is ${plural(extra, "extra discovery", "extra discoveries")}: ${extra} × ${one.tokens} = ${extra * one.tokens} tokens, ` +
        `${extra * one.request} requests, ${extra * one.notification} notifications and ${extra * one.round_trips} round trips.`
      : `The difference is not a whole number of discoveries: ${perTask.total.tokens - perSession.total.tokens} tokens.`,
    `Discovery is ${share(perSession.discovery.tokens, perSession.total.tokens)}% of the session client's tokens and ` +
      `${share(perTask.discovery.tokens, perTask.total.tokens)}% of the per-task client's; in round trips, ` +
      `${share(perSession.discovery.round_trips, perSession.total.round_trips)}% against ${share(perTask.discovery.round_trips, perTask.total.round_trips)}%.`,
  ].join(" ");
}

/** Tokens the calls of task `i + 1` add to a per-session run (from the growth rows; `i` ≥ 1). */
function addedWork(rows: readonly GrowthRow[], i: number): number {
  return rows[i].perSession.tokens - rows[i - 1].perSession.tokens;
}

/** A reading of the growth table. */
export function readGrowth(result: WritingAClientResult): string {
  const rows = result.growth;
  const one = oneDiscovery(result);
  const first = rows[0];
  const last = rows[rows.length - 1];
  const equalAtOne = sameCounts(first.perTask, first.perSession);
  const linear = rows.every((r) => r.perTask.tokens - r.perSession.tokens === (r.tasks - 1) * one.tokens && r.perTask.round_trips - r.perSession.round_trips === (r.tasks - 1) * one.round_trips);
  const ratios = rows.map((r) => Number(tokenRatio(r)));
  const falls = rows.flatMap((_, i) => (i > 0 && ratios[i] < ratios[i - 1] ? [i] : []));
  const free = rows.flatMap((r, i) => (i > 0 && addedWork(rows, i) === 0 ? [r.tasks] : []));
  const peak = Math.max(...ratios);
  const sentences = [
    equalAtOne
      ? `With one task the two clients are the same client: both discover once, and every count agrees (${first.perSession.tokens} tokens).`
      : `Even with one task the two clients differ (${first.perTask.tokens} against ${first.perSession.tokens} tokens).`,
    linear
      ? `From there the gap grows by exactly one discovery per task — ${one.tokens} tokens and ${plural(one.round_trips, "round trip")} — ` +
        `and reaches ${last.perTask.tokens - last.perSession.tokens} tokens at ${last.tasks} tasks.`
      : `The gap does not grow by the same amount at every task; at ${last.tasks} tasks it is ${last.perTask.tokens - last.perSession.tokens} tokens.`,
    `The ratio of the two is less steady: it climbs to ${peak.toFixed(2)}` +
      (falls.length
        ? ` and falls at ${listing(falls.map((i) => `${rows[i].tasks} tasks (to ${tokenRatio(rows[i])}, a task whose calls cost ${addedWork(rows, i)} tokens)`))}. ` +
          `A heavy task dilutes discovery; a light one exposes it.`
        : `, rising at every step.`),
    free.length
      ? `Some rows add nothing to the session column at all (${listing(free.map((n) => `task ${n}`))}): those tasks' calls never left the client — the next section is about why.`
      : "",
  ];
  return sentences.filter(Boolean).join(" ");
}

/** A reading of the kept/dropped transcripts and the where-the-calls-went table. */
export function readSilentDrop(result: WritingAClientResult): string {
  const dropped = result.transcripts[DROPPED_SERVER] ?? [];
  const kept = result.transcripts[KEPT_SERVER] ?? [];
  const shape = (messages: typeof dropped) => messages.map((m) => m.kind);
  const prefix = shape(dropped).every((kind, i) => shape(kept)[i] === kind);
  const server = result.servers.find((s) => s.name === DROPPED_SERVER);
  const known = result.policy.knownVersions[DROPPED_SERVER] ?? 0;
  const row = result.visibility.find((r) => r.server === DROPPED_SERVER);
  const listed = result.visibility.reduce((n, r) => n + r.listed, 0);
  const keptTools = result.visibility.reduce((n, r) => n + r.kept, 0);
  const reached = result.visibility.reduce((n, r) => n + r.reachedWire, 0);
  const ended = result.visibility.reduce((n, r) => n + r.endedInClient, 0);
  const run = result.perSession;
  const wireCalls = run.total.request - run.discovery.request;
  const afterVersion = dropped.slice(2);
  const afterVersionTokens = afterVersion.reduce((n, m) => n + m.tokens, 0);
  const afterVersionTrips = afterVersion.reduce((n, m) => n + m.roundTrips, 0);
  const versionFirst = dropped[1]?.kind === "response" && dropped[1].method === "initialize";
  const mentionsDrop = dropped.some((m) => /drop|bildirilmedi|hata/.test(m.body));
  return [
    `Put side by side, ${code(KEPT_SERVER)} and ${code(DROPPED_SERVER)} go through the same motions` +
      (prefix ? `: ${code(DROPPED_SERVER)}'s ${dropped.length} messages have the kinds of ${code(KEPT_SERVER)}'s first ${dropped.length}, in the same order` : "") +
      `, and ${mentionsDrop ? "one of them mentions an error" : "none of them mentions a drop or an error"}. ` +
      (server && row
        ? `${code(DROPPED_SERVER)} answers ${code("initialize")} with version ${server.version}; the client knows version ${known}, decides the server is out, and says nothing. ` +
          `It lists ${plural(row.listed, "tool")}, and the client keeps ${row.kept}.`
        : ""),
    versionFirst && afterVersion.length
      ? `The version arrived in the second message. Everything after it — ${listing(afterVersion.map((m) => `the ${code(m.method)} ${m.kind}`))} — went to a server ` +
        `the client could already tell it would never call: ${afterVersionTokens} tokens and ${plural(afterVersionTrips, "round trip")} spent on each discovery.`
      : "",
    `Nothing on the wire shows the drop; only counting does. The servers list ${listed} tools and the client keeps ${keptTools}. ` +
      `The tasks make ${run.calls} calls, but only ${wireCalls} call requests cross the wire (${run.total.request} requests in all, ` +
      `${run.discovery.request} of them discovery)` +
      (reached === wireCalls ? `` : ` — although the table counts ${reached} calls on the wire`) +
      `. The other ${ended} end inside the client with ${code("arac bildirilmedi")}` +
      (row ? `, and ${row.endedInClient === ended ? "every one of them" : `${row.endedInClient} of them`} was meant for ${code(DROPPED_SERVER)}` : "") +
      `. A missing request is not an error message: a reader who does not count them sees tasks that failed, and no reason.`,
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** A reading of the silent and reporting results, their comparison, and the reports at each level. */
export function readReport(result: WritingAClientResult): string {
  const { silent, reporting, levels } = result;
  const sameWire = sameCounts(silent.run.total, reporting.run.total);
  const traced = reporting.failures.filter((f) => f.drop).length;
  const clientEnded = result.visibility.reduce((n, r) => n + r.endedInClient, 0);
  const reasons = [...new Set(levels.flatMap((l) => l.reports.map((r) => r.reason)))];
  const zeroEnded = levels.filter((l) => l.reports.length > 0 && l.endedInClient === 0);
  return [
    `The reporting client reads the list that negotiation already returned and writes one line per drop: ` +
      `${listing(reporting.reports.map((r) => code(describeDrop(r))))}. ` +
      (sameWire
        ? `On the wire it costs nothing: both clients send ${countsText(silent.run.total)}. The version came in the ${code("initialize")} result and the allowlist is the client's own, so there is nothing to ask.`
        : `On the wire the two clients differ, which they should not.`),
    `In the result it costs ${plural(reporting.lines.length - silent.lines.length, "line")} and ${reporting.resultTokens - silent.resultTokens} tokens ` +
      `(${silent.resultTokens} → ${reporting.resultTokens}), and it buys the reason for ${traced} of the ${clientEnded} calls that ended in the client: ` +
      `each ${code("arac bildirilmedi")} now says which drop caused it.`,
    `Across the four levels the reports name ${listing(reasons.map((r) => (r === "version" ? "the version" : "the allowlist")))}: ` +
      listing(levels.map((l) => `level ${l.level} ${l.reports.length ? l.reports.map((r) => `${r.reason} (${r.tools.join(", ")})`).join(", ") : "nothing"}`)) +
      `. ` +
      (zeroEnded.length
        ? `At ${listing(zeroEnded.map((l) => `level ${l.level}`))} a tool is dropped and yet no call ends in the client: the chains are cut earlier, ` +
          `so the silent client would never show this drop even by counting. Only the report does.`
        : `At every level with a drop, some call ends in the client, so counting would have found it too — later, and without the reason.`),
  ].join("\n\n");
}

/** The lesson's summary, as a bullet list computed from the run. */
export function summarizeClient(result: WritingAClientResult): string {
  const one = oneDiscovery(result);
  const { perTask, perSession, silent, reporting } = result;
  const row = result.visibility.find((r) => r.server === DROPPED_SERVER);
  const last = result.growth[result.growth.length - 1];
  return [
    `- Discovery in MCP is a conversation, not one question: ${result.discovery.length} servers cost ${countsText(one)}, against lesson 6's ${result.lessonSixHandshake.tokens} tokens for three.`,
    `- Renewing discovery at every task repeats all of it: over ${perTask.tasks} tasks, ${perTask.total.tokens} tokens against ${perSession.total.tokens} once per session, ` +
      `for the same ${perSession.calls} calls and ${perSession.completed} completed tasks.`,
    `- The gap is zero at one task and grows by one discovery (${one.tokens} tokens) with every task after; at ${last.tasks} tasks it is ${last.perTask.tokens - last.perSession.tokens}.`,
    row
      ? `- ${code(DROPPED_SERVER)} is dropped for its version with no message: its discovery looks like a kept server's, and its ${row.calls} calls end in the client, ${row.reachedWire} on the wire.`
      : `- No server is dropped at this level.`,
    `- Reporting the drop costs nothing on the wire and ${reporting.resultTokens - silent.resultTokens} tokens in the result, and turns ${code("arac bildirilmedi")} into a reason.`,
  ].join("\n");
}
