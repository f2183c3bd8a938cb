/**
 * Seeds: what the course accepts and what it starts from.
 *
 * A seed is an integer from 0 to 2^53 − 1 (`Number.MAX_SAFE_INTEGER`), so that it survives a
 * round trip through JSON and the command line unchanged. Task seeds derived from it (`seed + 1`
 * for the reference's second run, `seed + 9973 * i` inside the generator) may pass 2^53 and are
 * carried as `bigint`.
 */

/** The course's default seed. Source: reference lesson 004, assumption IM1 ("Seed 20260218"). */
export const DEFAULT_SEED = 20260218;

/** The largest accepted seed, 2^53 − 1: the largest integer a JSON number carries exactly. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/** True when `value` is an accepted seed: an integer from 0 to {@link MAX_SEED}. */
export function isSeed(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Checks a seed given to the library (a notebook's `SEED`, for instance).
 *
 * @returns the seed.
 * @throws RangeError saying what a seed must be, for anything but an integer from 0 to
 *   {@link MAX_SEED} (a larger number is no longer exact in JavaScript: 2^53 + 1 === 2^53).
 */
export function checkSeed(seed: number): number {
  if (!isSeed(seed))
    throw new RangeError(`seed must be an integer from 0 to ${MAX_SEED}, got ${seed}`);
  return seed;
}

/**
 * Parses a seed written in decimal digits, as on the command line.
 *
 * @returns the seed as a number.
 * @throws RangeError whose message says what a seed must be, for anything but plain decimal
 *   digits (no sign, no point, no exponent) or a value above {@link MAX_SEED}.
 */
export function parseSeed(text: string): number {
  if (!/^[0-9]+$/.test(text) || BigInt(text) > BigInt(MAX_SEED)) {
    throw new RangeError(`seed must be an integer from 0 to ${MAX_SEED}, got '${text}'`);
  }
  return Number(text);
}
