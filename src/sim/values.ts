/**
 * The values that travel in message bodies, and how the reference writes and compares them.
 *
 * The reference lesson is Python: a body is built with f-strings, so `True` is written `True`
 * and a missing value `None`, and the run compares its result to the expected answer with `==`,
 * under which `True == 1`. These helpers keep those rules in one place.
 */
import { pyRepr } from "./python";
import { countTokens } from "./tokenizer";

/**
 * A field value or a handler result value: text, an integer, a flag, nothing yet, or (for the
 * fleet's tools, whose results hold device rows) a list or record of those.
 */
export type Value =
  string | number | boolean | null | readonly Value[] | { readonly [key: string]: Value };

/** A set of named values: the arguments of a call, a handler's result, the client's state. */
export type Fields = Record<string, Value>;

/**
 * Writes a value as Python's `str()` does: `True`, `False`, `None`, integers in decimal, text as
 * it is, lists and records as their `repr` (`[{'device_id': 'AV3-007'}]`).
 */
export function pyStr(value: Value): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "object") return pyRepr(value);
  return String(value);
}

/**
 * Tokens of a value as it appears in a body: `countTokens(pyStr(value))`, without writing it
 * out for a non-negative integer (⌈digits / 5⌉), `None` or a flag (one token).
 */
export function valueTokens(value: Value): number {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) {
    // 1–5 digits are one token, 6–10 two, 11–15 three, 16 four (safe integers have ≤ 16).
    return value < 1e5 ? 1 : value < 1e10 ? 2 : value < 1e15 ? 3 : 4;
  }
  // `None`, `True`, `False`: one word of at most five letters.
  if (value === null || typeof value === "boolean") return 1;
  return countTokens(typeof value === "string" ? value : pyStr(value));
}

/** Compares two values as Python's `==` does for these types (a flag equals 1 or 0). */
export function pyEquals(a: Value, b: Value): boolean {
  // Lists and records are compared by identity: the lesson compares only scalar answers.
  return numeric(a) === numeric(b);
}

/** A flag as Python's `==` sees it (1 or 0); any other value as it is. */
function numeric(value: Value): Value {
  return typeof value === "boolean" ? Number(value) : value;
}
