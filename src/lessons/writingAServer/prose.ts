/**
 * Lesson 6's readings of its tables, written from the run so that they stay true for any seed.
 *
 * Every number in these paragraphs comes from a {@link WritingAServerResult}; where a claim might
 * not hold for another seed (two rows equal, counts unchanged in the second run), the paragraph
 * checks it and says what it finds. Each function returns markdown for `tslab.display.markdown`.
 */
import { LEVELS } from "../../sim/declaration";
import {
  handshakeRow,
  sameRunRow,
  openSession,
  runTasks,
  type HandshakeRow,
  type RunRow,
} from "../../world/runTasks";
import { sameHandshakeCost } from "../../world/handshakes";
import { ALLOWLIST, KNOWN_VERSIONS } from "../../world/servers";
import type { WritingAServerResult } from "./simulate";
import { code, listing } from "../proseWords";
import { foldedAnswer, wrapMarkdown } from "../wrapProse";
import { mcpToolListBytes } from "./tables";

export { handshakeMessages, type CountedMessage } from "../handshakeText";

const codes = (names: readonly string[]) => listing(names.map(code));
const level = (n: number) => `level ${n} (${LEVELS[n]})`;

/** "3 × `kayit_yaz` answered `arac bildirilmedi`" for each kind of failed call in a run. */
function failureList(run: RunRow): string {
  return listing(
    Object.entries(run.failures).map(([key, count]) => {
      const [tool, hata] = key.split(": ");
      return `${count} × ${code(tool)} answered ${code(hata)}`;
    }),
  );
}

/** What the `annotations` add, in bytes, to the world servers' `tools/list` results: level 2 less level 1. */
export function annotationBytes(result: WritingAServerResult): number {
  const bytes = mcpToolListBytes(result);
  return bytes[2] - bytes[1];
}

/**
 * A reading of the MCP form of the declarations: the bytes each level's `tools/list` results
 * come to, what each level adds, and where level 3's version travels in each revision.
 */
export function readMcpDeclarations(result: WritingAServerResult): string {
  const [name, fields, sideEffect, full] = mcpToolListBytes(result);
  const servers = result.world.servers.length;
  const tools = result.world.servers.reduce((sum, server) => sum + server.tools.length, 0);
  const last =
    full === sideEffect
      ? `Level 3 adds nothing to any tool, and the bytes stay at ${full}: the version it adds belongs to the ` +
        `server. Up to revision 2025-11-25 it travels as ${code("serverInfo.version")} in the answer to ` +
        `${code("initialize")}; in 2026-07-28, which has no ${code("initialize")}, in the ${code("_meta")} of ` +
        `the server's results and in the answer to ${code("server/discover")}. These bytes are those of ` +
        `2025-11-25 results, which hold only ${code("tools")}. A 2026-07-28 ${code("tools/list")} result also ` +
        `carries ${code("resultType")}, the caching hints ${code("ttlMs")} and ${code("cacheScope")}, and the ` +
        `server's identity, version included, in ${code("_meta")}: there every level is larger, level 3 too.`
      : `Level 3 comes to ${full} bytes.`;
  return wrapMarkdown(
    `The ${servers} servers' ${code("tools/list")} results, ${tools} tools in all, come to ${name} bytes at ` +
      `level 0, ${fields} at level 1 and ${sideEffect} at level 2: the fields in ${code("inputSchema")} add ` +
      `${fields - name} bytes, and the ${code("annotations")} ${sideEffect - fields}. ${last}`,
  );
}

/** The opening line: which seed this run used, and where the second run's tasks come from. */
export function describeSeeds(result: WritingAServerResult): string {
  return wrapMarkdown(
    `This run uses **seed ${result.seed}**: it draws the ${Object.keys(result.subscribers).length} subscribers and the ` +
      `${result.tasks.length} tasks. The second run keeps the same subscribers and draws its tasks from seed ${result.secondRun.seed}.`,
  );
}

