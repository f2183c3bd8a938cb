/**
 * Lesson 8's scripted agents over the real wire: each condition of the experiment becomes a real
 * `mcp-course serve fleet` process and a real client with the condition's options.
 *
 * The fleet's agents run against the real fleet server under each fault, so the outcome per
 * condition can be held against the simulator's. Source: seed document 000 (conditions, faults, the 3 s
 * slow tool against a 1.5 s client timeout). The agents and their turn count are the simulator's
 * own (`fleet/agents.ts`, `cappedRun` through `driveAgentAsync` in `fleet/runAgents.ts`); only the calls
 * travel. Conditions map onto real servers as follows:
 * - `direct`: no server; the handlers in-process (`callDirect`), as in the simulator;
 * - path `raw` / `validating`: `--path`;
 * - fault `slow`: `--fault slow --slow-ms` the seed's 3 s, and a client timeout of the seed's
 *   1.5 s, both times {@link WIRE_TIME_SCALE}; `stdout-unterminated` gets the seed's 1.5 s
 *   unscaled ({@link UNTERMINATED_TIMEOUT_MS}), the other conditions the SDK's default
 *   ({@link TIMED_FAULTS});
 * - fault `crash`: `--fault crash:6` (`CRASH_ON_CALL`); `explainCrash` → the client's `explained`
 *   mode, `restart` → its `restart` mode;
 * - fault `stdout-line` → `--fault noisy-line`; `stdout-unterminated` → `--fault noisy-raw`.
 */
import { performance } from "node:perf_hooks";
import { AGENT_POLICIES, type AgentPolicy } from "../fleet/agents";
import {
  CONDITIONS,
  CRASH_ON_CALL,
  LATENCY_MICROS,
  SERVE_FAULT_OF,
  type Condition,
  type Fault,
} from "../fleet/conditions";
import { generateFleet } from "../fleet/generator";
import { solveTask, type TaskTruth } from "../fleet/groundTruth";
import { callDirect, type ToolOutcome } from "../fleet/paths";
import {
  driveAgentAsync,
  runAgent,
  type AgentOutcome,
  type AgentRunRecord,
  type AgentVerdict,
} from "../fleet/runAgents";
import { createFleetHandlers } from "../fleet/tools";
import type { TrafficCounts } from "./trafficCounts";
import type { ServeFaultWord, ServeSpec } from "./serveCommand";
import { WireConnection, type ServerEvent, type WireClientOptions } from "./connection";

/**
 * Real time per unit of the seed's time for the slow fault: the server sleeps
 * `LATENCY_MICROS.slowTool` × this (3 s × 0.2 = 600 ms) and the client gives up after
 * `LATENCY_MICROS.clientTimeout` × this (1.5 s × 0.2 = 300 ms), keeping the seed's ratio of 2
 * (seed document 000: "sleeps 3 s; the client waits 1.5 s"). This project's choice: small enough
 * to keep the whole wire matrix within seconds, large enough that a warm call (well under a
 * millisecond on an idle machine, seed document 000's probe) never nears the timeout on a loaded one.
 */
export const WIRE_TIME_SCALE = 0.2;

/**
 * The faults whose outcome a client timeout decides, and so the only conditions run with the
 * scaled timeout: the slow tool, and stray text that makes every response unreadable (seed
 * document 000, faults table). Every other condition keeps the SDK's default timeout, as the
 * seed's other conditions did, so a loaded machine cannot turn a healthy call into a timeout.
 */
export const TIMED_FAULTS: readonly Fault[] = ["slow", "stdout-unterminated"];

/**
 * The client's timeout under `stdout-unterminated`, ms: lesson 8's 1.5 s itself, not scaled by
 * {@link WIRE_TIME_SCALE}. Every call there waits out the timeout whatever its length (no response
 * can be read), so the length changes no outcome. What it must leave is time for a server on a
 * busy machine to read each request before the client's `notifications/cancelled` follows it: a
 * server that reads the two together drops the response, as a server SHOULD for a cancelled
 * request (2026-07-28 `basic/patterns/cancellation`, "Behavior Requirements"), and the stray line
 * that comes with a response goes too. At the scaled 300 ms, a loaded two-core machine sometimes
 * read them together.
 */
export const UNTERMINATED_TIMEOUT_MS = LATENCY_MICROS.clientTimeout / 1000;

/** What a condition becomes on the wire: the server to start (none for `direct`) and the client's options. */
export interface WireSetup {
  spec: ServeSpec | undefined;
  options: WireClientOptions;
}

/**
 * The server and client options for one of lesson 8's conditions. `direct` starts no server.
 * Every other condition starts `serve fleet` at the full level on the condition's path; its
 * fault (slow tool, crash, stray output) is the server's, while the timeout, the restart and the
 * plain message about a server that is gone are the client's. The slow tool's sleep and the
 * client's timeout are lesson 8's 3 s and 1.5 s, both multiplied by `scale`; under stray
 * unterminated text the timeout is {@link UNTERMINATED_TIMEOUT_MS}, unscaled.
 *
 * @param seed the fleet's seed, passed to the server as `--seed`.
 * @param scale real time per unit of lesson 8's time; default {@link WIRE_TIME_SCALE}.
 */
