/**
 * Lesson 9's readings of its tables, written from the run so that they stay true for any seed.
 *
 * Every number here comes from a {@link WireLessonResult}. Where the lesson's point is that the
 * wire agrees with the simulator, the paragraph counts the agreements and says plainly when one
 * is missing, rather than assuming it. Each function returns markdown for `tslab.display.markdown`,
 * wrapped at 100 columns (`wrapMarkdown`); a list keeps its items, each on lines of its own.
 */
import { LEVELS } from "../../sim/declaration";
import { CRASH_ON_CALL, LATENCY_MICROS } from "../../fleet/conditions";
import { code, listing, plural } from "../proseWords";
import { wrapMarkdown } from "../wrapProse";
import { NO_APPROVAL, NOT_DECLARED } from "../../sim/client";
import { FLEET_TOOL_NAMES } from "../../fleet/tools";
import { ERA_REVISIONS } from "../../sim/eras";
import type { EraLevel } from "./eras";
import { CALL_METHOD } from "./eras";
import type { WireLessonResult } from "./measurements";
import {
  agentDifferences,
  agreement,
  fullLevel,
  levelTotals,
  movedKeys,
  outcomeDifferences,
  ratio,
  WIRE_PATHS,
  wireTimeouts,
} from "./tables";
import { groupChanges, type GateLevel } from "./independent";
import { SERVER_FACTS } from "../../world/servers";

/** The English of each Turkish error the lesson's runs can print, for a gloss at first use. */
export const ERROR_GLOSSES: Readonly<Record<string, string>> = {
  "abone yok": "no such subscriber",
  "bolge yok": "no such region",
  "eksik alan": "missing field",
  [NO_APPROVAL]: "no approval",
  [NOT_DECLARED]: "tool not declared",
};

/** An error as code, glossed in English when the lesson knows its meaning: `abone yok` (no such subscriber). */
export function glossed(hata: string): string {
  const english = ERROR_GLOSSES[hata];
  return english ? `${code(hata)} (${english})` : code(hata);
}

const n = (value: number) => value.toLocaleString("en-US");

/** The comparison of one condition × policy. */
function agent(result: WireLessonResult, condition: string, policy: string) {
  const found = result.agents.find((row) => row.condition === condition && row.policy === policy);
  if (!found) throw new Error(`no run for ${condition} × ${policy}`);
  return found;
}

/** The opening line: which seed this run used, and what is real in it. */
export function describeWireSeed(result: WireLessonResult): string {
  return wrapMarkdown(
    `This run uses **seed ${result.seed}** for the world of lessons 6 and 7 and for the fleet of lesson 8. ` +
      `Each server below is a real process, started with ${code(`mcp-course serve … --seed ${result.seed}`)}, built on the ` +
      `official TypeScript SDK's ${code("@modelcontextprotocol/server")} ${result.sdk.server}, and spoken to over its ` +
      `standard input and output by a client built on ${code("@modelcontextprotocol/client")} ${result.sdk.client}.`,
  );
}

/** Calls of a run that the client itself refused (tool not agreed, no approval): counted as calls, never sent. */
function refusedByClient(failures: Readonly<Record<string, number>>): number {
  return Object.entries(failures)
    .filter(([key]) => key.endsWith(`: ${NOT_DECLARED}`) || key.endsWith(`: ${NO_APPROVAL}`))
    .reduce((sum, [, count]) => sum + count, 0);
}