/** A reading of the handshake table. */
export function readHandshake(result: WritingAServerResult): string {
  const rows = result.handshake;
  const first = rows[0];
  const last = rows[rows.length - 1];
  const servers = result.world.servers;
  const remote = servers.filter((s) => s.transport === "remote").map((s) => s.name);
  const cost = rows.every((row) => sameHandshakeCost(row, first))
    ? `The course's handshake (its stand-in for discovery) costs the same at every level: ${first.request} requests, ` +
      `${first.response} responses, ${first.tokens} tokens and ${first.round_trips} round trips. Each server answers in one ` +
      `message, and that message names the server's tools whatever the level, so in envelope tokens a fuller ` +
      `declaration is free in the handshake. That holds for this count only. MCP's discovery grows with the ` +
      `declaration, which is JSON in the answer to ${code("tools/list")}: ` +
      `every field it discloses is bytes on the wire, and the ${code("annotations")} that say which tools write add ` +
      `${annotationBytes(result)} bytes to the ${result.world.servers.length} servers' ${code("tools/list")} results, ` +
      `as the MCP form of the declarations above showed. There are ${first.round_trips} round trips for ${first.request} requests because ` +
      `${codes(remote)} ${remote.length === 1 ? "is" : "are"} remote, and the course counts a remote request twice (lesson 2).`
    : `The course's handshake (its stand-in for discovery) costs differ between levels: tokens run from ${Math.min(...rows.map((r) => r.tokens))} to ${Math.max(...rows.map((r) => r.tokens))}.`;

  const early = result.dropped[0];
  const earlyText = early.length
    ? `At levels 0 to 2 the client keeps ${first.negotiated} tools and drops ${early.length}: ` +
      listing(
        early.map(
          (d) =>
            `${code(d.tool)} (${d.reason === "allowlist" ? "not on the allowlist" : "version"})`,
        ),
      ) +
      "."
    : `At levels 0 to 2 the client keeps all ${first.negotiated} tools.`;

  const byVersion = result.dropped[3].filter((d) => d.reason === "version");
  const droppedServers = [...new Set(byVersion.map((d) => d.server))];
  const versionText = droppedServers.length
    ? `At ${level(3)} the servers state their versions and the client applies the course's version rule: ` +
      listing(
        droppedServers.map((name) => {
          const server = servers.find((s) => s.name === name)!;
          return `${code(name)} declares version ${server.version} where the client knows ${KNOWN_VERSIONS[name] ?? 0}`;
        }),
      ) +
      `, so the whole server goes, taking ${codes(byVersion.map((d) => d.tool))} with it — allowlist or not. ` +
      `The client keeps ${last.negotiated} tools instead of ${rows[2].negotiated}: ${codes(result.agreedAtFull)}. ` +
      `Under the course's version rule (lesson 5), the most complete declaration leaves the smallest tool set: a ` +
      `server that says less gives the client less to refuse. Dropping that rule, as 2026-07-28's SHOULD NOT ` +
      `asks, the client would keep ${withoutVersionRule(result).handshake.negotiated} tools at level 3 too.`
    : `At ${level(3)} no server declares a version the client does not know, and the client keeps ${last.negotiated} tools.`;
  return wrapMarkdown(`${cost}\n\n${earlyText} ${versionText}`);
}

/** A reading of the twelve-task table, row by row. */
export function readRuns(result: WritingAServerResult): string {
  const [names, fields, sideEffects, full] = result.runs;
  const handshake = result.handshake;
  const wire = (run: RunRow) => run.request - handshake[run.level].request;
  const unruled = withoutVersionRule(result).run;
  const paragraphs = [
    `**${level(0)}.** The client knows ${names.negotiated} tools, and the handlers are all in place, yet ${names.completed} of ` +
      `${result.tasks.length} tasks complete. Without declared fields every call goes out empty; ${failureList(names)}, and each chain ` +
      `stops at its first step: ${names.calls} calls, ${names.failed} failed. At ${names.tokens} tokens this is the cheapest run, and it achieves nothing.`,
    `**${level(1)}.** Once fields are declared the chains run: ${fields.calls} calls and ${fields.completed} completed tasks. ` +
      (fields.failed
        ? `The ${fields.failed} failures are ${failureList(fields)}: a tool that was not negotiated is refused by the client itself, ` +
          `so those calls never reach the wire. The run sent ${fields.request} requests — ${handshake[1].request} for the handshake and ` +
          `${wire(fields)} calls — while the tasks made ${fields.calls} calls.`
        : `No call failed.`),
    sameRunRow(sideEffects, fields)
      ? `**${level(2)}** prints the same row as level 1. The only tool with a side effect, ${code("kayit_yaz")}, never got past ` +
        `the allowlist, so declaring side effects has nothing to act on here: a declaration nobody exercises changes no count.`
      : `**${level(2)}** differs from level 1: ${sideEffects.completed} completed, ${sideEffects.blocked} blocked, ${sideEffects.tokens} tokens.`,
    `**${level(3)}** is cheaper and worse: tokens go from ${sideEffects.tokens} to ${full.tokens} and completed tasks from ` +
      `${sideEffects.completed} to ${full.completed}. Its ${full.failed} failures are ${failureList(full)}. ` +
      `Without the version rule the client would complete ${unruled.completed}` +
      (sameRunRow(unruled, sideEffects) ? `, as at level 2.` : `, for ${unruled.tokens} tokens.`),
  ];
  return wrapMarkdown(paragraphs.join("\n\n"));
}

