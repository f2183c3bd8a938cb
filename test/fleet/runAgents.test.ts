// A run's record is its client's counts plus one answer turn; each fault moves the agents as the seed's faults table says; the matrix is ordered, capped and free of shared state.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  AGENT_POLICIES,
  MAX_RETRIES,
  SHORTCUT,
  THOROUGH,
  type AgentPolicy,
  type AgentRun,
} from "../../src/fleet/agents";
import { FleetClient, SERVER_GONE } from "../../src/fleet/client";
import { CONDITIONS, CRASH_ON_CALL, LATENCY_MICROS, findCondition, type Condition } from "../../src/fleet/conditions";
import { generateFleet, type Fleet } from "../../src/fleet/generator";
import { solveTask } from "../../src/fleet/groundTruth";
import type { ToolCall, ToolOutcome } from "../../src/fleet/paths";
import { runAgent, runMatrix, TURN_CAP, type AgentRunRecord } from "../../src/fleet/runAgents";
import { DEFAULT_SEED } from "../../src/sim/seed";

const fleet = generateFleet(DEFAULT_SEED);
const truth = solveTask(fleet);
const cond = (name: string): Condition => findCondition(name)!;
const run = (name: string, policy: AgentPolicy, f: Fleet = fleet) => runAgent(f, solveTask(f), cond(name), policy);

/** Runs a policy against a fresh client, keeping every batch and its outcomes. */
function drive(f: Fleet, condition: Condition, policy: AgentPolicy) {
  const client = new FleetClient(f, condition);
  const agent = policy.start();
  const batches: ToolCall[][] = [];
  const outcomes: ToolOutcome[][] = [];
  let step = agent.next([]);
  while (!step.done) {
    assert.ok(batches.length < TURN_CAP);
    batches.push([...step.value]);
    outcomes.push(step.value.map((call) => client.callTool(call)));
    step = agent.next(outcomes.at(-1)!);
  }
  return { batches, outcomes, answer: step.value, stats: client.stats() };
}

test("every condition × policy: turns = batches + 1, and the record carries the client's counts", () => {
  for (const condition of CONDITIONS) {
    for (const policy of AGENT_POLICIES) {
      const record = runAgent(fleet, truth, condition, policy);
      const trace = drive(fleet, condition, policy);
      const where = `${condition.name} ${policy.name}`;
      assert.equal(record.condition, condition.name);
      assert.equal(record.policy, policy.name);
      assert.equal(record.answer, trace.answer, where);
      assert.equal(record.correct, trace.answer === truth.answer, where);
      assert.equal(record.turns, trace.batches.length + 1, where);
      assert.equal(record.toolCalls, trace.batches.flat().length, where);
      assert.equal(record.toolErrors, trace.outcomes.flat().filter((o) => o.isError).length, where);
      assert.deepEqual(
        [
          record.toolCalls,
          record.toolErrors,
          record.restarts,
          record.transportErrors,
          record.envelope,
          record.callMicros,
          record.startupMicros,
        ],
        [
          trace.stats.calls,
          trace.stats.errors,
          trace.stats.restarts,
          trace.stats.transportErrors,
          trace.stats.envelope,
          trace.stats.callMicros,
          trace.stats.startupMicros,
        ],
        where,
      );
      assert.ok(record.turns <= TURN_CAP, where);
    }
  }
});

test("healthy paths: the same calls and answers; only the envelope and the clock differ", () => {
  for (const policy of AGENT_POLICIES) {
    const [direct, raw, validating] = ["direct", "raw", "validating"].map((name) => run(name, policy));
    for (const r of [raw, validating])
      assert.deepEqual(
        [r.answer, r.turns, r.toolCalls, r.toolErrors],
        [direct.answer, direct.turns, direct.toolCalls, direct.toolErrors],
      );
    assert.deepEqual(direct.envelope, { request: 0, response: 0, notification: 0, tokens: 0, round_trips: 0 });
    assert.deepEqual([direct.callMicros, direct.startupMicros], [direct.toolCalls * LATENCY_MICROS.directCall, 0]);
    assert.deepEqual(
      [raw.callMicros, raw.startupMicros],
      [raw.toolCalls * LATENCY_MICROS.rawCall, LATENCY_MICROS.rawStartup],
    );
    assert.deepEqual(
      [validating.callMicros, validating.startupMicros],
      [validating.toolCalls * LATENCY_MICROS.validatingCall, LATENCY_MICROS.validatingStartup],
    );
    // Two handshake requests, then one request and one response per call.
    assert.deepEqual(
      [raw.envelope.request, raw.envelope.response, raw.envelope.notification],
      [2 + raw.toolCalls, 2 + raw.toolCalls, 1],
    );
    assert.deepEqual(raw.envelope, validating.envelope);
  }
});

const SOME_SEEDS = [DEFAULT_SEED, 0, 1, 2, 3, 7, 42, 1000, 2 ** 32, 2 ** 53 - 1];

