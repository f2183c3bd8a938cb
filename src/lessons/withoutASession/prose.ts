/**
 * Lesson 10's readings of its tables, written from the runs so that they stay true for any seed.
 *
 * Every number here comes from a {@link WithoutASessionResult} (the simulator) or a
 * {@link WithoutASessionWire} (the real wire). Where the lesson makes a claim — fewer messages at
 * every count, the simulator and the wire sending the same messages, where the eras cross — the
 * paragraph checks it over the runs' points and says otherwise when it does not hold. What no run
 * changes is in the notebook's markdown cells; these functions write only the sentences whose
 * numbers come from the runs. Each returns markdown for `tslab.display.markdown`, wrapped at 100
 * columns (`wrapMarkdown`).
 */
import { code, listing, plural } from "../proseWords";
import { foldedAnswers, wrapMarkdown } from "../wrapProse";
import { belowThroughout, crossingText, type Crossing, type TaskPoint } from "./crossing";
import {
  ERA_VARIANTS,
  simulateWithoutASession,
  type CumulativePoint,
  type EraRunRow,
  type WithoutASessionResult,
} from "./simulate";
import type { WirePoint, WithoutASessionWire } from "./wire";
import { fieldBytes } from "./wireTables";
import { isTranscriptLine, type Transcript } from "../../wireClient/lineExchange";
import { metaMemberBytes } from "../../wireClient/transcripts";
import { SERVER_FACTS } from "../../world/servers";

const n = (value: number) => value.toLocaleString("en-US");
/** A markdown link to the published page of the 2026-07-28 specification at `path`. */
const spec = (path: string, text: string) => `[${text}](${SPEC_SITE}/${path})`;
const SPEC_SITE = "https://modelcontextprotocol.io/specification/2026-07-28";
const one = (value: number) => value.toFixed(1);
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "task 1", "tasks 1 and 7", "tasks 1, 7 and 13". */
const tasksNamed = (tasks: readonly number[]) =>
  `${tasks.length === 1 ? "task" : "tasks"} ${listing(tasks.map(String))}`;

/** Paragraphs as markdown: separated by a blank line, each wrapped at 100 columns. */
const paragraphs = (...texts: string[]) => wrapMarkdown(texts.join("\n\n"));

/** The simulator's row of one era (lists only, or with `server/discover`). */
function simRow(sim: WithoutASessionResult, label: string): EraRunRow {
  const row = sim.lessonSix.rows.find((r) => r.label === label);
  if (!row) throw new Error(`no simulated run ${label}`);
  return row;
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
  const start = `${lower} is ${n(Math.abs(first))} ${unit} below ${higher} before the first call`;
  if (crossing.at === null)
    return `${start} and ${n(Math.abs(last))} after the last task: the order never changes`;
  return `${start}, but the order changes ${crossingText(crossing)}; after the last task ${crossing.b} less ${crossing.a} is ${n(last)} ${unit}`;
}

/** The opening line: which seed this run used, and what each half counts. */
export function describeSessionSeed(sim: WithoutASessionResult, wire: WithoutASessionWire): string {
  if (wire.seed !== sim.seed) throw new Error(`the halves ran seeds ${sim.seed} and ${wire.seed}`);
  return wrapMarkdown(
    `This run uses **seed ${sim.seed}** for the world of lessons 6 and 7 and the fleet of lesson 8, at declaration level ${sim.level} (full) throughout. ` +
      `The simulated half counts envelope tokens as lesson 6 did; the wire half starts real server processes with ` +
      `${code(`mcp-course serve`)} and counts every byte the real client sends and reads.`,
  );
}

/**
 * Section 1: what its bytes table means for a call. A legacy `tools/call` carries none of the
 * fields; a stateless one gains the request's `_meta` and the result's `resultType` and server
 * identity; the averages over lesson 6's calls, and why the result's is not the table's server's.
 */
