// The generator is bit-exact with the reference for seeds 0 … 2^53−1, including past 2^31, 2^32 and 2^53.
import assert from "node:assert/strict";
import { test } from "node:test";
import seedrandom from "seedrandom";
import { hashSeed, referenceGenerator } from "../../src/sim/generator";
import { EDGE_SEEDS, REFERENCE } from "../helpers";

/** An independent port in BigInt only, written from the reference's formulas. */
function bigintGenerator(t: bigint): () => number {
  const M32 = 0xffffffffn;
  let x = ((t ^ (t >> 16n)) * 2246822507n) & M32;
  x = ((x ^ (x >> 13n)) * 3266489909n) & M32;
  let s = (x ^ (x >> 16n)) & M32;
  return () => {
    s = (s * 1664525n + 1013904223n) & M32;
    return Number(s);
  };
}

test("raw draws equal the reference's own code at the edge seeds", () => {
  for (const ref of REFERENCE) {
    const draw = referenceGenerator(BigInt(ref.seed));
    assert.deepEqual(
      Array.from({ length: 6 }, () => draw() * 2 ** 32),
      ref.draws,
      `seed ${ref.seed}`,
    );
    const task11 = referenceGenerator(BigInt(ref.seed) + 9973n * 11n);
    assert.deepEqual([task11() * 2 ** 32, task11() * 2 ** 32], ref.draws_task11, `task 11 of seed ${ref.seed}`);
  }
  assert.deepEqual(REFERENCE.map((r) => r.seed).slice(0, EDGE_SEEDS.length), EDGE_SEEDS);
});

test("draws equal an independent BigInt port for edge seeds, seeds past 2^53 and 2,000 sampled seeds", () => {
  const sample = seedrandom("generator-test");
  const seeds: bigint[] = [...EDGE_SEEDS.map(BigInt), 2n ** 53n, 2n ** 53n + 9973n * 11n, 2n ** 64n + 12345n];
  for (let i = 0; i < 2000; i++)
    seeds.push(BigInt(Math.floor(sample() * 2 ** 21)) * 2n ** 32n + BigInt(Math.floor(sample() * 2 ** 32)));
  for (const seed of seeds) {
    const ours = referenceGenerator(seed);
    const theirs = bigintGenerator(seed);
    for (let k = 0; k < 4; k++) assert.equal(ours() * 2 ** 32, theirs(), `seed ${seed}, draw ${k}`);
  }
});

test("a number seed and a bigint seed give the same stream; bad seeds are refused", () => {
  assert.equal(hashSeed(2 ** 53 - 1), hashSeed(2n ** 53n - 1n));
  assert.throws(() => hashSeed(-1), RangeError);
  assert.throws(() => hashSeed(1.5), RangeError);
  assert.throws(() => hashSeed(2 ** 53), RangeError);
});