/** A reading of the per-level comparison of lesson 6's tasks. */
export function readLevelComparison(result: WireLessonResult): string {
  const agreeing = agreement(result).levels;
  const first = result.levels[0];
  const full = result.levels[result.levels.length - 1];
  const before = result.levels[result.levels.length - 2];
  // Failures the client itself gives (not agreed, no approval) never reach a server; the rest are the handlers' answers.
  const fromHandlers = Object.entries(first.real.failures).filter(
    ([key]) => !key.endsWith(`: ${NOT_DECLARED}`) && !key.endsWith(`: ${NO_APPROVAL}`),
  );
  const handlerFailures = {
    total: fromHandlers.reduce((sum, [, count]) => sum + count, 0),
    parts: fromHandlers.map(([key, count]) => {
      const [tool, hata] = key.split(": ");
      return `${code(tool)} ${count}× ${glossed(hata)}`;
    }),
  };
  const versionDrops = full.real.drops.filter((drop) => drop.reason === "version");
  const droppedServers = [...new Set(versionDrops.map((drop) => drop.server))];
  const lost = before.real.negotiated - full.real.negotiated;
  const refused = refusedByClient(full.real.failures);
  const { statelessLevels } = agreement(result);
  const sent = fullLevel(result.eras)[0]?.methods.find((row) => row.method === CALL_METHOD);
  const [legacy, stateless] = [ERA_REVISIONS.legacy, ERA_REVISIONS.stateless].map(code);
  const verdict =
    agreeing === result.levels.length && statelessLevels === result.levels.length
      ? `At all ${result.levels.length} levels the wire gives exactly the simulator's counts, in ${legacy} and in ${stateless}: ` +
        `the revision changes how each message is wrapped, not what the client is told or what the tasks can do.`
      : `The wire agrees with the simulator at ${agreeing} of ${result.levels.length} levels in ${legacy} and at ` +
        `${statelessLevels} in ${stateless}; the table names what differs at the others.`;
  return [
    verdict,
    `At level 0 the servers send each tool's name and an ${code('{"type":"object"}')} schema with no properties, so the client ` +
      `has nothing to fill in. Of ${plural(first.real.calls, "call")}, ${handlerFailures.total} reached a handler with no arguments at all and came back with the handler's error: ` +
      `${listing(handlerFailures.parts)}. ` +
      `From level 1 the properties in ${code("inputSchema")} tell the client what to send.` +
      (droppedServers.length > 0
        ? ` At level 3 the server's identity carries its real version: in ${legacy} the client reads it in ${code("serverInfo")} of the ${code("initialize")} result; ` +
          `in ${stateless} every result's ${code("_meta")} carries it too, but the client reads it in the discover result it holds ` +
          `(see the Assumptions). The client, which knows an older version, drops ${listing(droppedServers.map(code))} ` +
          `whole, ${plural(versionDrops.length, "tool")}. ${lost === versionDrops.length ? "All of them had been agreed" : `Only ${plural(lost, "of them", "of them")} had been agreed (${versionDrops.length - lost === 1 ? "the other was" : "the others were"} already off the allowlist)`}, ` +
          `so ${plural(full.real.negotiated, "tool")} ${full.real.negotiated === 1 ? "is" : "are"} agreed instead of ${before.real.negotiated}. ` +
          `Dropping a server for a newer version is the course's own policy, lesson 6's, not MCP's. MCP agrees on the protocol's version ` +
          `(in ${legacy} through ${code("initialize")}, in ${stateless} in every request's ${code("_meta")}); ${legacy} asks for no decision on a server's own version, ` +
          `and ${stateless} says clients SHOULD NOT change their behaviour on a server's self-reported identity, which is what this drop does.`
        : ""),
    `The ${code("calls")} column counts every call a task's chain made, including calls the client refused itself because the tool was not agreed ` +
      `or needed an approval it did not have: those send nothing. At level ${full.level} that is ${refused} of ${full.real.calls}, so ` +
      (sent
        ? `${full.real.calls - refused} ${code("tools/call")} requests crossed the wire in each revision, as the method table below shows ` +
          `(${sent.wireMessages} messages: each request and its response).`
        : `${full.real.calls - refused} crossed the wire.`),
  ]
    .map((paragraph) => wrapMarkdown(paragraph))
    .join("\n\n");
}

/** The lowest and highest bytes per envelope token over an era's levels. */
function bytesPerTokenRange(entries: readonly EraLevel[]): string {
  const ratios = entries.map((entry) => {
    const t = levelTotals(entry);
    return t.wireBytes / t.simulatedTokens;
  });
  return `${Math.min(...ratios).toFixed(1)} to ${Math.max(...ratios).toFixed(1)}`;
}

/** A reading of the tokens-against-bytes tables, both eras. */
export function readTokensAndBytes(result: WireLessonResult): string {
  const of = (era: EraLevel["era"]) => result.eras.filter((entry) => entry.era === era);
  const { eraCounts, eraTotal } = agreement(result);
  const [legacyFull, statelessFull] = fullLevel(result.eras);
  const a = levelTotals(legacyFull);
  const b = levelTotals(statelessFull);
  const [legacy, stateless] = [legacyFull.revision, statelessFull.revision].map(code);
  const handshake = legacyFull.methods.filter(
    (row) => row.method !== CALL_METHOD && row.method !== "tools/list",
  );
  const more = (x: number, y: number) => `${Math.round(((y - x) * 100) / x)}%`;
  return [
    `The two measures count different things. The simulator's envelope tokens are lesson 6's estimate: a fixed cost per ` +
      `message plus the words of its body. The wire's bytes are what the SDK wrote to the pipe, JSON with every key and ` +
      `bracket, and a newline. Across the four levels one envelope token stands for ${bytesPerTokenRange(of("legacy"))} bytes ` +
      `in ${legacy} and ${bytesPerTokenRange(of("stateless"))} in ${stateless}.`,
    (eraCounts === eraTotal
      ? `The messages themselves agree: at every level and in both revisions the two sides send the same number of messages of each kind ` +
        `and of each method (${eraCounts} of ${eraTotal} runs). `
      : `The messages agree kind by kind and method by method in ${eraCounts} of ${eraTotal} runs; the tables name the others. `) +
      `In ${legacy} each server costs ${listing(handshake.map((row) => code(row.method)))} before ${code("tools/list")}, ` +
      `${legacyFull.kinds.find((row) => row.kind === "notification")!.wireMessages} notifications in all; ${stateless} has neither, ` +
      `so its run is ${plural(a.wireMessages - b.wireMessages, "message")} shorter (${b.wireMessages} against ${a.wireMessages}). ` +
      `It is not cheaper: at level ${legacyFull.level} it takes ${n(b.wireBytes)} bytes against ${n(a.wireBytes)}, ${more(a.wireBytes, b.wireBytes)} more, ` +
      `because every request carries its ${code("_meta")} and every result its ${code("resultType")} and the server's identity. ` +
      `The simulator prices the same fields with the same tokenizer and finds ${n(b.simulatedTokens)} tokens against ${n(a.simulatedTokens)}, ` +
      `${more(a.simulatedTokens, b.simulatedTokens)} more.`,
  ]
    .map((paragraph) => wrapMarkdown(paragraph))
    .join("\n\n");
}