/** A reading of the second-run line against the first run. */
export function readSecondRun(result: WritingAServerResult): string {
  const first = result.runs;
  const second = result.secondRun.runs;
  const sameCompleted = first.every((run, i) => run.completed === second[i].completed);
  const sameContract = first.every((run, i) =>
    (["negotiated", "calls", "failed", "completed"] as const).every(
      (key) => run[key] === second[i][key],
    ),
  );
  const moved = first.flatMap((run, i) =>
    run.tokens === second[i].tokens ? [] : [`${run.tokens} → ${second[i].tokens} at level ${i}`],
  );
  const completedText = sameCompleted
    ? `Completed tasks stay at ${listing(first.map((r) => String(r.completed)))} for levels 0 to 3.`
    : `Completed tasks change: ${listing(first.map((r, i) => `${r.completed} → ${second[i].completed}`))}.`;
  const tokenText = moved.length
    ? `Tokens move at ${moved.length} of ${first.length} levels (${moved.join(", ")}): message bodies carry subscriber ids, ` +
      `readings and region names, and each longer region name costs a token more each time it is sent.`
    : `Tokens do not move at any level.`;
  return wrapMarkdown(
    (
      `The second run asks about other subscribers and regions (tasks from seed ${result.secondRun.seed}). ${completedText} ${tokenText} ` +
      (sameContract
        ? `Tools, calls, failures and completed tasks follow the contract, what was declared, not the ` +
          `data; tokens follow the data too, a little.`
        : "")
    ).trim(),
  );
}

/** A reading of the wide-allowlist table. */
export function readWide(result: WritingAServerResult): string {
  const [silent, gated, approved] = result.wide;
  return wrapMarkdown(
    `With ${code("kayit_yaz")} on the allowlist the client negotiates ${silent.negotiated} tools. At level ${silent.level} the side effect is not ` +
      `declared: ${silent.written} records are written and ${silent.completed} tasks complete, and nothing in the client's hands marks ` +
      `those calls as different from the others. At level ${gated.level} the side effect is declared and the approval gate stops the same ` +
      `calls before they are sent: ${gated.blocked} blocked, ${gated.written} written, ${gated.completed} completed. With approval given, ` +
      `${approved.written} are written and ${approved.completed} complete. Whether a person should approve is for the client ` +
      `and its user to settle; what this table shows is that in this model the question can only be asked about a side effect ` +
      `that was declared.`,
  );
}