test("crash without restart: thorough is wrong, answers `<shortcut device> vs unknown`, after reissuing the failed calls MAX_RETRIES times", () => {
  for (const seed of SOME_SEEDS) {
    const f = generateFleet(seed);
    const t = solveTask(f);
    const record = runAgent(f, t, cond("crash"), THOROUGH);
    assert.equal(record.correct, false, `seed ${seed}`);
    assert.equal(record.answer, `${t.shortcut.device.device_id} vs unknown`);
    const trace = drive(f, cond("crash"), THOROUGH);
    // Find the turn the crash landed in and the calls of it that failed.
    let before = 0;
    const crashTurn = trace.batches.findIndex((batch) => (before += batch.length) >= CRASH_ON_CALL);
    const failed = trace.batches[crashTurn].filter((_, k) => trace.outcomes[crashTurn][k].isError);
    assert.ok(failed.length > 0);
    const retries = trace.batches.slice(crashTurn + 1);
    assert.equal(retries.length, MAX_RETRIES, `seed ${seed}: retried until MAX_RETRIES`);
    for (const batch of retries) assert.deepEqual(batch, failed);
    assert.ok(
      trace.outcomes
        .slice(crashTurn + 1)
        .flat()
        .every((o) => o.isError),
    );
    assert.equal(record.toolErrors, failed.length * (1 + MAX_RETRIES));
    assert.equal(record.restarts, 0);
  }
});

test("crash-explained: stops at the first SERVER_GONE, so fewer calls and fewer errors than crash, and the same wrong answer", () => {
  for (const seed of SOME_SEEDS) {
    const f = generateFleet(seed);
    const crash = run("crash", THOROUGH, f);
    const explained = run("crash-explained", THOROUGH, f);
    assert.ok(explained.toolCalls < crash.toolCalls, `seed ${seed}`);
    assert.ok(explained.toolErrors < crash.toolErrors, `seed ${seed}`);
    assert.ok(explained.turns < crash.turns, `seed ${seed}`);
    assert.equal(explained.answer, crash.answer);
    assert.equal(explained.correct, false);
    const trace = drive(f, cond("crash-explained"), THOROUGH);
    const gone = trace.outcomes.findIndex((turn) => turn.some((o) => o.text === SERVER_GONE));
    assert.equal(gone, trace.outcomes.length - 1, "no turn after the first SERVER_GONE");
    assert.equal(
      trace.outcomes.flat().filter((o) => o.isError).length,
      trace.outcomes.flat().filter((o) => o.text === SERVER_GONE).length,
    );
  }
});

test("crash-restart: thorough is right with one restart and no error; the run costs the restart and a second handshake", () => {
  for (const seed of SOME_SEEDS) {
    const f = generateFleet(seed);
    const restart = run("crash-restart", THOROUGH, f);
    const healthy = run("validating", THOROUGH, f);
    assert.equal(restart.correct, true, `seed ${seed}`);
    assert.deepEqual([restart.restarts, restart.toolErrors], [1, 0]);
    assert.deepEqual(
      [restart.answer, restart.turns, restart.toolCalls],
      [healthy.answer, healthy.turns, healthy.toolCalls],
    );
    assert.equal(restart.callMicros, healthy.callMicros + LATENCY_MICROS.restart);
    assert.equal(restart.startupMicros, healthy.startupMicros);
    // The crashed request and a second handshake (2 requests, 2 responses, 1 notification).
    assert.deepEqual(
      [
        restart.envelope.request - healthy.envelope.request,
        restart.envelope.response - healthy.envelope.response,
        restart.envelope.notification - healthy.envelope.notification,
      ],
      [3, 2, 1],
    );
  }
});

test("the shortcut agent's two calls never reach the crash: every crash condition leaves it as on a healthy server", () => {
  const healthy = run("validating", SHORTCUT);
  for (const name of ["crash", "crash-explained", "crash-restart"]) {
    const record = run(name, SHORTCUT);
    assert.equal(record.condition, name);
    assert.deepEqual({ ...record, condition: healthy.condition }, healthy);
  }
  assert.ok(healthy.toolCalls < CRASH_ON_CALL);
});

test("slow: both agents still answer as on a healthy server, with exactly one tool error and one more call and turn", () => {
  for (const seed of SOME_SEEDS) {
    const f = generateFleet(seed);
    const t = solveTask(f);
    for (const policy of AGENT_POLICIES) {
      const slow = runAgent(f, t, cond("slow"), policy);
      const healthy = runAgent(f, t, cond("validating"), policy);
      assert.equal(slow.answer, healthy.answer, `seed ${seed} ${policy.name}`);
      assert.equal(slow.toolErrors, 1);
      assert.equal(slow.toolCalls, healthy.toolCalls + 1);
      assert.equal(slow.turns, healthy.turns + 1);
      assert.equal(slow.callMicros, healthy.callMicros + LATENCY_MICROS.clientTimeout);
    }
    assert.equal(runAgent(f, t, cond("slow"), THOROUGH).correct, true);
  }
});

