// The simulator's requests and round trips server by server: they sum to the run's own counts, and a
// remote server's requests each cost the reference's two round trips; with the open policy nothing is dropped and every
// call of the tasks is sent.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ALL_LEVELS } from "../../src/sim/declaration";
import { REMOTE_ROUND_TRIPS } from "../../src/sim/envelope";
import { requestsByServer } from "../../src/world/requestsByServer";
import { runTasks } from "../../src/world/runTasks";
import { negotiate } from "../../src/sim/negotiation";
import { Envelope } from "../../src/sim/envelope";
import { OPEN_POLICY, WIDE_POLICY } from "../../src/world/servers";
import { createWorld } from "../../src/world/world";

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

for (const seed of [0, 7, 20260218, 2 ** 53 - 1])
  test(`seed ${seed}: per-server requests and round trips sum to the run's, at every level and policy`, () => {
    const world = createWorld(seed);
    for (const level of ALL_LEVELS)
      for (const options of [{}, { policy: WIDE_POLICY, approval: true }, { policy: OPEN_POLICY, approval: true }]) {
        const rows = requestsByServer(world, level, options);
        const run = runTasks(world, level, options);
        assert.deepEqual(
          rows.map((row) => row.server),
          ["olcum", "tarife", "kayit"],
        );
        assert.equal(sum(rows.map((row) => row.requests)), run.request, `level ${level}`);
        assert.equal(sum(rows.map((row) => row.roundTrips)), run.round_trips, `level ${level}`);
        for (const row of rows) {
          // Every server is asked for its capabilities once, whatever it declares.
          assert.ok(row.requests >= 1, row.server);
          const perRequest = row.transport === "remote" ? REMOTE_ROUND_TRIPS : 1;
          assert.equal(row.roundTrips, perRequest * row.requests, row.server);
        }
      }
  });

test("under the open policy nothing is dropped, and every request of the tasks is filed under its server", () => {
  for (const seed of [0, 7, 20260218, 2 ** 53 - 1]) {
    const world = createWorld(seed);
    for (const level of ALL_LEVELS)
      assert.deepEqual(negotiate(world.servers, level, OPEN_POLICY, new Envelope()).dropped, [], `level ${level}`);
    // At level 3 every chain runs to its end: 1 request per server before the calls, then 18, 6 and 6 calls.
    const rows = requestsByServer(world, 3, { policy: OPEN_POLICY, approval: true });
    assert.deepEqual(
      rows.map((row) => [row.server, row.requests, row.roundTrips]),
      [
        ["olcum", 19, 19],
        ["tarife", 7, 14],
        ["kayit", 7, 14],
      ],
    );
  }
});