/** A reading of the per-method table, both eras. */
export function readMethods(result: WireLessonResult): string {
  const parts = fullLevel(result.eras).map((entry) => {
    const list = entry.methods.find((row) => row.method === "tools/list");
    const call = entry.methods.find((row) => row.method === CALL_METHOD);
    const total = entry.methods.reduce((sum, row) => sum + row.wireBytes, 0);
    const setup = total - (call?.wireBytes ?? 0);
    return { entry, list, call, total, setup };
  });
  if (parts.some((p) => !p.list || !p.call)) return "";
  const [legacy, stateless] = parts;
  const setupMethods = legacy.entry.methods
    .filter((row) => row.method !== CALL_METHOD)
    .map((row) => code(row.method));
  const share = (p: (typeof parts)[number]) =>
    `${n(p.setup)} of ${n(p.total)} bytes, ${Math.round((p.setup * 100) / p.total)}%`;
  return wrapMarkdown(
    `A ${code("tools/list")} exchange averages ${ratio(legacy.list!.wireBytes, legacy.list!.wireMessages)} bytes a message in ${code(legacy.entry.revision)} ` +
      `and ${ratio(stateless.list!.wireBytes, stateless.list!.wireMessages)} in ${code(stateless.entry.revision)}, whose list results also carry ${code("ttlMs")} and ${code("cacheScope")}; ` +
      `a ${code("tools/call")} exchange ${ratio(legacy.call!.wireBytes, legacy.call!.wireMessages)} against ${ratio(stateless.call!.wireBytes, stateless.call!.wireMessages)}. ` +
      `In ${code(legacy.entry.revision)} the setup (${listing(setupMethods)}) is ${share(legacy)}; in ${code(stateless.entry.revision)} the setup is ` +
      `${code("tools/list")} alone, ${share(stateless)}. Twelve short tasks make few calls per server, so the setup weighs; ` +
      `a client that stays connected pays it once, and ${code(stateless.entry.revision)} moves the price from the opening onto every call.`,
  );
}

/** The JSON-RPC code in an outcome's text (`MCP error -32602: …`), or undefined. */
function errorCode(text: string): string | undefined {
  return /^MCP error (-?\d+):/.exec(text)?.[1];
}

/** An outcome as a reader names it: `a JSON-RPC error -32602`, `an error result`, `a result`. */
function describeChannel(outcome: { channel: string; text: string }): string {
  if (outcome.channel === "JSON-RPC error")
    return `the JSON-RPC error ${errorCode(outcome.text) ?? ""}`.trim();
  return outcome.channel === "error result" ? "an error result" : `a ${outcome.channel}`;
}

/**
 * The malformed calls' answers that differ from the simulator's, path by path: `arguments`, the
 * calls to a tool the fleet has (invalid arguments), and `tools`, the calls to one it does not.
 */
function malformedDifferences(result: WireLessonResult) {
  const { simulated, wire } = result.malformed;
  const differing = wire.flatMap((row, k) =>
    WIRE_PATHS.flatMap((path) => {
      const sim = simulated[k].outcomes[path];
      const real = row.outcomes[path];
      return outcomeDifferences(sim, real).length === 0
        ? []
        : [
            {
              label: row.label,
              path,
              sim,
              real,
              unknownTool: !(FLEET_TOOL_NAMES as readonly string[]).includes(row.call.name),
            },
          ];
    }),
  );
  return {
    arguments: differing.filter((d) => !d.unknownTool),
    tools: differing.filter((d) => d.unknownTool),
  };
}

