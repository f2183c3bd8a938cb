// Runs own their counters: interleaved runs equal sequential ones, refused calls never reach the wire, and the chain walked directly is the chain driven step by step.
import assert from "node:assert/strict";
import { test } from "node:test";
import { callTool, type Session } from "../../src/sim/client";
import {
  chainOf,
  measureHandshake,
  openSession,
  runTask,
  runTasks,
  taskChain,
  TaskWalk,
  type TaskOutcome,
} from "../../src/world/runTasks";
import { LESSON_POLICY, WIDE_ALLOWLIST, WIDE_POLICY } from "../../src/world/servers";
import { CHAINS, drawTasks, withExpectedAnswers } from "../../src/world/tasks";
import { createWorld } from "../../src/world/world";

test("two runs interleaved task by task give the same counts as the two runs in sequence", () => {
  const a = createWorld(20260218);
  const b = createWorld(2 ** 53 - 1);
  const sequential = [runTasks(a, 1), runTasks(b, 3)];
  const sa = openSession(a, 1).session;
  const sb = openSession(b, 3).session;
  const ta = withExpectedAnswers(drawTasks(a.seed), a);
  const tb = withExpectedAnswers(drawTasks(b.seed), b);
  const outcomes: [TaskOutcome[], TaskOutcome[]] = [[], []];
  for (let i = 0; i < ta.length; i++) {
    outcomes[0].push(runTask(sa, ta[i]));
    outcomes[1].push(runTask(sb, tb[i]));
  }
  for (const [k, session] of [sa, sb].entries()) {
    const seq = sequential[k];
    assert.deepEqual(session.envelope.counts(), {
      request: seq.request,
      response: seq.response,
      notification: seq.notification,
      tokens: seq.tokens,
      round_trips: seq.round_trips,
    });
    assert.equal(outcomes[k].filter((o) => o.completed).length, seq.completed);
    assert.equal(
      outcomes[k].reduce((n, o) => n + o.calls, 0),
      seq.calls,
    );
  }
  assert.deepEqual(runTasks(a, 1), sequential[0], "a later run is unaffected by the earlier ones");
});

test("a call to a tool that was not negotiated ends in the client and sends nothing", () => {
  const world = createWorld(20260218);
  const { session } = openSession(world, 3);
  const before = session.envelope.counts();
  assert.deepEqual(callTool(session, "bolge_ozet", { bolge: "dogu" }), { hata: "arac bildirilmedi" });
  assert.deepEqual(callTool(session, "kayit_yaz", { abone: "A001", sutun: "bedel", deger: 1 }), {
    hata: "arac bildirilmedi",
  });
  assert.deepEqual(session.envelope.counts(), before);
});

test("a declared side effect stops at the approval gate without a message; approval lets it through", () => {
  const world = createWorld(20260218);
  const policy = { ...LESSON_POLICY, allowlist: WIDE_ALLOWLIST };
  const state = { abone: "A001", sutun: "bedel", deger: 5 };
  const gated = openSession(world, 2, { policy }).session;
  const before = gated.envelope.counts();
  assert.deepEqual(callTool(gated, "kayit_yaz", state), { hata: "onay yok" });
  assert.deepEqual(gated.envelope.counts(), before);
  assert.deepEqual(callTool(openSession(world, 2, { policy, approval: true }).session, "kayit_yaz", state), {
    yazildi: true,
  });
  assert.deepEqual(
    callTool(openSession(world, 1, { policy }).session, "kayit_yaz", state),
    { yazildi: true },
    "undeclared: no gate",
  );
});

test("the client fills in only declared fields: at level 0 calls go out empty", () => {
  const world = createWorld(20260218);
  const { session } = openSession(world, 0);
  assert.deepEqual(callTool(session, "sayac_oku", { abone: "A001" }), { hata: "abone yok" });
  assert.ok(Object.hasOwn(callTool(openSession(world, 1).session, "sayac_oku", { abone: "A001" }), "onceki"));
});

test("the handshake alone costs what the reference's handshake table says, at every level", () => {
  const world = createWorld(20260218);
  const rows = ([0, 1, 2, 3] as const).map((level) => measureHandshake(world, level));
  assert.deepEqual(
    rows.map((r) => [r.negotiated, r.dropped, r.request, r.response, r.tokens, r.round_trips]),
    [
      [4, 1, 3, 3, 99, 5],
      [4, 1, 3, 3, 99, 5],
      [4, 1, 3, 3, 99, 5],
      [3, 2, 3, 3, 99, 5],
    ],
  );
});

