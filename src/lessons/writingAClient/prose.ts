/**
 * Lesson 7's readings of its tables, written from the run so that they stay true for any seed.
 *
 * Every number in these paragraphs comes from a {@link WritingAClientResult}; where a claim might
 * not hold (two modes making the same calls, a gap growing by the same amount at every task, a
 * report costing nothing on the wire), the paragraph checks it and says what it finds. Each
 * function returns markdown for `tslab.display.markdown`, its lines wrapped to the lessons' width
 * (`wrapMarkdown`).
 */
import { FLEET_STATE } from "../../fleet/server";
import { ENVELOPE_TOKENS, type EnvelopeCounts } from "../../sim/envelope";
import { LEGACY_REVISION } from "../../sim/eras";
import { countTokens, tokenize } from "../../sim/tokenizer";
import { describeDrop } from "../../simulatedClient/drops";
import { DISCOVERY_METHODS } from "../../simulatedClient/messages";
import type { GrowthRow } from "../../simulatedClient/session";
import { sumDiscovery, tokenRatio } from "./tables";
import { DROPPED_SERVER, FIRST_SERVER, KEPT_SERVER, type WritingAClientResult } from "./simulate";
import { code, listing, plural } from "../proseWords";
import { wrapMarkdown } from "../wrapProse";

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
  const subscribers = Object.keys(result.world.subscribers).length;
  return wrapMarkdown(
    `This run uses **seed ${result.seed}**: it draws lesson 6's ${subscribers} subscribers and ` +
      `${result.tasks.length - 1} tasks, and the fleet's ${result.fleet.devices.length} devices. ` +
      `Discovery messages carry method names, server and tool names, versions and capabilities, none ` +
      `of them drawn from the seed, so discovery costs the same for every seed. Tool calls carry ` +
      `readings, charges and device rows, so what the calls cost can move with the seed. Every ` +
      `${code("initialize")} asks for revision ${code(LEGACY_REVISION)}.`,
  );
}

/** The fleet task on this seed: how many devices it ranks, which one it should fetch, and whether it does. */
export function readFleetTask(result: WritingAClientResult): string {
  const { fleetChain, fleetAnswer: answer, perSession } = result;
  const hours = FLEET_STATE.max_hours;
  const outcome = perSession.outcomes[perSession.outcomes.length - 1];
  const counted =
    typeof fleetChain.count === "number"
      ? `On this seed ${code("count_devices")} finds ${fleetChain.count} of the ${result.fleet.devices.length} ` +
        `devices under ${hours} operating hours. `
      : `On this seed ${code("count_devices")} does not answer with a count. `;
  const fetched =
    fleetChain.fetched === answer.device_id
      ? `${code("top_devices")} puts it first and ${code("get_device")} fetches it`
      : `the chain fetches ${fleetChain.fetched === null ? "nothing" : code(String(fleetChain.fetched))} instead`;
  return wrapMarkdown(
    counted +
      `The one with the most downtime among them is ${code(answer.device_id)} (${answer.model}, site ` +
      `${answer.site}), with ${answer.downtime_min} minutes of downtime in ${answer.operating_hours} hours; ` +
      `${fetched}, so in this lesson's runs the fleet task ${outcome?.completed ? "completes" : "fails"}.`,
  );
}

