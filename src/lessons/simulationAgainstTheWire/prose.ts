/**
 * Lesson 9's readings of its tables, written from the run so that they stay true for any seed.
 *
 * Every number here comes from a {@link WireLessonResult}. Where the lesson's point is that the
 * wire agrees with the simulator, the paragraph counts the agreements and says plainly when one
 * is missing, rather than assuming it. Each function returns markdown for `tslab.display.markdown`.
 */
import { LEVELS } from "../../sim/declaration";
import { CRASH_ON_CALL, LATENCY_MICROS } from "../../fleet/conditions";
import { code, listing, plural } from "../proseWords";
import { NO_APPROVAL, NOT_DECLARED } from "../../sim/client";
import type { WireLessonResult } from "./run";
import { agentDifferences, agreement, levelTotals, ratio, WIRE_PATHS, wireTimeouts } from "./tables";

const n = (value: number) => value.toLocaleString("en-US");

/** The comparison of one condition × policy. */
function agent(result: WireLessonResult, condition: string, policy: string) {
  const found = result.agents.find((row) => row.condition === condition && row.policy === policy);
  if (!found) throw new Error(`no run for ${condition} × ${policy}`);
  return found;
}

/** The opening line: which seed this run used, and what is real in it. */
export function describeWireSeed(result: WireLessonResult): string {
  const starts = result.levels.length * 3 + result.agents.filter((row) => row.real.traffic !== null).length + WIRE_PATHS.length;
  return (
    `This run uses **seed ${result.seed}** for the world of lessons 6 and 7 and for the fleet of lesson 8. ` +
    `Each server below is a real process, started with ${code(`mcp-course serve … --seed ${result.seed}`)} and spoken to over its ` +
    `standard input and output by the MCP SDK's client: ${n(starts)} server starts in all, not counting restarts.`
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
  const fromHandlers = Object.entries(first.real.failures).filter(([key]) => !key.endsWith(`: ${NOT_DECLARED}`) && !key.endsWith(`: ${NO_APPROVAL}`));
  const handlerFailures = {
    total: fromHandlers.reduce((sum, [, count]) => sum + count, 0),
    parts: fromHandlers.map(([key, count]) => {
      const [tool, hata] = key.split(": ");
      return `${code(tool)} ${count}× ${code(hata)}`;
    }),
  };
  const versionDrops = full.real.drops.filter((drop) => drop.reason === "version");
  const droppedServers = [...new Set(versionDrops.map((drop) => drop.server))];
  const lost = before.real.negotiated - full.real.negotiated;
  const refused = refusedByClient(full.real.failures);
  const sent = result.methods.find((row) => row.method === "tools/call");
  const verdict =
    agreeing === result.levels.length
      ? `At all ${result.levels.length} levels the wire gives exactly the simulator's counts.`
      : `The wire agrees with the simulator at ${agreeing} of ${result.levels.length} levels; the table names what differs at the others.`;
  return [
    verdict,
    `At level 0 the servers send each tool's name and an ${code('{"type":"object"}')} schema with no properties, so the client ` +
      `has nothing to fill in. Of ${plural(first.real.calls, "call")}, ${handlerFailures.total} reached a handler with no arguments at all and came back with the handler's error: ` +
      `${listing(handlerFailures.parts)}. ` +
      `From level 1 the properties in ${code("inputSchema")} tell the client what to send.` +
      (droppedServers.length > 0
        ? ` At level 3 ${code("serverInfo.version")} carries the real version, and the client, which knows an older one, drops ${listing(droppedServers.map(code))} ` +
          `whole, ${plural(versionDrops.length, "tool")}. ${lost === versionDrops.length ? "All of them had been agreed" : `Only ${plural(lost, "of them", "of them")} had been agreed (${versionDrops.length - lost === 1 ? "the other was" : "the others were"} already off the allowlist)`}, ` +
          `so ${plural(full.real.negotiated, "tool")} ${full.real.negotiated === 1 ? "is" : "are"} agreed instead of ${before.real.negotiated}.`
        : ""),
    `The ${code("calls")} column counts every call a task's chain made, including calls the client refused itself because the tool was not agreed ` +
      `or needed an approval it did not have: those send nothing. At level ${full.level} that is ${refused} of ${full.real.calls}, so ` +
      (sent ? `${full.real.calls - refused} ${code("tools/call")} requests crossed the wire, as the method table below shows (${sent.messages} messages: each request and its response).` : `${full.real.calls - refused} crossed the wire.`),
  ].join("\n\n");
}

/** A reading of the tokens-against-bytes tables. */
export function readTokensAndBytes(result: WireLessonResult): string {
  const totals = result.kinds.map(levelTotals);
  const ratios = totals.map((t) => t.wireBytes / t.simulatedTokens);
  const low = Math.min(...ratios);
  const high = Math.max(...ratios);
  const full = result.kinds[result.kinds.length - 1];
  const notification = full.rows.find((row) => row.kind === "notification")!;
  const servers = result.levels[0].real.servers.length;
  const extra = totals[totals.length - 1].wireMessages - totals[totals.length - 1].simulatedMessages;
  return [
    `The two columns count different things. The simulator's envelope tokens are the lesson-6 estimate: a fixed cost per ` +
      `message plus the words of its body. The wire's bytes are what the SDK wrote to the pipe, JSON with every key and ` +
      `bracket, and a newline. Across the four levels one envelope token stands for ${low.toFixed(1)} to ${high.toFixed(1)} bytes.`,
    `The wire also has ${plural(extra, "message")} more at level ${full.level}. The simulated handshake is one question and one answer per server; ` +
      `MCP's is ${code("initialize")}, its response, the ${code("notifications/initialized")} notification, ${code("tools/list")} and its response` +
      (extra === 3 * servers
        ? `: for ${plural(servers, "server")} that is ${plural(notification.wireMessages, "notification")} of ${n(notification.wireBytes)} bytes, and one more request and response each.`
        : `, and the calls themselves differ by ${plural(extra - 3 * servers, "message")}.`),
  ].join("\n\n");
}

/** A reading of the per-method table. */
export function readMethods(result: WireLessonResult): string {
  const byName = new Map(result.methods.map((row) => [row.method, row]));
  const list = byName.get("tools/list");
  const call = byName.get("tools/call");
  if (!list || !call) return "";
  const total = result.methods.reduce((sum, row) => sum + row.bytes, 0);
  const setup = total - call.bytes;
  return (
    `A ${code("tools/list")} exchange averages ${ratio(list.bytes, list.messages)} bytes a message, a ${code("tools/call")} exchange ${ratio(call.bytes, call.messages)}. ` +
    `Here the setup (${code("initialize")}, the notification and ${code("tools/list")}) is ${n(setup)} of ${n(total)} bytes, ` +
    `${Math.round((setup * 100) / total)}%, because twelve short tasks make few calls per server. A client that stays connected pays the setup once.`
  );
}

/** A reading of the malformed calls over the real paths. */
export function readWireMalformed(result: WireLessonResult): string {
  const { malformed: same, malformedTotal: total } = agreement(result);
  const verdict =
    same === total
      ? `All ${total} answers are the simulator's, to the character: the same channel and the same text.`
      : `${same} of ${total} answers are the simulator's, to the character; the table names the others.`;
  return (
    `${verdict} That is by construction, not by luck: the real servers answer with the simulator's own path code ` +
    `(${code("createRawServer")}, ${code("createValidatingServer")}), and an error response from it becomes the SDK's ${code("McpError")} ` +
    `with the same code and message. What the wire adds is the client's side: the SDK turns an error response into a thrown ` +
    `${code("ProtocolError")} with that code and message, the client writes it ${code("MCP error <code>: <message>")} as lesson 8's client does, ` +
    `and maps that throw and an ${code("isError")} result onto one outcome.`
  );
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
    `Stray output behaves as the source experiment reported. A newline-terminated stray line is one unparsable line for the client, ` +
      `${plural(line.real.transportErrors, "transport error")} in ${plural(line.real.toolCalls, "call")}, and no call fails. Stray text without a newline ` +
      `is glued to the next response, so that response never parses: ${plural(raw.real.toolCalls, "call")}, ${plural(wireTimeouts(raw.real), "timeout")}, no answer.`,
  ].join("\n\n");
}