test("a chain's state starts from what the task names, the column to write and deger, walked directly and step by step", () => {
  const world = createWorld(20260218);
  for (const task of withExpectedAnswers(drawTasks(world.seed), world)) {
    const step = taskChain(task).next();
    assert.equal(step.done, false);
    if (step.done) continue;
    assert.deepEqual(step.value.state, { bolge: task.region, abone: task.subscriber, sutun: "bedel", deger: null });
    const walk = new TaskWalk(task);
    assert.equal(walk.nextTool(), CHAINS[task.type][0]);
    assert.deepEqual(walk.state, step.value.state);
    assert.notEqual(walk.state, step.value.state, "a step gives a copy of the state");
  }
});

test("the chain walked directly (runTask) and driven step by step (taskChain through callTool) make the same calls, count the same and end alike", () => {
  for (const seed of [0, 7, 20260218, 20260219, 2 ** 53 - 1]) {
    const world = createWorld(seed);
    const tasks = [...withExpectedAnswers(drawTasks(seed), world), ...withExpectedAnswers(drawTasks(seed + 1), world)];
    for (const level of [0, 1, 2, 3] as const) {
      for (const options of [{}, { policy: WIDE_POLICY }, { policy: WIDE_POLICY, approval: true }]) {
        const opened = openSession(world, level, options);
        const walked: Session = { ...opened.session, envelope: opened.session.envelope.clone() };
        const stepped: Session = { ...opened.session, envelope: opened.session.envelope.clone() };
        for (const task of tasks) {
          const where = `seed ${seed}, level ${level}, ${task.type} ${task.subscriber}`;
          const chain = taskChain(task);
          let step = chain.next();
          while (!step.done) step = chain.next(callTool(stepped, step.value.name, step.value.state));
          assert.deepEqual(runTask(walked, task), step.value, where);
          assert.deepEqual(walked.envelope.counts(), stepped.envelope.counts(), where);
          assert.deepEqual(walked.envelope.tokensByKind(), stepped.envelope.tokensByKind(), where);
        }
      }
    }
  }
});

test("every key of an answer joins the state, as the reference's state.update, and a missing answer after the start reads as an empty one", () => {
  const world = createWorld(20260218);
  const [task] = withExpectedAnswers(drawTasks(world.seed), world);
  const chain = taskChain(task);
  chain.next();
  const step = chain.next({ onceki: 1, simdiki: 3, tip: "mesken", extra: 9 });
  assert.equal(step.done, false);
  if (!step.done)
    assert.deepEqual(step.value.state, {
      onceki: 1,
      simdiki: 3,
      tip: "mesken",
      extra: 9,
      bolge: task.region,
      abone: task.subscriber,
      sutun: "bedel",
      deger: null,
    });
  const again = taskChain(task);
  again.next();
  const empty = again.next();
  assert.equal(empty.done, false, "an empty answer is no error: the chain goes on");
});

test("every call that passes the client's gates is one counted request and one counted response, at every level and seed", () => {
  for (const seed of [0, 7, 20260218, 20260219, 2 ** 53 - 1]) {
    const world = createWorld(seed);
    for (const level of [0, 1, 2, 3] as const) {
      for (const options of [
        {},
        { policy: { ...LESSON_POLICY, allowlist: WIDE_ALLOWLIST } },
        { policy: { ...LESSON_POLICY, allowlist: WIDE_ALLOWLIST }, approval: true },
      ]) {
        const shake = measureHandshake(world, level, options.policy);
        const row = runTasks(world, level, options);
        let refused = 0;
        for (const [key, count] of Object.entries(row.failures))
          if (key.endsWith(": arac bildirilmedi") || key.endsWith(": onay yok")) refused += count;
        const where = `seed ${seed}, level ${level}`;
        assert.equal(row.request - shake.request, row.calls - refused, where);
        assert.equal(row.response - shake.response, row.calls - refused, where);
        assert.equal(
          row.tokensByKind.request + row.tokensByKind.response + row.tokensByKind.notification,
          row.tokens,
          where,
        );
      }
    }
  }
});

test("chainOf gives each task type's chain from CHAINS, the same array", () => {
  for (const type of Object.keys(CHAINS) as (keyof typeof CHAINS)[]) assert.equal(chainOf(type), CHAINS[type], type);
  assert.throws(() => chainOf("other" as keyof typeof CHAINS), RangeError);
});