test("stdout-line: answers unchanged, one stray line per call", () => {
  for (const policy of AGENT_POLICIES) {
    const line = run("stdout-line", policy);
    const healthy = run("validating", policy);
    assert.deepEqual([line.answer, line.toolCalls, line.toolErrors], [healthy.answer, healthy.toolCalls, 0]);
    assert.equal(line.transportErrors, line.toolCalls);
  }
  assert.equal(run("stdout-line", THOROUGH).correct, true);
});

test("stdout-unterminated: no answer, every call an error, each first call tried 1 + MAX_RETRIES times", () => {
  for (const policy of AGENT_POLICIES) {
    const r = run("stdout-unterminated", policy);
    assert.equal(r.answer, null, policy.name);
    assert.equal(r.correct, false);
    assert.equal(r.toolErrors, r.toolCalls);
    assert.equal(r.transportErrors, r.toolCalls);
    assert.equal(r.turns, 1 + MAX_RETRIES + 1);
    const firstTurn = drive(fleet, cond("direct"), policy).batches[0].length;
    assert.equal(r.toolCalls, firstTurn * (1 + MAX_RETRIES));
    assert.equal(r.callMicros, r.toolCalls * LATENCY_MICROS.clientTimeout);
  }
});

/** A policy that sends `batches` turns of one count_devices each, then answers (or never answers). */
function fake(batches: number, answer: string): AgentPolicy {
  return {
    name: `fake-${batches}`,
    description: "test policy",
    *start(): AgentRun {
      for (let k = 0; k < batches; k++) yield [{ name: "count_devices", arguments: {} }];
      return answer;
    },
  };
}

test(`TURN_CAP: a policy that never stops ends at ${TURN_CAP} turns with no answer`, () => {
  assert.equal(TURN_CAP, 40);
  for (const condition of [cond("direct"), cond("validating")]) {
    const r = runAgent(fleet, truth, condition, fake(Number.POSITIVE_INFINITY, truth.answer));
    assert.equal(r.turns, TURN_CAP, condition.name);
    assert.equal(r.answer, null);
    assert.equal(r.correct, false);
    // The cap's last turn asked for calls; they are not run.
    assert.equal(r.toolCalls, TURN_CAP - 1);
  }
});

test("TURN_CAP: an answer in the cap's last turn counts; one batch more is cut off", () => {
  const inTime = runAgent(fleet, truth, cond("direct"), fake(TURN_CAP - 1, truth.answer));
  assert.deepEqual(
    [inTime.turns, inTime.answer, inTime.correct, inTime.toolCalls],
    [TURN_CAP, truth.answer, true, TURN_CAP - 1],
  );
  const late = runAgent(fleet, truth, cond("direct"), fake(TURN_CAP, truth.answer));
  assert.deepEqual([late.turns, late.answer, late.correct, late.toolCalls], [TURN_CAP, null, false, TURN_CAP - 1]);
});

test("runMatrix: a row per condition × policy, conditions outermost, in table order", () => {
  const matrix = runMatrix(fleet, truth);
  assert.equal(matrix.length, CONDITIONS.length * AGENT_POLICIES.length);
  assert.deepEqual(
    matrix.map((r) => [r.condition, r.policy]),
    CONDITIONS.flatMap((c) => AGENT_POLICIES.map((p) => [c.name, p.name])),
  );
  matrix.forEach((r, k) =>
    assert.deepEqual(
      r,
      runAgent(
        fleet,
        truth,
        CONDITIONS[Math.floor(k / AGENT_POLICIES.length)],
        AGENT_POLICIES[k % AGENT_POLICIES.length],
      ),
    ),
  );
  assert.deepEqual(runMatrix(fleet, truth, [cond("slow")], [THOROUGH]), [
    matrix.find((r) => r.condition === "slow" && r.policy === "thorough"),
  ]);
});

test("runMatrix: the same seed twice gives equal matrices; A, B, A again gives the same A (no shared state)", () => {
  const matrixFor = (seed: number): AgentRunRecord[] => {
    const f = generateFleet(seed);
    return runMatrix(f, solveTask(f));
  };
  const a1 = matrixFor(DEFAULT_SEED);
  const a2 = matrixFor(DEFAULT_SEED);
  assert.deepEqual(a1, a2);
  const b = matrixFor(7);
  assert.notDeepEqual(b, a1);
  assert.deepEqual(matrixFor(DEFAULT_SEED), a1);
  assert.deepEqual(matrixFor(7), b);
  // Two runs on the same fleet object, interleaved with another fleet's, agree too.
  const other = generateFleet(7);
  const otherTruth = solveTask(other);
  for (const condition of CONDITIONS) {
    const x = runAgent(fleet, truth, condition, THOROUGH);
    runAgent(other, otherTruth, condition, THOROUGH);
    assert.deepEqual(runAgent(fleet, truth, condition, THOROUGH), x, condition.name);
  }
});