export function readFields(wire: WithoutASessionWire): string {
  const rows = fieldBytes(wire);
  const opening = rows.filter((r) => r.era === "legacy").reduce((t, r) => t + r.bytes, 0);
  const result = rows
    .filter((r) => r.carriedBy.startsWith("every result"))
    .reduce((t, r) => t + r.bytes, 0);
  const { legacy, stateless, requestMetaBytes } = wire.eras;
  const shown = String(
    rows.find((r) => r.what.startsWith("serverInfo of "))?.what.slice("serverInfo of ".length),
  );
  const sentGrowth = (stateless.work.sentBytes - legacy.work.sentBytes) / legacy.calls;
  const receivedGrowth = (stateless.work.receivedBytes - legacy.work.receivedBytes) / legacy.calls;
  const longer = Object.keys(stateless.callsByServer).filter(
    (server) => stateless.callsByServer[server] > 0 && server.length > shown.length,
  );
  const why =
    one(receivedGrowth) !== one(result) && longer.length > 0
      ? `, above ${n(result)} because the calls to ${listing(longer.map(code))} carry a longer server name`
      : "";
  return paragraphs(
    `A legacy ${code("tools/call")} carries none of these fields: they travelled once per server, in ${n(opening)} bytes of opening. ` +
      `A stateless ${code("tools/call")} request carries ${n(requestMetaBytes)} bytes of ${code("_meta")}, and its result ${n(result)} more from ${code(shown)}. ` +
      `Over lesson 6's ${plural(legacy.calls, "call")} a stateless ${code("tools/call")} request was ${one(sentGrowth)} bytes longer on average, ` +
      `its result ${one(receivedGrowth)}${why}.`,
  );
}

/** Which of a run's calls ended in the client, by tool. */
function refusedWords(row: EraRunRow): string {
  const ended = row.calls - row.wireCalls;
  const start = `Of the ${n(row.calls)} calls the tasks made, ${n(row.wireCalls)} reached a server`;
  if (ended === 0) return `${start}: the client refused none.`;
  if (row.refused.length === 1)
    return `${start}; the other ${n(ended)}, to ${code(row.refused[0].tool)}, ended in the client.`;
  const byTool = listing(row.refused.map((r) => `${r.calls} to ${code(r.tool)}`));
  return `${start}; the other ${n(ended)} ended in the client, ${byTool}.`;
}

/**
 * Section 2: lesson 6's twelve tasks in both eras, simulated and real: the calls that ended in the
 * client, the round trips, and the messages at every point (fewer in the stateless era, the same in
 * both halves), each claim checked over the runs' points; and what the stateless era buys, counted
 * in requests on the wire.
 */
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
  const savedAtEnd = legacy.cumulative.at(-1)!.messages - stateless.cumulative.at(-1)!.messages;
  const remote = legacySim.total.round_trips - legacySim.total.request;
  const crossed = sim.lessonSix.crossing.at !== null || wire.eras.bytes.at !== null;
  return paragraphs(
    (fewerSim && fewerWire
      ? `In both halves the stateless era sends fewer messages at every point: ${saved} fewer before the first call, and ${savedAtEnd} fewer after the last task` +
        (saved === savedAtEnd ? `, since a call adds a request and a response in either era.` : `.`)
      : `The stateless era does not send fewer messages at every count here (simulator: ${fewerSim ? "yes" : "no"}, wire: ${fewerWire ? "yes" : "no"}).`) +
      (same
        ? ` The simulator and the wire count the same messages in each era, before the first call and again after each of the ${legacy.cumulative.length - 1} tasks.`
        : ` The simulator and the wire do not count the same messages at every point.`) +
      (crossed
        ? ` In this run the cheaper era changes: in tokens ${crossingWords(sim.lessonSix.crossing, "tokens")}; in bytes ${crossingWords(wire.eras.bytes, "bytes")}.`
        : ""),
    `${refusedWords(legacySim)} The legacy run's ${n(legacySim.total.request)} requests make ${n(legacySim.total.round_trips)} round trips: ` +
      `${n(remote)} of them go to a remote server and count twice.`,
    sessionFreeWords(wire),
  );
}

