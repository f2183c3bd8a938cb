// formatTextTable: numbers right-aligned, text left-aligned, two-space gaps, no trailing spaces, no final newline.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatTextTable } from "../../src/lessons/textTable";

test("numbers are right-aligned, text left-aligned, columns two spaces apart", () => {
  assert.equal(
    formatTextTable(
      ["name", "n"],
      [
        ["a", 1],
        ["bbb", 100],
      ],
    ),
    ["name    n", "a       1", "bbb   100"].join("\n"),
  );
});

test("a header is aligned like its column, and sets the width when it is the widest cell", () => {
  assert.equal(formatTextTable(["x", "count"], [["ab", 7]]), ["x   count", "ab      7"].join("\n"));
});

test("trailing spaces are trimmed from every line; there is no final newline", () => {
  const text = formatTextTable(
    ["key", "value"],
    [
      ["a", "short"],
      ["b", "much longer"],
      ["c", ""],
    ],
  );
  assert.equal(text, ["key  value", "a    short", "b    much longer", "c"].join("\n"));
  for (const line of text.split("\n")) assert.equal(line, line.trimEnd());
  assert.ok(!text.endsWith("\n"));
});

test("text that reads as a number (decimals, negatives) and the dash for none align as numbers", () => {
  assert.equal(
    formatTextTable(
      ["rate", "delta"],
      [
        ["16.67", -3],
        ["2.6", "-"],
        ["-", 12],
      ],
    ),
    [" rate  delta", "16.67     -3", "  2.6      -", "    -     12"].join("\n"),
  );
});

test("one text cell makes the whole column left-aligned", () => {
  assert.equal(formatTextTable(["v"], [[1], ["None"], [22]]), ["v", "1", "None", "22"].join("\n"));
});

test("a column of only dashes and blanks stays left-aligned", () => {
  assert.equal(
    formatTextTable(
      ["a", "b"],
      [
        ["-", "x"],
        ["", "y"],
      ],
    ),
    ["a  b", "-  x", "   y"].join("\n"),
  );
});

test("every line has the header's column starts", () => {
  const header = ["condition", "policy", "turns", "answer"];
  const text = formatTextTable(header, [
    ["direct", "shortcut", 3, "CT5-054 vs CT5-008"],
    ["stdout-unterminated", "thorough", 12, "(none)"],
  ]);
  const lines = text.split("\n");
  const policyAt = lines[0].indexOf("policy");
  const answerAt = lines[0].indexOf("answer");
  const turnsEnd = lines[0].indexOf("turns") + "turns".length;
  for (const line of lines.slice(1)) {
    assert.match(line.slice(policyAt), /^(shortcut|thorough)/);
    assert.equal(line[policyAt - 1], " ");
    assert.match(line.slice(0, turnsEnd), /\d$/);
    assert.match(line.slice(answerAt), /^(CT5|\(none\))/);
  }
});

test("no rows: the header alone", () => {
  assert.equal(formatTextTable(["a", "bb"], []), "a  bb");
});
