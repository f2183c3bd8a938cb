/**
 * Small writing helpers shared by the lessons' computed prose: lists, plurals, ordinals, code.
 */

/** Inline code: `` `name` ``. */
export const code = (text: string): string => `\`${text}\``;

/** "a", "a and b", "a, b and c". */
export function listing(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** "1 minute", "2 minutes" (`many` for an irregular plural). */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** "1st", "2nd", "3rd", "11th", "158th". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}