/**
 * What the stateless era buys, as a count from the wire runs: every stateless request stands
 * alone, while each legacy request after its server's `initialize` belongs to that session.
 */
function sessionFreeWords(wire: WithoutASessionWire): string {
  const { legacy, stateless } = wire.eras;
  const opened = (legacy.methods.find((row) => row.method === "initialize")?.messages ?? 0) / 2;
  const bound = legacy.kinds.request - opened;
  return (
    `What the stateless era buys can be counted, though not priced: all ${n(stateless.kinds.request)} of its requests stand alone, ` +
    `while each of the legacy run's ${n(bound)} requests after an ${code("initialize")} belongs to a session and must reach the process that holds it.`
  );
}

/**
 * Section 2's simulated table, read: lesson 6's tasks under the lesson's one host, lesson 7's
 * allowlisting host (hints trusted, lesson 5's allowlist, no version rule): the calls the client
 * sends, the tasks they complete, and whether the stateless era costs more.
 */
export function readTwelveTasks(sim: WithoutASessionResult, wire: WithoutASessionWire): string {
  const [legacy, stateless] = [simRow(sim, "legacy"), simRow(sim, "stateless")];
  const bytesDearer =
    wire.eras.stateless.bytes > wire.eras.legacy.bytes &&
    wire.eras.stateless.bytesPerCall > wire.eras.legacy.bytesPerCall;
  if (legacy.wireCalls !== stateless.wireCalls || legacy.completed !== stateless.completed)
    throw new Error("without the version rule the eras send different calls");
  const still = legacy.refused.map((r) => `the ${r.calls} to ${code(r.tool)}`);
  const offList = legacy.refused.every(
    ({ tool }) => legacy.dropped.find((d) => d.tool === tool)?.reason === "allowlist",
  );
  const dearer =
    stateless.total.tokens > legacy.total.tokens && stateless.tokensPerCall > legacy.tokensPerCall;
  return paragraphs(
    beforeFirstCallWords(sim),
    `The simulated client sends ${n(legacy.wireCalls)} of the ${n(legacy.calls)} calls in either era and completes ${plural(legacy.completed, "task")}. ` +
      (still.length === 0
        ? ``
        : `${upperFirst(listing(still))} end in the client${offList ? ", off the allowlist" : ""}. `) +
      (dearer
        ? `The stateless era costs more: ${n(stateless.total.tokens)} tokens in all against ${n(legacy.total.tokens)}, ${one(stateless.tokensPerCall)} per call against ${one(legacy.tokensPerCall)}.`
        : `The stateless era does not cost more here: ${n(stateless.total.tokens)} tokens in all against ${n(legacy.total.tokens)}, ${one(stateless.tokensPerCall)} per call against ${one(legacy.tokensPerCall)}.`) +
      ` These are lesson 3's envelope tokens: they count traffic, not what a model reads. ` +
      `Most of the stateless era's extra is ${code("_meta")}` +
      (bytesDearer === dearer
        ? `, and the wire's bytes below tell the same story.`
        : `, and the wire's bytes below tell another story.`),
  );
}

/**
 * What *before 1st call* holds in section 2's simulated tables, and how it meets lesson 7's first
 * table: one discovery of each of the three servers, its 2026-07-28 figure with `server/discover`
 * first (lesson 7's) or without it (the plain stateless rows). The lesson-7 sums are computed with
 * lesson 7's own pricing (`measureDiscovery`), so the sentence holds or says otherwise.
 */
