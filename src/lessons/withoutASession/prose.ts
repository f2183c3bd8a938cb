/**
 * Lesson 10's readings of its tables, written from the runs so that they stay true for any seed.
 *
 * Every number here comes from a {@link WithoutASessionResult} (the simulator) or a
 * {@link WithoutASessionWire} (the real wire). Where the lesson makes a claim — fewer messages at
 * every count, the simulator and the wire sending the same messages, where the eras cross — the
 * paragraph checks it over the runs' points and says otherwise when it does not hold. Each
 * function returns markdown for `tslab.display.markdown`, wrapped at 100 columns
 * (`wrapMarkdown`).
 */
import { code, listing, plural } from "../proseWords";
import { wrapMarkdown } from "../wrapProse";
import { tokenize, TOKEN_LENGTH } from "../../sim/tokenizer";
import { ENVELOPE_TOKENS } from "../../sim/envelope";
import { PROTOCOL_VERSION_KEY } from "../../protocol/revisions";
import { belowThroughout, crossingText, type Crossing, type TaskPoint } from "./crossing";
import {
  ERA_VARIANTS,
  simulateWithoutASession,
  type CumulativePoint,
  type EraRunRow,
  type WithoutASessionResult,
} from "./simulate";
import { LEGACY_REVISIONS } from "../../protocol/revisions";
import { simulateEraTasks } from "../simulationAgainstTheWire/eras";
import type { WirePoint, WithoutASessionWire } from "./wire";
import type { Transcript, TranscriptEvent, TranscriptLine } from "../../wireClient/lineExchange";

const n = (value: number) => value.toLocaleString("en-US");
/** A markdown link to the published page of the 2026-07-28 specification at `path`. */
const spec = (path: string, text: string) => `[${text}](${SPEC_SITE}/${path})`;
const SPEC_SITE = "https://modelcontextprotocol.io/specification/2026-07-28";
const one = (value: number) => value.toFixed(1);

/** "task 1", "tasks 1 and 7", "tasks 1, 7 and 13". */
const tasksNamed = (tasks: readonly number[]) =>
  `${tasks.length === 1 ? "task" : "tasks"} ${listing(tasks.map(String))}`;

/** Paragraphs as markdown: separated by a blank line, each wrapped at 100 columns. */
const paragraphs = (...texts: string[]) => wrapMarkdown(texts.join("\n\n"));

/** List items (each starting `- ` or `1. `) as markdown, one after another, wrapped at 100 columns. */
const listItems = (...items: string[]) => wrapMarkdown(items.join("\n"));

/**
 * How lesson 6's tokenizer prices a protocol field, worked on the first field of each era: the
 * pieces of `protocolVersion 2025-11-25`, and the stateless key's length and tokens.
 */
function tokenizerExample(): string {
  const legacy = "protocolVersion 2025-11-25";
  const pieces = tokenize(legacy);
  const keyTokens = tokenize(PROTOCOL_VERSION_KEY).length;
  return (
    `Lesson 6's tokenizer lower-cases a body, splits it at spaces and cuts each word into pieces of at most ${TOKEN_LENGTH} characters, so a longer word costs more: ` +
    `${code(legacy)} is ${plural(pieces.length, "token")}, ${code(pieces.join("|"))}, and a message carrying nothing else would cost ${pieces.length + ENVELOPE_TOKENS} with its envelope. ` +
    `The stateless era's key ${code(PROTOCOL_VERSION_KEY)} alone is ${plural(keyTokens, "token")}: ${PROTOCOL_VERSION_KEY.length} characters in pieces of ${TOKEN_LENGTH}.`
  );
}

/** The simulator's row of one era (lists only, or with `server/discover`). */
function simRow(sim: WithoutASessionResult, label: string): EraRunRow {
  const row = sim.lessonSix.rows.find((r) => r.label === label);
  if (!row) throw new Error(`no simulated run ${label}`);
  return row;
}

/** The lines of a transcript (without the events). */
function linesOf(transcript: Transcript): TranscriptLine[] {
  return transcript.steps.filter((step): step is TranscriptLine => "line" in step);
}

/** The events of a transcript. */
function eventsOf(transcript: Transcript): TranscriptEvent[] {
  return transcript.steps.filter((step): step is TranscriptEvent => "event" in step);
}

/** Messages at every point: the simulator's and the wire's, equal point by point? */
function samePoints(sim: readonly CumulativePoint[], wire: readonly WirePoint[]): boolean {
  return (
    sim.length === wire.length &&
    sim.every(
      (p, i) =>
        p.task === wire[i].task &&
        p.calls === wire[i].calls &&
        p.wireCalls === wire[i].wireCalls &&
        p.messages === wire[i].messages,
    )
  );
}

