/**
 * Python's ways of writing values, for the simulator's bodies and the lessons' tables.
 *
 * The reference lesson is Python; its tables are f-strings (`{x:<27}`, `{x:>10}`) and a few
 * values are printed with `repr` (lists, tuples, dicts of strings, integers and flags). To match
 * its printed blocks byte for byte, the table printers use these helpers rather than
 * JavaScript's own `String()` and `JSON.stringify`.
 */

/** `f"{value:<width}"`: the text padded with spaces on the right to `width`. */
export function left(value: string | number, width: number): string {
  return String(value).padEnd(width);
}

/** `f"{value:>width}"`: the text padded with spaces on the left to `width`. */
export function right(value: string | number, width: number): string {
  return String(value).padStart(width);
}

/** A value `pyRepr` can write: text, integer, flag, list, tuple or dict of those. */
export type PyValue =
  | string
  | number
  | boolean
  | null
  | PyTuple
  | readonly PyValue[]
  | { readonly [key: string]: PyValue };

/** Marks an array to be written as a Python tuple, `('a',)` or `('a', 'b')`, not a list. */
export class PyTuple {
  constructor(readonly items: readonly PyValue[]) {}
}

/**
 * Python's `repr` for the value types the reference prints.
 *
 * @example pyRepr({ fields: new PyTuple(["abone"]), side_effect: false }) === "{'fields': ('abone',), 'side_effect': False}"
 */
export function pyRepr(value: PyValue): string {
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return reprString(value);
  if (value instanceof PyTuple) {
    const items = value.items.map(pyRepr);
    return items.length === 1 ? `(${items[0]},)` : `(${items.join(", ")})`;
  }
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  const entries = Object.entries(value as { readonly [key: string]: PyValue });
  return `{${entries.map(([k, v]) => `${reprString(k)}: ${pyRepr(v)}`).join(", ")}}`;
}

/** Python's string repr: single quotes unless the text holds a single quote and no double quote. */
function reprString(text: string): string {
  const escaped = text.replaceAll("\\", "\\\\");
  if (text.includes("'") && !text.includes('"')) return `"${escaped}"`;
  return `'${escaped.replaceAll("'", "\\'")}'`;
}
