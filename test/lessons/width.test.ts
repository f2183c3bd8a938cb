// Every line a reader sees unbroken is at most 100 characters: the exports' printed output, listings and code (both seeds), and the notebooks' prose.
//
// Classic Notebook 6.4 wraps output at about 114 characters, mid-value; lines of at most MAX_LINE
// stay whole there with a margin. Markdown that a front end reflows (prose paragraphs, computed
// prose, table rows) is not held to it in the exports; in the notebooks' markdown cells, where a
// reader edits the text, every line but a table row is.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LESSONS } from "../../src/lessons/catalog";
import { wideExportLines, wideNotebookLines } from "../../src/lessons/lessonShape";
import { lessonExports, lessonNotebook, MAX_LINE, width } from "./lessonText";

for (const exported of lessonExports()) {
  test(`${exported.path}: every printed line, listing line and code line is at most ${MAX_LINE} characters`, () => {
    const wide = wideExportLines(exported.text);
    assert.deepEqual(wide, [], `${wide.length} lines wider than ${MAX_LINE} characters:\n${wide.join("\n")}`);
  });
}

for (const lesson of LESSONS) {
  test(`notebooks/${lesson.name}.ipynb: every line of its markdown cells, table rows aside, is at most ${MAX_LINE} characters`, () => {
    const wide = wideNotebookLines(lessonNotebook(lesson));
    assert.deepEqual(wide, [], `${wide.length} lines wider than ${MAX_LINE} characters:\n${wide.join("\n")}`);
  });
}

test("width counts characters as a notebook shows them, not UTF-8 bytes: `·` is one, so a key line of 99 is within the limit", () => {
  // A reader who counts bytes (`wc -c`, awk in a C locale) finds such a line 2 wider per `·`.
  const key = "answer: right = IL4-082 vs IL4-026 · shortcut = CT5-054 vs CT5-008 · gave up = CT5-054 vs unknown ·";
  assert.equal(width(key), 99);
  assert.equal(Buffer.byteLength(key, "utf8"), 102);
  assert.equal(width("·—→"), 3);
});