/** A reading of the malformed calls over the real paths: which answers differ from the simulator's, and why. */
export function readWireMalformed(result: WireLessonResult): string {
  const { malformed: same, malformedTotal: total } = agreement(result);
  const { wire } = result.malformed;
  const { arguments: argumentRows, tools: toolRows } = malformedDifferences(result);
  type Difference = (typeof argumentRows)[number];
  const kinds = (rows: readonly Difference[], pick: (d: Difference) => string) =>
    listing([...new Set(rows.map(pick))]);
  const first = [
    same === total
      ? `All ${total} answers are the simulator's, to the character: the same channel and the same text.`
      : `${same} of ${total} answers are the simulator's, to the character; ${total - same === 1 ? "the other one differs, and the table names it" : `the other ${total - same} differ, and the table names them`}. ` +
        `${total - same === 1 ? "It differs" : "They differ"} where ${code("fleetServed")}, listed above, turns the path code's answer.`,
  ];
  if (argumentRows.length > 0) {
    first.push(
      `${argumentRows.length === 1 ? "One" : `${argumentRows.length}`} ${argumentRows.length === 1 ? "is a call" : "are calls"} with invalid arguments on the ` +
        `${kinds(argumentRows, (d) => d.path)} path (${listing(argumentRows.map((d) => d.label))}): the simulator's path answers ` +
        `${kinds(argumentRows, (d) => describeChannel(d.sim))}, the real server ${kinds(argumentRows, (d) => describeChannel(d.real))}.`,
    );
  }
  if (toolRows.length > 0) {
    first.push(
      `The unknown tool differs on the ${kinds(toolRows, (d) => d.path)} ${toolRows.length === 1 ? "path" : "paths"}: the simulator answers ` +
        `${listing(toolRows.map((d) => `${describeChannel(d.sim)} (${d.path})`))}, as lesson 8 built it: the SDK's low-level server answers a ` +
        `handler's throw with -32603. On the wire ${code("fleetServed")} refuses a tool it does not list before either path sees ` +
        `the call, so the real servers answer ${kinds(toolRows, (d) => describeChannel(d.real))}: every revision of MCP lists an unknown tool among ` +
        `protocol errors, and its example of one carries -32602.`,
    );
  }
  const high = result.malformed.highLevel;
  const highResults = high.filter((outcome) => outcome.channel === "error result").length;
  const highErrors = high.filter((outcome) => outcome.channel === "JSON-RPC error");
  const sameChannel = high.filter(
    (outcome, k) => outcome.channel === wire[k].outcomes.validating.channel,
  ).length;
  const sameText = high.filter(
    (outcome, k) => outcome.text === wire[k].outcomes.validating.text,
  ).length;
  const second =
    `The SDK's own ${code("McpServer")}, which shares no code with our servers, answers ${highResults} of the ${high.length} calls with an error result` +
    (highErrors.length > 0
      ? ` and ${listing(highErrors.map((outcome) => code(outcome.text)))} as a JSON-RPC error`
      : "") +
    `. ${sameChannel === high.length ? "On every call" : `On ${sameChannel} of ${high.length} calls`} it picks the channel our ${code("validating")} server picks, ` +
    `so our server's choice of channel is confirmed from outside; the words are the SDK's own, and ${sameText} of ${high.length} texts are ours to the character.`;
  const third =
    `The ${same} answers that agree agree by construction: for every other call ${code("fleetServed")} passes the simulator's path code's answer ` +
    `(${code("createRawServer")}, ${code("createValidatingServer")}) on as it is, an error response rethrown with its code and message. ` +
    `What the wire adds is the client's side: the SDK turns an error response into a thrown ${code("ProtocolError")} with that code and message, ` +
    `the client writes it ${code("MCP error <code>: <message>")} as lesson 8's client does, and maps that throw and an ${code("isError")} result onto one outcome.`;
  return [first.join(" "), second, third].map((paragraph) => wrapMarkdown(paragraph)).join("\n\n");
}

/** A reading of the agents over the wire. */
export function readAgentComparison(result: WireLessonResult): string {
  const differing = result.agents.filter((row) => agentDifferences(row).length > 0);
  const crash = agent(result, "crash", "thorough");
  const explained = agent(result, "crash-explained", "thorough");
  const restart = agent(result, "crash-restart", "thorough");
  const line = agent(result, "stdout-line", "thorough");
  const raw = agent(result, "stdout-unterminated", "thorough");
  const verdict =
    differing.length === 0
      ? `All ${result.agents.length} runs end as the simulator said they would: the same answers, the same calls and errors, the same restarts, stray lines and timeouts.`
      : `${result.agents.length - differing.length} of ${result.agents.length} runs end as the simulator said; ${listing(differing.map((row) => `${row.condition} × ${row.policy}`))} differ.`;
  return [
    verdict,
    `The crash is real now: the server process exits while handling its ${CRASH_ON_CALL}th ${code("tools/call")}. Without help the thorough agent ` +
      `made ${crash.real.toolCalls} calls, ${crash.real.toolErrors} of them failing; told plainly that the server is gone, ${explained.real.toolCalls} calls and ` +
      `${explained.real.toolErrors} errors; with a restart, ${plural(restart.real.restarts, "restart")} and ${restart.real.correct ? "the right answer" : "still the wrong answer"}.`,
    `Stray output behaves as lesson 8 said it would. A newline-terminated stray line is one unparsable line for the client, ` +
      `${plural(line.real.transportErrors, "transport error")} in ${plural(line.real.toolCalls, "call")}, and no call fails. Stray text without a newline ` +
      `is glued to the next response, so that response never parses: ${plural(raw.real.toolCalls, "call")}, ${plural(wireTimeouts(raw.real), "timeout")}, no answer.`,
  ]
    .map((paragraph) => wrapMarkdown(paragraph))
    .join("\n\n");
}

