/**
 * Lesson 6's sentences that depend on the run: which seeds it used, what its runs cost in envelope
 * tokens, what a host that trusts its servers' hints keeps beside the course's host, and the exercises'
 * answers. Every number comes from a {@link WritingAServerResult}; where a claim might not hold for
 * another seed (two rows equal, counts unchanged in the second run), the sentence checks it and
 * says what it finds. The lesson's seed-independent text lives in its notebook's markdown cells.
 * Each function returns markdown for `tslab.display.markdown`.
 */
import { sameRunRow } from "../../world/runTasks";
import { sameHandshakeCost } from "../../world/handshakes";
import { ALLOWLIST, SERVER_FACTS } from "../../world/servers";
import { REGIONS } from "../../world/subscribers";
import { countTokens } from "../../sim/tokenizer";
import { ALL_LEVELS } from "../../sim/declaration";
import {
  gateReadings,
  knowingKayit,
  taskTokens,
  wideCompleted,
  withoutVersionRule,
  type GateReadingRow,
  type WritingAServerResult,
} from "./simulate";
import { NO_APPROVAL } from "../../sim/client";
import { ENVELOPE_TOKENS } from "../../sim/envelope";
import { code, listing } from "../proseWords";
import { foldedAnswers, wrapMarkdown } from "../wrapProse";
import { mcpToolListBytes } from "./tables";
import {
  lastReply,
  replies,
  type CallReply,
  type MinimalServerRun,
  type WritingAServerWire,
} from "./wire";

/** The world's tools, server by server. */
const WORLD_TOOLS = SERVER_FACTS.flatMap((server) => server.tools);

import { handshakeMessages } from "../handshakeText";

export { handshakeMessages, type CountedMessage } from "../handshakeText";

/** What the `annotations` add, in bytes, to the world servers' `tools/list` results: level 2 less level 1. */
export function annotationBytes(result: WritingAServerResult): number {
  const bytes = mcpToolListBytes(result);
  return bytes[2] - bytes[1];
}

/** The opening line: which seed this run used, and what it draws. */
export function describeSeeds(result: WritingAServerResult): string {
  return wrapMarkdown(
    `This run uses **seed ${result.seed}**: it draws the ${Object.keys(result.subscribers).length} subscribers and the ` +
      `${result.tasks.length} tasks.`,
  );
}

/**
 * The handshake table in words: what levels 0 to 2 keep and drop, and the last line's names, the
 * tools level 3 keeps, its version rule (the course's, lesson 5) read last; then why every row
 * costs the same tokens (the handshake's words are lesson 5's at every level, the version's number
 * included, which the course's host reads only at level 3), checked against the rows.
 */
export function readHandshake(result: WritingAServerResult): string {
  const [h0, h1, h2, h3] = result.handshake;
  const below =
    h1.negotiated === h0.negotiated && h2.negotiated === h0.negotiated
      ? `At levels 0 to 2 the client keeps ${h0.negotiated} tools`
      : `The client keeps ${listing([h0, h1, h2].map((h) => String(h.negotiated)))} tools at levels 0 to 2`;
  const flat = result.handshake.every((row) => sameHandshakeCost(row, h0));
  const cost = flat
    ? ` Every row costs the same ${h0.tokens} tokens${perServer(result, h0.tokens)}.`
    : ` The rows cost ${listing(result.handshake.map((row) => String(row.tokens)))} tokens.`;
  return wrapMarkdown(
    `${below} and drops ${code("kayit_yaz")} (the allowlist). At level 3 the version rule also ` +
      `drops ${code("kayit")}; the last line names the ${h3.negotiated} kept.${cost}`,
  );
}

/**
 * How the handshake's tokens are made, server by server: each server's request and answer, with
 * the envelope's tokens, counted by the same `handshake` the table's rows use.
 * @throws if they do not sum to `tokens`, the table's figure (the sentence would be false).
 */