/** Which era is lower before the first call, and whether and where the order changes, in words. */
function crossingWords(crossing: Crossing<TaskPoint>, unit: string): string {
  const first = crossing.gaps[0];
  const last = crossing.gaps[crossing.gaps.length - 1];
  if (crossing.cheaperFirst === "equal") {
    return crossing.at === null
      ? `the two eras cost the same ${unit} at every point`
      : `the eras start equal and part ${crossingText(crossing)}`;
  }
  const lower = crossing.cheaperFirst === "a" ? crossing.a : crossing.b;
  const higher = crossing.cheaperFirst === "a" ? crossing.b : crossing.a;
  const start = `${lower} costs ${n(Math.abs(first))} ${unit} less than ${higher} before the first call`;
  if (crossing.at === null)
    return `${start}, and the gap ${Math.abs(last) >= Math.abs(first) ? "widens" : "stays"} to ${n(Math.abs(last))} after the last task: the two never cross`;
  return `${start}, but the order changes ${crossingText(crossing)}; after the last task ${crossing.b} less ${crossing.a} is ${n(last)} ${unit}`;
}

/** The opening line: which seed this run used, and what ran. */
export function describeSessionSeed(sim: WithoutASessionResult, wire: WithoutASessionWire): string {
  const processes =
    wire.eras.legacy.processes +
    wire.eras.stateless.processes +
    wire.discovery.runs
      .filter((r) => r.plan !== "per-session")
      .reduce((sum, r) => sum + r.processes, 0) +
    wire.auto.reduce(
      (sum, m) => sum + m.probe.processes + m.session.processes + m.direct.processes,
      0,
    ) +
    5; // the two openings, the probe in place and the two mismatches, one process each
  return wrapMarkdown(
    `This run uses **seed ${sim.seed}** for the world of lessons 6 and 7 and the fleet of lesson 8, at declaration level ${sim.level} (full) throughout. ` +
      `The simulated half counts envelope tokens as lesson 6 did; the real half starts ${n(processes)} server processes with ` +
      `${code(`mcp-course serve`)} and counts every byte the real client sends and reads.`,
  );
}

/** The stateless-era members of a result: what the 2026-07-28 revision adds to a list result. */
const STATELESS_RESULT_MEMBERS = ["resultType", "ttlMs", "cacheScope", "_meta"] as const;

/** Section 1: the two openings, read off their transcripts. */
export function readOpenings(wire: WithoutASessionWire): string {
  const legacy = linesOf(wire.openings.legacy);
  const stateless = linesOf(wire.openings.stateless);
  const bytes = (lines: readonly TranscriptLine[]) =>
    lines.reduce((sum, line) => sum + line.bytes, 0);
  const legacyTools = legacy[legacy.length - 1];
  const statelessTools = stateless[stateless.length - 1];
  const legacyResult = (JSON.parse(legacyTools.line) as Record<string, any>).result ?? {};
  const statelessResult = {
    ...((JSON.parse(statelessTools.line) as Record<string, any>).result ?? {}),
  };
  const added = STATELESS_RESULT_MEMBERS.filter((member) => member in statelessResult);
  for (const member of added) delete statelessResult[member];
  const sameTools = JSON.stringify(legacyResult.tools) === JSON.stringify(statelessResult.tools);
  const onlyAdded = JSON.stringify(legacyResult) === JSON.stringify(statelessResult);
  const growth = statelessTools.bytes - legacyTools.bytes;
  return paragraphs(
    `The legacy client needed ${plural(legacy.length, "line")} (${n(bytes(legacy))} bytes) to reach its tools; the stateless client ${plural(stateless.length, "line")} (${n(bytes(stateless))} bytes). ` +
      `The same program answered both, on two processes, one per opening. Our ${code("serve")} settles the era on the first message it reads: an ${code("initialize")} selects the legacy era, a request carrying ${code("_meta")} the stateless one (see the specification's ${spec("basic/versioning", "versioning page")}). ` +
      `The specification lets a dual-era server do more: it "MAY serve both eras concurrently on the same endpoint or process".`,
    (sameTools
      ? `The two ${code("tools/list")} answers list the same tools in the same order, byte for byte (the 2026-07-28 revision asks servers, SHOULD, for a deterministic order of tools, so that a client can cache a list and compare two); the stateless answer is ${n(growth)} bytes longer, `
      : `The two ${code("tools/list")} answers do not list the same tools byte for byte; the stateless answer is ${n(growth)} bytes longer, `) +
      (onlyAdded
        ? `and removing its ${listing(added.map(code))} leaves exactly the legacy answer: what it adds is what the new revision puts in every result (${code("resultType")}, the server's identity in ${code("_meta")}) and in a list result (${code("ttlMs")}, ${code("cacheScope")}). `
        : `and more differs than the new revision's ${listing(added.map(code))}: compare the two listings. `) +
      `The stateless request carries in ${code("_meta")} what the legacy client said once in ${code("initialize")}: the protocol version, the client's identity and its capabilities.`,
  );
}

