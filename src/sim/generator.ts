/**
 * The reference lesson's random generator, ported bit for bit.
 *
 * Source: reference lesson 004, "Handler and Declaration", function `rng(t)`: a 32-bit integer
 * hash of the seed (two xor-shift-multiply rounds) picks the start state of a linear
 * congruential generator (multiplier 1664525, increment 1013904223, modulus 2^32), and each draw
 * is the new state divided by 2^32.
 *
 * The reference is Python, whose integers never overflow. Its hash starts from `t ^ (t >> 16)`
 * on the whole seed, and only the low 32 bits of that survive the `& M32` that follows. Those
 * bits come from bits 0–47 of `t`, so the port splits `t` with `bigint` (JavaScript's `>>` and
 * `&` would first cut `t` to 32 signed bits) and does the rest in exact 32-bit arithmetic with
 * `Math.imul` and `>>> 0`.
 *
 * This generator exists to reproduce the reference's figures; new data in the course comes from
 * `seedrandom` instead.
 */

const HASH_MULTIPLIER_1 = 2246822507; // reference lesson 004, rng(): first hash round
const HASH_MULTIPLIER_2 = 3266489909; // reference lesson 004, rng(): second hash round
const LCG_MULTIPLIER = 1664525; // reference lesson 004, rng(): next_value()
const LCG_INCREMENT = 1013904223; // reference lesson 004, rng(): next_value()
const TWO_POW_32 = 4294967296;
const LOW_32 = 0xffffffffn;

/** A stream of draws in [0, 1), each a multiple of 2^−32. */
export type Draw = () => number;

/**
 * The start state of the reference generator for seed `t`: the hash of `t`.
 *
 * @param t any non-negative integer; a `number` must be a safe integer.
 * @returns an unsigned 32-bit integer.
 * @throws RangeError for a negative or non-integer `t`.
 */
export function hashSeed(t: bigint | number): number {
  const big = typeof t === "bigint" ? t : toBigInt(t);
  if (big < 0n) throw new RangeError(`generator seed must be non-negative, got ${big}`);
  const low = Number(big & LOW_32);
  const shifted = Number((big >> 16n) & LOW_32);
  let x = Math.imul((low ^ shifted) >>> 0, HASH_MULTIPLIER_1) >>> 0;
  x = Math.imul((x ^ (x >>> 13)) >>> 0, HASH_MULTIPLIER_2) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * The reference generator for seed `t`: `rng(t)` in the reference lesson.
 *
 * @param t the seed; the lesson passes `seed + 31 * i` for subscriber i and `seed + 9973 * i`
 *   for task i (see `subscriberSeed` and `taskSeed`), which may exceed 2^53, hence `bigint`.
 * @returns a function; each call advances the state once and returns state / 2^32.
 */
export function referenceGenerator(t: bigint | number): Draw {
  let state = hashSeed(t);
  return () => {
    state = (Math.imul(state, LCG_MULTIPLIER) + LCG_INCREMENT) >>> 0;
    return state / TWO_POW_32;
  };
}

function toBigInt(t: number): bigint {
  if (!Number.isSafeInteger(t)) throw new RangeError(`generator seed must be a safe integer, got ${t}`);
  return BigInt(t);
}