/** A reading of the time table. */
export function readTime(result: WireLessonResult): string {
  const slow = agent(result, "slow", "thorough");
  const raw = agent(result, "stdout-unterminated", "thorough");
  return [
    `Real time cannot go into a table that must read the same on every run, so this one prints only what time decides. ` +
      `In lesson 8 the slow tool slept ${LATENCY_MICROS.slowTool / 1_000_000} s against a client that waited ${LATENCY_MICROS.clientTimeout / 1_000_000} s. ` +
      `This lesson keeps that ratio and scales both by ${result.scale}: the tool sleeps ${n(result.slowMs)} ms and the client waits ${n(result.timeoutMs)} ms.`,
    `A timed-out call can never return sooner than the timeout, so each timeout is a lower bound on real time spent: ` +
      `${n(wireTimeouts(slow.real) * result.timeoutMs)} ms for the thorough agent under the slow tool, ${n(wireTimeouts(raw.real) * result.timeoutMs)} ms under stray text. ` +
      `The simulator's virtual clock charged the same calls ${n(slow.simulated.callMicros / 1000)} ms and ${n(raw.simulated.callMicros / 1000)} ms, at lesson 8's own scale. ` +
      `How long a healthy call or a server's start takes on the wire is real time too, so no table here prints it.`,
  ]
    .map((paragraph) => wrapMarkdown(paragraph))
    .join("\n\n");
}

/** `, though every tool it stopped (…) only reads`, when that is so of the walks under MCP's defaults; else nothing. */
function readOnlyNote(gates: readonly GateLevel[]): string {
  const stopped = new Set(
    gates.flatMap((gate) =>
      Object.keys(gate.rules.specification.failures)
        .filter((key) => key.endsWith(`: ${NO_APPROVAL}`))
        .map((key) => key.slice(0, key.length - NO_APPROVAL.length - 2)),
    ),
  );
  const tools = SERVER_FACTS.flatMap((server) => server.tools);
  const reading = [...stopped].filter(
    (name) => tools.find((tool) => tool.name === name)?.sideEffect === false,
  );
  if (stopped.size === 0 || reading.length !== stopped.size) return "";
  return `, though every tool it stopped (${listing(reading.map(code))}) only reads`;
}

/** A reading of the gate table: where MCP's defaults stop what the reference's rule lets through. */
export function readWireGates(result: WireLessonResult): string {
  const { gates: agreeing } = agreement(result);
  const differing = result.gates.filter(
    ({ rules }) =>
      rules.specification.sent !== rules.reference.sent ||
      rules.specification.written !== rules.reference.written,
  );
  const same = result.gates.filter((gate) => !differing.includes(gate));
  const written = (gate: GateLevel) => gate.rules.reference.written;
  const leaks = differing.filter((gate) => written(gate) > 0);
  const sentences = [
    `The reference's rows repeat the simulator's counts at ${agreeing} of ${result.gates.length} levels: gating by lesson 6's rule, the real client does what the simulated one did.`,
  ];
  if (differing.length > 0) {
    sentences.push(
      `At ${differing.length === 1 ? "level" : "levels"} ${listing(differing.map((gate) => String(gate.level)))} the servers send no ${code("annotations")}. ` +
        `The reference's client reads that as no side effect and sends ${listing(differing.map((gate) => `${gate.rules.reference.sent}`))} ${code("tools/call")} requests` +
        (leaks.length > 0
          ? `, and at level ${listing(leaks.map((gate) => String(gate.level)))} ${code("kayit_yaz")} (write record) writes ${listing(leaks.map((gate) => plural(written(gate), "record")))} that nobody approved`
          : "") +
        `. A client that follows MCP's defaults presumes every such tool writes, so it asks for approval before each call, and with none given it ` +
        (differing.every((gate) => gate.rules.specification.sent === 0)
          ? `sends no call at all and stops ${listing(differing.map((gate) => `${gate.rules.specification.blocked} at level ${gate.level}`))}`
          : `sends ${listing(differing.map((gate) => String(gate.rules.specification.sent)))} and stops ${listing(differing.map((gate) => String(gate.rules.specification.blocked)))}`) +
        (differing.every((gate) => gate.rules.specification.completed === 0)
          ? `: no task completes${readOnlyNote(differing)}.`
          : "."),
    );
  }
  if (same.length > 0) {
    sentences.push(
      `From level ${same[0].level} on every tool says ${code("readOnlyHint")}, true for the read-only ones and false for ${code("kayit_yaz")}, ` +
        `and the two rules stop the same calls: ${listing(same.map((gate) => `${gate.rules.specification.blocked} at level ${gate.level}`))}.`,
    );
  }
  sentences.push(
    `So in the reference's model an undeclared side effect cannot be gated; under a gate that reads MCP's defaults, the course's, it cannot go ` +
      `ungated. What a server gains by ` +
      `declaring ${code("annotations")} is that a client that trusts the server can let its read-only tools run without asking. From a server it does not ` +
      `trust the hints stay hints, and the specification asks that a person can deny any tool call.`,
  );
  return wrapMarkdown(sentences.join(" "));
}