/** A worked example of envelope tokens and round trips, on the first transcript's `tools/list` request. */
export function readTranscript(result: WritingAClientResult): string {
  const first = result.transcripts[FIRST_SERVER] ?? [];
  const list = first.find((m) => m.kind === "request" && m.method === DISCOVERY_METHODS.tools);
  if (!list) return "";
  const pieces = tokenize(list.body);
  const bodyTokens = list.tokens - ENVELOPE_TOKENS;
  return wrapMarkdown(
    [
      `A worked example of the envelope: the ${code(list.method)} request's body is ${code(list.body)}. ` +
        `The tokenizer cuts each word into pieces of at most five characters — ` +
        `${listing(pieces.map(code))} — so the body is ${plural(bodyTokens, "token")}, and the envelope ` +
        `adds ${ENVELOPE_TOKENS}: ${list.tokens}. The request goes to a ${list.transport} server, so it counts ` +
        `${plural(list.roundTrips, "round trip")}; its response counts none of its own.`,
    ].join(""),
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
  const requestsFollowCapabilities = rows.every(
    (r) =>
      r.request === 1 + r.capabilities.length && r.response === r.request && r.notification === 1,
  );
  const remote = rows.filter((r) => r.transport === "remote");
  const remoteDoubled = remote.every((r) => r.round_trips === 2 * r.request);
  const lessonSix = result.lessonSixHandshake;
  const three = sumDiscovery(
    rows.filter((r) => result.world.servers.some((s) => s.name === r.server)),
  );
  const perServer = requestsFollowCapabilities
    ? `Every server costs one ${code("initialize")} request, its response and one notification, then one request and one response ` +
      `per capability it declares; so ${listing(rows.map((r) => `${code(r.server)} ${r.request}`))} requests.`
    : `Requests per server: ${listing(rows.map((r) => `${code(r.server)} ${r.request}`))}.`;
  return wrapMarkdown(
    [
      `${code(FIRST_SERVER)} is reached in ${plural(first.length, "message")}. The notification is the one message with no answer: ` +
        `it tells the server the client is ready, and ${notificationTrips === 0 ? "it costs tokens but no round trip" : `it adds ${notificationTrips} round trips`}. ` +
        `${perServer} ` +
        (remote.length
          ? `${listing(remote.map((r) => code(r.server)))} ${remote.length === 1 ? "is" : "are"} remote, ` +
            (remoteDoubled
              ? `so each of ${remote.length === 1 ? "its" : "their"} requests counts two round trips.`
              : `and ${remote.length === 1 ? "its" : "their"} requests count more round trips.`)
          : ""),
      `Connecting to all ${rows.length} servers costs ${countsText(total)}. Lesson 6 counted the same step for its three servers as ` +
        `one question and one answer each: ${lessonSix.request} requests, ${lessonSix.tokens} tokens, ${lessonSix.round_trips} round trips. ` +
        `Spelled out as revision ${LEGACY_REVISION} spells it, the same three servers take ${three.request} requests, ${three.notification} notifications, ` +
        `${three.tokens} tokens and ${three.round_trips} round trips — ${(three.tokens / lessonSix.tokens).toFixed(1)} times the tokens. ` +
        `Lesson 6's handshake stood for this exchange; it did not price it.`,
    ].join("\n\n"),
  );
}

/**
 * Whether the servers' tool names collide: what a client whose allowlist holds bare tool names
 * (no server prefix) has to know before it can trust that each entry means one tool.
 */
export function readToolNames(result: WritingAClientResult): string {
  const owners = new Map<string, string[]>();
  for (const server of result.servers) {
    for (const tool of server.tools)
      owners.set(tool.name, [...(owners.get(tool.name) ?? []), server.name]);
  }
  const listed = result.servers.reduce((n, s) => n + s.tools.length, 0);
  const shared = [...owners].filter(([, servers]) => servers.length > 1);
  return wrapMarkdown(
    shared.length === 0
      ? `Here the ${result.servers.length} servers list ${plural(listed, "tool")} under ` +
          `${plural(owners.size, "different name")}, so each name on the allowlist means one tool of ` +
          `one server.`
      : `Here the ${result.servers.length} servers list ${plural(listed, "tool")} under only ` +
          `${plural(owners.size, "name")}: ` +
          listing(
            shared.map(
              ([name, servers]) => `${code(name)} is listed by ${listing(servers.map(code))}`,
            ),
          ) +
          `, and the allowlist cannot tell those apart.`,
  );
}

/** A reading of the per-task / per-session table. */
export function readModes(result: WritingAClientResult): string {
  const { perTask, perSession } = result;
  const one = oneDiscovery(result);
  const sameWork =
    sameCounts(perTask.work, perSession.work) &&
    perTask.calls === perSession.calls &&
    perTask.completed === perSession.completed;
  const extra = perTask.discoveries - perSession.discoveries;
  const gapIsDiscovery = KEYS.every(
    (k) => perTask.total[k] - perSession.total[k] === extra * one[k],
  );
  const share = (part: number, whole: number) => Math.round((part * 100) / whole);
  return wrapMarkdown(
    [
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
    ].join(" "),
  );
}

/** What renewing discovery costs besides tokens: the sessions each client opened, and the server processes over stdio. */
export function readSessions(result: WritingAClientResult): string {
  const { perTask, perSession } = result.sessions;
  const local = result.servers.filter((s) => s.transport === "local").map((s) => code(s.name));
  const remote = result.servers.filter((s) => s.transport === "remote").map((s) => code(s.name));
  return wrapMarkdown(
    `Tokens are not the whole price. Each renewal opens a new session, and a session of revision ` +
      `${LEGACY_REVISION} can only begin with ${code("initialize")}, the first thing a client and a server ` +
      `exchange. A local MCP server is usually a program the client starts as a child process and talks ` +
      `to over stdio (the process's standard input and output), and the session lasts as long as that ` +
      `process. If the local servers here run that way, the per-task client starts ${listing(local)} ` +
      `${plural(perTask.local, "time")} in all, where the session client starts them ` +
      `${plural(perSession.local, "time")}, once each; every start is a program loading before it can ` +
      `answer its first message. With the remote ${listing(remote)} it opens ${perTask.remote} sessions ` +
      `against ${perSession.remote}, each one an ${code("initialize")} exchange that the table above has ` +
      `already counted.`,
  );
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
  const linear = rows.every(
    (r) =>
      r.perTask.tokens - r.perSession.tokens === (r.tasks - 1) * one.tokens &&
      r.perTask.round_trips - r.perSession.round_trips === (r.tasks - 1) * one.round_trips,
  );
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
  return wrapMarkdown(sentences.filter(Boolean).join(" "));
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
  return wrapMarkdown(
    [
      `Put side by side, ${code(KEPT_SERVER)} and ${code(DROPPED_SERVER)} go through the same motions` +
        (prefix
          ? `: ${code(DROPPED_SERVER)}'s ${dropped.length} messages have the kinds of ${code(KEPT_SERVER)}'s first ${dropped.length}, in the same order`
          : "") +
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
        `. The other ${ended} end inside the client with ${code("arac bildirilmedi")} (tool not declared)` +
        (row
          ? `, and ${row.endedInClient === ended ? "every one of them" : `${row.endedInClient} of them`} was meant for ${code(DROPPED_SERVER)}`
          : "") +
        `. A missing request is not an error message: a reader who does not count them sees tasks that failed, and no reason.`,
    ]
      .filter(Boolean)
      .join("\n\n"),
  );
}

/** A reading of the silent and reporting results, their comparison, and the reports at each level. */
export function readReport(result: WritingAClientResult): string {
  const { silent, reporting, levels } = result;
  const sameWire = sameCounts(silent.run.total, reporting.run.total);
  const traced = reporting.failures.filter((f) => f.drop).length;
  const clientEnded = result.visibility.reduce((n, r) => n + r.endedInClient, 0);
  const reasons = [...new Set(levels.flatMap((l) => l.reports.map((r) => r.reason)))];
  const zeroEnded = levels.filter((l) => l.reports.length > 0 && l.endedInClient === 0);
  return wrapMarkdown(
    [
      `The reporting client reads the list that negotiation already returned and writes one line per drop: ` +
        `${listing(reporting.reports.map((r) => code(describeDrop(r))))}. ` +
        (sameWire
          ? `On the wire it costs nothing: both clients send ${countsText(silent.run.total)}. The version came in the ${code("initialize")} result and the allowlist is the client's own, so there is nothing to ask.`
          : `On the wire the two clients differ, which they should not.`),
      `In the result it costs ${plural(reporting.lines.length - silent.lines.length, "line")} and ${reporting.resultTokens - silent.resultTokens} tokens ` +
        `(${silent.resultTokens} → ${reporting.resultTokens}), and it buys the reason for ${traced} of the ${clientEnded} calls that ended in the client: ` +
        `each ${code("arac bildirilmedi")} now says which drop caused it.`,
      `Across the four levels the reports name ${listing(reasons.map((r) => (r === "version" ? "the version" : "the allowlist")))}: ` +
        listing(
          levels.map(
            (l) =>
              `level ${l.level} ${l.reports.length ? l.reports.map((r) => `${r.reason} (${r.tools.join(", ")})`).join(", ") : "nothing"}`,
          ),
        ) +
        `. ` +
        (zeroEnded.length
          ? `At ${listing(zeroEnded.map((l) => `level ${l.level}`))} a tool is dropped and yet no call ends in the client: the chains are cut earlier, ` +
            `so the silent client would never show this drop even by counting. Only the report does.`
          : `At every level with a drop, some call ends in the client, so counting would have found it too — later, and without the reason.`),
    ].join("\n\n"),
  );
}

/** The lesson's summary, as a bullet list computed from the run. */
export function summarizeClient(result: WritingAClientResult): string {
  const one = oneDiscovery(result);
  const { perTask, perSession, silent, reporting, sessions } = result;
  const row = result.visibility.find((r) => r.server === DROPPED_SERVER);
  const last = result.growth[result.growth.length - 1];
  return wrapMarkdown(
    [
      `- Discovery in revision ${LEGACY_REVISION} is a conversation, not one question: ` +
        `${result.discovery.length} servers cost ${countsText(one)}, against lesson 6's ` +
        `${result.lessonSixHandshake.tokens} tokens for three. (In 2026-07-28 there is no ` +
        `${code("initialize")}; over stdio a client that speaks both revisions SHOULD first probe with ` +
        `${code("server/discover")}, then list the tools with ${code("tools/list")}.)`,
      `- Renewing discovery at every task repeats all of it: over ${perTask.tasks} tasks, ` +
        `${perTask.total.tokens} tokens against ${perSession.total.tokens} once per session, for the ` +
        `same ${perSession.calls} calls and ${perSession.completed} completed tasks; and it opens a ` +
        `session each time, which for local servers run as child processes over stdio means starting ` +
        `them again: ${sessions.perTask.local} starts against ${sessions.perSession.local}. Revision ` +
        `2026-07-28 says a client SHOULD NOT make a task the lifetime of a stdio server process.`,
      `- The gap is zero at one task and grows by one discovery (${one.tokens} tokens) with every task ` +
        `after; at ${last.tasks} tasks it is ${last.perTask.tokens - last.perSession.tokens}. A session ` +
        `client that needs fresh lists sends ${code("tools/list")} again when a server sends ` +
        `${code("notifications/tools/list_changed")}.`,
      row
        ? `- ${code(DROPPED_SERVER)} is dropped for its version with no message: its discovery looks like ` +
          `a kept server's, and its ${row.calls} calls end in the client, ${row.reachedWire} on the wire. ` +
          `The rule is the course's, not MCP's.`
        : `- No server is dropped at this level.`,
      `- Reporting the drop costs nothing on the wire and ${reporting.resultTokens - silent.resultTokens} ` +
        `tokens in the result, and turns ${code("arac bildirilmedi")} into a reason.`,
    ].join("\n"),
  );
}

/** The tokens of the messages a client that closes after `initialize`'s result saves, per discovery. */
function afterVersion(result: WritingAClientResult): EnvelopeCounts {
  const dropped = result.transcripts[DROPPED_SERVER] ?? [];
  const rest = dropped.slice(2);
  return {
    request: rest.filter((m) => m.kind === "request").length,
    response: rest.filter((m) => m.kind === "response").length,
    notification: rest.filter((m) => m.kind === "notification").length,
    tokens: rest.reduce((n, m) => n + m.tokens, 0),
    round_trips: rest.reduce((n, m) => n + m.roundTrips, 0),
  };
}

/** The number of renewals every `k` tasks over `n` tasks: ⌈n / k⌉. */
const renewals = (n: number, k: number) => Math.ceil(n / k);

/** The renewal interval the solution to exercise 3 works through. */
export const EXAMPLE_INTERVAL = 4;

/**
 * The expected answers to the lesson's exercises, numbered as they are, computed from the run.
 *
 * @returns markdown: one numbered paragraph per exercise.
 */
export function solveClientExercises(result: WritingAClientResult): string {
  const one = oneDiscovery(result);
  const { perTask, perSession } = result;
  const saved = afterVersion(result);
  const n = perSession.tasks;
  const k = EXAMPLE_INTERVAL;
  const r = renewals(n, k);
  const kept = result.transcripts[KEPT_SERVER] ?? [];
  const list = kept.find((m) => m.kind === "request" && m.method === DISCOVERY_METHODS.tools);
  const listed = kept.find((m) => m.kind === "response" && m.method === DISCOVERY_METHODS.tools);
  const changed = `notifications/tools/list_changed ${KEPT_SERVER}`;
  const changedTokens = countTokens(changed) + ENVELOPE_TOKENS;
  const keptDiscovery = result.discovery.find((row) => row.server === KEPT_SERVER);
  const relist = changedTokens + (list?.tokens ?? 0) + (listed?.tokens ?? 0);
  return wrapMarkdown(
    [
      `1. Discovery cannot move. Its bodies hold method names, server and tool names, versions and ` +
        `capabilities, and none of them is drawn from the seed, so the transcripts, the per-server table ` +
        `(${one.tokens} tokens per discovery) and the comparison with lesson 6 print the same numbers for ` +
        `every seed. The number of calls does not move either: lesson 6 draws each task's subscriber or ` +
        `region from the seed, not its type, and each type has a fixed chain; only whether the fleet task ` +
        `completes rests on the drawn devices, and on this seed it ` +
        `${perSession.outcomes[perSession.outcomes.length - 1]?.completed ? "does" : "does not"}. What can move is the tokens ` +
        `of the calls, whose bodies carry drawn readings, charges and device rows: the token columns of ` +
        `the mode, growth and comparison tables, and the ratios made from them.`,
      `2. After ${code(DROPPED_SERVER)}'s ${code("initialize")} result the client stops: no ` +
        `${code("notifications/initialized")}, no ${code("tools/list")}. One discovery saves ` +
        `${plural(saved.notification + saved.request + saved.response, "message")}, ${saved.tokens} tokens and ` +
        `${plural(saved.round_trips, "round trip")}. The per-task client discovers ${perTask.discoveries} times, ` +
        `so it saves ${perTask.discoveries * saved.tokens} tokens and ${perTask.discoveries * saved.round_trips} ` +
        `round trips; the session client saves ${perSession.discoveries * saved.tokens} tokens once. Nothing in ` +
        `the result changes: negotiation agrees the same tools, so the tasks make the same calls.`,
      `3. With a renewal before tasks 1, k + 1, 2k + 1, …, the client discovers ⌈n / k⌉ times, and ` +
        `discovery costs ⌈n / k⌉ × ${one.tokens} tokens and ⌈n / k⌉ × ${one.round_trips} round trips; the ` +
        `calls cost what they cost in every mode (${perSession.work.tokens} tokens here). For n = ${n} and ` +
        `k = ${k}: ${r} discoveries, ${r * one.tokens} tokens and ${r * one.round_trips} round trips of ` +
        `discovery, ${perSession.work.tokens + r * one.tokens} tokens in all. k = 1 gives the per-task client ` +
        `(${perTask.total.tokens}) and any k ≥ ${n} the session client (${perSession.total.tokens}). In ` +
        `${code("runWithDiscovery")}, replace ${code("once")} with ${code("every")} and connect when ` +
        `${code("i % every === 0")}.`,
      `4. Both results would carry a line such as ${code("1 × tuketm: arac bildirilmedi")}, the same form as ` +
        `the dropped tools' lines. Only the reporting client tells them apart: it names the drop behind every ` +
        `failure it can trace, so an ${code("arac bildirilmedi")} line with no ${code("dropped for")} in ` +
        `it is a call to a tool no server offered. (A real MCP server that receives a call to a tool it does not ` +
        `have answers with a protocol error, code -32602; this client never sends such a call.)`,
      `5. The server sends one notification, ${code(changed)}: ${changedTokens} tokens and no round trip. ` +
        `The client then sends a new request, ${code(list?.body ?? "tools/list")} (${list?.tokens ?? 0} tokens, ` +
        `${plural(list?.roundTrips ?? 0, "round trip")}) and reads the new list: today's response is ` +
        `${listed?.tokens ?? 0} tokens, and each new name adds its own. That is ${relist} tokens and ` +
        `${plural(list?.roundTrips ?? 0, "round trip")} before the new names, against ` +
        `${keptDiscovery?.tokens ?? 0} tokens and ${plural(keptDiscovery?.round_trips ?? 0, "round trip")} to ` +
        `discover ${code(KEPT_SERVER)} again, or ${one.tokens} tokens and ${plural(one.round_trips, "round trip")} ` +
        `for a whole discovery. No session is opened, and no process started.`,
    ].join("\n\n"),
  );
}