export function wireSetup(
  condition: Condition,
  seed: number,
  scale: number = WIRE_TIME_SCALE,
): WireSetup {
  if (condition.path === "direct") return { spec: undefined, options: {} };
  const spec: ServeSpec = { server: "fleet", level: 3, seed, path: condition.path };
  if (condition.fault !== "none") spec.fault = SERVE_FAULT_OF[condition.fault] as ServeFaultWord;
  if (condition.fault === "crash") spec.crashOn = CRASH_ON_CALL;
  if (condition.fault === "slow") {
    spec.slowMs = Math.round((LATENCY_MICROS.slowTool / 1000) * scale);
  }
  const options: WireClientOptions = {
    restart: condition.restart,
    explained: condition.explainCrash,
  };
  if (condition.fault === "stdout-unterminated") options.timeoutMs = UNTERMINATED_TIMEOUT_MS;
  else if (TIMED_FAULTS.includes(condition.fault)) {
    options.timeoutMs = Math.round((LATENCY_MICROS.clientTimeout / 1000) * scale);
  }
  return { spec, options };
}

/** What one agent run did on the wire: the simulator's outcome columns, then the wire's measures. */
export interface WireAgentRecord extends AgentOutcome {
  /** The traffic, from the client's side; null on `direct`. */
  traffic: TrafficCounts | null;
  /** Each call's wall time, ms, in call order. */
  callMillis: number[];
  /** Each server start (spawn → `tools/list`), ms; a restart adds one; empty on `direct`. */
  startMillis: number[];
  /** The server's stderr events, process after process. */
  events: ServerEvent[];
}

/**
 * Runs one policy on one condition against a fresh real server (or in-process for `direct`),
 * and always ends the server.
 *
 * @param seed the fleet's seed (the server generates the same fleet).
 * @param truth the fleet's ground truth; default `solveTask(generateFleet(seed))`.
 * @param open how the connection to the condition's server is opened; default the real client
 *   on stdio (`WireConnection.open`, which spawns it). Another (the same client over Streamable
 *   HTTP, to a server already listening) goes here.
 */
export async function runWireAgent(
  seed: number,
  condition: Condition,
  policy: AgentPolicy,
  truth: TaskTruth = solveTask(generateFleet(seed)),
  scale: number = WIRE_TIME_SCALE,
  open: (spec: ServeSpec, options: WireClientOptions) => Promise<WireConnection> = (
    spec,
    options,
  ) => WireConnection.open(spec, options),
): Promise<WireAgentRecord> {
  const { spec, options } = wireSetup(condition, seed, scale);
  const base = { condition: condition.name, policy: policy.name };
  if (!spec) {
    const handlers = createFleetHandlers(generateFleet(seed));
    const callMillis: number[] = [];
    let errors = 0;
    const verdict = await driveAgentAsync(policy, truth, async (call): Promise<ToolOutcome> => {
      const started = performance.now();
      const outcome = callDirect(handlers, call);
      callMillis.push(performance.now() - started);
      if (outcome.isError) errors += 1;
      return outcome;
    });
    return {
      ...base,
      ...verdict,
      toolCalls: callMillis.length,
      toolErrors: errors,
      restarts: 0,
      transportErrors: 0,
      traffic: null,
      callMillis,
      startMillis: [],
      events: [],
    };
  }
  const connection = await open(spec, options);
  let verdict: AgentVerdict;
  let events: ServerEvent[];
  try {
    verdict = await driveAgentAsync(policy, truth, (call) => connection.callTool(call));
  } finally {
    events = await connection.close();
  }
  const stats = connection.stats();
  const traffic = connection.traffic();
  return {
    ...base,
    ...verdict,
    toolCalls: stats.calls,
    toolErrors: stats.errors,
    restarts: stats.restarts,
    transportErrors: traffic.transportErrors,
    traffic,
    callMillis: stats.callMillis,
    startMillis: stats.startMillis,
    events,
  };
}

/** Every condition × policy on the wire, conditions outermost, one run at a time (table order, as `runMatrix`). */
export async function runWireMatrix(
  seed: number,
  conditions: readonly Condition[] = CONDITIONS,
  policies: readonly AgentPolicy[] = AGENT_POLICIES,
  scale: number = WIRE_TIME_SCALE,
): Promise<WireAgentRecord[]> {
  const truth = solveTask(generateFleet(seed));
  const records: WireAgentRecord[] = [];
  for (const condition of conditions)
    for (const policy of policies)
      records.push(await runWireAgent(seed, condition, policy, truth, scale));
  return records;
}

/** One condition and policy: the simulator's run and the real one. */
export interface AgentComparison {
  condition: string;
  policy: string;
  simulated: AgentRunRecord;
  real: WireAgentRecord;
}

/** The simulator's `runAgent` and {@link runWireAgent} for every condition × policy, in table order. */
export async function compareAgentRuns(
  seed: number,
  conditions: readonly Condition[] = CONDITIONS,
  policies: readonly AgentPolicy[] = AGENT_POLICIES,
  scale: number = WIRE_TIME_SCALE,
): Promise<AgentComparison[]> {
  const fleet = generateFleet(seed);
  const truth = solveTask(fleet);
  const rows: AgentComparison[] = [];
  for (const condition of conditions) {
    for (const policy of policies) {
      const simulated = runAgent(fleet, truth, condition, policy);
      rows.push({
        condition: condition.name,
        policy: policy.name,
        simulated,
        real: await runWireAgent(seed, condition, policy, truth, scale),
      });
    }
  }
  return rows;
}