/** Section 2: what the stateless revision moves into every request and result, tokens and bytes. */
export function readFields(sim: WithoutASessionResult, wire: WithoutASessionWire): string {
  const { messages } = sim.costs;
  const call = (era: string, kind: string) => {
    const m = messages.find((x) => x.era === era && x.method === "tools/call" && x.kind === kind);
    if (!m) throw new Error(`no ${era} tools/call ${kind}`);
    return m.total - m.envelope;
  };
  const requestTokens = call("stateless", "request");
  const resultTokens = call("stateless", "response");
  const legacyCall = call("legacy", "request") + call("legacy", "response");
  const init = messages.find(
    (m) => m.era === "legacy" && m.method === "initialize" && m.kind === "request",
  )!;
  const initFields = init.total - init.envelope - (init.content ?? 0);
  const { legacy, stateless, requestMetaBytes } = wire.eras;
  const sentTotal = stateless.work.sentBytes - legacy.work.sentBytes;
  const sentGrowth = sentTotal / legacy.calls;
  const idBytes = sentTotal - legacy.calls * requestMetaBytes;
  const receivedGrowth = (stateless.work.receivedBytes - legacy.work.receivedBytes) / legacy.calls;
  return paragraphs(
    tokenizerExample(),
    (legacyCall === 0
      ? `In the simulator a legacy ${code("tools/call")} carries no protocol fields at all: the version, capabilities and identity travelled once per server, ${plural(initFields, "token")} in the ${code("initialize")} request. `
      : `In the simulator a legacy ${code("tools/call")} carries ${plural(legacyCall, "token")} of protocol fields; ${plural(initFields, "token")} travelled once, in the ${code("initialize")} request. `) +
      `A stateless ${code("tools/call")} request carries ${requestTokens} tokens of ${code("_meta")} and its result ${resultTokens} more (${code("resultType")} and ${code(sim.costs.server)}'s identity): ` +
      `${requestTokens + resultTokens} tokens on every call, request and result together, for fields the legacy era sent once per server.`,
    `On the wire the same ${code("_meta")} is ${n(requestMetaBytes)} bytes in each request. Over lesson 6's ${plural(legacy.calls, "call")} the stateless ${code("tools/call")} requests were ${n(sentTotal)} bytes longer in all, ${one(sentGrowth)} on average: ` +
      `${legacy.calls} × ${requestMetaBytes} = ${n(legacy.calls * requestMetaBytes)} of them are the ${code("_meta")}` +
      (idBytes === 0
        ? `, and the request ids are as long in both eras`
        : idBytes < 0
          ? `; the request ids, which differ in length between the eras (each legacy ${code("initialize")} takes an id), take ${plural(-idBytes, "byte")} back, so the average is not exactly ${requestMetaBytes}`
          : `; the request ids, which differ in length between the eras, add ${plural(idBytes, "byte")}, so the average is not exactly ${requestMetaBytes}`) +
      `. The results were ${one(receivedGrowth)} bytes longer on average (${code('"resultType":"complete"')} and the server's identity under ${code("_meta")}).`,
  );
}

/** Which of a run's calls ended in the client, by tool and answer, and why those tools were gone. */
function refusedWords(row: EraRunRow): string {
  const ended = row.calls - row.wireCalls;
  const start = `Of the ${n(row.calls)} calls the tasks made, ${n(row.wireCalls)} reached a server (*wire calls*)`;
  if (ended === 0) return `${start}: the client's gates refused none.`;
  const answers = [...new Set(row.refused.map((r) => r.hata))];
  const byTool = listing(row.refused.map((r) => `${r.calls} to ${code(r.tool)}`));
  const why = new Map<string, string[]>();
  for (const { tool } of row.refused) {
    const drop = row.dropped.find((d) => d.tool === tool);
    const reason = !drop
      ? "agreed, but refused by a gate"
      : drop.reason === "version"
        ? `dropped with ${code(drop.server)} for its server version`
        : "dropped as not on the allowlist";
    if (!why.get(reason)?.includes(tool)) why.set(reason, [...(why.get(reason) ?? []), tool]);
  }
  const ending = `${start}; the other ${n(ended)} ended in the client with ${listing(answers.map(code))}, ${byTool}`;
  if (why.size === 1) {
    const [[reason, tools]] = [...why];
    return `${ending}, ${tools.length === 1 ? "a tool" : tools.length === 2 ? "both tools" : "tools all"} ${reason}.`;
  }
  const reasons = [...why].map(
    ([reason, tools]) =>
      `${listing(tools.map(code))} ${tools.length === 1 ? "was" : "were"} ${reason}`,
  );
  return `${ending}: ${reasons.join("; ")}.`;
}

