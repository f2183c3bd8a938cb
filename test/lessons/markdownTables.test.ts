// Markdown tables are left-aligned, in the exports and in what formatMarkdownTable writes: Classic Notebook right-aligns a table cell that does not say `:---`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Marked } from "marked";
import { formatMarkdownTable } from "../../src/lessons/textTable";
import { lessonExports, tableDelimiterRows } from "./lessonText";

test("formatMarkdownTable: a header, a delimiter row of :---, and one line per row", () => {
  assert.equal(
    formatMarkdownTable(
      ["level", "what it adds"],
      [
        ["`name`", "the tool's name"],
        [1, "a | b\nc"],
      ],
    ),
    ["| level | what it adds |", "|:---|:---|", "| `name` | the tool's name |", "| 1 | a \\| b c |"].join("\n"),
  );
  const html = new Marked({ gfm: true, async: false }).parse(
    formatMarkdownTable(["a", "b"], [["1", "x | y"]]),
  ) as string;
  assert.equal((html.match(/<t[hd] align="left">/g) ?? []).length, 4, "every cell is left-aligned");
  assert.match(html, /<td align="left">x \| y<\/td>/, "an escaped pipe stays in its cell");
});

test("formatMarkdownTable refuses a ragged row and an empty header", () => {
  assert.throws(() => formatMarkdownTable(["a", "b"], [["1"]]), /row 0 has 1 cells, the header 2/);
  assert.throws(() => formatMarkdownTable([], []), /at least one column/);
});

for (const exported of lessonExports()) {
  test(`${exported.path}: every markdown table is left-aligned (:--- in each column of its delimiter row)`, () => {
    const rows = tableDelimiterRows(exported.text).filter((row) => row.cells.some((cell) => !/^:-+$/.test(cell)));
    assert.deepEqual(
      rows.map((row) => `line ${row.number}: ${row.line}`),
      [],
      "write the delimiter row as |:---|:---| (formatMarkdownTable does) so that Classic Notebook does not right-align the table",
    );
  });
}