function perServer(result: WritingAServerResult, tokens: number): string {
  const messages = handshakeMessages(result.world.servers);
  const servers = [...new Set(messages.map((m) => m.server))];
  const costs = servers.map((server) =>
    messages.filter((m) => m.server === server).reduce((n, m) => n + m.cost, 0),
  );
  const sum = costs.reduce((n, c) => n + c, 0);
  if (sum !== tokens)
    throw new Error(`the handshake's servers add up to ${sum} tokens, not ${tokens}`);
  return (
    `, ${costs.join(" + ")} for ${listing(servers.map(code))}'s request and answer, the ` +
    `envelope's ${ENVELOPE_TOKENS} in each`
  );
}

/**
 * The handshake's words behind its token count (no longer printed by the lesson; the package's
 * root still exports it): each server's request and response bodies, each
 * body's tokens and the envelope's, counted by the same `handshake` the table's rows use.
 */
export function readHandshakeWords(result: WritingAServerResult): string {
  const messages = handshakeMessages(result.world.servers);
  const total = messages.reduce((sum, m) => sum + m.cost, 0);
  const requests = messages.filter((m) => m.kind === "request");
  const responses = requests.map((request) => messages[messages.indexOf(request) + 1]);
  const tokens = (ms: typeof messages) => listing(ms.map((m) => String(m.bodyTokens)));
  return wrapMarkdown(
    `The ${total} tokens of every row are ${messages.length} messages, each body's tokens plus the ` +
      `envelope's ${ENVELOPE_TOKENS}. The requests to ` +
      `${listing(requests.map((m) => code(m.server)))}, such as ${code(requests[0].body)}, hold ` +
      `${tokens(requests)} tokens; the answers, such as ${code(responses[0].body)}, ` +
      `${tokens(responses)}.`,
  );
}

/**
 * The second run's line in words (the notebook says before the table what a task seed is): each
 * level's completed tasks beside this run's, and why it is there when they match (the counts come
 * from the declarations); then the twelve-task table's tokens taken apart, a row per level (the
 * handshake, then each task type's tasks, each run alone).
 */
export function readSecondRun(result: WritingAServerResult): string {
  const { seed, runs } = result.secondRun;
  const completed = runs.map((run) => String(run.completed));
  const same = runs.every((run, i) => run.completed === result.runs[i].completed);
  return wrapMarkdown(
    (same
      ? `The second run (task seed ${seed}) completes as many tasks at each level as this run: ` +
        `the completed counts come from the declarations, not from which tasks were drawn. `
      : `The second run (task seed ${seed}) completes ${listing(completed)} tasks. `) +
      secondRunTokens(result) +
      levelTokens(result),
  );
}

/**
 * The region whose name costs the most tokens (`merkez`, 2, where the others' are 1: lesson 4's
 * cuts), read from the world's regions and the tokenizer: region tasks about it cost more.
 */
const LONG_REGION = REGIONS.reduce((longest, region) =>
  countTokens(region) > countTokens(longest) ? region : longest,
);

/**
 * Why the second run's tokens differ from this run's, when they do: its region tasks alone, by
 * how many name {@link LONG_REGION}, whose name (2 tokens where the other regions' are 1, lesson 4)
 * crosses twice, in the call and in its answer (`bolge_ozet` answers `{bolge, abone}`). Checked
 * level by level against both runs' task costs; any other difference is stated without a reason.
 */
