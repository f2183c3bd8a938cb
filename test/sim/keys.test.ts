// Numbered keys: a key table numbers its names once, and values by number convert to and from values by name without loss.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fieldsOf, keyNumbers, keyTable, noValues, valuesOf } from "../../src/sim/keys";
import { countTokens } from "../../src/sim/tokenizer";
import type { Fields, Value } from "../../src/sim/values";

const TABLE = keyTable(["onceki", "simdiki", "tip", "a,b", "x y"]);

test("a key table numbers its names in the order given, with each name's tokens", () => {
  assert.deepEqual(TABLE.names, ["onceki", "simdiki", "tip", "a,b", "x y"]);
  assert.deepEqual(TABLE.tokens, TABLE.names.map((name) => countTokens(name)));
  assert.deepEqual({ ...TABLE.numbers }, { onceki: 0, simdiki: 1, tip: 2, "a,b": 3, "x y": 4 });
  assert.equal(Object.getPrototypeOf(TABLE.numbers), null, "no name reads as an inherited property");
  assert.equal(TABLE.numbers.constructor, undefined);
  assert.ok(Object.isFrozen(TABLE) && Object.isFrozen(TABLE.numbers));
  assert.throws(() => keyTable(["a", "b", "a"]), /key 'a' appears twice/);
  assert.deepEqual(keyTable([]).names, []);
});

test("no values: one unset value per key, an array without holes", () => {
  const values = noValues(TABLE);
  assert.equal(values.length, TABLE.names.length);
  for (let k = 0; k < values.length; k++) assert.ok(k in values && values[k] === undefined, `key ${k} is present and unset`);
  assert.notEqual(noValues(TABLE), noValues(TABLE), "a new array each time");
});

test("keyNumbers: the numbers of the names the table has, in the order given", () => {
  assert.deepEqual(keyNumbers(TABLE, ["tip", "onceki", "nope", "constructor", "x y"]), [2, 0, 4]);
  assert.deepEqual(keyNumbers(TABLE, []), []);
});

test("valuesOf and fieldsOf: values by name and by number carry the same values; names the table lacks, and undefined, are left out", () => {
  const values = valuesOf(TABLE, { tip: "mesken", onceki: 41230, nope: 1, constructor: 2, simdiki: undefined as unknown as Value, "x y": null });
  assert.deepEqual(values, [41230, undefined, "mesken", undefined, null]);
  assert.deepEqual(fieldsOf(TABLE, values), { onceki: 41230, tip: "mesken", "x y": null }, "in the table's order");
  const samples: Fields[] = [{}, { onceki: 0 }, { simdiki: false, tip: "", "a,b": [1, 2] }];
  for (const fields of samples) assert.deepEqual(fieldsOf(TABLE, valuesOf(TABLE, fields)), fields);
  assert.deepEqual(fieldsOf(TABLE, [undefined, 5]), { simdiki: 5 }, "a shorter array has no value past its end");
});
