/**
 * The lesson's tokenizer: how many tokens a message body costs.
 *
 * Source: reference lesson 004, "Handler and Declaration", function `tokenize(m)`: lower-case the
 * text, set every comma apart as its own word, split on white space, then cut each word into
 * pieces of at most five characters. It is a stand-in for a real tokenizer, chosen so that longer
 * words cost more; the bodies it sees are plain ASCII.
 */

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
  for (const word of body.toLowerCase().replaceAll(",", " , ").split(/\s+/)) {
    const chars = Array.from(word);
    for (let start = 0; start < chars.length; start += TOKEN_LENGTH) {
      tokens.push(chars.slice(start, start + TOKEN_LENGTH).join(""));
    }
  }
  return tokens;
}
