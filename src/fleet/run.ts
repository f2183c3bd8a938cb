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
import type { EnvelopeCounts } from "../sim/envelope";

/** The most turns a run may take. Source: seed document 000 ("40-turn cap"). */
export const TURN_CAP = 40;

/** What one run did. Times are virtual. */
export interface AgentRunRecord {
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
  /** Messages that crossed the boundary and their envelope tokens (all zero on `direct`). */
  envelope: EnvelopeCounts;
  /** Virtual time in tool calls, µs (startup excluded). */
  callMicros: number;
  /** Virtual server startup, µs (0 on `direct`). */
  startupMicros: number;
}

/**
 * Runs one policy on one condition against a fresh connection.
 *
 * @param truth the fleet's ground truth (see `solveTask`), to grade the answer.
 */
export function runAgent(fleet: Fleet, truth: TaskTruth, condition: Condition, policy: AgentPolicy): AgentRunRecord {
  const client = new FleetClient(fleet, condition);
  const agent = policy.start();
  let turns = 0;
  let capped = false;
  let step = agent.next([]);
  while (!step.done) {
    turns += 1;
    if (turns >= TURN_CAP) {
      // The cap's last turn went on calls instead of an answer: the run ends there, unanswered.
      capped = true;
      step = { done: true, value: null };
      break;
    }
    step = agent.next(step.value.map((call) => client.callTool(call)));
  }
  const answer = step.value;
  const stats = client.stats();
  return {
    condition: condition.name,
    policy: policy.name,
    answer,
    correct: gradeAnswer(truth, answer),
    turns: capped ? turns : turns + 1,
    toolCalls: stats.calls,
    toolErrors: stats.errors,
    restarts: stats.restarts,
    transportErrors: stats.transportErrors,
    envelope: stats.envelope,
    callMicros: stats.callMicros,
    startupMicros: stats.startupMicros,
  };
}

/** Every condition × policy, conditions outermost, in table order. */
export function runMatrix(fleet: Fleet, truth: TaskTruth, conditions: readonly Condition[] = CONDITIONS, policies: readonly AgentPolicy[] = AGENT_POLICIES): AgentRunRecord[] {
  const records: AgentRunRecord[] = [];
  for (const condition of conditions) for (const policy of policies) records.push(runAgent(fleet, truth, condition, policy));
  return records;
}