/** Section 3: lesson 6's twelve tasks in both eras, simulated and real, and whether they cross. */
export function readEras(sim: WithoutASessionResult, wire: WithoutASessionWire): string {
  const legacySim = simRow(sim, "legacy");
  const statelessSim = simRow(sim, "stateless");
  const { legacy, stateless } = wire.eras;
  const fewerSim = belowThroughout({
    ...sim.lessonSix.crossing,
    gaps: legacySim.cumulative.map((p, i) => statelessSim.cumulative[i].messages - p.messages),
  });
  const fewerWire = belowThroughout(wire.eras.messages);
  const same =
    samePoints(legacySim.cumulative, legacy.cumulative) &&
    samePoints(statelessSim.cumulative, stateless.cumulative);
  const saved = legacy.cumulative[0].messages - stateless.cumulative[0].messages;
  const fewer =
    fewerSim && fewerWire
      ? `The stateless era sends fewer messages at every count, in both halves: ${saved} fewer before the first call (no ${code("initialize")}, its answer or ${code("notifications/initialized")}, three per server), and each call adds two messages, its request and its response, in either era.`
      : `The stateless era does not send fewer messages at every count here (simulator: ${fewerSim ? "yes" : "no"}, wire: ${fewerWire ? "yes" : "no"}); the cumulative tables show where.`;
  const nine = (era: "legacy" | "stateless") => simulateEraTasks(sim.seed, sim.level, era).total;
  const nineLegacy = nine("legacy");
  const nineStateless = nine("stateless");
  const messagesIn = (c: { request: number; response: number; notification: number }) =>
    c.request + c.response + c.notification;
  const moreLists = (mine: EraRunRow, theirs: { request: number }) =>
    mine.total.request - theirs.request;
  const remote = legacySim.total.round_trips - legacySim.total.request;
  return paragraphs(
    refusedWords(legacySim) +
      ` The *round trips* column counts as lesson 6 does (see the assumptions): the legacy run's ${n(legacySim.total.request)} requests make ${n(legacySim.total.round_trips)} round trips, ` +
      `because ${n(remote)} of them go to remote servers and count twice.`,
    `These counts are not lesson 9's level-3 figures, and should not be: lesson 9's client asked each server for ${code("tools/list")} alone, ` +
      `${n(messagesIn(nineLegacy))} messages and ${n(nineLegacy.tokens)} tokens in the legacy era, ${n(messagesIn(nineStateless))} and ${n(nineStateless.tokens)} in the stateless one. ` +
      `Lesson 10 discovers as lesson 7 does, ${code("resources/list")} and ${code("prompts/list")} too where a server declares them: ` +
      `${plural(moreLists(legacySim, nineLegacy), "list request")} more in the legacy era and ${moreLists(statelessSim, nineStateless)} in the stateless one, each with its answer, ` +
      `for ${n(messagesIn(legacySim.total))} and ${n(messagesIn(statelessSim.total))} messages. ` +
      `Lesson 9's table of each server's discovery shows a few bytes more for the same lists: it sent ${code("resources/list")} and ${code("prompts/list")} after the tasks, on the same processes, so their request ids, which each answer repeats, have more digits.`,
    `Before the first call, discovery costs ${n(legacySim.fixed.tokens)} tokens in the legacy era and ${n(statelessSim.fixed.tokens)} in the stateless one (${n(simRow(sim, "stateless + discover").fixed.tokens)} with ${code("server/discover")} first); ` +
      `on the wire ${n(legacy.beforeFirstCall.bytes)} bytes against ${n(stateless.beforeFirstCall.bytes)}. ` +
      `Each call then costs ${one(legacySim.tokensPerCall)} tokens against ${one(statelessSim.tokensPerCall)}, and ${one(legacy.bytesPerCall)} bytes against ${one(stateless.bytesPerCall)}.`,
    `Read off the points: in tokens ${crossingWords(sim.lessonSix.crossing, "tokens")}; in bytes ${crossingWords(wire.eras.bytes, "bytes")}. ` +
      (sim.lessonSix.crossing.cheaperFirst === wire.eras.bytes.cheaperFirst &&
      (sim.lessonSix.crossing.at === null) === (wire.eras.bytes.at === null)
        ? `The two halves agree on which era is cheaper before the first call and on whether the eras cross.`
        : `The two halves disagree here on which era is cheaper or on whether they cross: the tables above show both.`),
    fewer,
    same
      ? `The simulator and the wire send the same messages: at every one of the ${legacy.cumulative.length} points, in each era, the count of messages, of calls and of calls sent is equal, and so are the requests, responses and notifications of the whole run. ` +
          `Both discover everything a server declares: ${code("tools/list")} for all three, ${code("resources/list")} where resources are declared, ${code("prompts/list")} where prompts are. ` +
          `That the counts agree is partly by construction: the real servers answer with the simulator's own handlers, and the real client decides and gates with the simulator's code, so the same calls go out. ` +
          `What the wire measures on its own is the bytes, which the simulator does not model.`
      : `The simulator and the wire do not send the same messages at every point here: compare the two cumulative tables.`,
  );
}

