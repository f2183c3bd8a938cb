/**
 * Plain-text tables for the lessons that have no reference printout to match (lesson 8 on), and
 * left-aligned markdown tables for computed prose.
 *
 * Columns are separated by two spaces; number columns are right-aligned, text left-aligned; trailing
 * spaces are trimmed, so the output is byte-stable and reads the same in a notebook cell, a
 * terminal and an exported markdown code block.
 */

/** A cell: text, or a number (written as given by `String`). */
export type Cell = string | number;

/** A number, or text that reads as one (`16.67`), or the dash that stands for none. */
function numberLike(cell: Cell): boolean {
  return typeof cell === "number" || /^-?\d+(\.\d+)?$/.test(cell) || cell === "-" || cell === "";
}

/**
 * Formats rows under a header line.
 *
 * @param header column titles; a title is aligned like its column's values.
 * @param rows the rows, each as long as `header`.
 * @returns the lines joined by `\n`, without a final newline.
 */
export function formatTextTable(
  header: readonly string[],
  rows: readonly (readonly Cell[])[],
): string {
  // A column is right-aligned when every cell is number-like and not all are blank or dashes.
  const numeric = header.map(
    (_, c) =>
      rows.some((row) => row[c] !== "" && row[c] !== "-") &&
      rows.every((row) => numberLike(row[c])),
  );
  const widths = header.map((title, c) =>
    Math.max(title.length, ...rows.map((row) => String(row[c]).length)),
  );
  const line = (cells: readonly Cell[]) =>
    cells
      .map((cell, c) =>
        numeric[c] ? String(cell).padStart(widths[c]) : String(cell).padEnd(widths[c]),
      )
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}

/**
 * Formats rows as a GitHub-flavoured markdown table whose columns are all left-aligned (`:---`),
 * for prose that a notebook displays with `tslab.display.markdown`.
 *
 * Left alignment is spelt out because Classic Notebook's stylesheet right-aligns every table cell
 * that does not say otherwise (`.rendered_html td { text-align: right }`), and the `:---` of the
 * delimiter row is rendered as an inline style that wins over it; JupyterLab, GitHub and the HTML
 * export left-align such a table too. Cells are written as given, with `|` escaped as `\|` and line
 * breaks as spaces (a markdown table row is one line); numbers are written by `String`.
 *
 * @param header column titles (markdown allowed, e.g. code spans).
 * @param rows the rows, each as long as `header`.
 * @returns the lines joined by `\n`, without a final newline.
 * @throws Error when a row's length differs from the header's, or the header is empty.
 */
export function formatMarkdownTable(
  header: readonly string[],
  rows: readonly (readonly Cell[])[],
): string {
  if (header.length === 0)
    throw new Error("formatMarkdownTable: a table needs at least one column");
  const bad = rows.findIndex((row) => row.length !== header.length);
  if (bad !== -1)
    throw new Error(
      `formatMarkdownTable: row ${bad} has ${rows[bad].length} cells, the header ${header.length}`,
    );
  const cell = (value: Cell) => String(value).replace(/\r?\n/g, " ").replace(/\|/g, "\\|");
  const line = (cells: readonly Cell[]) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(header), `|${header.map(() => ":---").join("|")}|`, ...rows.map(line)].join("\n");
}