function beforeFirstCallWords(sim: WithoutASessionResult): string {
  const [legacy, stateless, withDiscover] = ["legacy", "stateless", "stateless + discover"].map(
    (label) => simRow(sim, label).fixed.tokens,
  );
  const per = sim.lessonSix.discoveryByServer;
  const sum = (pick: (row: (typeof per)[number]) => number) => per.reduce((t, r) => t + pick(r), 0);
  const [legacySum, discoverSum] = [sum((r) => r.legacy), sum((r) => r.withDiscover)];
  const names = listing(per.map((r) => code(r.server)));
  return (
    `*Before 1st call* is one discovery of the ${per.length === 3 ? "three" : n(per.length)} servers: in 2025-11-25 their openings and lists, ` +
    `${n(legacy)} tokens; in 2026-07-28 their lists alone, ${n(stateless)}, or ${n(withDiscover)} with ` +
    `${code("server/discover")} first (the third row). ` +
    (legacySum === legacy && discoverSum === withDiscover
      ? `Lesson 7 counted the third row's ${n(withDiscover)} (its rows of ${names} add up to it); ` +
        `the rest of this section leaves the probe out, as lesson 9's client did, and section 4 counts it apart.`
      : `Lesson 7's first table prices them otherwise: its rows of ${names} add up to ${n(legacySum)} and ${n(discoverSum)}.`)
  );
}

/** Section 3: discovery per task, per session and cached, on the wire. */
export function readDiscoveryPlans(wire: WithoutASessionWire): string {
  const run = (era: string, plan: string) => {
    const row = wire.discovery.runs.find((r) => r.era === era && r.plan === plan);
    if (!row) throw new Error(`no wire run ${era} ${plan}`);
    return row;
  };
  const legacyTask = run("legacy", "per-task");
  const legacySession = run("legacy", "per-session");
  const statelessTask = run("stateless", "per-task");
  const cached = run("stateless", "cached");
  const once = run("stateless", "per-session");
  const product = wire.discovery.tasks * once.discoveryBytes;
  return paragraphs(
    `On the wire, over its ${wire.discovery.tasks} tasks, the legacy client that opens a session per task starts ${n(legacyTask.processes)} processes and sends ${n(legacyTask.initializes)} ${code("initialize")} requests, ` +
      `where one session needs ${legacySession.processes}: ${n(legacyTask.bytes)} bytes against ${n(legacySession.bytes)}. ` +
      `The stateless client that keeps nothing lists again on the same ${statelessTask.processes} processes: ${n(statelessTask.listings)} list requests and ${n(statelessTask.bytes)} bytes, ` +
      (statelessTask.bytes > legacyTask.bytes
        ? `more bytes than the legacy client's, but ${n(legacyTask.processes - statelessTask.processes)} fewer processes. `
        : `fewer bytes than the legacy client's, and ${n(legacyTask.processes - statelessTask.processes)} fewer processes. `) +
      `Kept for the ${n(wire.discovery.ttlMs)} ms our servers send, the lists went out before ${tasksNamed(cached.listedBefore)}: ${n(cached.listings)} list requests, ${n(cached.bytes)} bytes.` +
      (statelessTask.discoveryBytes === product
        ? ``
        : ` Discovery at every task costs a little more than ${wire.discovery.tasks} times discovery once, since later ids take more digits.`),
  );
}

/** Section 4: what `auto` cost against the legacy-only server beyond its probe. */
export function readAuto(wire: WithoutASessionWire): string {
  const legacy = autoMeeting(wire, "legacy-only");
  const beyond = legacy.session.bytes - legacy.direct.bytes;
  const messages = legacy.session.messages - legacy.direct.messages;
  return paragraphs(
    `After the fallback to ${code("initialize")}, on a new process, the legacy-only server's session cost ` +
      (beyond === 0 && messages === 0
        ? `what opening it directly does: all probing mode added was the probe and its process.`
        : `${plural(messages, "message")} and ${n(beyond)} bytes more than opening it directly.`),
  );
}

/** The `auto` meeting with one server. */
function autoMeeting(wire: WithoutASessionWire, server: "legacy-only" | "dual-era") {
  const m = wire.auto.find((x) => x.server === server);
  if (!m) throw new Error(`no auto meeting with ${server}`);
  return m;
}

/**
 * Section 4, in place: the legacy-only server's two steps on one process (the probe refused, then
 * `initialize`), and what probing on the session's own process costs.
 */