/** Section 4: discovery per task, per session and cached, simulated and real. */
export function readDiscoveryPlans(sim: WithoutASessionResult, wire: WithoutASessionWire): string {
  const mode = (name: string) => {
    const row = sim.modes.rows.find((r) => r.name === name);
    if (!row) throw new Error(`no mode ${name}`);
    return row;
  };
  const run = (era: string, plan: string) => {
    const row = wire.discovery.runs.find((r) => r.era === era && r.plan === plan);
    if (!row) throw new Error(`no wire run ${era} ${plan}`);
    return row;
  };
  const legacyTask = run("legacy", "per-task");
  const legacySession = run("legacy", "per-session");
  const statelessTask = run("stateless", "per-task");
  const cached = run("stateless", "cached");
  const simCached = mode("stateless, cached");
  const minutes = (ms: number) => `${n(ms / 60_000)} minutes`;
  return paragraphs(
    `In the simulator (lesson 7's ${sim.modes.tasks} tasks against ${plural(sim.modes.servers.length, "server")}) discovering at every task costs ${n(mode("legacy, per task").discovery.tokens)} discovery tokens in the legacy era (${n(mode("legacy, per task").total.tokens)} in all) against ${n(mode("legacy, per session").discovery.tokens)} (${n(mode("legacy, per session").total.tokens)}) once per session, ` +
      `and ${n(mode("stateless, per task").discovery.tokens)} (${n(mode("stateless, per task").total.tokens)}) in the stateless era. Kept for ${code("ttlMs")}, the stateless lists cost ${n(simCached.discovery.tokens)} (${n(simCached.total.tokens)} in all): ` +
      `with tasks ${minutes(sim.modes.taskSpacingMs)} apart and results fresh for ${minutes(sim.modes.ttlMs)}, the client listed again before ${tasksNamed(simCached.discoveredBefore)} only.`,
    `On the wire (lesson 6's ${wire.discovery.tasks} tasks against the three world servers) the legacy client that opens a new session for each task ` +
      `starts ${n(legacyTask.processes)} processes and sends ${n(legacyTask.initializes)} ${code("initialize")} requests, one of each per task and server, where one session needs ${legacySession.processes}; it moves ${n(legacyTask.bytes)} bytes against ${n(legacySession.bytes)}.`,
    `A stateless client that keeps nothing between tasks has no session to open: it lists again on the same ${statelessTask.processes} processes, ${n(statelessTask.listings)} list requests and ${n(statelessTask.bytes)} bytes. ` +
      (statelessTask.bytes > legacyTask.bytes
        ? `That is more bytes than the legacy client's ${n(legacyTask.bytes)}, because each list carries its ${code("_meta")} and cache fields, but ${n(legacyTask.processes - statelessTask.processes)} fewer processes to start.`
        : `That is fewer bytes than the legacy client's ${n(legacyTask.bytes)}, and ${n(legacyTask.processes - statelessTask.processes)} fewer processes.`) +
      ` Kept for the ${n(wire.discovery.ttlMs)} ms our servers send (${minutes(wire.discovery.ttlMs)}), the lists went out before ${tasksNamed(cached.listedBefore)}: ${n(cached.listings)} list requests and ${n(cached.bytes)} bytes in all.`,
    doneWords(wire),
  );
}

/** What the *done* column of the wire's discovery plans counts, and why it is what it is. */
function doneWords(wire: WithoutASessionWire): string {
  const done = [...new Set(wire.discovery.runs.map((r) => r.completed))];
  const of = `of ${wire.discovery.tasks}`;
  return (
    `*done* counts the tasks completed: ${done.length === 1 ? `${done[0]} ${of} in every row` : `${listing(done.map(String))} ${of}, by row`}. ` +
    `The client keeps lesson 6's policy and drops ${code("kayit")} for its server version (see the assumptions), so the tasks that need its records fail, in every era and plan alike.`
  );
}

/** Section 5: `auto` against a legacy-only server and against ours. */
export function readAuto(wire: WithoutASessionWire): string {
  const legacy = autoMeeting(wire, "legacy-only");
  const ours = autoMeeting(wire, "dual-era");
  return paragraphs(
    `Against ${code(legacy.command)} the probe cost ${plural(legacy.probe.messages, "message")} (${n(legacy.probe.bytes)} bytes) on ${plural(legacy.probe.processes, "process", "processes")} of its own; ` +
      `the answer was ${legacy.probe.answer} (shown below), so the client fell back and opened the session with ${code("initialize")} on a new process, exactly as it would have without ${code("auto")}: ` +
      `${legacy.session.messages === legacy.direct.messages && legacy.session.bytes === legacy.direct.bytes ? "the same messages and bytes" : `${legacy.session.messages} messages against ${legacy.direct.messages}`}. ` +
      `${code("auto")} cost ${plural(legacy.extra.processes, "process", "processes")} and ${n(legacy.extra.bytes)} bytes more.`,
    `Against ${code(ours.command)} the probe was answered with ${ours.probe.answer} (${n(ours.probe.bytes)} bytes), and the client stayed stateless: ` +
      `${plural(ours.extra.processes, "process", "processes")} and ${n(ours.extra.bytes)} bytes more than connecting without the probe, as in section 3. ` +
      `The specification asks a client to keep the era it found for the life of the server process, and lets it keep that verdict across restarts of the same server configuration, so a client need not probe the same server twice.`,
  );
}

/** The `auto` meeting with one server. */
function autoMeeting(wire: WithoutASessionWire, server: "legacy-only" | "dual-era") {
  const m = wire.auto.find((x) => x.server === server);
  if (!m) throw new Error(`no auto meeting with ${server}`);
  return m;
}

