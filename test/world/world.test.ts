// The world (subscribers, tasks, expected answers) equals the reference's at every edge seed; its handlers answer by name, with the reference's keys in a fixed order.
import assert from "node:assert/strict";
import { test } from "node:test";
import seedrandom from "seedrandom";
import { charge } from "../../src/world/tariff";
import { countByRegion, drawSubscribers, REGIONS, SUBSCRIBER_IDS } from "../../src/world/subscribers";
import { drawTasks, expectedAnswer } from "../../src/world/tasks";
import { ANSWER_KEYS, createHandlers, type Handlers } from "../../src/world/handlers";
import { WORLD_WORDS } from "../../src/world/servers";
import { createWorld } from "../../src/world/world";
import { countTokens } from "../../src/sim/tokenizer";
import type { Fields } from "../../src/sim/values";
import { REFERENCE } from "../helpers";

test("subscriber tables equal the reference's at every fixture seed", () => {
  for (const ref of REFERENCE) assert.deepEqual(drawSubscribers(ref.seed), ref.subscribers, `seed ${ref.seed}`);
});

test("tasks and their expected answers equal the reference's at every fixture seed", () => {
  for (const ref of REFERENCE) {
    const subscribers = drawSubscribers(ref.seed);
    const tasks = drawTasks(ref.seed).map((task) => ({
      ...task,
      expected: expectedAnswer(task, { subscribers, regionCounts: countByRegion(Object.values(subscribers)) }),
    }));
    assert.deepEqual(tasks, ref.tasks, `seed ${ref.seed}`);
  }
});

test("the tariff charges by tier and doubles for businesses", () => {
  assert.equal(charge(0, "mesken"), 0);
  assert.equal(charge(10, "mesken"), 40);
  assert.equal(charge(25, "mesken"), 40 + 15 * 7);
  assert.equal(charge(41, "mesken"), 40 + 105 + 15 * 11 + 16);
  assert.equal(charge(41, "isyeri"), 2 * (40 + 105 + 165 + 16));
});

test("handlers answer errors the way the reference's do", () => {
  const handlers = createHandlers(drawSubscribers(1));
  assert.deepEqual(handlers.sayac_oku({}), { hata: "abone yok" });
  for (const abone of [
    "toString",
    "constructor",
    "__proto__",
    "hasOwnProperty",
    "A",
    "A0001",
    "a001",
    "A061",
    "A1x1",
    1,
  ]) {
    assert.deepEqual(handlers.sayac_oku({ abone }), { hata: "abone yok" }, String(abone));
  }
  const subscribers = drawSubscribers(1);
  for (const [abone, { onceki, simdiki, tip }] of Object.entries(subscribers))
    assert.deepEqual(handlers.sayac_oku({ abone }), { onceki, simdiki, tip }, abone);
  assert.deepEqual(handlers.tuketim({ onceki: 5 }), { hata: "eksik alan" });
  assert.deepEqual(handlers.tuketim({ onceki: 99990, simdiki: 10 }), { m3: 20 });
  assert.deepEqual(handlers.tarife({ m3: 10 }), { tutar: 40 });
  assert.deepEqual(handlers.bolge_ozet({ bolge: "yok" }), { hata: "bolge yok" });
  assert.deepEqual(handlers.kayit_yaz({ abone: "A001", sutun: "bedel", deger: 0 }), { yazildi: true });
  assert.deepEqual(handlers.kayit_yaz({ abone: "A001", sutun: "bedel", deger: null }), { hata: "eksik alan" });
});

test("the world's word table counts every word as countTokens does", () => {
  for (const [word, tokens] of Object.entries(WORLD_WORDS)) assert.equal(tokens, countTokens(word), word);
  for (const key of ANSWER_KEYS) assert.ok(Object.hasOwn(WORLD_WORDS, key), key);
});

test("each handler answers with ANSWER_KEYS only, in that order, for any arguments; the world's own handlers answer alike", () => {
  const random = seedrandom("handlers");
  const world = createWorld(20260218);
  const handlers = createHandlers(world.subscribers);
  const values = [
    "A001",
    "A060",
    "A061",
    "dogu",
    "merkez",
    "yok",
    "mesken",
    "isyeri",
    "bedel",
    "",
    0,
    1,
    12,
    41,
    99999,
    100000,
    -3,
    1.5,
    true,
    false,
    null,
    undefined,
    [1],
    { a: 1 },
  ];
  const keys = [...ANSWER_KEYS, "sutun", "deger", "extra", "constructor"];
  for (let i = 0; i < 4000; i++) {
    const args: Fields = {};
    for (const key of keys) {
      const value = values[Math.floor(random() * values.length)];
      if (value !== undefined && random() < 0.5) args[key] = value;
    }
    for (const name of Object.keys(handlers) as (keyof Handlers)[]) {
      const byName = handlers[name](args);
      assert.deepEqual(world.handlers[name](args), byName, `${name}: the world's own handlers`);
      const order = Object.keys(byName).map((key) => ANSWER_KEYS.indexOf(key as (typeof ANSWER_KEYS)[number]));
      assert.ok(
        order.every((k, j) => k >= 0 && (j === 0 || order[j - 1] < k)),
        `${name} answers ANSWER_KEYS in order: ${Object.keys(byName)}`,
      );
    }
  }
  // The order of a real answer, as the servers over the wire write it.
  assert.deepEqual(Object.keys(handlers.sayac_oku({ abone: "A001" })), ["onceki", "simdiki", "tip"]);
  assert.deepEqual(Object.keys(handlers.bolge_ozet({ bolge: "dogu" })), ["bolge", "abone"]);
});

test("a world holds its subscribers as a plain table in id order, and every region's count", () => {
  const world = createWorld(7);
  assert.equal(Object.getPrototypeOf(world.subscribers), Object.prototype);
  assert.deepEqual(Object.keys(world.subscribers), [...SUBSCRIBER_IDS]);
  assert.deepEqual(world.subscribers, drawSubscribers(7));
  assert.deepEqual(countByRegion(Object.values(world.subscribers)), world.regionCounts);
  assert.deepEqual(Object.keys(world.regionCounts), [...REGIONS]);
  assert.equal(
    Object.values(world.regionCounts).reduce((sum, n) => sum + n, 0),
    SUBSCRIBER_IDS.length,
  );
});