/** The lesson's summary, as a bullet list computed from the run. */
export function summarize(result: WritingAServerResult): string {
  const [names, fields, , full] = result.runs;
  const h = result.handshake[0];
  const [silent, gated] = result.wide;
  const bytes = mcpToolListBytes(result);
  return wrapMarkdown(
    [
      `- A server has two faces: the handler, which stays inside, and the declaration, which is all the client ever holds.`,
      `- The course's handshake, its stand-in for discovery, cost ${h.request} requests, ${h.response} responses, ${h.tokens} tokens and ${h.round_trips} round trips at level 0; ` +
        `in envelope tokens a complete declaration ${result.handshake.every((r) => sameHandshakeCost(r, h)) ? "cost no more" : "cost a different amount"}.`,
      `- Names alone: ${names.negotiated} tools negotiated, ${names.completed} tasks completed, ${names.failed} of ${names.calls} calls failed, ${names.tokens} tokens.`,
      `- Names and fields: ${fields.calls} calls, ${fields.completed} tasks completed; ${fields.calls - (fields.request - result.handshake[1].request)} calls to a tool that was not negotiated sent no message.`,
      `- Full declaration, by the course's version rule: ${full.negotiated} tools, not ${fields.negotiated}; ` +
        `${full.completed} tasks completed, not ${fields.completed}.`,
      `- Undeclared side effect: ${silent.written} writes went through unasked; declared, ${gated.blocked} were stopped at the gate.`,
      `- In MCP a tool cannot be declared by name alone (${code("inputSchema")} is required), and a fuller ` +
        `declaration costs bytes: the fields add ${bytes[1] - bytes[0]} bytes to the ${code("tools/list")} ` +
        `results, the ${code("annotations")} ${annotationBytes(result)} more. A handler's failure is a result ` +
        `with ${code("isError: true")}; a call to a tool the server does not have is a JSON-RPC error (-32602 in ` +
        `the specification's example, and tied to the case by 2026-07-28's schema).`,
      `- The version rule and the approval gate are the course's conventions. MCP negotiates the protocol ` +
        `version (in ${code("initialize")} up to 2025-11-25, in every request's ${code("_meta")} in 2026-07-28), ` +
        `and 2026-07-28 says clients SHOULD NOT act on the server's own version. MCP does not tie consent to ` +
        `annotations: a person SHOULD be able to deny any call, applications SHOULD confirm operations, and ` +
        `annotations from a server the client does not trust decide nothing.`,
    ].join("\n"),
  );
}

/**
 * Exercise 2's run: level 3 again, with a client that knows `kayit` at the version it declares.
 *
 * @returns the handshake row and the run row of that level under that policy.
 */
export function knowingKayit(result: WritingAServerResult): LevelThree {
  const declared = result.world.servers.find((s) => s.name === "kayit")!.version;
  return levelThree(result, { ...KNOWN_VERSIONS, kayit: declared });
}

/**
 * Level 3 with the allowlist and no version rule (every server known at the version it declares),
 * as a client that follows 2026-07-28's SHOULD NOT on acting on `serverInfo` would decide.
 */
export function withoutVersionRule(result: WritingAServerResult): LevelThree {
  return levelThree(
    result,
    Object.fromEntries(result.world.servers.map((s) => [s.name, s.version])),
  );
}

/** A level-3 handshake row and run row. */
interface LevelThree {
  handshake: HandshakeRow;
  run: RunRow;
}

/** Level 3 under the lesson's allowlist and the given known versions. */
function levelThree(
  result: WritingAServerResult,
  knownVersions: Record<string, number>,
): LevelThree {
  const opened = openSession(result.world, 3, { policy: { allowlist: ALLOWLIST, knownVersions } });
  return {
    handshake: handshakeRow(3, opened),
    run: runTasks(result.world, 3, { negotiated: opened, tasks: result.tasks }),
  };
}

