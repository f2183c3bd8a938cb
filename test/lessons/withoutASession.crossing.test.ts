// Lesson 10's one crossing: where two runs' cumulative values change order, read off their points, whatever the value.
import assert from "node:assert/strict";
import { test } from "node:test";
import { belowThroughout, crossingOf, crossingText } from "../../src/lessons/withoutASession/crossing";

const run = (label: string, values: number[]) => ({
  label,
  cumulative: values.map((v, task) => ({ task, calls: 2 * task, v })),
});

test("the order changes at the first point where the other run is strictly cheaper", () => {
  const c = crossingOf(run("a", [10, 11, 12, 13]), run("b", [5, 8, 12, 14]), "bytes", (p) => p.v);
  assert.deepEqual(c.gaps, [-5, -3, 0, 1]);
  assert.equal(c.cheaperFirst, "b");
  assert.equal(c.at?.task, 3);
  assert.equal(crossingText(c), "after task 3 (call 6)");
  assert.equal(c.value, "bytes");
  assert.equal(belowThroughout(c), false);
});

test("no crossing: null, `none`, and below throughout only when strictly so", () => {
  const never = crossingOf(run("a", [10, 20]), run("b", [5, 6]), "messages", (p) => p.v);
  assert.equal(never.at, null);
  assert.equal(crossingText(never), "none");
  assert.equal(belowThroughout(never), true);
  const touching = crossingOf(run("a", [10, 20]), run("b", [5, 20]), "messages", (p) => p.v);
  assert.equal(touching.at, null);
  assert.equal(belowThroughout(touching), false);
  const above = crossingOf(run("a", [1, 2]), run("b", [3, 4]), "tokens", (p) => p.v);
  assert.equal(above.cheaperFirst, "a");
  assert.equal(above.at, null);
});

test("runs of different lengths are refused", () => {
  assert.throws(() => crossingOf(run("a", [1]), run("b", [1, 2]), "tokens", (p) => p.v), RangeError);
});