/** A reading of the discovery table: lesson 7's lists against the real client's. */
export function readWireDiscovery(result: WireLessonResult): string {
  const { discovery: agreeing, discoveryTotal } = agreement(result);
  const legacy = result.discovery.filter((check) => check.era === "legacy");
  const lists = (check: WireLessonResult["discovery"][number]) =>
    check.methods
      .filter(
        (row) =>
          row.method !== "tools/list" && row.method.endsWith("/list") && row.wireMessages > 0,
      )
      .map((row) => code(row.method));
  const listed = legacy.filter((check) => lists(check).length > 0);
  const none = legacy.filter((check) => lists(check).length === 0);
  const fleet = result.discovery.find((check) => check.server === "fleet");
  const fleetList = fleet?.methods.find((row) => row.method === "tools/list");
  const text = [
    agreeing === discoveryTotal
      ? `Lesson 7's model of discovery holds on the wire in all ${discoveryTotal} rows: the same messages for every method, server by server, in both revisions.`
      : `Lesson 7's model of discovery holds on the wire in ${agreeing} of ${discoveryTotal} rows; the table names the methods that differ.`,
    `The real client sends ${code("resources/list")} and ${code("prompts/list")} only where a server's capabilities name them: ` +
      `${listed.map((check) => `to ${code(check.server)} ${listing(lists(check))}`).join("; ")}` +
      (none.length > 0
        ? `; to ${listing(none.map((check) => code(check.server)))} nothing beyond ${code("tools/list")}`
        : "") +
      `. In ${code(ERA_REVISIONS.stateless)} each list request carries its ${code("_meta")} and each result its ${code("ttlMs")} and ${code("cacheScope")}, ` +
      `so the same lists cost more bytes there.` +
      (fleet && fleetList
        ? ` The counts agree; the sizes need not: lesson 7 prices a list by the names it holds, ${fleetList.simulatedTokens} tokens for the fleet's ` +
          `${code("tools/list")}, while the wire carries every description and schema, ${n(fleetList.wireBytes)} bytes.`
        : ""),
  ].join(" ");
  return wrapMarkdown(text);
}

/** A reading of the declaration tables: what building the server the SDK's high-level way did to the fleet's tools. */
export function readHighLevelDeclarations(result: WireLessonResult): string {
  const diffs = result.declarations;
  const total = (k: 0 | 1, pick: "bytes" | "tokens") =>
    diffs.reduce((sum, d) => sum + d[pick][k], 0);
  const more = (a: number, b: number) => `${Math.round(((b - a) * 100) / a)}%`;
  const groups = groupChanges(diffs);
  const added = groups.filter((g) => g.change === "added");
  const moved = groups.filter((g) => g.change === "moved");
  const movedNames = [
    ...new Set(
      moved.flatMap((g) => {
        const [from, to] = g.what.split(" → ").map((keys) => keys.split(", "));
        return movedKeys(from, to).moved;
      }),
    ),
  ];
  const movedCount = moved.reduce((sum, g) => sum + g.count, 0);
  const sentences = [
    `Re-authored in zod and registered with ${code("registerTool")}, the same three tools cost ${n(total(1, "bytes"))} bytes on the wire against our ` +
      `${n(total(0, "bytes"))} (${more(total(0, "bytes"), total(1, "bytes"))} more) and ${n(total(1, "tokens"))} tokens against ${n(total(0, "tokens"))} ` +
      `by lesson 6's tokenizer (${more(total(0, "tokens"), total(1, "tokens"))} more).`,
  ];
  if (added.length > 0) {
    sentences.push(
      `The SDK adds ${listing(added.map((g) => `${code(g.what)} ${g.count === 1 ? "once" : `${g.count} times`} (${code(g.detail.length > 50 ? `${g.detail.slice(0, 47)}...` : g.detail)})`))}: ` +
        `the schema's dialect, which our server leaves implicit, and for every whole number without an upper bound the largest integer a JavaScript number holds exactly, 2^53 − 1.`,
    );
  }
  if (moved.length > 0) {
    sentences.push(
      `It also puts ${listing(movedNames.map(code))} first in ${plural(movedCount, "property", "properties")}: ` +
        `the same keys with the same values, so nothing a client validates against changes, only the bytes a reader or a model sees, in another order.`,
    );
  }
  sentences.push(
    `None of this is wrong, but none of it is what we wrote: a server built the high-level way declares what the SDK derives from its schemas, ` +
      `and our low-level server declares exactly the JSON we wrote.`,
  );
  return wrapMarkdown(sentences.join(" "));
}

