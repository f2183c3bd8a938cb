// Lesson 6's handshakes, done once for every seed, equal a fresh negotiation of any world, are shared and frozen, and runs from them equal runs that negotiate.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ALL_LEVELS } from "../../src/sim/declaration";
import { Envelope } from "../../src/sim/envelope";
import { callForms, handshake, negotiate } from "../../src/sim/negotiation";
import { frozenHandshake, LESSON_HANDSHAKES, WIDE_HANDSHAKES, worldHandshake } from "../../src/world/handshakes";
import { handshakeRow, openSession, openSharedSession, runTasks } from "../../src/world/runTasks";
import { LESSON_POLICY, SERVER_FACTS, WIDE_POLICY, WORLD_WORDS } from "../../src/world/servers";
import { drawTasks, withExpectedAnswers } from "../../src/world/tasks";
import { createWorld } from "../../src/world/world";
import { EDGE_SEEDS } from "../helpers";

const SEEDS = [20260218, 20260219, ...EDGE_SEEDS];
const TABLES = [
  { policy: LESSON_POLICY, handshakes: LESSON_HANDSHAKES },
  { policy: WIDE_POLICY, handshakes: WIDE_HANDSHAKES },
];

test("a shared handshake equals negotiating the world's own servers afresh: counts, negotiated tools with this world's handlers, dropped tools", () => {
  for (const seed of SEEDS) {
    const world = createWorld(seed);
    for (const { policy, handshakes } of TABLES) {
      for (const level of ALL_LEVELS) {
        const fresh = openSession(world, level, { policy });
        const shared = openSharedSession(world, handshakes[level]);
        const where = `seed ${seed}, level ${level}, ${policy === LESSON_POLICY ? "lesson" : "wide"} policy`;
        assert.equal(shared.level, level, where);
        assert.equal(shared.policy, policy, where);
        assert.deepEqual(shared.session.envelope.counts(), fresh.session.envelope.counts(), where);
        assert.deepEqual(shared.session.envelope.tokensByKind(), fresh.session.envelope.tokensByKind(), where);
        assert.deepEqual(shared.negotiation.dropped, fresh.negotiation.dropped, where);
        assert.deepEqual(
          [...shared.negotiation.negotiated.entries()],
          [...fresh.negotiation.negotiated.entries()],
          where,
        );
        for (const [name, tool] of shared.negotiation.negotiated) {
          assert.equal(
            tool.handler,
            world.handlers[name as keyof typeof world.handlers],
            `${where}: ${name} reaches this world's handler`,
          );
          assert.equal(tool.call, handshakes[level].calls.get(name), `${where}: ${name} sends with the shared form`);
        }
        assert.equal(shared.tools, shared.session.negotiated, `${where}: the session's tools are the negotiated ones`);
        assert.deepEqual([...shared.tools], [...fresh.tools], where);
        assert.deepEqual(handshakes[level].row, handshakeRow(level, fresh), `${where}: the shared row`);
      }
    }
  }
});

test("runs from a shared handshake equal runs that negotiate for themselves", () => {
  for (const seed of [20260218, 0, 2 ** 53 - 1]) {
    const world = createWorld(seed);
    const tasks = withExpectedAnswers(drawTasks(seed), world);
    for (const { policy, handshakes } of TABLES) {
      for (const level of ALL_LEVELS) {
        for (const approval of [false, true]) {
          const options = { policy, approval, tasks };
          const fresh = runTasks(world, level, options);
          assert.deepEqual(
            runTasks(world, level, { ...options, negotiated: openSharedSession(world, handshakes[level]) }),
            fresh,
            `seed ${seed}, level ${level}`,
          );
          assert.deepEqual(
            runTasks(world, level, { ...options, handshake: handshakes[level] }),
            fresh,
            `seed ${seed}, level ${level}, from the handshake`,
          );
        }
      }
    }
  }
});