function secondRunTokens(result: WritingAServerResult): string {
  const second = result.secondRun;
  const levels = ALL_LEVELS.filter(
    (level) => second.runs[level].tokens !== result.runs[level].tokens,
  );
  if (levels.length === 0) return `Its tokens are this run's too. `;
  const longer = (tasks: WritingAServerResult["tasks"]) =>
    tasks.filter((task) => task.type === "region" && task.region === LONG_REGION).length;
  const [here, there] = [longer(result.tasks), longer(second.tasks)];
  const extra = 2 * (countTokens(LONG_REGION) - 1);
  const others = REGIONS.filter((region) => region !== LONG_REGION);
  const byType = (run: WritingAServerResult, level: (typeof ALL_LEVELS)[number]) => {
    const costs = taskTokens(run, level);
    const sum = (type: string) =>
      costs.filter((_, i) => run.tasks[i].type === type).reduce((n, c) => n + c, 0);
    return { region: sum("region"), rest: costs.reduce((n, c) => n + c, 0) - sum("region") };
  };
  const asSecond = { ...result, tasks: second.tasks };
  const explained =
    others.every((region) => countTokens(region) === 1) &&
    ALL_LEVELS.every((level) => {
      const [a, b] = [byType(result, level), byType(asSecond, level)];
      const diff = second.runs[level].tokens - result.runs[level].tokens;
      return (
        a.rest === b.rest &&
        b.region - a.region === diff &&
        (diff === 0 || diff === (there - here) * extra)
      );
    });
  const pairs = levels.map(
    (level) => `${second.runs[level].tokens} against ${result.runs[level].tokens}`,
  );
  const where = `at level${levels.length === 1 ? "" : "s"} ${listing(levels.map(String))}`;
  if (!explained) return `Its tokens differ ${where}: ${listing(pairs)}. `;
  const same = pairs.every((pair) => pair === pairs[0]);
  return (
    `Its tokens differ ${where}, ${same ? pairs[0] : listing(pairs)}, by its region tasks alone: ` +
    `${there} name ${code(LONG_REGION)} to this run's ${here}, and ${code(LONG_REGION)} ` +
    `(${countTokens(LONG_REGION)} tokens, other regions 1: lesson 4) crosses in the call and its ` +
    `answer, ${extra} tokens more a task. `
  );
}

/**
 * Each level's tokens as the handshake's plus each task type's, e.g. "3 × 80": a lead-in line, then
 * a markdown table with a row per level.
 * @throws if a level's parts do not sum to the table's row (the row would be false).
 */
function levelTokens(result: WritingAServerResult): string {
  const types = [...new Set(result.tasks.map((task) => task.type))];
  const rows = ALL_LEVELS.map((level) => {
    const costs = taskTokens(result, level);
    const handshake = result.handshake[level].tokens;
    const total = result.runs[level].tokens;
    const sum = handshake + costs.reduce((n, c) => n + c, 0);
    if (sum !== total)
      throw new Error(`level ${level}'s parts add up to ${sum} tokens, not ${total}`);
    const parts = types.map((type) => {
      const of = costs.filter((_, i) => result.tasks[i].type === type);
      return of.every((c) => c === of[0]) ? `${of.length} × ${of[0]}` : of.join(" + ");
    });
    return `| ${level} | ${handshake} | ${parts.join(" | ")} | ${total} |`;
  });
  return [
    `Each row's tokens are the handshake's plus each task type's, each task run alone:`,
    ``,
    `| level | handshake | ${types.join(" | ")} | tokens |`,
    `|${":---|".repeat(types.length + 3)}`,
    ...rows,
  ].join("\n");
}

/**
 * The twelve-task table's level 3, briefly: the row is the course's version rule at work (what it
 * drops, computed from the level-3 decision, and what that costs), then one sentence on what a host
 * that follows MCP, which does not act on `serverInfo.version`, keeps and completes.
 */
