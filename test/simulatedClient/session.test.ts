// Renewing discovery before every task costs exactly one discovery per extra task and changes no call; with one task both modes are the same.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runClient, discoveryGrowth, openedSessions, type ClientSetup } from "../../src/simulatedClient/session";
import { clientTasks } from "../../src/simulatedClient/tasks";
import { measureDiscovery } from "../../src/simulatedClient/discovery";
import { createFleetServer, FLEET_POLICY } from "../../src/fleet/server";
import { generateFleet } from "../../src/fleet/generator";
import { simulateWritingAServer } from "../../src/lessons/writingAServer/simulate";
import { LESSON_POLICY } from "../../src/world/servers";
import { createWorld } from "../../src/world/world";

for (const seed of [20260218, 0, 2 ** 53 - 1]) {
  const world = createWorld(seed);
  const fleet = generateFleet(seed);
  const servers = [...world.servers, createFleetServer(fleet)];
  const setup: ClientSetup = { servers, level: 3, policy: FLEET_POLICY };
  const tasks = clientTasks(world, fleet);
  const one = servers.map((s) => measureDiscovery(s)).reduce((n, r) => n + r.tokens, 0);

  test(`seed ${seed}: at N = 1 both modes are equal; each further task widens the gap by one discovery`, () => {
    assert.equal(tasks.length, 13);
    const rows = discoveryGrowth(setup, tasks);
    assert.deepEqual(rows[0].perTask, rows[0].perSession);
    for (const row of rows) {
      assert.equal(row.perTask.tokens - row.perSession.tokens, (row.tasks - 1) * one, `N = ${row.tasks}`);
      assert.equal(row.perTask.request - row.perSession.request, (row.tasks - 1) * 12);
      assert.equal(row.perTask.notification - row.perSession.notification, (row.tasks - 1) * 4);
      assert.equal(row.perTask.round_trips - row.perSession.round_trips, (row.tasks - 1) * 18);
    }
    assert.ok(
      rows
        .slice(1)
        .every(
          (row, i) => row.perTask.tokens - row.perSession.tokens > rows[i].perTask.tokens - rows[i].perSession.tokens,
        ),
      "the gap grows strictly",
    );
  });

  test(`seed ${seed}: both modes make the same calls at the same cost and complete the same tasks`, () => {
    const perTask = runClient(setup, tasks, "per-task");
    const perSession = runClient(setup, tasks, "per-session");
    assert.deepEqual([perTask.discoveries, perSession.discoveries], [13, 1]);
    assert.deepEqual(perTask.work, perSession.work);
    assert.deepEqual(perTask.outcomes, perSession.outcomes);
    assert.equal(perSession.discovery.tokens, one);
    assert.equal(perTask.discovery.tokens, 13 * one);
    assert.equal(perSession.work.notification, 0, "tool calls send no notification");
  });

  test(`seed ${seed}: a session is opened per initialize: per server and task, or per server once`, () => {
    const local = servers.filter((s) => s.transport === "local").length;
    const remote = servers.length - local;
    assert.deepEqual(openedSessions(runClient(setup, tasks, "per-task").sent), {
      local: 13 * local,
      remote: 13 * remote,
    });
    assert.deepEqual(openedSessions(runClient(setup, tasks, "per-session").sent), { local, remote });
    const stateless = runClient({ ...setup, era: "stateless" }, tasks, "per-task");
    assert.deepEqual(openedSessions(stateless.sent), { local: 0, remote: 0 }, "the stateless era opens no session");
  });

  test(`seed ${seed}: a session over lesson 6's servers makes lesson 6's calls (level 3)`, () => {
    const lesson6 = simulateWritingAServer(seed);
    const run = runClient(
      { servers: world.servers, level: 3, policy: LESSON_POLICY },
      tasks.slice(0, 12),
      "per-session",
    );
    const full = lesson6.runs[3];
    assert.deepEqual([run.calls, run.failed, run.completed], [full.calls, full.failed, full.completed]);
    assert.equal(run.work.tokens, full.tokens - lesson6.handshake[3].tokens);
    assert.equal(run.work.request, full.request - lesson6.handshake[3].request);
    assert.equal(run.work.round_trips, full.round_trips - lesson6.handshake[3].round_trips);
  });
}

test("runClient refuses an empty task list", () => {
  const world = createWorld(1);
  assert.throws(
    () => runClient({ servers: world.servers, level: 3, policy: LESSON_POLICY }, [], "per-session"),
    RangeError,
  );
});
