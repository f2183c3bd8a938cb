/**
 * The lesson's tokenizer: how many tokens a message body costs.
 *
 * Source: reference lesson 004, "Handler and Declaration", function `tokenize(m)`: lower-case the
 * text, set every comma apart as its own word, split on white space, then cut each word into
 * pieces of at most five characters. It is a stand-in for a real tokenizer, chosen so that longer
 * words cost more. Words are split where Python's `str.split()` splits and cut by code point;
 * lower-casing follows JavaScript, which agrees with Python's `str.lower()` on all but a few
 * non-ASCII letters (the simulator's bodies are ASCII).
 */

/**
 * Python's `str.split()` separators: every character for which `str.isspace()` is true, the
 * control characters U+001C–U+001F (file, group, record and unit separators) among them.
 */
const PYTHON_WHITESPACE =
  // eslint-disable-next-line no-control-regex
  /[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

/** Longest token, in characters. Source: reference lesson 004, `tokenize`. */
export const TOKEN_LENGTH = 5;

/**
 * Splits a message body into the lesson's tokens.
 *
 * @param body the text of a message body.
 * @returns the tokens, in order (each 1–5 characters).
 */
export function tokenize(body: string): string[] {
  const tokens: string[] = [];
  for (const word of body.toLowerCase().replaceAll(",", " , ").split(PYTHON_WHITESPACE)) {
    const chars = Array.from(word);
    for (let start = 0; start < chars.length; start += TOKEN_LENGTH) {
      tokens.push(chars.slice(start, start + TOKEN_LENGTH).join(""));
    }
  }
  return tokens;
}

/** Character classes for the one-pass count: 0 part of a word, 1 white space, 2 comma. */
const WORD = 0;
const SPACE = 1;
const COMMA = 2;

/** Class of each ASCII character. White space is Python's `str.split()`'s among ASCII: \t \n \v \f \r, \x1c–\x1f, space. */
const ASCII_CLASS: Uint8Array = (() => {
  const table = new Uint8Array(128);
  for (const code of [9, 10, 11, 12, 13, 28, 29, 30, 31, 32]) table[code] = SPACE;
  table[44] = COMMA;
  return table;
})();

/**
 * The number of tokens in a body: `tokenize(body).length`, counted in one pass without
 * building the tokens. The envelope counts every message, so this is the simulator's hot path.
 * Lower-casing cannot change the count of ASCII text; a body with any non-ASCII character is
 * handed to {@link tokenize} so the rules stay in one place.
 */
export function countTokens(body: string): number {
  let tokens = 0;
  let word = 0;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    if (code > 127) return tokenize(body).length;
    const kind = ASCII_CLASS[code];
    if (kind === WORD) {
      word += 1;
    } else {
      // A word of n characters is ⌈n / 5⌉ tokens; a comma is a word of its own.
      tokens += ((word + TOKEN_LENGTH - 1) / TOKEN_LENGTH) | 0;
      if (kind === COMMA) tokens += 1;
      word = 0;
    }
  }
  return tokens + (((word + TOKEN_LENGTH - 1) / TOKEN_LENGTH) | 0);
}

/**
 * Token counts of words known before any message is sent, by word: see {@link wordTokens}. A
 * record with no prototype, so no word reads as an inherited property.
 */
export type WordTokens = Readonly<Record<string, number>>;

/**
 * The token count of each of `words`, counted once with {@link countTokens}: a table of the words
 * an envelope's bodies repeat (`Envelope`'s `words`), so that messages need not count them again.
 *
 * @returns a new frozen record with no prototype, the words in the order given.
 */
export function wordTokens(words: Iterable<string>): WordTokens {
  const table: Record<string, number> = Object.create(null);
  for (const word of words) table[word] = countTokens(word);
  return Object.freeze(table);
}