export function readBesideMcp(result: WritingAServerResult): string {
  const { handshake, run } = withoutVersionRule(result);
  const level2 = result.handshake[2];
  const asLevel2 =
    handshake.negotiated === level2.negotiated && sameRunRow(run, result.runs[2])
      ? ", as at level 2"
      : `, where level 2 kept ${level2.negotiated} and completed ${result.runs[2].completed}`;
  const byVersion = result.dropped[3].filter((drop) => drop.reason === "version");
  const servers = [...new Set(byVersion.map((drop) => drop.server))];
  const lost = byVersion.filter((drop) => ALLOWLIST.includes(drop.tool)).map((drop) => drop.tool);
  const versions = servers.map((name) => {
    const declared = result.world.servers.find((server) => server.name === name)!.version;
    return `${code(name)} at version ${declared}`;
  });
  return wrapMarkdown(
    `**Level 3** is the course's version rule at work. It drops ${listing(versions)}, and ` +
      `${listing(lost.map((name) => code(name)))} with it: ${result.handshake[3].negotiated} tools ` +
      `kept, ${result.runs[3].completed} tasks completed. A host following MCP ignores the version: ` +
      `it keeps ${handshake.negotiated} tools and completes ${run.completed} tasks${asLevel2}.`,
  );
}

/**
 * The defaults-reading gate's table read (a tool with no `annotations` held by the schema's
 * defaults): at the levels that declare none, how many calls the gate holds and that each goes to a
 * tool that only reads; from the first level that declares them, the calls it still holds; and at
 * a level where some calls are neither sent nor held, that the version rule's drop refused them.
 */
export function readGates(result: WritingAServerResult): string {
  const gates = gateReadings(result);
  const rows = ALL_LEVELS.map((level) =>
    gates.find((row) => row.level === level && row.reading === "mcp")!,
  );
  const silent = rows.filter((row) => row.level < 2);
  const declared = rows.filter((row) => row.level >= 2);
  const numbers = (rs: readonly GateReadingRow[], pick: (r: GateReadingRow) => number) =>
    listing(rs.map((r) => String(pick(r))));
  const held = [...new Set(silent.flatMap((row) => row.held))];
  const readOnly = held.filter(
    (name) => WORLD_TOOLS.find((tool) => tool.name === name)?.sideEffect === false,
  );
  const heldAfter = [...new Set(declared.flatMap((row) => row.held))];
  // Calls neither sent nor held: refused in the client, their server dropped by the version rule.
  const refused = rows.filter((row) => row.calls > row.sent + row.blocked);
  const byVersion = [
    ...new Set(result.dropped[3].filter((drop) => drop.reason === "version").map((d) => d.server)),
  ];
  const unsent = refused.map(
    (row) =>
      ` At level ${row.level} the other ${row.calls - row.sent - row.blocked} stay in ` +
      `the client: the version rule dropped ${listing(byVersion.map((name) => code(name)))}.`,
  );
  return wrapMarkdown(
    `At levels ${listing(silent.map((r) => String(r.level)))}, where no tool has ${code("annotations")}, the ` +
      `defaults-reading gate ` +
      `sends ${numbers(silent, (r) => r.sent)} ${code("tools/call")} requests and holds ` +
      `${numbers(silent, (r) => r.blocked)} for a person` +
      (readOnly.length > 0 && readOnly.length === held.length
        ? `, every one to a tool that only reads (${listing(readOnly.map(code))})`
        : "") +
      `. From level 2 it holds only ` +
      `${heldAfter.length > 0 ? `the calls to ${listing(heldAfter.map(code))}` : "what a tool declares may write"}: ` +
      `${listing(declared.map((r) => `${r.blocked} at level ${r.level}`))}.` +
      unsent.join(""),
  );
}

/**
 * The wide table (the course's gate, printed as the reference prints it) in words, row by row:
 * each level and approval, the calls the gate held, the records written, the tasks completed, and
 * the tools the host keeps in every row.
 */
