// The world's numbered keys: every key a task names, a tool declares or a handler answers, each with one number.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fieldsOf, noValues } from "../../src/sim/keys";
import { answerValues, ANSWER_KEYS, CLIENT_KEYS, Key, noWorldValues, refusal, WORLD_KEY_COUNT, WORLD_KEYS } from "../../src/world/keys";
import { SERVER_FACTS } from "../../src/world/servers";

test("the world's keys are the handlers' answer keys, then the two the client writes, numbered in that order", () => {
  assert.deepEqual(WORLD_KEYS.names, [...ANSWER_KEYS, ...CLIENT_KEYS]);
  assert.equal(WORLD_KEY_COUNT, WORLD_KEYS.names.length);
  // Key (a const enum, written as numbers wherever it is read) numbers every key as the table does.
  const numbers: Record<string, number> = {
    hata: Key.hata, m3: Key.m3, tutar: Key.tutar, yazildi: Key.yazildi, onceki: Key.onceki, simdiki: Key.simdiki,
    tip: Key.tip, bolge: Key.bolge, abone: Key.abone, sutun: Key.sutun, deger: Key.deger,
  };
  assert.deepEqual(numbers, { ...WORLD_KEYS.numbers });
  assert.deepEqual([Key.hata, Key.m3, Key.onceki, Key.abone, Key.sutun, Key.deger], [0, 1, 4, 8, 9, 10]);
});

test("every field a world tool declares, and every key a task's state starts from, is a world key", () => {
  for (const { tools } of SERVER_FACTS) for (const { name, fields } of tools) for (const field of fields) assert.ok(field in WORLD_KEYS.numbers, `${name}: ${field}`);
  for (const key of ["abone", "bolge", "sutun", "deger"]) assert.ok(key in WORLD_KEYS.numbers, key);
});

test("an answer's values reach its last key only; a refusal is hata alone", () => {
  assert.equal(answerValues(Key.tip).length, Key.tip + 1);
  assert.deepEqual(fieldsOf(WORLD_KEYS, answerValues(Key.abone)), {});
  assert.deepEqual(fieldsOf(WORLD_KEYS, refusal("onay yok")), { hata: "onay yok" });
  assert.equal(refusal("onay yok").length, 1);
});

test("no world values: one unset value per world key, without holes, as noValues gives", () => {
  const values = noWorldValues();
  assert.deepEqual(values, noValues(WORLD_KEYS));
  assert.equal(values.length, WORLD_KEY_COUNT);
  for (let k = 0; k < values.length; k++) assert.ok(k in values, `key ${k} is present`);
  assert.notEqual(noWorldValues(), noWorldValues());
});