/** Section 5, in place: the legacy server's answer to the probe, and what probing on one process costs. */
export function readInPlaceProbe(wire: WithoutASessionWire): string {
  const lines = linesOf(wire.inPlaceProbe);
  const [probe, answer, init, agreed] = lines;
  const error = (JSON.parse(answer.line) as Record<string, any>).error ?? {};
  const version = (JSON.parse(agreed.line) as Record<string, any>).result?.protocolVersion;
  const probeBytes = probe.bytes + answer.bytes;
  const sdk = autoMeeting(wire, "legacy-only");
  const same = probeBytes === sdk.probe.bytes;
  return paragraphs(
    `The legacy-only server answered the probe with error ${code(String(error.code))}${error.code === -32601 ? ", JSON-RPC's method not found," : ""} which is not a modern error; its message, cut in the listing, reads in full: "${error.message}" ` +
      `The same process then accepted ${code(init.line.includes('"initialize"') ? "initialize" : "the fallback")} and agreed on ${code(String(version))}. ` +
      (same
        ? `The probe's request and answer are ${n(probeBytes)} bytes, exactly those of the SDK's probe above, so probing in place costs the same bytes and no process.`
        : `The probe's request and answer are ${n(probeBytes)} bytes here against ${n(sdk.probe.bytes)} for the SDK's probe above; probing in place costs no process.`),
    `Against a server that stays up after an unknown request, as ours does, the second process buys nothing. It helps against a server that exits on a request before ${code("initialize")}: ` +
      `probed in place, that server would have to be started again for the fallback, while a separate probe process leaves the session's own process untouched until its ${code("initialize")}. ` +
      `That is the SDK's reason for the second process, and its price, in our client that follows it, is ${plural(sdk.extra.processes, "process", "processes")} more to start and end for every server met in ${code("auto")} mode.`,
  );
}

/** Section 6: the two mismatches, read off their transcripts. */
export function readMismatch(wire: WithoutASessionWire): string {
  const stateless = linesOf(wire.mismatch.stateless).map(
    (l) => JSON.parse(l.line) as Record<string, any>,
  );
  const legacy = linesOf(wire.mismatch.legacy).map(
    (l) => JSON.parse(l.line) as Record<string, any>,
  );
  const refused = stateless[1]?.error;
  const asked = stateless[0]?.params?._meta?.["io.modelcontextprotocol/protocolVersion"];
  const retried = stateless[2]?.params?._meta?.["io.modelcontextprotocol/protocolVersion"];
  const answered = legacy[1]?.result?.protocolVersion;
  const requested = legacy[0]?.params?.protocolVersion;
  const exit = eventsOf(wire.mismatch.legacy).find((e) => e.from === "server");
  return paragraphs(
    `Stateless: the request named ${code(asked)}, and the server answered ${code(String(refused?.code))} with ${code("data.supported")} ${code(JSON.stringify(refused?.data?.supported))}. ` +
      `The client picked a version from that list, ${code(retried)}, and sent the same request again; no connection was dropped, because there was no session to drop.`,
    `Legacy: the client asked for ${code(requested)}. Our servers accept ${listing(LEGACY_REVISIONS.map(code))} only in the legacy era, so ${code(requested)} stands for any version a server does not speak. ` +
      `The server does not speak it and answered ${code("initialize")} with the version it does, ${code(answered)}, as the 2025-11-25 specification asks ("Version Negotiation" in its lifecycle page). ` +
      `A client that does not support the server's answer SHOULD disconnect, and this one did: it closed stdin before ${code("notifications/initialized")}, and the server ${exit ? exit.event : "exited"}.`,
    `The third mismatch, a legacy client meeting a server that speaks only 2026-07-28, is not run here. Such a client has nothing to move forward to, so the specification asks the server (SHOULD) to name the versions it supports in any error it returns to ${code("initialize")}; ${code("serve --era stateless")} answers ${code("initialize")} with ${code("-32022")}, naming 2026-07-28 in its message and in ${code("data.supported")} (the specification leaves the code to the server; the SDK answers the same).`,
  );
}

