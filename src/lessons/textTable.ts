/**
 * Plain-text tables for the lessons that have no reference printout to match (lesson 8 on).
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
export function formatTextTable(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  // A column is right-aligned when every cell is number-like and not all are blank or dashes.
  const numeric = header.map((_, c) => rows.some((row) => row[c] !== "" && row[c] !== "-") && rows.every((row) => numberLike(row[c])));
  const widths = header.map((title, c) => Math.max(title.length, ...rows.map((row) => String(row[c]).length)));
  const line = (cells: readonly Cell[]) =>
    cells
      .map((cell, c) => (numeric[c] ? String(cell).padStart(widths[c]) : String(cell).padEnd(widths[c])))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}