export function readInPlaceProbe(wire: WithoutASessionWire): string {
  const lines = wire.inPlaceProbe.steps.filter(isTranscriptLine);
  const [probe, answer, , negotiated] = lines;
  const error = (JSON.parse(answer.line) as Record<string, any>).error ?? {};
  const version = (JSON.parse(negotiated.line) as Record<string, any>).result?.protocolVersion;
  const probeBytes = probe.bytes + answer.bytes;
  const sdk = autoMeeting(wire, "legacy-only");
  return paragraphs(
    `Probed in place, the legacy-only server takes two steps on one process. ` +
      `First it answers the SDK's probe with error ${code(String(error.code))}${error.code === -32601 ? ", JSON-RPC's method not found," : ""} which is not a modern error. ` +
      `Then, on the same process, the client sends ${code("initialize")} and agrees on ${code(String(version))}. ` +
      (probeBytes === sdk.probe.bytes
        ? `The probe's request and answer are ${n(probeBytes)} bytes, those of the SDK's probe: probing in place costs the same bytes and no process.`
        : `The probe's request and answer are ${n(probeBytes)} bytes here against ${n(sdk.probe.bytes)} for the SDK's probe; probing in place costs no process.`),
  );
}

/**
 * Section 5: what asking the user cost on the wire (the `input_required` result and the retry),
 * and what the declined run answered.
 */
export function readConfirm(wire: WithoutASessionWire): string {
  const accepted = wire.confirm.accepted.steps.filter(isTranscriptLine);
  const declined = wire.confirm.declined.steps.filter(isTranscriptLine);
  const [call, asked, retry, done] = accepted;
  const added = asked.bytes + retry.bytes;
  const total = accepted.reduce((sum, line) => sum + line.bytes, 0);
  const answer = JSON.parse(declined.at(-1)!.line) as Record<string, any>;
  const said: string = answer.result?.content?.[0]?.text ?? "";
  const grew = retry.bytes - call.bytes;
  return paragraphs(
    `Confirmed, in lesson 3, the write took ${plural(accepted.length, "message")} and ${n(total)} bytes; the call alone would have been its first request and its last answer, ` +
      `${n(call.bytes + done.bytes)} bytes. Asking added the ${code("input_required")} result and the retry, ${n(added)} bytes, ` +
      `the retry ${n(grew)} bytes longer than the first request for its ${code("inputResponses")} and ${code("requestState")}. ` +
      `Declined, the answer is a complete result with ${code(`isError: ${String(answer.result?.isError)}`)} and the text ${code(said)} Nothing was written.`,
    `The user's no reaches the model as a tool's failure. That is our choice: the elicitation page asks that a server MUST handle a decline and SHOULD NOT assume a yes, and names no channel. ` +
      `A failure has a cost. A tool execution error carries feedback a model "can use to self-correct and retry" (2026-07-28 ${code("server/tools.mdx")}, "Error Handling"). ` +
      `Retried, the call would ask the user again, who has just said no. So the text's second sentence tells the model not to retry. ` +
      `A server could answer ${code("isError: false")} with the same text instead. Either way the instruction must be in the text.`,
  );
}

/**
 * Section 5: what the server answered the forging client (the forged run's last line), and why.
 *
 * @throws Error if that line is not a JSON-RPC error.
 */
export function readForged(wire: WithoutASessionWire): string {
  const lines = wire.confirm.forged.steps.filter(isTranscriptLine);
  const refused = JSON.parse(lines.at(-1)!.line) as Record<string, any>;
  if (refused.error === undefined)
    throw new Error(`the forged retry was answered: ${lines.at(-1)!.line}`);
  return paragraphs(
    `The forging client kept the server's tag and rewrote the body before it to 555's digest, which anyone can compute. ` +
      `The tag no longer matches its body, so the SDK ran our verify hook, refused the retry with error ${refused.error.code} ` +
      `${code(String(refused.error.message))} before ${code("kayit_yaz")} ran, and nothing was written.`,
  );
}

/**
 * Section 5: the retry handed to a fresh process. Checks that the second process read the retry
 * and nothing before it, and that its lines are byte for byte lesson 3's accepted retry and result;
 * and says what the process with another key answered.
 *
 * @throws Error when the second process's lines are not lesson 3's, or the third's answer is not
 *   an error.
 */
