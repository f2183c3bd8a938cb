/**
 * Running an agent on one condition, and the whole matrix of conditions × policies.
 *
 * Source: seed document 000, "Experiment design" (a turn cap of 40; a run is graded from its final
 * answer) and its results table (the columns of a {@link AgentRunRecord}). A turn is one batch of
 * calls, and the final answer is a turn of its own, as a model's last message is.
 */
import { AGENT_POLICIES, type AgentPolicy } from "./agents";
import { FleetClient } from "./client";
import { CONDITIONS, type Condition } from "./conditions";
import type { Fleet } from "./generator";
import { gradeAnswer, type TaskTruth } from "./groundTruth";
import type { ToolCall, ToolOutcome } from "./paths";
import type { EnvelopeCounts } from "../sim/envelope";

/** The most turns a run may take. Source: seed document 000 ("40-turn cap"). */
export const TURN_CAP = 40;

/**
 * How one run of a policy on a condition ended, whatever carried its calls: the columns the
 * simulator's run ({@link AgentRunRecord}) and a run over the real wire (`WireAgentRecord`) share.
 */
export interface AgentOutcome {
  condition: string;
  policy: string;
  /** The final answer, `X vs Y`, or null for none (gave up, or hit the turn cap). */
  answer: string | null;
  correct: boolean;
  /** Batches of calls plus the final answer's turn. */
  turns: number;
  toolCalls: number;
  toolErrors: number;
  restarts: number;
  /** Stray stdout lines the client could not parse. */
  transportErrors: number;
}

/** What one run did in the simulator. Times are virtual. */
export interface AgentRunRecord extends AgentOutcome {
  /** Messages that crossed the boundary and their envelope tokens (all zero on `direct`). */
  envelope: EnvelopeCounts;
  /** Bytes of those messages, each its JSON text and one newline (0 on `direct`). */
  bytes: number;
  /** Virtual time in tool calls, µs (startup excluded). */
  callMicros: number;
  /** Virtual server startup, µs (0 on `direct`). */
  startupMicros: number;
}

/** How a policy's run ended: its answer (null for none), graded, and the turns it took. */
export interface AgentVerdict {
  answer: string | null;
  correct: boolean;
  /** Batches of calls plus the final answer's turn (no answer turn when the cap was hit). */
  turns: number;
}

/** A run under the turn cap in progress: yields each turn's calls, receives their outcomes in order. */
export type CappedRun = Generator<
  readonly ToolCall[],
  { answer: string | null; turns: number },
  readonly ToolOutcome[]
>;

/**
 * A policy's run under {@link TURN_CAP}, counting turns: it neither calls nor grades. The
 * simulator drives it synchronously ({@link driveAgent}); the real client drives it over stdio
 * (`wireClient/agents.ts`, through {@link driveAgentAsync}). One count of turns, two drivers.
 */
export function* cappedRun(policy: AgentPolicy): CappedRun {
  const agent = policy.start();
  let turns = 0;
  let step = agent.next([]);
  while (!step.done) {
    turns += 1;
    // The cap's last turn went on calls instead of an answer: the run ends there, unanswered.
    if (turns >= TURN_CAP) return { answer: null, turns };
    const outcomes: readonly ToolOutcome[] = yield step.value;
    step = agent.next(outcomes);
  }
  return { answer: step.value, turns: turns + 1 };
}

/**
 * Runs a policy synchronously, each call through `call` in the order the agent wrote them, and
 * grades its answer against `truth`.
 */
export function driveAgent(
  policy: AgentPolicy,
  truth: TaskTruth,
  call: (call: ToolCall) => ToolOutcome,
): AgentVerdict {
  const run = cappedRun(policy);
  let step = run.next([]);
  while (!step.done) step = run.next(step.value.map(call));
  return {
    answer: step.value.answer,
    correct: gradeAnswer(truth, step.value.answer),
    turns: step.value.turns,
  };
}

/**
 * {@link driveAgent}, for a `call` that answers later: the calls of a turn are sent one at a time
 * (each awaited before the next), so a server sees them in the order the simulator does.
 */
export async function driveAgentAsync(
  policy: AgentPolicy,
  truth: TaskTruth,
  call: (call: ToolCall) => Promise<ToolOutcome>,
): Promise<AgentVerdict> {
  const run = cappedRun(policy);
  let step = run.next([]);
  while (!step.done) {
    const outcomes: ToolOutcome[] = [];
    for (const each of step.value) outcomes.push(await call(each));
    step = run.next(outcomes);
  }
  return {
    answer: step.value.answer,
    correct: gradeAnswer(truth, step.value.answer),
    turns: step.value.turns,
  };
}

/**
 * Runs one policy on one condition against a fresh connection.
 *
 * @param truth the fleet's ground truth (see `solveTask`), to grade the answer.
 * @param observe called with each call's outcome, in the order the agent reads them.
 */
export function runAgent(
  fleet: Fleet,
  truth: TaskTruth,
  condition: Condition,
  policy: AgentPolicy,
  observe?: (outcome: ToolOutcome) => void,
): AgentRunRecord {
  const client = new FleetClient(fleet, condition);
  const { answer, correct, turns } = driveAgent(policy, truth, (call) => {
    const outcome = client.callTool(call);
    observe?.(outcome);
    return outcome;
  });
  const stats = client.stats();
  return {
    condition: condition.name,
    policy: policy.name,
    answer,
    correct,
    turns,
    toolCalls: stats.calls,
    toolErrors: stats.errors,
    restarts: stats.restarts,
    transportErrors: stats.transportErrors,
    envelope: stats.envelope,
    bytes: stats.bytes,
    callMicros: stats.callMicros,
    startupMicros: stats.startupMicros,
  };
}

/**
 * Every condition × policy, conditions outermost, in table order.
 *
 * @param observe called with each call's outcome, and the run it belongs to ({@link runAgent}).
 */
export function runMatrix(
  fleet: Fleet,
  truth: TaskTruth,
  conditions: readonly Condition[] = CONDITIONS,
  policies: readonly AgentPolicy[] = AGENT_POLICIES,
  observe?: (condition: Condition, policy: AgentPolicy, outcome: ToolOutcome) => void,
): AgentRunRecord[] {
  const records: AgentRunRecord[] = [];
  for (const condition of conditions)
    for (const policy of policies) {
      const seen = observe && ((outcome: ToolOutcome) => observe(condition, policy, outcome));
      records.push(runAgent(fleet, truth, condition, policy, seen));
    }
  return records;
}
