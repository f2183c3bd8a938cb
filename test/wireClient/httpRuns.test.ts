// Lesson 6's twelve tasks and lesson 8's two agents over Streamable HTTP, in both eras and both connection modes,
// end as they end over stdio: the same outcome for every task and every agent.
import assert from "node:assert/strict";
import { test } from "node:test";
import { AGENT_POLICIES } from "../../src/fleet/agents";
import { CONDITIONS } from "../../src/fleet/conditions";
import { generateFleet } from "../../src/fleet/generator";
import { solveTask } from "../../src/fleet/groundTruth";
import { knownDiscover } from "../../src/server/knownDiscover";
import { DEFAULT_SEED } from "../../src/sim/seed";
import { runWireAgent, type WireAgentRecord } from "../../src/wireClient/agents";
import { HTTP_CONNECTION_MODES } from "../../src/wireClient/httpFetch";
import { runWireTasks } from "../../src/wireClient/tasks";
import { httpServers } from "../../src/wireClient/httpServe";

const SEED = DEFAULT_SEED;

for (const era of ["legacy", "stateless"] as const)
  for (const mode of HTTP_CONNECTION_MODES)
    test(`lesson 6 over HTTP (${era}, ${mode}): every task's outcome and the run's counts as over stdio`, async () => {
      const servers = httpServers();
      try {
        for (const level of [0, 3] as const) {
          const options = { era, discover: knownDiscover };
          const stdio = await runWireTasks(SEED, level, options);
          const http = await runWireTasks(SEED, level, {
            ...options,
            open: (spec, o) => servers.open(spec, { ...o, httpConnection: mode }),
          });
          assert.deepEqual(http.outcomes, stdio.outcomes, `level ${level}`);
          const { negotiated, dropped, calls, failed, completed, blocked, written, failures } = stdio;
          assert.deepEqual(
            { negotiated, dropped, calls, failed, completed, blocked, written, failures },
            {
              negotiated: http.negotiated,
              dropped: http.dropped,
              calls: http.calls,
              failed: http.failed,
              completed: http.completed,
              blocked: http.blocked,
              written: http.written,
              failures: http.failures,
            },
          );
          // The same messages went both ways; over HTTP each sent one is a POST.
          assert.deepEqual(http.traffic.sent.byKind, stdio.traffic.sent.byKind);
          const exchanges = http.traffic.http!.total.exchanges - (http.traffic.http!.byMethod["(GET)"]?.exchanges ?? 0);
          assert.equal(exchanges, http.traffic.sent.total.messages);
        }
      } finally {
        await servers.close();
      }
    });

/** An agent's outcome columns, the same on every transport. */
function outcome(record: WireAgentRecord) {
  const { condition, policy, answer, correct, turns, toolCalls, toolErrors, restarts, transportErrors } = record;
  return { condition, policy, answer, correct, turns, toolCalls, toolErrors, restarts, transportErrors };
}

for (const mode of HTTP_CONNECTION_MODES)
  test(`lesson 8's two agents over HTTP (${mode}) on the fault-free conditions: the outcomes over stdio`, async () => {
    const truth = solveTask(generateFleet(SEED));
    const servers = httpServers();
    try {
      const conditions = CONDITIONS.filter((condition) => condition.path !== "direct" && condition.fault === "none");
      assert.ok(conditions.length >= 2);
      for (const condition of conditions)
        for (const policy of AGENT_POLICIES) {
          const stdio = await runWireAgent(SEED, condition, policy, truth);
          const http = await runWireAgent(SEED, condition, policy, truth, undefined, (spec, options) =>
            servers.open(spec, { ...options, httpConnection: mode }),
          );
          assert.deepEqual(outcome(http), outcome(stdio), `${condition.name} / ${policy.name}`);
          assert.ok(http.traffic?.http, "counted over HTTP");
        }
    } finally {
      await servers.close();
    }
  });
