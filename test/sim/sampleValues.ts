// Not a test: the values the envelope and tokenizer tests draw a body's values from.

/**
 * One of each kind of value a body can carry: the world's texts (a subscriber, a region, a
 * tariff, an error), the empty text, integers up to 2^53 − 1, a negative and a fraction, both
 * flags, and null.
 */
export const SAMPLE_VALUES: readonly (string | number | boolean | null)[] = [
  "A001",
  "merkez",
  "mesken",
  "abone yok",
  "",
  0,
  7,
  99999,
  100000,
  2 ** 53 - 1,
  -5,
  1.5,
  true,
  false,
  null,
];
