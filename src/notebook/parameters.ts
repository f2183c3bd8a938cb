// Papermill's parameter convention, for TypeScript notebooks on tslab.
import type { Cell, CodeCell, JsonValue, Notebook } from "./notebookFile";

/** Tag of the cell holding the notebook's default parameters (papermill's name). */
export const PARAMETERS_TAG = "parameters";
/** Tag (and cell id) of the cell injectParameters inserts (papermill's name). */
export const INJECTED_TAG = "injected-parameters";

/** Whether `cell` carries `tag` among its metadata's `tags` (e.g. {@link PARAMETERS_TAG}). */
export function hasTag(cell: Cell, tag: string): boolean {
  return (cell.metadata.tags ?? []).includes(tag);
}

/**
 * Returns a new notebook with a code cell inserted right after the first cell tagged `parameters`,
 * tagged and identified `injected-parameters`, holding one line per parameter:
 * `const NAME = <JSON value>;` (keys in the given order). tslab accepts redeclaring a `const` in a
 * later cell, so the injected value shadows the default for all following cells. A previously
 * injected cell is replaced, and the values are recorded in `metadata.papermill.parameters`.
 *
 * Caveat (tslab type-checks each cell): the injected const gets the literal type of its value
 * (`const SEED = 7;` has type `7`), so a later `SEED === 1` no longer compiles. Compare parameters
 * only through functions that take the wide type.
 *
 * @throws Error if no cell is tagged `parameters`, a name is not a JavaScript identifier, or a
 *   value is not plain JSON (undefined, functions, NaN and Infinity are rejected).
 */
export function injectParameters(nb: Notebook, params: Record<string, JsonValue>): Notebook {
  const cells = nb.cells.filter((cell) => !hasTag(cell, INJECTED_TAG));
  const at = cells.findIndex((cell) => hasTag(cell, PARAMETERS_TAG));
  if (at < 0) throw new Error(`notebook has no cell tagged "${PARAMETERS_TAG}"`);
  const lines = Object.entries(params).map(([name, value]) => {
    if (!/^[A-Za-z_$][\w$]*$/.test(name))
      throw new Error(`parameter name ${JSON.stringify(name)} is not a JavaScript identifier`);
    return `const ${name} = ${jsonLiteral(name, value)};`;
  });
  const injected: CodeCell = {
    cell_type: "code",
    id: INJECTED_TAG,
    metadata: { tags: [INJECTED_TAG] },
    source: lines.join("\n"),
    execution_count: null,
    outputs: [],
  };
  const papermill = { ...(nb.metadata.papermill ?? {}), parameters: { ...params } };
  return {
    ...nb,
    metadata: { ...nb.metadata, papermill },
    cells: [...cells.slice(0, at + 1), injected, ...cells.slice(at + 1)],
  };
}

function jsonLiteral(name: string, value: unknown): string {
  const plain = (v: unknown): boolean =>
    v === null ||
    typeof v === "string" ||
    typeof v === "boolean" ||
    (typeof v === "number" && Number.isFinite(v)) ||
    (Array.isArray(v) && v.every(plain)) ||
    (typeof v === "object" &&
      Object.getPrototypeOf(v) === Object.prototype &&
      Object.values(v as object).every(plain));
  if (!plain(value)) throw new Error(`parameter ${name} is not plain JSON`);
  return JSON.stringify(value);
}

/**
 * The literal a notebook's `parameters` cell gives a parameter, as written: for
 * `const SEED = 20260218;` (a type annotation is allowed) `defaultParameter(nb, "SEED")` is
 * `"20260218"`.
 *
 * @returns the literal's text, or undefined when there is no parameters cell or it does not
 *   declare `name` on a line of its own.
 */
export function defaultParameter(nb: Notebook, name: string): string | undefined {
  const cell = nb.cells.find((c) => hasTag(c, PARAMETERS_TAG));
  if (!cell) return undefined;
  const declaration = new RegExp(
    `^\\s*(?:const|let)\\s+${name}\\s*(?::[^=]+)?=\\s*(.+?)\\s*;?\\s*$`,
    "m",
  );
  return declaration.exec(cell.source)?.[1];
}