/** The summary's bullet points, then what the comparison can and cannot show. */
export function summarizeWire(result: WireLessonResult): string {
  const {
    levels: levelsSame,
    statelessLevels,
    eraCounts,
    eraTotal,
    agents: agentsSame,
    malformed: malformedSame,
    malformedTotal,
    discovery,
    discoveryTotal,
  } = agreement(result);
  const [legacyFull, statelessFull] = fullLevel(result.eras);
  const a = levelTotals(legacyFull);
  const b = levelTotals(statelessFull);
  const total = (k: 0 | 1) => result.declarations.reduce((sum, d) => sum + d.bytes[k], 0);
  const gated = result.gates.filter(
    ({ rules }) => rules.specification.sent !== rules.reference.sent,
  );
  const high = result.malformed.highLevel;
  const channelsAgree = high.filter(
    (outcome, k) => outcome.channel === result.malformed.wire[k].outcomes.validating.channel,
  ).length;
  const bullets = [
    `- Lesson 6's twelve tasks give the simulator's counts over the wire at ${levelsSame} of ${result.levels.length} levels in ` +
      `${code(legacyFull.revision)} and ${statelessLevels} of ${result.levels.length} in ${code(statelessFull.revision)}: ` +
      `the four declaration levels are ${listing(LEVELS.map((name) => code(name)))}, carried by ${code("inputSchema")}, ${code("annotations")} and the server's version.`,
    `- Lesson 7's client, asking for the tools list only, sends what the real client sends, kind by kind and method by method, in ${eraCounts} of ${eraTotal} runs. ` +
      `At the full level that is ${n(a.simulatedTokens)} envelope tokens and ${n(a.wireBytes)} bytes in ${a.wireMessages} messages in ${code(legacyFull.revision)}, ` +
      `${n(b.simulatedTokens)} tokens and ${n(b.wireBytes)} bytes in ${b.wireMessages} messages in ${code(statelessFull.revision)}. ` +
      `Its discovery of resources and prompts holds in ${discovery} of ${discoveryTotal} rows.`,
    `- Under MCP's defaults a tool without annotations is presumed to write, so the course's gate, which reads those defaults, stops it: at ` +
      `${gated.length === 1 ? "level" : "levels"} ${listing(gated.map((gate) => String(gate.level)))} it sends no call without approval, where the reference's gate lets them all through.`,
    `- ${malformedSame} of ${malformedTotal} answers to the malformed calls and ${agentsSame} of ${result.agents.length} agent runs come out as the simulator said, faults included; ` +
      `the malformed answers that differ are those ${code("fleetServed")} turns: it refuses an unknown tool with the protocol error -32602 before ` +
      `either path sees the call.`,
    `- The SDK's high-level server lists the fleet's tools in ${n(total(1))} bytes against our ${n(total(0))}, with keys of its own added and moved.`,
  ];
  const caveat =
    `Equal counts are not all evidence. The real servers run the simulator's own handlers, declarations and fleet paths (the fleet's with ` +
    `the one turn of ${code("fleetServed")}, its own refusal of an unknown tool), and the real ` +
    `client decides and gates each call with the simulator's own functions; in ${code(ERA_REVISIONS.stateless)} it is also given each server's discover result ` +
    `in advance, built from the servers' own declarations, so the level-3 drop of ${code("kayit")} in that revision comes from data the client was given, not ` +
    `from the wire. Where the two sides agree on a task count or an answer, they agree ` +
    `by construction, and this lesson tests the road between them, not the handlers at its ends. It cannot show that the simulation is right ` +
    `about MCP; it shows that the simulator and the wire carry the same messages. What is independent of the simulator is smaller ` +
    `and worth more: the SDK's framing of every message and the bytes it writes; the SDK's own ${code("McpServer")}, which rewrote our ` +
    `declarations and chose the error channel our validating server chose on ${channelsAgree === high.length ? "every call" : `${channelsAgree} of ${high.length} calls`}; ` +
    `lesson 7's discovery, which sent the messages lesson 7 counted in ${discovery} of ${discoveryTotal} rows; ` +
    `and the gate under MCP's defaults, which differs from the reference's where those defaults say it should.`;
  return `${wrapMarkdown(bullets.join("\n"))}\n\n${wrapMarkdown(caveat)}`;
}

/**
 * The expected answers to the lesson's exercises, computed from the run where they hold numbers:
 * exercise 1 from the gate table's level-1 row under the reference's rule, exercise 3 from the
 * keys the SDK added, exercise 4 from the malformed answers that differ, exercise 5 from the
 * agents' rows without a fault and under the slow tool.
 */