test("one handshake serves every world: the same frozen decision and counts, which no run can change", () => {
  const a = createWorld(1);
  const b = createWorld(2);
  for (const { handshakes } of TABLES) {
    assert.ok(Object.isFrozen(handshakes));
    for (const shared of handshakes) {
      for (const part of [
        shared,
        shared.decision,
        shared.decision.dropped,
        shared.envelope,
        shared.row,
        ...shared.decision.negotiated.values(),
        ...shared.calls.values(),
      ])
        assert.ok(Object.isFrozen(part));
      const [sa, sb] = [openSharedSession(a, shared), openSharedSession(b, shared)];
      assert.equal(sa.negotiation.dropped, shared.decision.dropped, "the very list, not a copy");
      assert.equal(sb.negotiation.dropped, shared.decision.dropped);
      assert.notEqual(sa.session.envelope, shared.envelope, "each session counts on its own copy");
      assert.throws(() => shared.envelope.send("request", "x"), TypeError);
    }
  }
  const before = LESSON_HANDSHAKES[1].envelope.counts();
  runTasks(a, 1, { negotiated: openSharedSession(a, LESSON_HANDSHAKES[1]) });
  runTasks(b, 1, { handshake: LESSON_HANDSHAKES[1] });
  assert.deepEqual(LESSON_HANDSHAKES[1].envelope.counts(), before);
  assert.throws(
    () => runTasks(a, 2, { handshake: LESSON_HANDSHAKES[1] }),
    RangeError,
    "a handshake runs its own level only",
  );
});

test("worldHandshake is frozenHandshake on the world's facts and words", () => {
  for (const { policy, handshakes } of TABLES) {
    for (const level of ALL_LEVELS) {
      const again = worldHandshake(level, policy);
      assert.notEqual(again, handshakes[level]);
      assert.deepEqual([...again.decision.negotiated], [...handshakes[level].decision.negotiated]);
      assert.deepEqual(again.row, handshakes[level].row);
      assert.equal(handshakes[level].envelope.words, WORLD_WORDS);
    }
  }
});

test("the handshakes are a pure function of the servers' facts, level and policy", () => {
  for (const { policy, handshakes } of TABLES) {
    for (const level of ALL_LEVELS) {
      const again = frozenHandshake(SERVER_FACTS, level, policy, WORLD_WORDS);
      assert.notEqual(again, handshakes[level]);
      assert.deepEqual(again.envelope.counts(), handshakes[level].envelope.counts());
      assert.deepEqual([...again.decision.negotiated.entries()], [...handshakes[level].decision.negotiated.entries()]);
      assert.deepEqual(again.decision.dropped, handshakes[level].decision.dropped);
      // The call forms hold what counting the negotiated tools' names and declared fields gives, with or without the word table.
      assert.deepEqual([...handshakes[level].calls], [...callForms(handshakes[level].decision)]);
      assert.deepEqual([...handshakes[level].calls.keys()], [...handshakes[level].decision.negotiated.keys()]);
      // Without the word table the counts are the same: the table only saves counting.
      const plain = new Envelope();
      handshake(SERVER_FACTS, level, policy, plain);
      assert.deepEqual(plain.counts(), handshakes[level].envelope.counts());
    }
  }
});

test("every world's servers have exactly the shared facts, so negotiating them counts and decides the same", () => {
  const world = createWorld(20260218);
  assert.deepEqual(
    world.servers.map(({ tools, ...server }) => ({
      ...server,
      tools: tools.map(({ name, fields, sideEffect }) => ({ name, fields, sideEffect })),
    })),
    SERVER_FACTS,
  );
  for (const level of ALL_LEVELS) {
    const envelope = new Envelope();
    const negotiation = negotiate(world.servers, level, LESSON_POLICY, envelope);
    assert.deepEqual(envelope.counts(), LESSON_HANDSHAKES[level].envelope.counts());
    assert.equal(negotiation.negotiated.size, LESSON_HANDSHAKES[level].decision.negotiated.size);
  }
});
