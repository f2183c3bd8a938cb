// On healthy paths the thorough agent finds the true answer around the 10-row cap with the three tools only, and the shortcut agent gives the shortcut answer, for every seed tried.
import assert from "node:assert/strict";
import { test } from "node:test";
import { AGENT_POLICIES, MAX_RETRIES, SHORTCUT, THOROUGH, type AgentPolicy } from "../../src/fleet/agents";
import { MAX_ROWS } from "../../src/fleet/catalog";
import { FleetClient, LOCAL_FAILURES, NOT_CONNECTED, SERVER_GONE } from "../../src/fleet/client";
import { findCondition, type Condition } from "../../src/fleet/conditions";
import { generateFleet, type Fleet } from "../../src/fleet/generator";
import { gradeAnswer, solveTask } from "../../src/fleet/groundTruth";
import type { ToolCall, ToolOutcome } from "../../src/fleet/paths";
import { runAgent, TURN_CAP } from "../../src/fleet/runAgents";
import { FLEET_TOOL_NAMES } from "../../src/fleet/tools";
import { DEFAULT_SEED } from "../../src/sim/seed";

const SEEDS = [DEFAULT_SEED, ...Array.from({ length: 200 }, (_, k) => k)];
const HEALTHY = ["direct", "raw", "validating"].map((name) => findCondition(name)!);

/** Runs a policy against a fresh client, keeping every batch it sent. */
function drive(
  fleet: Fleet,
  condition: Condition,
  policy: AgentPolicy,
): { batches: ToolCall[][]; answer: string | null; client: FleetClient } {
  const client = new FleetClient(fleet, condition);
  const agent = policy.start();
  const batches: ToolCall[][] = [];
  let step = agent.next([]);
  while (!step.done) {
    assert.ok(batches.length < TURN_CAP, `${policy.name} on ${condition.name} does not stop`);
    batches.push([...step.value]);
    step = agent.next(step.value.map((call) => client.callTool(call)));
  }
  return { batches, answer: step.value, client };
}

test("the policies are the shortcut and the thorough one, in table order", () => {
  assert.deepEqual(
    AGENT_POLICIES.map((p) => p.name),
    ["shortcut", "thorough"],
  );
  assert.equal(AGENT_POLICIES[0], SHORTCUT);
  assert.equal(AGENT_POLICIES[1], THOROUGH);
});

test(`healthy paths, ${SEEDS.length} seeds: thorough answers the ground truth, shortcut the shortcut answer, graded wrong`, () => {
  for (const seed of SEEDS) {
    const fleet = generateFleet(seed);
    const truth = solveTask(fleet);
    assert.notEqual(truth.answer, truth.shortcut.answer, `seed ${seed}: the task is worth asking`);
    for (const condition of HEALTHY) {
      const thorough = runAgent(fleet, truth, condition, THOROUGH);
      assert.equal(thorough.answer, truth.answer, `seed ${seed} ${condition.name} thorough`);
      assert.equal(thorough.correct, true);
      assert.equal(thorough.toolErrors, 0);
      const shortcut = runAgent(fleet, truth, condition, SHORTCUT);
      assert.equal(shortcut.answer, truth.shortcut.answer, `seed ${seed} ${condition.name} shortcut`);
      assert.equal(shortcut.correct, false);
      assert.equal(gradeAnswer(truth, shortcut.answer), false);
      assert.deepEqual([shortcut.toolCalls, shortcut.turns, shortcut.toolErrors], [2, 3, 0]);
    }
  }
});

test(`thorough uses only the three tools, never asks top_devices for more than ${MAX_ROWS} rows, and never errs (${SEEDS.length} seeds)`, () => {
  const direct = findCondition("direct")!;
  for (const seed of SEEDS) {
    const fleet = generateFleet(seed);
    const { batches, answer, client } = drive(fleet, direct, THOROUGH);
    assert.equal(answer, solveTask(fleet).answer, `seed ${seed}`);
    for (const batch of batches) {
      assert.ok(batch.length > 0, "no empty turn");
      for (const call of batch) {
        assert.ok((FLEET_TOOL_NAMES as readonly string[]).includes(call.name), call.name);
        if (call.name === "top_devices") {
          const limit = call.arguments.limit;
          assert.ok(
            Number.isInteger(limit) && (limit as number) >= 1 && (limit as number) <= MAX_ROWS,
            `seed ${seed}: limit ${String(limit)}`,
          );
        }
      }
    }
    assert.equal(client.stats().errors, 0);
    // It fetched the winner's record and its model's risk leader in the last turn.
    assert.deepEqual(
      batches.at(-1)!.map((c) => c.name),
      ["get_device", "top_devices"],
    );
  }
});