export function readHandOff(wire: WithoutASessionWire): string {
  const resumed = wire.handOff.resumed.steps.filter(isTranscriptLine);
  const accepted = wire.confirm.accepted.steps.filter(isTranscriptLine).slice(-2);
  const same =
    resumed.length === 2 &&
    resumed.every((line, k) => line.from === accepted[k].from && line.line === accepted[k].line);
  if (!same) throw new Error("the fresh process's retry and answer are not lesson 3's");
  const refusedLine = wire.handOff.otherKey.steps.filter(isTranscriptLine).at(-1)!.line;
  const refused = JSON.parse(refusedLine) as Record<string, any>;
  if (refused.error === undefined)
    throw new Error(`the process with another key answered the retry: ${refusedLine}`);
  const written = JSON.parse(resumed[1].line) as Record<string, any>;
  const said: string = written.result?.content?.[0]?.text ?? "";
  return paragraphs(
    `The second process never saw the call: it started after the first had exited, and the retry was the first line it read. ` +
      `It checked the echoed state under the same key, found it was this call's, and wrote: ${code(said)}. ` +
      `The retry and its answer are byte for byte lesson 3's, ${n(resumed[0].bytes)} and ${n(resumed[1].bytes)} bytes, where one process answered both requests. ` +
      `A third process, started with another key in ${code("MCP_COURSE_STATE_KEY")}, got the same retry and answered error ${refused.error.code} ` +
      `${code(String(refused.error.message))}: under its key the tag does not verify.`,
  );
}

/**
 * The closing figures, every one from the runs, and where the eras change places when they do.
 * That the stateless era is never the cheaper one is said once, in section 2, where it is measured.
 */
