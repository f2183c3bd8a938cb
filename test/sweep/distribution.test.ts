// Distributions of a count over seeds: min, lower median, max, the default seed's value and how many seeds differ from it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Tally, distributionOf } from "../../src/sweep/distribution";

test("an odd number of seeds: the middle value", () => {
  assert.deepEqual(distributionOf([3, 1, 2], 2), { min: 1, median: 2, max: 3, atDefault: 2, differing: 2 });
});

test("an even number of seeds: the lower of the two middle values, so the median is a value some seed gave", () => {
  assert.deepEqual(distributionOf([4, 1, 3, 2], 1), { min: 1, median: 2, max: 4, atDefault: 1, differing: 3 });
  assert.deepEqual(distributionOf([818, 816], 816), { min: 816, median: 816, max: 818, atDefault: 816, differing: 1 });
});

test("repeated values count once per seed", () => {
  // sorted: 5 5 5 7 7 → the 3rd smallest is 5; two seeds gave 7.
  assert.deepEqual(distributionOf([7, 5, 5, 7, 5], 5), { min: 5, median: 5, max: 7, atDefault: 5, differing: 2 });
  // sorted: 1 9 9 9 → the 2nd smallest is 9.
  assert.deepEqual(distributionOf([9, 1, 9, 9], 9), { min: 1, median: 9, max: 9, atDefault: 9, differing: 1 });
});

test("a default value no seed gave: every seed differs", () => {
  assert.deepEqual(distributionOf([10, 12, 11], 99), { min: 10, median: 11, max: 12, atDefault: 99, differing: 3 });
});

test("one seed, negative values", () => {
  assert.deepEqual(distributionOf([42], 42), { min: 42, median: 42, max: 42, atDefault: 42, differing: 0 });
  assert.deepEqual(distributionOf([-3, 0, -1], 0), { min: -3, median: -1, max: 0, atDefault: 0, differing: 2 });
});

test("a Tally fed seed by seed gives what distributionOf gives; it counts its values", () => {
  const values = [816, 818, 816, 822, 820, 816, 818];
  const tally = new Tally();
  for (const value of values) tally.add(value);
  assert.equal(tally.count, values.length);
  // sorted: 816 816 816 818 818 820 822 → the 4th smallest is 818.
  assert.deepEqual(tally.distribution(816), { min: 816, median: 818, max: 822, atDefault: 816, differing: 4 });
  assert.deepEqual(tally.distribution(816), distributionOf(values, 816));
});

test("no seeds: RangeError", () => {
  assert.throws(() => distributionOf([], 0), RangeError);
  assert.throws(() => new Tally().distribution(0), RangeError);
});