/** The closing summary, every figure from the runs. */
export function summarizeSession(sim: WithoutASessionResult, wire: WithoutASessionWire): string {
  const legacySim = simRow(sim, "legacy");
  const statelessSim = simRow(sim, "stateless");
  const { legacy, stateless } = wire.eras;
  const cross = (c: Crossing<TaskPoint>) =>
    c.at === null ? "never cross" : `cross ${crossingText(c)}`;
  return listItems(
    `- The stateless era (2026-07-28) has no ${code("initialize")} and no session: each request carries its version, capabilities and client identity in ${code("_meta")} (${n(wire.eras.requestMetaBytes)} bytes here), each result its ${code("resultType")} and the server's identity, each list its ${code("ttlMs")} and ${code("cacheScope")}.`,
    `- Lesson 6's twelve tasks: before the first call ${n(legacySim.fixed.tokens)} against ${n(statelessSim.fixed.tokens)} tokens, ${n(legacy.beforeFirstCall.bytes)} against ${n(stateless.beforeFirstCall.bytes)} bytes; per call ${one(legacySim.tokensPerCall)} against ${one(statelessSim.tokensPerCall)} tokens, ` +
      `${one(legacy.bytesPerCall)} against ${one(stateless.bytesPerCall)} bytes (legacy first). ` +
      (sim.lessonSix.crossing.at === null && wire.eras.bytes.at === null
        ? `The eras cross neither in tokens nor in bytes.`
        : `In tokens the eras ${cross(sim.lessonSix.crossing)}; in bytes they ${cross(wire.eras.bytes)}.`),
    `- ${belowThroughout(wire.eras.messages) ? "Fewer messages at every count in the stateless era" : "Not fewer messages at every count in the stateless era"}: ${legacy.messages} against ${stateless.messages} for the whole run.`,
    `- Discovery per task: a legacy client over stdio pays a process and an ${code("initialize")} per task and server; a stateless one lists again, and a cache kept by ${code("now < t_received + ttlMs")} lists only when the answer has gone stale.`,
    `- ${code("auto")} probes with ${code("server/discover")} and falls back to ${code("initialize")} on any answer that is not a modern one; a ${code("-32022")} is a modern answer, and with no version in common the connection fails instead. ` +
      `Our client, like the SDK on its own stdio transport, probes on a process of its own: one process and the probe's exchange more. Probed in place, as the specification's rule allows, the exchange alone.`,
    `- A version mismatch is ${code("-32022")} and a retry in the stateless era; in the legacy era, an ${code("initialize")} answered with another version and a client that disconnects.`,
  );
}

/** The rule of `ResultCache.isFresh` with `<=` instead of `<`: before which tasks a client would list. */
function listedBeforeWith(
  tasks: number,
  spacingMs: number,
  fresh: (now: number, received: number) => boolean,
): number[] {
  const before: number[] = [];
  let received = -Infinity;
  for (let k = 0; k < tasks; k++) {
    const now = k * spacingMs;
    if (k === 0 || !fresh(now, received)) {
      before.push(k + 1);
      received = now;
    }
  }
  return before;
}

/** `total / count` as a decimal: exact when it has at most two decimals (37.25), else "about" and two (37.29). */
function exactShare(total: number, count: number): string {
  if ((total * 100) % count === 0) return String(total / count);
  return `about ${(total / count).toFixed(2)}`;
}

/**
 * Exercise 2's breakdown: the wire calls each world server received, times the tokens a stateless
 * call to it adds, summed to the simulator's gap.
 * @throws Error if the wire's calls are not the simulator's, or the products do not add up to it.
 */
function callShares(sim: WithoutASessionResult, wire: WithoutASessionWire): string {
  const legacySim = simRow(sim, "legacy");
  const statelessSim = simRow(sim, "stateless");
  const calls = wire.eras.stateless.callsByServer;
  const reached = sim.lessonSix.callExtra.filter((e) => (calls[e.server] ?? 0) > 0);
  const idle = sim.lessonSix.callExtra
    .filter((e) => (calls[e.server] ?? 0) === 0)
    .map((e) => code(e.server));
  const sum = reached.reduce((t, e) => t + calls[e.server] * e.tokens, 0);
  const count = reached.reduce((t, e) => t + calls[e.server], 0);
  if (
    count !== statelessSim.wireCalls ||
    sum !== statelessSim.work.tokens - legacySim.work.tokens
  ) {
    throw new Error(`calls by server give ${count} calls and ${sum} tokens, not the simulator's`);
  }
  const parts = reached.map(
    (e) => `${calls[e.server]} to ${code(e.server)} at ${e.tokens} tokens more each`,
  );
  const allDropped = sim.lessonSix.callExtra
    .filter((e) => (calls[e.server] ?? 0) === 0)
    .every((e) => statelessSim.dropped.some((d) => d.server === e.server));
  const none =
    idle.length === 0
      ? ""
      : `, none to ${listing(idle)}${allDropped ? ", whose tools the client dropped" : ""}`;
  return (
    `${listing(parts)}${none}: ${reached.map((e) => `${calls[e.server]} × ${e.tokens}`).join(" + ")} = ${n(sum)}. ` +
    `Lesson 6's tokenizer cuts ${code("tarife")}, six letters, into two pieces, and ${code("olcum")}, five, into one`
  );
}