/** The expected answers to the lesson's exercises, computed from the run where they hold numbers. */
export function writingAServerSolutions(result: WritingAServerResult): string {
  const [names, fields, sideEffects] = result.runs;
  const second = result.secondRun.runs;
  const h = result.handshake[0];
  const moved = result.runs
    .filter((run, i) => run.tokens !== second[i].tokens)
    .map((run) => String(run.level));
  const { handshake: h3, run: r3 } = knowingKayit(result);
  const sameAsLevel2 =
    sameRunRow(r3, sideEffects) &&
    sameHandshakeCost(h3, result.handshake[2]) &&
    h3.negotiated === result.handshake[2].negotiated &&
    h3.dropped === result.handshake[2].dropped;
  const [wideSilent, wideGated] = result.wide;
  return [
    `1. Only the tokens of the task runs can move. The handshake's ${h.tokens} tokens cannot: its bodies name ` +
      `servers, versions, tools and resources, which no seed changes. Negotiated and dropped tools cannot ` +
      `either, nor calls, failures and completed tasks: every seed draws three tasks of each type, and whether ` +
      `a chain runs depends on what was declared, never on which subscriber it asks about. What a seed changes ` +
      `is the values the calls and answers carry (subscriber ids, readings, region names, amounts), and a ` +
      `longer value costs more tokens. Between this run and the second one, tokens moved at ` +
      (moved.length ? `level${moved.length === 1 ? "" : "s"} ${listing(moved)}.` : `no level.`),
    `2. ${code("kayit")} is no longer dropped for its version. In the handshake table, level 3 keeps ` +
      `${h3.negotiated} tools and drops ${h3.dropped} (${code("kayit_yaz")}, for the allowlist), for ` +
      `${h3.request} requests, ${h3.response} responses, ${h3.tokens} tokens and ${h3.round_trips} round trips. ` +
      `In the twelve-task table, level 3 makes ${r3.calls} calls, of which ${r3.failed} fail, completes ` +
      `${r3.completed} tasks and sends ${r3.request} requests and ${r3.response} responses for ${r3.tokens} tokens` +
      (sameAsLevel2
        ? `. Both rows are exactly level 2's, since the version, the only thing level 3 adds, no longer ` +
          `changes the decision.`
        : `, where level 2 completed ${sideEffects.completed} for ${sideEffects.tokens} tokens.`),
    `3. The charge, consumption and record chains open with ${code("sayac_oku")}, the region chain with ` +
      `${code("bolge_ozet")}. At level 0 no fields are declared, so each call goes out with its name and no ` +
      `arguments: ${code("sayac_oku")}, given no subscriber, finds none and answers ${code("abone yok")} (no such ` +
      `subscriber), and ${code("bolge_ozet")} ${code("bolge yok")} (no such region). ${names.failed} of ` +
      `${names.calls} calls fail. The server needs to declare the field ` +
      `each handler reads: ${code("abone")} for ${code("sayac_oku")}, ${code("bolge")} for ${code("bolge_ozet")}. ` +
      `That is level 1, where ${fields.completed} tasks complete.`,
    `4. One answer: let ${code("yetenek bildir")} list, after each tool's name, its fields and a side-effect ` +
      `flag (${code("sayac_oku abone hayir")}, ${code("hayir")} for "no"), as an MCP server's ${code("tools/list")} result does with ` +
      `${code("inputSchema")} and ${code("annotations")}. The token count would then include the words of ` +
      `the declaration itself, not only the tool names, so each level's answer costs the tokens of what it ` +
      `adds: the handshake grows from level 0 to level 3 while the runs stay as they are.`,
    `5. ${code("kayit_yaz")} writes a value (${code("deger")}) into a column (${code("sutun")}) of a ` +
      `subscriber's record: ${code("readOnlyHint: false")}; the write can replace what the column held, so ` +
      `${code("destructiveHint: true")}; writing the same value twice changes nothing more, so ` +
      `${code("idempotentHint: true")}; and ${code("openWorldHint: false")}, its world being the server's ` +
      `records. The other four tools only read: ${code("readOnlyHint: true")}. No rule of the ` +
      `specification turns these hints into confirmations: a person SHOULD be able to deny any call, ` +
      `applications SHOULD confirm operations, sensitive ones above all, and annotations from a server ` +
      `the client does not trust decide nothing. On the course's reading, a client asks at least about ` +
      `every tool not declared ${code("readOnlyHint: true")} by a trusted server. At levels 0 and 1, where ` +
      `nothing says which tools write, that is every call sent: at level 0, the ` +
      `${names.request - result.handshake[0].request} calls of the twelve-task run; at level 1, the ` +
      `${fields.request - result.handshake[1].request} calls of the twelve-task run and the ` +
      `${wideSilent.request - result.handshake[1].request} of the wide run. From level 2 on, if the client ` +
      `trusts the server, only the calls to ${code("kayit_yaz")}: ` +
      (ALLOWLIST.includes("kayit_yaz")
        ? ""
        : `none in the twelve-task run, where ${code("kayit_yaz")} is not on the allowlist, and `) +
      `the ${wideGated.blocked} of the wide run, the calls its gate stopped at level 2. ` +
      `A client that does not trust the server reads nothing from ${code("readOnlyHint: true")} and may ` +
      `ask about every call; any client may ask about more.`,
  ]
    .map((answer, k) => foldedAnswer(`${k + 1}. ${ANSWER_TITLES[k]}`, answer.replace(/^\d\. /, "")))
    .join("\n\n");
}

/** What each exercise's folded answer is titled. */
const ANSWER_TITLES = [
  "What another seed can move",
  "A client that knows kayit at version 3",
  "Why level 0 fails at the first call",
  "A handshake that costs more as it says more",
  "The five tools' annotations",
];
