// Invariant: the open policy keeps every declared tool at every level, and with approval every call of the twelve tasks is sent.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ALL_LEVELS } from "../../src/sim/declaration";
import { runTasks } from "../../src/world/runTasks";
import { OPEN_POLICY, SERVER_FACTS } from "../../src/world/servers";
import { createWorld } from "../../src/world/world";

test("the open policy names all five tools and each server at the version it declares", () => {
  assert.deepEqual(
    [...OPEN_POLICY.allowlist],
    SERVER_FACTS.flatMap(({ tools }) => tools.map(({ name }) => name)),
  );
  assert.equal(OPEN_POLICY.allowlist.length, 5);
  assert.deepEqual(OPEN_POLICY.knownVersions, { olcum: 2, tarife: 1, kayit: 3 });
  assert.ok(Object.isFrozen(OPEN_POLICY) && Object.isFrozen(OPEN_POLICY.allowlist));
});

test("under it, with approval, nothing is dropped and the twelve tasks' 30 calls all go out", () => {
  for (const seed of [20260218, 0]) {
    const world = createWorld(seed);
    for (const level of ALL_LEVELS) {
      const row = runTasks(world, level, { policy: OPEN_POLICY, approval: true });
      assert.equal(row.negotiated, 5);
      if (level >= 1) {
        assert.equal(row.calls, 30);
        assert.equal(row.failed, 0);
        assert.equal(row.completed, 12);
      }
    }
  }
});