/** The expected answers to the exercises, computed from the runs where they are numbers. */
export function sessionSolutions(sim: WithoutASessionResult, wire: WithoutASessionWire): string {
  const legacySim = simRow(sim, "legacy");
  const statelessSim = simRow(sim, "stateless");
  const { legacy, stateless } = wire.eras;
  const servers = sim.lessonSix.servers.length;
  const savedMessages =
    legacySim.fixed.request +
    legacySim.fixed.response +
    legacySim.fixed.notification -
    (statelessSim.fixed.request + statelessSim.fixed.response + statelessSim.fixed.notification);
  const perCallTokens = statelessSim.tokensPerCall - legacySim.tokensPerCall;
  const tokenGap = statelessSim.work.tokens - legacySim.work.tokens;
  const perCallBytes = stateless.bytesPerCall - legacy.bytesPerCall;
  const hourly = simulateWithoutASession(sim.seed, {
    taskSpacingMs: sim.modes.ttlMs,
  }).modes.rows.find((r) => r.name === "stateless, cached")!;
  const together = simulateWithoutASession(sim.seed, { taskSpacingMs: 0 }).modes.rows.find(
    (r) => r.name === "stateless, cached",
  )!;
  const cachedNow = sim.modes.rows.find((r) => r.name === "stateless, cached")!;
  const withLe = listedBeforeWith(
    sim.modes.tasks,
    sim.modes.taskSpacingMs,
    (now, received) => now <= received + sim.modes.ttlMs,
  );
  const wireWithLe = listedBeforeWith(
    wire.discovery.tasks,
    wire.discovery.gapMs,
    (now, received) => now <= received + wire.discovery.ttlMs,
  );
  const wireCached = wire.discovery.runs.find((r) => r.era === "stateless" && r.plan === "cached")!;
  const legacyTask = wire.discovery.runs.find((r) => r.era === "legacy" && r.plan === "per-task")!;
  const statelessTask = wire.discovery.runs.find(
    (r) => r.era === "stateless" && r.plan === "per-task",
  )!;
  const discover = ERA_VARIANTS.find((v) => v.discover)!;
  const discoverRow = simRow(sim, discover.label);
  return listItems(
    `1. ${savedMessages} messages fewer before the first call, ${savedMessages / servers} per server: ${code("initialize")}, its answer and ${code("notifications/initialized")}. The lists are the same in both eras.`,
    `2. ${n(tokenGap)} tokens over the same ${statelessSim.wireCalls} calls (the table's ${n(statelessSim.total.tokens)} − ${n(statelessSim.fixed.tokens)} against ${n(legacySim.total.tokens)} − ${n(legacySim.fixed.tokens)}), ${exactShare(tokenGap, statelessSim.wireCalls)} tokens per call` +
      (one(perCallTokens) ===
      one(Number(one(statelessSim.tokensPerCall)) - Number(one(legacySim.tokensPerCall)))
        ? `. `
        : ` (the table's rounded ${one(statelessSim.tokensPerCall)} and ${one(legacySim.tokensPerCall)} differ by ${one(Number(one(statelessSim.tokensPerCall)) - Number(one(legacySim.tokensPerCall)))}). `) +
      `The request's ${code("_meta")} and the result's ${code("resultType")} and server identity make it up; ` +
      `it is not a whole number because the calls reach servers whose identities are not all the same number of tokens: ${callShares(sim, wire)}.`,
    `3. ${one(perCallBytes)} bytes per call: ${n(stateless.work.bytes)} against ${n(legacy.work.bytes)} bytes over ${stateless.calls} calls. ${n(wire.eras.requestMetaBytes)} of them are the request's ${code("_meta")}; the rest is the result's ${code("resultType")} and server identity` +
      `${(stateless.work.sentBytes - legacy.work.sentBytes) / legacy.calls === wire.eras.requestMetaBytes ? "" : ", and request ids of different lengths"}.`,
    `4. With tasks ${n(sim.modes.ttlMs / 60_000)} minutes apart the cached client discovers ${hourly.discoveries} times in ${sim.modes.tasks} tasks` +
      (hourly.discoveries === sim.modes.tasks
        ? `, before every task, as per task does: each result is stale exactly when the next task starts`
        : "") +
      `; with tasks 0 ms apart it discovers ${together.discoveries === 1 ? "once" : `${together.discoveries} times`}. At the lesson's spacing: ${cachedNow.discoveries}.`,
    `5. With ${code("<=")} a result is still fresh at exactly ${code("t_received + ttlMs")}, so the simulated client would list before ${tasksNamed(withLe)} instead of ${listing(cachedNow.discoveredBefore.map(String))}, ` +
      `and the real one before ${tasksNamed(wireWithLe)} instead of ${listing(wireCached.listedBefore.map(String))}. The specification's rule is strict: ${code("now < t_received + ttlMs")}.`,
    `6. ${n(legacyTask.processes)} processes for the legacy client against ${n(statelessTask.processes)} for the stateless one. The legacy client pays them because it keeps nothing between tasks and opens a new session per task; re-listing alone needs no new process. ` +
      `The sentence, in the "Statelessness" section of the specification's ${spec("basic", "overview page")}: "Clients SHOULD NOT use an individual task, thread, or conversation as the lifetime boundary for the stdio process."`,
    `7. With ${code("server/discover")} first, ${n(discoverRow.fixed.tokens)} tokens before the first call instead of ${n(statelessSim.fixed.tokens)}. A client wants it when it does not yet know the server: ` +
      `it learns the versions the server supports, its capabilities and its identity before anything else. A client that speaks both eras, as ours does, SHOULD send it first all the same (section 5); our real client skips it for our servers, whose discover results it is given in advance (see the assumptions).`,
  );
}
