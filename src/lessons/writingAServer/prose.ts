/**
 * Lesson 6's readings of its tables, written from the run so that they stay true for any seed.
 *
 * Every number in these paragraphs comes from a {@link WritingAServerResult}; where a claim might
 * not hold for another seed (two rows equal, counts unchanged in the second run), the paragraph
 * checks it and says what it finds. Each function returns markdown for `tslab.display.markdown`.
 */
import { LEVELS } from "../../sim/declaration";
import type { HandshakeRow, RunRow } from "../../world/run";
import { KNOWN_VERSIONS } from "../../world/servers";
import type { WritingAServerResult } from "./simulate";
import { code, listing } from "../proseWords";

const codes = (names: readonly string[]) => listing(names.map(code));
const level = (n: number) => `level ${n} (${LEVELS[n]})`;

const sameHandshakeCost = (a: HandshakeRow, b: HandshakeRow) =>
  a.request === b.request && a.response === b.response && a.tokens === b.tokens && a.round_trips === b.round_trips;

const COUNTED_KEYS = ["negotiated", "calls", "failed", "completed", "blocked", "written", "request", "response", "tokens", "round_trips"] as const;
const sameRun = (a: RunRow, b: RunRow) => COUNTED_KEYS.every((key) => a[key] === b[key]);

/** "3 × `kayit_yaz` answered `arac bildirilmedi`" for each kind of failed call in a run. */
function failureList(run: RunRow): string {
  return listing(
    Object.entries(run.failures).map(([key, count]) => {
      const [tool, hata] = key.split(": ");
      return `${count} × ${code(tool)} answered ${code(hata)}`;
    }),
  );
}

/** The opening line: which seed this run used, and where the second run's tasks come from. */
export function describeSeeds(result: WritingAServerResult): string {
  return (
    `This run uses **seed ${result.seed}**: it draws the ${Object.keys(result.subscribers).length} subscribers and the ` +
    `${result.tasks.length} tasks. The second run keeps the same subscribers and draws its tasks from seed ${result.secondRun.seed}.`
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
    ? `Discovery costs the same at every level: ${first.request} requests, ${first.response} responses, ${first.tokens} tokens ` +
      `and ${first.round_trips} round trips. Each server answers in one message whatever it discloses, so a fuller ` +
      `declaration is free at discovery time. There are ${first.round_trips} round trips for ${first.request} requests because ` +
      `${codes(remote)} ${remote.length === 1 ? "is" : "are"} remote, and a remote request counts twice.`
    : `Discovery costs differ between levels: tokens run from ${Math.min(...rows.map((r) => r.tokens))} to ${Math.max(...rows.map((r) => r.tokens))}.`;

  const early = result.dropped[0];
  const earlyText = early.length
    ? `At levels 0 to 2 the client keeps ${first.negotiated} tools and drops ${early.length}: ` +
      listing(early.map((d) => `${code(d.tool)} (${d.reason === "allowlist" ? "not on the allowlist" : "version"})`)) + "."
    : `At levels 0 to 2 the client keeps all ${first.negotiated} tools.`;

  const byVersion = result.dropped[3].filter((d) => d.reason === "version");
  const droppedServers = [...new Set(byVersion.map((d) => d.server))];
  const versionText = droppedServers.length
    ? `At ${level(3)} the servers state their versions and the client can compare: ` +
      listing(
        droppedServers.map((name) => {
          const server = servers.find((s) => s.name === name)!;
          return `${code(name)} declares version ${server.version} where the client knows ${KNOWN_VERSIONS[name] ?? 0}`;
        }),
      ) +
      `, so the whole server goes, taking ${codes(byVersion.map((d) => d.tool))} with it — allowlist or not. ` +
      `The client keeps ${last.negotiated} tools instead of ${rows[2].negotiated}: ${codes(result.agreedAtFull)}. ` +
      `The most complete declaration leaves the smallest tool set; a server that says less gives the client less to refuse.`
    : `At ${level(3)} no server declares a version the client does not know, and the client keeps ${last.negotiated} tools.`;
  return `${cost}\n\n${earlyText} ${versionText}`;
}

/** A reading of the twelve-task table, row by row. */
export function readRuns(result: WritingAServerResult): string {
  const [names, fields, sideEffects, full] = result.runs;
  const handshake = result.handshake;
  const wire = (run: RunRow) => run.request - handshake[run.level].request;
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
    sameRun(sideEffects, fields)
      ? `**${level(2)}** prints the same row as level 1. The only tool with a side effect, ${code("kayit_yaz")}, never got past ` +
        `the allowlist, so declaring side effects has nothing to act on here: a declaration nobody exercises changes no count.`
      : `**${level(2)}** differs from level 1: ${sideEffects.completed} completed, ${sideEffects.blocked} blocked, ${sideEffects.tokens} tokens.`,
    `**${level(3)}** is cheaper and worse: tokens go from ${sideEffects.tokens} to ${full.tokens} and completed tasks from ` +
      `${sideEffects.completed} to ${full.completed}. Its ${full.failed} failures are ${failureList(full)}.`,
  ];
  return paragraphs.join("\n\n");
}