export function summarizeSession(sim: WithoutASessionResult, wire: WithoutASessionWire): string {
  const legacySim = simRow(sim, "legacy");
  const statelessSim = simRow(sim, "stateless");
  const { legacy, stateless } = wire.eras;
  const cross = (c: Crossing<TaskPoint>) =>
    c.at === null ? "keep their order" : `change places ${crossingText(c)}`;
  return wrapMarkdown(
    `In this run, legacy first: ${n(legacySim.fixed.tokens)} against ${n(statelessSim.fixed.tokens)} tokens before the first call, ` +
      `${one(legacySim.tokensPerCall)} against ${one(statelessSim.tokensPerCall)} per call; ${n(legacy.bytes)} against ${n(stateless.bytes)} bytes ` +
      `and ${legacy.messages} against ${stateless.messages} messages in all.` +
      (sim.lessonSix.crossing.at === null && wire.eras.bytes.at === null
        ? ``
        : ` In tokens the eras ${cross(sim.lessonSix.crossing)}; in bytes they ${cross(wire.eras.bytes)}.`),
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
  if (savedMessages !== legacy.cumulative[0].messages - stateless.cumulative[0].messages)
    throw new Error("the simulator and the wire save different messages before the first call");
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
  const answers = [
    `${legacy.cumulative[0].messages} − ${stateless.cumulative[0].messages} = ${savedMessages} messages fewer before the first call, ${savedMessages / servers} per server: ${code("initialize")}, its answer and ${code("notifications/initialized")}. The lists are the same in both eras.`,
    callBytes(wire),
    `With tasks ${n(sim.modes.ttlMs / 60_000)} minutes apart the cached client discovers ${hourly.discoveries} times in ${sim.modes.tasks} tasks` +
      (hourly.discoveries === sim.modes.tasks
        ? `, before every task, as per task does: each result is stale exactly when the next task starts`
        : "") +
      `; with tasks 0 ms apart it discovers ${together.discoveries === 1 ? "once" : `${together.discoveries} times`}. At the lesson's spacing: ${cachedNow.discoveries}.`,
    `With ${code("<=")} a result is still fresh at exactly ${code("t_received + ttlMs")}. ` +
      (withLe.join() === wireWithLe.join() &&
      cachedNow.discoveredBefore.join() === wireCached.listedBefore.join()
        ? `The simulated client and the real one alike would list before ${tasksNamed(withLe)} instead of ${listing(cachedNow.discoveredBefore.map(String))}. `
        : `The simulated client would list before ${tasksNamed(withLe)} instead of ${listing(cachedNow.discoveredBefore.map(String))}, and the real one before ${tasksNamed(wireWithLe)} instead of ${listing(wireCached.listedBefore.map(String))}. `) +
      `The specification's rule is strict: ${code("now < t_received + ttlMs")}.`,
    `${n(legacyTask.processes)} processes for the legacy client against ${n(statelessTask.processes)} for the stateless one. The legacy client pays them because it keeps nothing between tasks and opens a new session per task; re-listing alone needs no new process. ` +
      `The sentence, in the "Statelessness" section of the specification's ${spec("basic", "overview page")}: "Clients SHOULD NOT use an individual task, thread, or conversation as the lifetime boundary for the stdio process."`,
    `With ${code("server/discover")} first, ${n(discoverRow.fixed.tokens)} tokens before the first call instead of ${n(statelessSim.fixed.tokens)}. A client wants it when it does not yet know the server: ` +
      `it learns the versions the server supports, its capabilities and its identity before anything else. Over stdio a client that speaks both eras, as ours does, SHOULD send it first all the same (section 4); over HTTP it MAY try a modern request first instead (${code("basic/transports/streamable-http.mdx")}, "Backward Compatibility"), and the call itself is optional (${code("server/discover.mdx")}, "When to Call"). Our real client skips it for our servers, whose discover results it is given in advance (see the assumptions).`,
    changedRetry(wire),
    NON_IDEMPOTENT_STATE,
  ];
  return foldedAnswers(ANSWER_TITLES, answers);
}

/**
 * Exercise 3: the bytes a stateless call adds, made exact. Each request gains its `_meta`, each
 * result its `resultType` and the server's identity in `_meta` (2026-07-28 `basic/index.mdx`);
 * and since ids are numbered per process from 0 and a stateless process sends no `initialize`,
 * its calls' ids run one lower than the legacy ones, so an id that is 10 in the legacy run and 9 in
 * the stateless one is a byte shorter in the request and in its response. Checked against the
 * run's own totals.
 */
function callBytes(wire: WithoutASessionWire): string {
  const { legacy, stateless, requestMetaBytes } = wire.eras;
  const digits = (id: number) => String(id).length;
  const servers = Object.keys(stateless.callsByServer).filter(
    (s) => stateless.callsByServer[s] > 0,
  );
  let idBytes = 0;
  const shorter: string[] = [];
  for (const server of servers) {
    const from = {
      legacy: legacy.openingRequestsByServer[server],
      now: stateless.openingRequestsByServer[server],
    };
    for (let k = 0; k < stateless.callsByServer[server]; k++) {
      const lost = digits(from.legacy + k) - digits(from.now + k);
      if (lost !== 0) shorter.push(`${from.now + k} against the legacy run's ${from.legacy + k}`);
      idBytes += lost;
    }
  }
  const resultBytes = (server: string) => {
    const facts = SERVER_FACTS.find((f) => f.name === server);
    if (!facts) throw new Error(`no server ${server}`);
    const info = {
      "io.modelcontextprotocol/serverInfo": { name: server, version: String(facts.version) },
    };
    return Buffer.byteLength(`,"resultType":"complete"`) + metaMemberBytes(info);
  };
  const sent = stateless.work.sentBytes - legacy.work.sentBytes;
  const received = stateless.work.receivedBytes - legacy.work.receivedBytes;
  const fields = servers.reduce((t, s) => t + stateless.callsByServer[s] * resultBytes(s), 0);
  if (sent !== stateless.calls * requestMetaBytes - idBytes || received !== fields - idBytes) {
    throw new Error(`calls grew ${sent} and ${received} bytes, not what their fields and ids give`);
  }
  const gap = stateless.work.bytes - legacy.work.bytes;
  const table = `${one(stateless.bytesPerCall)} − ${one(legacy.bytesPerCall)} = ${one(stateless.bytesPerCall - legacy.bytesPerCall)}`;
  const ids =
    idBytes === 0
      ? ""
      : `, less ${plural(idBytes, "byte")}: the legacy client's \`initialize\` took an id first, so its calls' ids run one higher, and ${shorter.length === 1 ? "one stateless id is" : `${shorter.length} stateless ids are`} a digit shorter (${listing(shorter)})`;
  return (
    `${n(gap)} bytes more over ${stateless.calls} calls (${n(stateless.work.bytes)} against ${n(legacy.work.bytes)}), ${(gap / stateless.calls).toFixed(2)} per call (the table's ${table}). ` +
    `The requests grew ${n(sent)} bytes: ${stateless.calls} × ${requestMetaBytes} of ${code("_meta")}${ids}. ` +
    `The results grew ${n(received)}: ${code("resultType")} and the server's identity, ${listing(servers.map((s) => `${stateless.callsByServer[s]} × ${resultBytes(s)} for ${code(s)}`))}${idBytes === 0 ? "" : `, less the same ${plural(idBytes, "byte")} of id`}.`
  );
}

/**
 * Exercise 8: lesson 3's accepted retry with `deger` 555, sent on the wire with the server's own
 * state echoed unchanged (`confirm.mismatched`), beside the forged retry's answer.
 *
 * @throws Error if the server did not refuse that retry with the forged retry's error.
 */
function changedRetry(wire: WithoutASessionWire): string {
  const last = (transcript: Transcript) => transcript.steps.filter(isTranscriptLine).at(-1)!.line;
  const refused = JSON.parse(last(wire.confirm.mismatched)) as Record<string, any>;
  const same = last(wire.confirm.mismatched) === last(wire.confirm.forged);
  if (refused.error === undefined || !same)
    throw new Error(
      `the retry for 555 was not refused as the forged one: ${last(wire.confirm.mismatched)}`,
    );
  return (
    `Error ${refused.error.code}, ${code(String(refused.error.message))}, and nothing is written: a scripted client sent that retry, ` +
    `and the server answered with the line the forged retry got, byte for byte. ` +
    `The echoed state's tag verifies, so the SDK's hook lets the call through. ` +
    `The server then recomputes the digest from the retry's arguments, 555's. It is not the state's, 554's, ` +
    `so the state was issued for another request, and the server refuses it: "rejecting state presented on a request that does not match" ` +
    `("Server Requirements", item 5, a SHOULD). ` +
    `A new ${code("input_required")} ("Error Handling") is for a retry that lacks an answer, not for one with another call's state.`
  );
}

/** The titles of the exercises, as the folded answers name them. */
const ANSWER_TITLES = [
  "Messages saved before the first call",
  "Bytes per call",
  "The cache at other spacings",
  "A fresh result at exactly its ttlMs",
  "Processes per task",
  "server/discover first",
  "A retry with other arguments",
  "A state for a tool that is not idempotent",
];

/**
 * Exercise 8's answer, a design one with no number in it: section 5's replay guards and its
 * single-use warning (2026-07-28 multi round-trip page, "Server Requirements (Basic Workflow)")
 * applied to a tool whose second run changes the record again.
 */
const NON_IDEMPOTENT_STATE =
  `Adding is not idempotent: replayed, the accepted state would add 554 a second time. ` +
  `So the signed state needs all three guards. The call's identity, the digest of its arguments, ours already has. ` +
  `The authenticated principal stops a state issued to one user from running for another; on an HTTP server with MCP's authorization it comes from the access token. ` +
  `A short expiry, checked on receipt, limits how long a state can be used; SDK 2.4.0's ${code("createRequestStateCodec")} adds one. ` +
  `Even so, the same state could be sent twice before it expires, and the page's warning applies: ` +
  `the server itself MUST enforce at most once. ` +
  `The server records each state it redeems, for instance by an id the state carries, and refuses one already recorded. ` +
  `That record is state kept on the server. Every process that may take the retry must read the same record, ` +
  `so section 5's hand-off now needs storage the instances share, where one shared key used to be enough.`;