/** A reading of the time table. */
export function readTime(result: WireLessonResult): string {
  const slow = agent(result, "slow", "thorough");
  const raw = agent(result, "stdout-unterminated", "thorough");
  return [
    `Real time cannot go into a table that must read the same on every run, so this one prints only what time decides. ` +
      `In the source experiment the slow tool slept ${LATENCY_MICROS.slowTool / 1_000_000} s against a client that waited ${LATENCY_MICROS.clientTimeout / 1_000_000} s. ` +
      `This lesson keeps that ratio and scales both by ${result.scale}: the tool sleeps ${n(result.slowMs)} ms and the client waits ${n(result.timeoutMs)} ms.`,
    `A timed-out call can never return sooner than the timeout, so each timeout is a lower bound on real time spent: ` +
      `${n(wireTimeouts(slow.real) * result.timeoutMs)} ms for the thorough agent under the slow tool, ${n(wireTimeouts(raw.real) * result.timeoutMs)} ms under stray text. ` +
      `The simulator's virtual clock charged the same calls ${n(slow.simulated.callMicros / 1000)} ms and ${n(raw.simulated.callMicros / 1000)} ms, at the experiment's own scale. ` +
      `For warm calls and start-up, measured, run ${code("npm run bench")}: it sets this server and client beside a bare pipe between two Node processes.`,
  ].join("\n\n");
}

/** The summary's bullet points. */
export function summarizeWire(result: WireLessonResult): string {
  const { levels: levelsSame, agents: agentsSame, malformed: malformedSame, malformedTotal } = agreement(result);
  const totals = result.kinds.map(levelTotals);
  const full = totals[totals.length - 1];
  return [
    `- Lesson 6's twelve tasks give the simulator's counts over the wire at ${levelsSame} of ${result.levels.length} levels: ` +
      `the four declaration levels are ${listing(LEVELS.map((name) => code(name)))}, carried by ${code("inputSchema")}, ${code("annotations")} and ${code("serverInfo.version")}.`,
    `- At the full level the run is ${n(full.simulatedTokens)} envelope tokens in the simulator and ${n(full.wireBytes)} bytes on the wire, ` +
      `${ratio(full.wireBytes, full.simulatedTokens)} bytes a token, in ${full.wireMessages} messages against ${full.simulatedMessages}.`,
    `- ${malformedSame} of ${malformedTotal} answers to the malformed calls and ${agentsSame} of ${result.agents.length} agent runs come out as the simulator said, faults included` +
      (malformedSame === malformedTotal && agentsSame === result.agents.length ? ": on this boundary the simulation was a faithful model." : "."),
    `- What the simulator only assumed, the wire shows: real processes, real bytes, and a timeout that costs real time.`,
  ].join("\n");
}
