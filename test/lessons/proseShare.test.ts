// Every lesson's notebook holds at least MARKDOWN_PROSE_FLOOR of its export's prose in markdown cells, so it reads before it
// runs, and its exports are at most EXPORT_LINE_LIMIT lines, or the limit of its own that a longer lesson has.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { LESSONS } from "../../src/lessons/catalog";
import {
  EXPORT_LINE_LIMIT,
  EXPORT_LINE_LIMITS,
  exportLengthProblems,
  exportLineLimit,
  MARKDOWN_PROSE_FLOOR,
  proseShareProblems,
  proseWords,
} from "../../src/lessons/lessonShape";
import { readNotebook, type Notebook } from "../../src/notebook/notebookFile";
import { ROOT } from "../helpers";

test("prose words: lines outside fences, not table rows, images, comments or lone tags", () => {
  const text = [
    "<!-- Generated. Do not edit. -->",
    "# A title",
    "Two words.",
    "",
    "```text",
    "not prose here",
    "```",
    "| a | b |",
    "![chart](x.svg)",
    "<details>",
    "<summary>Answer</summary>",
    "- one more",
  ].join("\n");
  // "# A title" 3, "Two words." 2, "<summary>Answer</summary>" 1, "- one more" 3.
  assert.equal(proseWords(text), 9);
});

for (const lesson of LESSONS) {
  test(`${lesson.name}: its markdown cells hold its prose, at least ${MARKDOWN_PROSE_FLOOR * 100}%`, () => {
    const nb = readNotebook(join(ROOT, "notebooks", `${lesson.name}.ipynb`));
    const exported = readFileSync(join(ROOT, "lessons", `${lesson.name}.md`), "utf8");
    assert.deepEqual(proseShareProblems(nb, exported), []);
  });
}

test("a share below the floor is a problem that says how to fix it", () => {
  const nb: Notebook = { nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [] };
  const [problem] = proseShareProblems(nb, "Five words a cell wrote.\n");
  assert.match(problem, /the markdown cells hold 0% of the prose \(0 of 5 words\), at least 70% wanted/);
});

for (const lesson of LESSONS) {
  test(`${lesson.name}: both committed exports are at most ${exportLineLimit(lesson.name)} lines`, () => {
    for (const folder of ["lessons", join("lessons", "seed-20260219")]) {
      const exported = readFileSync(join(ROOT, folder, `${lesson.name}.md`), "utf8");
      assert.deepEqual(exportLengthProblems(lesson, exported), [], folder);
    }
  });
}

test("the length check counts lines as a reader does, and names the limit", () => {
  const lesson = LESSONS[0];
  assert.deepEqual(exportLengthProblems(lesson, "a\n".repeat(EXPORT_LINE_LIMIT)), []);
  assert.match(exportLengthProblems(lesson, "a\n".repeat(EXPORT_LINE_LIMIT + 1))[0], /451 lines long, at most 450/);
});

test("a lesson with a limit of its own is held to it, not to the course's", () => {
  const lesson = LESSONS.find((entry) => entry.name === "08-the-fleet-behind-the-boundary")!;
  assert.equal(exportLineLimit(lesson.name), EXPORT_LINE_LIMITS[lesson.name]);
  assert.equal(exportLineLimit(LESSONS[0].name), EXPORT_LINE_LIMIT);
  const limit = EXPORT_LINE_LIMITS[lesson.name];
  assert.deepEqual(exportLengthProblems(lesson, "a\n".repeat(limit)), []);
  assert.match(
    exportLengthProblems(lesson, "a\n".repeat(limit + 1))[0],
    new RegExp(`${limit + 1} lines long, at most ${limit}`),
  );
  for (const name of Object.keys(EXPORT_LINE_LIMITS))
    assert.ok(
      LESSONS.some((entry) => entry.name === name),
      name,
    );
});
