// A traced task makes its chain's calls, each to the server that offers the tool, with arguments the host found in the task or in an earlier answer, and ends as the course's run of the same task does; the counts by server are the same at every seed.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ALLOWLIST, SERVER_FACTS } from "../../src/world/servers";
import { runTask, RESULT_KEYS, resultKey, openSession } from "../../src/world/runTasks";
import { CHAINS, drawTasks, withExpectedAnswers } from "../../src/world/tasks";
import {
  crossings,
  HOST,
  messagesOf,
  serversOf,
  serverViews,
  sourceOf,
  traceTask,
  traceTasks,
} from "../../src/world/taskTrace";
import { createWorld } from "../../src/world/world";

const SEEDS = [0, 7, 20260218, 20260219, 2 ** 53 - 1];

/** The open policy: every tool allowed, every server's own version known, approval given. */
const OPEN = {
  policy: {
    allowlist: SERVER_FACTS.flatMap((server) => server.tools.map((tool) => tool.name)),
    knownVersions: Object.fromEntries(SERVER_FACTS.map((s) => [s.name, s.version])),
  },
  approval: true,
};

test("the open policy allows more than the lesson's allowlist: all five tools", () => {
  assert.equal(OPEN.policy.allowlist.length, 5);
  assert.ok(OPEN.policy.allowlist.length > ALLOWLIST.length);
});

for (const seed of SEEDS)
  test(`seed ${seed}: each call follows the chain, goes to the tool's server, with the tool's fields`, () => {
    const world = createWorld(seed);
    for (const trace of traceTasks(world)) {
      assert.deepEqual(
        trace.calls.map((call) => call.tool),
        CHAINS[trace.task.type],
      );
      trace.calls.forEach((call, k) => {
        assert.equal(call.step, k + 1);
        const server = SERVER_FACTS.find((s) => s.name === call.server)!;
        const tool = server.tools.find((t) => t.name === call.tool)!;
        assert.ok(tool, `${call.server} offers ${call.tool}`);
        assert.deepEqual(
          call.arguments.map((a) => a.field),
          tool.fields,
        );
        assert.equal(call.answer.hata, undefined, "no call fails with no policy");
      });
      assert.equal(trace.outcome.completed, true);
    }
  });

for (const seed of SEEDS)
  test(`seed ${seed}: every value from an answer is that answer's value (deger: the last result)`, () => {
    const traces = traceTasks(createWorld(seed));
    for (const trace of traces) {
      for (const call of trace.calls)
        for (const argument of call.arguments) {
          if (argument.origin.kind === "task") {
            const fromTask: Record<string, unknown> = {
              abone: trace.task.subscriber,
              bolge: trace.task.region,
              sutun: "bedel",
            };
            assert.equal(argument.value, fromTask[argument.field], argument.field);
            continue;
          }
          const { step, tool, server } = argument.origin;
          assert.ok(step < call.step);
          const earlier = trace.calls[step - 1];
          assert.equal(earlier.tool, tool);
          assert.equal(earlier.server, server);
          const key = argument.field === "deger" ? resultKey(earlier.answer) : argument.field;
          assert.ok(key !== undefined);
          assert.equal(argument.value, earlier.answer[key]);
        }
    }
  });

test("seed 20260218: the first record task's values, and where each came from", () => {
  const world = createWorld(20260218);
  const [, , , record] = withExpectedAnswers(drawTasks(20260218), world);
  const trace = traceTask(world, record);
  const rows = trace.calls.flatMap((call) =>
    call.arguments.map(
      (a) =>
        `${call.step} ${call.tool}@${call.server} ${a.field}=${String(a.value)} ` +
        (a.origin.kind === "task" ? "task" : `${a.origin.step}@${a.origin.server}`) +
        ` ${sourceOf(a, call.server)}`,
    ),
  );
  assert.deepEqual(rows, [
    "1 sayac_oku@olcum abone=A044 task task",
    "2 tuketim@olcum onceki=18514 1@olcum same server",
    "2 tuketim@olcum simdiki=18551 1@olcum same server",
    "3 tarife@tarife m3=37 2@olcum other server",
    "3 tarife@tarife tip=isyeri 1@olcum other server",
    "4 kayit_yaz@kayit abone=A044 task task",
    "4 kayit_yaz@kayit sutun=bedel task task",
    "4 kayit_yaz@kayit deger=554 3@tarife other server",
  ]);
  assert.deepEqual(serversOf(trace), ["olcum", "tarife", "kayit"]);
  assert.deepEqual(RESULT_KEYS, ["yazildi", "tutar", "m3", "abone"]);
});

for (const seed of SEEDS)
  test(`seed ${seed}: per server, the same counts at every seed; 15 values cross, none directly`, () => {
    const world = createWorld(seed);
    const traces = traceTasks(world);
    const views = serverViews(world.servers, traces);
    assert.deepEqual(
      views.map((v) => [
        v.server,
        v.tools,
        v.calls,
        v.tasks,
        v.alone,
        v.values.task,
        v.values["same server"],
        v.values["other server"],
      ]),
      [
        ["olcum", 2, 18, 9, 3, 9, 18, 0],
        ["tarife", 1, 6, 6, 0, 0, 0, 12],
        ["kayit", 2, 6, 6, 3, 9, 0, 3],
      ],
    );
    const crossed = crossings(traces);
    assert.equal(crossed.length, 15);
    assert.equal(traces.filter((trace) => serversOf(trace).length >= 2).length, 6);
    const messages = traces.flatMap(messagesOf);
    assert.equal(messages.length, 60);
    assert.ok(messages.every(({ from, to }) => (from === HOST) !== (to === HOST)));
  });

for (const seed of [0, 20260218])
  test(`seed ${seed}: each traced task ends as the course's run of it does, under an open policy`, () => {
    const world = createWorld(seed);
    const tasks = withExpectedAnswers(drawTasks(seed), world);
    const { session } = openSession(world, 3, OPEN);
    for (const task of tasks) {
      const trace = traceTask(world, task);
      const run = runTask(session, task);
      assert.deepEqual(trace.outcome, run);
    }
  });

test("a task whose call fails stops there, as a run does", () => {
  const world = createWorld(0);
  const task = { type: "charge" as const, subscriber: "A999", region: "dogu" as const, expected: 0 };
  const trace = traceTask(world, task);
  assert.equal(trace.calls.length, 1);
  assert.deepEqual(trace.calls[0].answer, { hata: "abone yok" });
  assert.equal(trace.outcome.failed, 1);
  assert.equal(trace.outcome.completed, false);
});
