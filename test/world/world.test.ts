// The world (subscribers, tasks, expected answers) equals the reference's at every edge seed.
import assert from "node:assert/strict";
import { test } from "node:test";
import { charge } from "../../src/world/tariff";
import { countByRegion, drawSubscribers } from "../../src/world/subscribers";
import { drawTasks, expectedAnswer } from "../../src/world/tasks";
import { ANSWER_KEYS, createHandlers } from "../../src/world/handlers";
import { WORLD_WORDS } from "../../src/world/servers";
import { countTokens } from "../../src/sim/tokenizer";
import { REFERENCE } from "../helpers";

test("subscriber tables equal the reference's at every fixture seed", () => {
  for (const ref of REFERENCE) assert.deepEqual(drawSubscribers(ref.seed), ref.subscribers, `seed ${ref.seed}`);
});

test("tasks and their expected answers equal the reference's at every fixture seed", () => {
  for (const ref of REFERENCE) {
    const subscribers = drawSubscribers(ref.seed);
    const tasks = drawTasks(ref.seed).map((task) => ({ ...task, expected: expectedAnswer(task, { subscribers, regionCounts: countByRegion(Object.values(subscribers)) }) }));
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
  for (const abone of ["toString", "constructor", "__proto__", "hasOwnProperty", "A", "A0001", "a001", "A061", "A1x1", 1]) {
    assert.deepEqual(handlers.sayac_oku({ abone }), { hata: "abone yok" }, String(abone));
  }
  const subscribers = drawSubscribers(1);
  for (const [abone, { onceki, simdiki, tip }] of Object.entries(subscribers)) assert.deepEqual(handlers.sayac_oku({ abone }), { onceki, simdiki, tip }, abone);
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