export function readWide(result: WritingAServerResult): string {
  const writers = listing(
    WORLD_TOOLS.filter((tool) => tool.sideEffect).map((tool) => code(tool.name)),
  );
  const records = (n: number) => `${n} ${n === 1 ? "record" : "records"}`;
  const sentences = result.wide.map((row) => {
    const names = Object.keys(row.failures)
      .filter((key) => key.endsWith(`: ${NO_APPROVAL}`))
      .map((key) => code(key.slice(0, key.indexOf(":"))));
    const lead = `At level ${row.level} ${row.approval ? "with approval" : "with no approval"}`;
    const outcome = `${records(row.written)}, ${row.completed} tasks completed`;
    if (row.approval) return `${lead}, the held calls run: ${outcome}.`;
    if (row.blocked === 0)
      return `${lead}, the course's gate holds no call, so ${writers} writes ${records(row.written)} unasked and ${row.completed} tasks complete.`;
    return `${lead}, the gate holds the ${row.blocked} calls to ${listing(names)}, which fail with ${code(NO_APPROVAL)} (no approval): ${outcome}.`;
  });
  const kept = [...new Set(result.wide.map((row) => row.negotiated))];
  return wrapMarkdown(
    `${sentences.join(" ")} ` +
      (kept.length === 1
        ? `The host keeps ${kept[0]} tools in every row.`
        : `The host keeps ${listing(kept.map(String))} tools.`),
  );
}

/**
 * The expected answers to the lesson's exercises: exercise 1's fixed text, the others computed
 * from the run where they hold numbers, exercise 3's from the real server's reply to the empty call
 * at level 1 (`wire.level1Call`), and exercise 4's from the minimal server's replies
 * (`minimal.exercise4`).
 */
export function writingAServerSolutions(
  result: WritingAServerResult,
  wire: WritingAServerWire,
  minimal: MinimalServerRun,
): string {
  const sideEffects = result.runs[2];
  const { handshake: h3, run: r3 } = knowingKayit(result);
  const sameAsLevel2 =
    sameRunRow(r3, sideEffects) &&
    sameHandshakeCost(h3, result.handshake[2]) &&
    h3.negotiated === result.handshake[2].negotiated &&
    h3.dropped === result.handshake[2].dropped;
  const level0 = lastReply(wire.level0);
  const level1 = lastReply(wire.level1Call);
  const channel = (reply: CallReply) =>
    reply.member === "error"
      ? `a JSON-RPC error, ${code(reply.text)}`
      : `a result with ${code(`isError: ${String(reply.isError)}`)}, ${code(reply.text)}`;
  const answers = [
    KAYIT_YAZ_ANSWER,
    `${code("kayit")} is no longer dropped for its version. Level 3 keeps ${h3.negotiated} tools and ` +
      `drops ${h3.dropped} (${code("kayit_yaz")}, for the allowlist), for ${h3.request} requests, ` +
      `${h3.response} responses, ${h3.tokens} tokens and ${h3.round_trips} round trips; it makes ` +
      `${r3.calls} calls, of which ${r3.failed} fail, and completes ${r3.completed} tasks for ` +
      `${r3.tokens} tokens` +
      (sameAsLevel2
        ? `. Both rows are level 2's: the version, all that level 3 adds, no longer changes the decision.`
        : `, where level 2 completed ${sideEffects.completed} for ${sideEffects.tokens} tokens.`),
    `At level 1 the schema requires ${code("abone")}, and the course's server checks the call ` +
      `against it before the handler runs: the reply is ${channel(level1)}` +
      (level1.text === level0.text
        ? `, the same as at level 0.`
        : `, not the handler's ${code(level0.text)}: the handler never ran. This is lesson 3's ` +
          `invalid arguments, on the channel 2026-07-28's tools page gives them.`),
    minimalAnswer(replies(minimal.exercise4)),
    wideAnswer(result),
  ];
  return foldedAnswers(ANSWER_TITLES, answers);
}

/**
 * Exercise 4's answer, from the minimal server's replies to `{"abone": "Z9"}` and `{"abone": 7}`:
 * which part answered each (the handler, or the SDK's schema check), and on which channel.
 */