export function wireSolutions(result: WireLessonResult): string {
  const levelOne = result.gates.find((gate) => gate.level === 1)?.rules.reference;
  const maxima = result.declarations.flatMap((diff) =>
    diff.added.filter((change) => change.key === "maximum"),
  );
  const onMaxHours = maxima.filter((change) => change.path.split(".").includes("max_hours")).length;
  const times = (count: number) =>
    count === 1 ? "once" : count === 2 ? "twice" : `${count} times`;
  const direct = (policy: string) => agent(result, "direct", policy).real.toolCalls;
  const slow = (policy: string) => agent(result, "slow", policy).real.toolCalls;
  const { malformed: same, malformedTotal: total } = agreement(result);
  const { tools: toolRows } = malformedDifferences(result);
  const toolPaths = [...new Set(toolRows.map((d) => d.path))];
  // The validating path's refused arguments: an error result to the real client, -32602 to a 2025-06-18 one.
  const turned = result.malformed.wire.filter((row) =>
    row.outcomes.validating.text.startsWith("Input validation error:"),
  );
  const turnedSame = turned.filter((row) => {
    const sim = result.malformed.simulated.find((r) => r.label === row.label)!.outcomes.validating;
    return outcomeDifferences(sim, row.outcomes.validating).length === 0;
  }).length;
  return wrapMarkdown(
    [
      `1. Every call is sent: approval opens the gate for any tool, presumed to write or not, so MCP's defaults and lesson 6's rule no ` +
        `longer differ. The wire's row equals the simulator's and the reference's level-1 row of the gate table` +
        (levelOne
          ? `: ${plural(levelOne.calls, "call")}, ${levelOne.blocked === 0 ? "none" : levelOne.blocked} blocked, ${plural(levelOne.written, "record")} written, ` +
            `${plural(levelOne.completed, "task")} completed, for seed ${result.seed}.`
          : `.`),
      `2. Both stop it with ${glossed(NO_APPROVAL)}. Its annotations are there but leave ${code("readOnlyHint")} out, so it defaults ` +
        `to false: lesson 6's rule counts that as a declared side effect, and MCP's defaults presume every tool not marked read-only writes.`,
      `3. The row ${code(`added maximum ${maxima[0] ? JSON.stringify(maxima[0].value) : "9007199254740991"}`)} falls from ${times(maxima.length)} to ` +
        `${times(maxima.length - onMaxHours)} (${code("min_hours")} keeps it), and a new row ${code("added maximum 100000")} appears ${times(onMaxHours)}: ` +
        `our JSON Schema still gives ${code("max_hours")} no upper bound, so the bound is a key the SDK's server adds. The tools' bytes and tokens change with it.`,
      `4. ${turned.length === 1 ? "The row" : `The ${turned.length} rows`} of invalid arguments on the ${code("validating")} path ` +
        `(${listing(turned.map((row) => row.label))}): ${code("fleetServed")} hands the revision to ${code("createPathServer")}, and the ` +
        `validating path answers a ${code("2025-06-18")} client -32602 with the same sentence, which the client writes ` +
        `${code("MCP error -32602: <sentence>")}, where the simulator's client, of ${code(ERA_REVISIONS.legacy)}, reads an error result. ` +
        (toolRows.length > 0
          ? `The unknown tool would still differ on the ${listing(toolPaths.map(code))} ${toolPaths.length === 1 ? "path" : "paths"}, since ${code("fleetServed")} ` +
            `refuses it before the revision is read. `
          : "") +
        `${same - turnedSame} of ${total} answers would be the simulator's, against ${same} now.`,
      `5. The slow condition no longer times out on the wire: no ${code("notifications/cancelled")}, no tool error, and the shortcut and ` +
        `thorough agents make ${direct("shortcut")} and ${direct("thorough")} calls, as without a fault, instead of ${slow("shortcut")} and ${slow("thorough")}. ` +
        `The simulator still counts one timeout for each agent, so the ${code("simulator")} column names tool calls, errors and timeouts. ` +
        `Its client would have to know the real sleep and the real timeout, not lesson 8's ` +
        `${LATENCY_MICROS.slowTool / 1_000_000} s and ${LATENCY_MICROS.clientTimeout / 1_000_000} s.`,
    ].join("\n"),
  );
}

/**
 * The chart's caption, before the chart: what it draws and what to look at, read from the run —
 * how each side moves from level to level in 2025-11-25, and whether 2026-07-28 stands higher on
 * both sides at every level.
 */
export function captionWireChart(result: WireLessonResult): string {
  const era = (name: EraLevel["era"]) =>
    result.eras.filter((entry) => entry.era === name).sort((a, b) => a.level - b.level);
  const legacy = era("legacy");
  const stateless = era("stateless");
  const move = (before: number, after: number) =>
    after > before ? "rise" : after < before ? "fall" : "stay level";
  const dropped =
    result.levels
      .find((row) => row.level === 3)
      ?.real.drops.some((drop) => drop.reason === "version") ?? false;
  const steps = legacy.slice(1).map((entry, k) => {
    const [a, b] = [levelTotals(legacy[k]), levelTotals(entry)];
    const tokens = move(a.simulatedTokens, b.simulatedTokens);
    const bytes = move(a.wireBytes, b.wireBytes);
    const sides =
      tokens === bytes ? `both sides ${tokens}` : `the tokens ${tokens} while the bytes ${bytes}`;
    const why =
      entry.level === 1 && tokens === "rise" && bytes === "rise"
        ? ", as the calls now carry arguments and the tasks' chains go on"
        : entry.level === 2 && tokens === "stay level" && bytes === "rise"
          ? `: ${code("tools/list")} now carries ${code("annotations")}, which lesson 7's model, pricing a list by its tools' names, does not see`
          : entry.level === 3 && tokens === "fall" && bytes === "fall" && dropped
            ? `, as fewer calls go out once ${code("kayit")} is dropped`
            : "";
    return `from level ${legacy[k].level} to ${entry.level} ${sides}${why}`;
  });
  const higher = stateless.every((entry, k) => {
    const [a, b] = [levelTotals(legacy[k]), levelTotals(entry)];
    return b.simulatedTokens > a.simulatedTokens && b.wireBytes > a.wireBytes;
  });
  return wrapMarkdown(
    `The chart draws the first table: one bar per declaration level, simulated envelope tokens on the left and bytes on the wire ` +
      `on the right, each bar stacked by message kind, one row per revision. Compare the two sides' steps rather than their heights ` +
      `(the units differ). In ${code(ERA_REVISIONS.legacy)}, ${steps.join("; ")}. ` +
      (higher
        ? `The ${code(ERA_REVISIONS.stateless)} row stands higher than the ${code(ERA_REVISIONS.legacy)} row on both sides at every level.`
        : `The ${code(ERA_REVISIONS.stateless)} row is not higher on both sides at every level; the table gives each figure.`),
  );
}
