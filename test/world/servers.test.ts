// The open policy drops nothing: every tool of the three servers is agreed, each server at its own version.
import assert from "node:assert/strict";
import { test } from "node:test";
import { agreeOn } from "../../src/sim/negotiation";
import { OPEN_POLICY, SERVER_FACTS } from "../../src/world/servers";
import { createWorld } from "../../src/world/world";

test("under OPEN_POLICY every level agrees all five tools and drops none", () => {
  assert.deepEqual(OPEN_POLICY.knownVersions, { olcum: 2, tarife: 1, kayit: 3 });
  const names = SERVER_FACTS.flatMap(({ tools }) => tools.map(({ name }) => name));
  assert.equal(names.length, 5);
  const world = createWorld(20260218);
  for (const level of [0, 1, 2, 3] as const) {
    const { agreed, dropped } = agreeOn(world.servers, level, OPEN_POLICY);
    assert.deepEqual([...agreed.keys()], names, `level ${level}`);
    assert.deepEqual(dropped, []);
  }
});
