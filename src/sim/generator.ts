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
  let low: number;
  let shifted: number;
  if (typeof t === "number") {
    if (!Number.isSafeInteger(t) || t < 0)
      throw new RangeError(`generator seed must be a non-negative safe integer, got ${t}`);
    // Below 2^53 both halves are exact in a double: division by a power of two loses nothing. Each
    // `x mod 2^32` is `x - floor(x / 2^32) * 2^32`, exact for such x (a double's `%` is a slow fmod).
    low = t - Math.floor(t / TWO_POW_32) * TWO_POW_32;
    const high = Math.floor(t / 65536);
    shifted = high - Math.floor(high / TWO_POW_32) * TWO_POW_32;
  } else {
    if (t < 0n) throw new RangeError(`generator seed must be non-negative, got ${t}`);
    low = Number(t & LOW_32);
    shifted = Number((t >> 16n) & LOW_32);
  }
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

/**
 * The seed of the `index`-th draw stream derived from `base`: `base + step * index`, exactly.
 * The reference derives subscriber seeds with step 31 and task seeds with step 9973; near 2^53
 * the sum leaves the doubles' exact range, so it is returned as a `bigint` there and as a
 * `number` (the fast path of {@link hashSeed}) everywhere else.
 */
export function derivedSeed(base: bigint | number, step: number, index: number): bigint | number {
  if (typeof base === "number") {
    const sum = base + step * index;
    if (Number.isSafeInteger(sum)) return sum;
    return BigInt(base) + BigInt(step) * BigInt(index);
  }
  return base + BigInt(step) * BigInt(index);
}