/** A reading of the second-run line against the first run. */
export function readSecondRun(result: WritingAServerResult): string {
  const first = result.runs;
  const second = result.secondRun.runs;
  const sameCompleted = first.every((run, i) => run.completed === second[i].completed);
  const moved = first.flatMap((run, i) => (run.tokens === second[i].tokens ? [] : [`${run.tokens} → ${second[i].tokens} at level ${i}`]));
  const completedText = sameCompleted
    ? `Completed tasks stay at ${listing(first.map((r) => String(r.completed)))} for levels 0 to 3.`
    : `Completed tasks change: ${listing(first.map((r, i) => `${r.completed} → ${second[i].completed}`))}.`;
  const tokenText = moved.length
    ? `Tokens move at ${moved.length} of ${first.length} levels (${moved.join(", ")}): message bodies carry subscriber ids, ` +
      `readings and region names, and a longer region name costs one more token.`
    : `Tokens do not move at any level.`;
  return (
    `The second run asks about other subscribers and regions (tasks from seed ${result.secondRun.seed}). ${completedText} ${tokenText} ` +
    (sameCompleted ? `What the table counts belongs to the contract between client and server, not to the data.` : "")
  ).trim();
}

/** A reading of the wide-allowlist table. */
export function readWide(result: WritingAServerResult): string {
  const [silent, gated, approved] = result.wide;
  return (
    `With ${code("kayit_yaz")} on the allowlist the client agrees ${silent.negotiated} tools. At level ${silent.level} the side effect is not ` +
    `declared: ${silent.written} records are written and ${silent.completed} tasks complete, and nothing in the client's hands marks ` +
    `those calls as different from the others. At level ${gated.level} the side effect is declared and the approval gate stops the same ` +
    `calls before they are sent: ${gated.blocked} blocked, ${gated.written} written, ${gated.completed} completed. With approval given, ` +
    `${approved.written} are written and ${approved.completed} complete. Whether a user should approve is a question for the ` +
    `client's permission model; what this table shows is that the question can only be asked about a side effect that was declared.`
  );
}

/** The lesson's summary, as a bullet list computed from the run. */
export function summarize(result: WritingAServerResult): string {
  const [names, fields, , full] = result.runs;
  const h = result.handshake[0];
  const [silent, gated] = result.wide;
  return [
    `- A server has two faces: the handler, which stays inside, and the declaration, which is all the client ever holds.`,
    `- Discovery cost ${h.request} requests, ${h.response} responses, ${h.tokens} tokens and ${h.round_trips} round trips at level 0; ` +
      `a complete declaration ${result.handshake.every((r) => sameHandshakeCost(r, h)) ? "cost no more" : "cost a different amount"}.`,
    `- Names alone: ${names.negotiated} tools agreed, ${names.completed} tasks completed, ${names.failed} of ${names.calls} calls failed, ${names.tokens} tokens.`,
    `- Names and fields: ${fields.calls} calls, ${fields.completed} tasks completed; ${fields.calls - (fields.request - result.handshake[1].request)} calls to a tool that was not negotiated sent no message.`,
    `- Full declaration: ${full.negotiated} tools instead of ${fields.negotiated}, ${full.completed} tasks completed instead of ${fields.completed}.`,
    `- Undeclared side effect: ${silent.written} writes went through unasked; declared, ${gated.blocked} were stopped at the gate.`,
  ].join("\n");
}
