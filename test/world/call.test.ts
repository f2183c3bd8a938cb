// The simulated client's call by key number: the same gates, arguments, messages and answers as its call by name.
import assert from "node:assert/strict";
import { test } from "node:test";
import seedrandom from "seedrandom";
import { callTool, NO_APPROVAL, NOT_DECLARED } from "../../src/sim/client";
import { ALL_LEVELS } from "../../src/sim/declaration";
import { callForm } from "../../src/sim/envelope";
import { fieldsOf, valuesOf } from "../../src/sim/keys";
import type { Fields } from "../../src/sim/values";
import { callWorldTool, worldArguments, worldTool, type WorldSession } from "../../src/world/call";
import { WORLD_HANDLERS } from "../../src/world/handlers";
import { Key, noWorldValues, WORLD_KEYS } from "../../src/world/keys";
import { openSession } from "../../src/world/run";
import { LESSON_POLICY, WIDE_POLICY } from "../../src/world/servers";
import { createWorld } from "../../src/world/world";

test("worldTool: an agreed tool with its declared fields' key numbers (from its form) and its handler over key numbers", () => {
  const call = callForm("tarife", ["m3", "tip"], undefined, "tarife", WORLD_KEYS);
  const tool = worldTool({ name: "tarife", fields: ["m3", "tip"], sideEffect: false, transport: "remote", call });
  assert.deepEqual(tool, { name: "tarife", fields: ["m3", "tip"], sideEffect: false, transport: "remote", call, keys: [Key.m3, Key.tip], handler: WORLD_HANDLERS.tarife });
  assert.deepEqual(worldTool({ name: "tarife", transport: "remote", call: callForm("tarife", [], undefined, "tarife", WORLD_KEYS) }).keys, []);
  assert.throws(() => worldTool({ name: "count_devices", transport: "local", call }), /not one of the world's tools/);
  assert.throws(() => worldTool({ name: "constructor", transport: "local", call }), /not one of the world's tools/);
  assert.throws(() => worldTool({ name: "tarife", transport: "remote", call: callForm("tarife", ["m3"]) }), /without the world's key table/);
});

test("worldArguments: each declared field's value from the state, at its own number; nothing else", () => {
  const state = valuesOf(WORLD_KEYS, { abone: "A001", bolge: "dogu", onceki: 5, deger: null });
  assert.deepEqual(fieldsOf(WORLD_KEYS, worldArguments([Key.onceki, Key.simdiki, Key.deger], state)), { onceki: 5, deger: null });
  assert.deepEqual(fieldsOf(WORLD_KEYS, worldArguments([], state)), {});
  assert.equal(worldArguments([Key.abone], state).length, WORLD_KEYS.names.length);
  assert.notEqual(worldArguments([], state), worldArguments([], state), "new values each time");
});

test("callWorldTool answers and counts exactly as callTool does by name, for every tool, level, policy, approval and state", () => {
  const random = seedrandom("world calls");
  const values = ["A001", "A042", "A099", "dogu", "merkez", "yok", "mesken", "isyeri", "bedel", 0, 7, 41, 100000, true, null];
  for (const seed of [20260218, 0, 2 ** 53 - 1]) {
    const world = createWorld(seed);
    for (const level of ALL_LEVELS) {
      for (const policy of [LESSON_POLICY, WIDE_POLICY]) {
        for (const approval of [false, true]) {
          const opened = openSession(world, level, { policy, approval });
          const byName = { ...opened.session, envelope: opened.session.envelope.clone() };
          const byNumber: WorldSession = { envelope: opened.session.envelope.clone(), tools: opened.tools, world, approval };
          for (let i = 0; i < 200; i++) {
            const state: Fields = {};
            for (const key of WORLD_KEYS.names) if (key !== "hata" && random() < 0.5) state[key] = values[Math.floor(random() * values.length)];
            const name = ["sayac_oku", "tuketim", "tarife", "bolge_ozet", "kayit_yaz", "nope"][i % 6];
            const expected = callTool(byName, name, state);
            assert.deepEqual(fieldsOf(WORLD_KEYS, callWorldTool(byNumber, name, valuesOf(WORLD_KEYS, state))), expected, `seed ${seed}, level ${level}: ${name}`);
            assert.deepEqual(byNumber.envelope.counts(), byName.envelope.counts());
            assert.deepEqual(byNumber.envelope.tokensByKind(), byName.envelope.tokensByKind());
          }
        }
      }
    }
  }
});

test("a refused call ends in the client as hata alone, and sends nothing", () => {
  const world = createWorld(20260218);
  const opened = openSession(world, 2, { policy: WIDE_POLICY });
  const session: WorldSession = { envelope: opened.session.envelope.clone(), tools: opened.tools, world, approval: false };
  const before = session.envelope.counts();
  const state = noWorldValues();
  assert.deepEqual(fieldsOf(WORLD_KEYS, callWorldTool(session, "kayit_yaz", state)), { hata: NO_APPROVAL });
  assert.deepEqual(fieldsOf(WORLD_KEYS, callWorldTool(session, "nope", state)), { hata: NOT_DECLARED });
  assert.deepEqual(session.envelope.counts(), before);
});
