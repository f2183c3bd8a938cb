/**
 * Numbered keys: values kept by a key's number instead of by its name.
 *
 * A client's state, a call's arguments and a handler's answer are sets of named values (`Fields`).
 * When every name they can hold is known in advance, the names can be numbered once, in a
 * {@link KeyTable}, and the values kept in an array indexed by number ({@link Values}): `values[3]`
 * is the value of the table's key 3, and `undefined` means the key has no value. Lesson 6's world
 * numbers its keys this way (`world/keys.ts`); the envelope counts such values as it counts the
 * same values by name (`Envelope.sendCallValues`, `Envelope.sendAnswerValues`).
 */
import { countTokens } from "./tokenizer";
import type { Fields, Value } from "./values";

/** A fixed list of key names, each with its number (its place in the list) and its tokens. */
export interface KeyTable {
  /** The keys, by number. */
  readonly names: readonly string[];
  /** Each key's tokens as a body word (`countTokens`), by number. */
  readonly tokens: readonly number[];
  /** Each key's number, by name; a record with no prototype, so no name reads as an inherited property. */
  readonly numbers: Readonly<Record<string, number>>;
}

/**
 * Values by key number of one {@link KeyTable}: index k holds the value of key k, `undefined`
 * (or a hole) where key k has no value. It is at most as long as the table; a key past its end
 * has no value.
 */
export type Values = (Value | undefined)[];

/**
 * A key table over `names`, numbered in the order given. The table and its record of numbers are
 * frozen; its two arrays are typed read-only and left unfrozen, as the world's facts' arrays are
 * (`deepFreeze` in `world/servers.ts`): V8 reads a frozen array much slower, and the envelope reads
 * `tokens` for every value it counts.
 *
 * @throws Error when a name appears twice.
 */
export function keyTable(names: readonly string[]): KeyTable {
  const numbers: Record<string, number> = Object.create(null);
  names.forEach((name, number) => {
    if (numbers[name] !== undefined) throw new Error(`key '${name}' appears twice in a key table`);
    numbers[name] = number;
  });
  return Object.freeze({ names: [...names], tokens: names.map(countTokens), numbers: Object.freeze(numbers) });
}

/**
 * New values over `table` in which no key has a value: one `undefined` per key, an array without
 * holes (as `noWorldValues` in `world/keys.ts` makes the world's).
 */
export function noValues(table: KeyTable): Values {
  const values: Values = [];
  for (let number = 0; number < table.names.length; number++) values.push(undefined);
  return values;
}

/**
 * The numbers of `names` in `table`, in the order given; a name the table lacks is left out.
 *
 * @returns a new array.
 */
export function keyNumbers(table: KeyTable, names: readonly string[]): number[] {
  const numbers: number[] = [];
  for (const name of names) {
    const number = table.numbers[name];
    if (number !== undefined) numbers.push(number);
  }
  return numbers;
}

/**
 * Named values as values by number: each key of `fields` that `table` holds, at its number. A key
 * the table lacks is left out, and so is a value `undefined` (it reads as absent either way).
 */
export function valuesOf(table: KeyTable, fields: Readonly<Fields>): Values {
  const values = noValues(table);
  for (const name in fields) {
    const number = table.numbers[name];
    if (number !== undefined) values[number] = fields[name];
  }
  return values;
}

/** Values by number as named values: each key with a value, in the table's order. */
export function fieldsOf(table: KeyTable, values: Values): Fields {
  const fields: Fields = {};
  for (let number = 0; number < table.names.length; number++) {
    const value = values[number];
    if (value !== undefined) fields[table.names[number]] = value;
  }
  return fields;
}
