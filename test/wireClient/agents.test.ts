// The two scripted agents against the real fleet server (real `mcp-course serve fleet` processes and the SDK's
// client): under every condition, the answer, the turns, the tool calls, the errors, the restarts and the transport
// errors are the simulator's, and no process outlives the test.
import assert from "node:assert/strict";
import { test } from "node:test";
import { AGENT_POLICIES } from "../../src/fleet/agents";
import { CONDITIONS } from "../../src/fleet/conditions";
import type { AgentOutcome } from "../../src/fleet/runAgents";
import { DEFAULT_SEED } from "../../src/sim/seed";
import { compareAgentRuns } from "../../src/wireClient/agents";
import { children } from "./serveChildren";

const SEED = DEFAULT_SEED;

/** What the two runs must agree on (the rest, events and times, differs by nature). */
const COMPARED = ["answer", "correct", "turns", "toolCalls", "toolErrors", "restarts", "transportErrors"] as const;

test("the agents against the real fleet server: answer, correct, turns, tool calls, tool errors, restarts and transport errors equal the simulator's under every condition", async () => {
  // Under stray unterminated text every call waits out the client's timeout, so those runs, one per
  // policy, go on beside the others, as lesson 9's run does; the rest run one at a time, in order.
  const waiting = CONDITIONS.filter((condition) => condition.fault === "stdout-unterminated");
  const others = CONDITIONS.filter((condition) => !waiting.includes(condition));
  const runs = await Promise.all([
    compareAgentRuns(SEED, others),
    ...AGENT_POLICIES.map((policy) => compareAgentRuns(SEED, waiting, [policy])),
  ]);
  const rows = runs.flat();
  assert.equal(rows.length, 18);
  const pick = (r: AgentOutcome) => Object.fromEntries(COMPARED.map((field) => [field, r[field]]));
  for (const { condition, policy, simulated, real } of rows) {
    assert.deepEqual(pick(real), pick(simulated), `${condition} ${policy}`);
    if (condition === "direct") continue;
    const stopping = real.events.filter((event) => event.event === "stopping");
    assert.equal(
      stopping.at(-1)?.reason,
      condition.startsWith("crash") && policy === "thorough" && condition !== "crash-restart"
        ? "crash"
        : "end of input",
      `${condition} ${policy}`,
    );
    assert.equal(real.startMillis.length, 1 + real.restarts);
  }
  const thorough = (name: string) => rows.find((r) => r.condition === name && r.policy === "thorough")!.real;
  assert.ok(thorough("crash-explained").events.length > 0);
  assert.equal(
    thorough("slow").traffic!.sent.byMethod["notifications/cancelled"]?.messages,
    1,
    "a timed-out call is cancelled",
  );
  assert.deepEqual(children(), []);
});