function minimalAnswer([unknown, wrongType]: CallReply[]): string {
  const answered = (reply: CallReply) =>
    reply.member === "error"
      ? `a JSON-RPC error, ${code(reply.text)}`
      : `a result with ${code(`isError: ${String(reply.isError)}`)}`;
  const checked = (reply: CallReply) => reply.text.startsWith("Input validation error");
  const by = (reply: CallReply) =>
    checked(reply)
      ? `fails it: the SDK answers before the handler runs, ${answered(reply)}, ` +
        code(`Input validation error: … ${reply.text.slice(reply.text.lastIndexOf(": ") + 2)}`)
      : `passes the schema: the handler answers ${answered(reply)}, ${code(reply.text)}`;
  return (
    `${code('{"abone": "Z9"}')} ${by(unknown)}. ${code('{"abone": 7}')} ${by(wrongType)}. ` +
    `Both are tool execution errors, for a model to read and correct its call.`
  );
}

/**
 * Exercise 5's answer: the tasks the wide table's level 2 without approval loses against level 1
 * (each task run alone on both), by type, and why: the calls the course's gate held at level 2.
 * @throws if the tasks lost do not match the two rows' completed counts (the answer would be false).
 */
function wideAnswer(result: WritingAServerResult): string {
  const [silent, gated] = result.wide;
  const before = wideCompleted(result, silent.level, silent.approval);
  const after = wideCompleted(result, gated.level, gated.approval);
  const lost = result.tasks.filter((_, i) => before[i] && !after[i]);
  if (lost.length !== silent.completed - gated.completed)
    throw new Error(`${lost.length} tasks lost, not ${silent.completed - gated.completed}`);
  const types = [...new Set(lost.map((task) => task.type))];
  const held = Object.keys(gated.failures)
    .filter((key) => key.endsWith(`: ${NO_APPROVAL}`))
    .map((key) => code(key.slice(0, key.indexOf(":"))));
  return (
    `The ${lost.length} ${listing(types.map((type) => `*${type}*`))} tasks. Each ends with a call ` +
    `to ${listing(held)}, which at level 2 declares ${code("annotations")} without ` +
    `${code("readOnlyHint: true")}: the course's gate holds it, and with no one to approve it, ` +
    `the call fails with ${code(NO_APPROVAL)} (no approval; the ${gated.blocked} in ` +
    `${code("blocked")}). At ` +
    `level 1 it sends no ${code("annotations")}, and the course's gate passes it unasked.`
  );
}

/**
 * Exercise 1's answer, fixed text: a `description` and `annotations` for `kayit_yaz`, who reads
 * each, and who may trust them (2026-07-28 `server/tools.mdx`, "Tool"; `index.mdx`, "Tool Safety").
 */
const KAYIT_YAZ_ANSWER =
  `For the model, a ${code("description")}: ` +
  `${code("Writes deger into abone's column sutun, replacing its value.")} For the host, the ` +
  `${code("annotations")}: ${code("readOnlyHint: false")}; it replaces a value, ` +
  `${code("destructiveHint: true")}; the same write twice changes nothing more, ` +
  `${code("idempotentHint: true")}; its world is the server's records, ` +
  `${code("openWorldHint: false")}. The model reads the ${code("description")} to choose the ` +
  `tool and fill in its fields. The host reads the ${code("annotations")} to choose which calls ` +
  `to ask a person about. Both are the server's word. A client MUST treat the ` +
  `${code("annotations")} as untrusted unless they come from a trusted server (2026-07-28 ` +
  `${code("server/tools.mdx")}, "Tool"); ${code("index.mdx")} states it as a principle for any ` +
  `description of a tool's behavior ("Tool Safety"). Only a host that trusts ` +
  `${code("kayit")} may let them spare a person a prompt.`;

const ANSWER_TITLES = [
  "A description and annotations for kayit_yaz",
  "A client that knows kayit at version 3",
  "The empty call at level 1",
  "The handler's error and the SDK's",
  "What level 2 costs in the wide table",
];
