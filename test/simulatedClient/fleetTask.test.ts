// The fleet task on a session walks lesson 8's chain exactly as runFleetChain does, call for call and token for token.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runFleetTask } from "../../src/simulatedClient/fleetTask";
import { createFleetServer, FLEET_POLICY, runFleetChain } from "../../src/fleet/server";
import { generateFleet } from "../../src/fleet/generator";
import { solveTask } from "../../src/fleet/groundTruth";
import { ALL_LEVELS } from "../../src/sim/declaration";
import { Envelope } from "../../src/sim/envelope";
import { negotiate } from "../../src/sim/negotiation";
import { LESSON_POLICY } from "../../src/world/servers";
import { createWorld } from "../../src/world/world";

for (const seed of [20260218, 20260219, 3]) {
  test(`seed ${seed}: runFleetTask agrees with runFleetChain at every level, under both policies`, () => {
    const fleet = generateFleet(seed);
    const servers = [...createWorld(seed).servers, createFleetServer(fleet)];
    const expected = solveTask(fleet).shortcut.device.device_id;
    for (const policy of [FLEET_POLICY, LESSON_POLICY]) {
      for (const level of ALL_LEVELS) {
        const chain = runFleetChain(servers, level, policy);
        const handshake = new Envelope();
        const { negotiated } = negotiate(servers, level, policy, handshake);
        const envelope = new Envelope();
        const outcome = runFleetTask({ envelope, negotiated, approval: false }, expected);
        assert.deepEqual(
          [
            outcome.calls,
            outcome.failed,
            outcome.result,
            outcome.failure ? `${outcome.failure.tool}: ${outcome.failure.hata}` : null,
          ],
          [chain.calls, chain.failed, chain.fetched, chain.failure],
        );
        const calls = envelope.counts();
        const h = handshake.counts();
        assert.deepEqual(
          [calls.request, calls.response, calls.tokens, calls.round_trips],
          [
            chain.request - h.request,
            chain.response - h.response,
            chain.tokens - h.tokens,
            chain.round_trips - h.round_trips,
          ],
        );
        assert.equal(outcome.completed, chain.fetched === expected);
      }
    }
    const full = runFleetChain(servers, 3, FLEET_POLICY);
    assert.equal(full.fetched, expected, "with the fleet known, the chain fetches the shortcut device");
  });
}