test("the shortcut agent ranks raw downtime under 500 hours, then asks for its model's risk leader", () => {
  const fleet = generateFleet(DEFAULT_SEED);
  const truth = solveTask(fleet);
  const { batches, answer } = drive(fleet, findCondition("direct")!, SHORTCUT);
  assert.deepEqual(batches, [
    [{ name: "top_devices", arguments: { field: "downtime_min", max_hours: 500, limit: 1 } }],
    [{ name: "top_devices", arguments: { field: "risk_score", model: truth.shortcut.device.model, limit: 1 } }],
  ]);
  assert.equal(answer, truth.shortcut.answer);
});

/** A successful outcome for a call, from a healthy direct connection. */
function ok(fleet: Fleet, call: ToolCall): ToolOutcome {
  return new FleetClient(fleet, findCondition("direct")!).callTool(call);
}

const TIMED_OUT: ToolOutcome = { isError: true, channel: "client", text: LOCAL_FAILURES.timedOut };

test(`a failed call is reissued unchanged, at most ${MAX_RETRIES} times, then the agent gives up`, () => {
  for (const failure of [TIMED_OUT, { isError: true, channel: "client", text: NOT_CONNECTED } as ToolOutcome]) {
    const agent = SHORTCUT.start();
    const first = agent.next([]);
    assert.equal(first.done, false);
    const call = first.value as readonly ToolCall[];
    let step = agent.next([failure]);
    for (let retry = 1; retry <= MAX_RETRIES; retry++) {
      assert.equal(step.done, false, `retry ${retry}`);
      assert.deepEqual(step.value, call, "the same call again");
      step = agent.next([failure]);
    }
    assert.deepEqual(step, { done: true, value: null });
  }
});

test("an error saying the server is gone ends the run at once, with no retry", () => {
  const agent = SHORTCUT.start();
  agent.next([]);
  assert.deepEqual(agent.next([{ isError: true, channel: "client", text: SERVER_GONE }]), { done: true, value: null });
});

test("only the failed calls of a turn are reissued; the others' results are kept", () => {
  const fleet = generateFleet(DEFAULT_SEED);
  const agent = THOROUGH.start();
  const opening = agent.next([]).value as readonly ToolCall[];
  assert.deepEqual(
    opening.map((c) => c.name),
    ["count_devices", "top_devices"],
  );
  const retry = agent.next([ok(fleet, opening[0]), TIMED_OUT]);
  assert.equal(retry.done, false);
  assert.deepEqual(retry.value, [opening[1]]);
  const next = agent.next([ok(fleet, opening[1])]);
  assert.equal(next.done, false);
  // The opening is complete: the agent moves on to paging bands, two pages per band.
  const wave = next.value as readonly ToolCall[];
  assert.ok(wave.length > 0 && wave.length % 2 === 0);
  assert.ok(wave.every((c) => c.name === "top_devices" && c.arguments.limit === MAX_ROWS));
});

test("the thorough agent, when it gives up after the opening, names the raw-downtime leader and no risk leader", () => {
  const fleet = generateFleet(DEFAULT_SEED);
  const truth = solveTask(fleet);
  const agent = THOROUGH.start();
  const opening = agent.next([]).value as readonly ToolCall[];
  let step = agent.next(opening.map((call) => ok(fleet, call)));
  for (let k = 0; k <= MAX_RETRIES; k++) {
    assert.equal(step.done, false);
    step = agent.next((step.value as readonly ToolCall[]).map(() => TIMED_OUT));
  }
  assert.deepEqual(step, { done: true, value: `${truth.shortcut.device.device_id} vs unknown` });
});

test("every policy is deterministic: the same fleet gives the same batches", () => {
  const fleet = generateFleet(7);
  for (const policy of AGENT_POLICIES) {
    const a = drive(fleet, findCondition("validating")!, policy);
    const b = drive(fleet, findCondition("validating")!, policy);
    assert.deepEqual(a.batches, b.batches);
    assert.equal(a.answer, b.answer);
  }
});
