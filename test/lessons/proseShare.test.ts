// Every lesson's notebook holds at least MARKDOWN_PROSE_FLOOR of its export's prose in markdown cells, so it reads before it runs, and its exports are at most EXPORT_LINE_LIMIT lines; the lessons written before these rules are listed, and leave the list once they keep them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { LESSONS } from "../../src/lessons/catalog";
import {
  EXPORT_LINE_LIMIT,
  EXPORT_LINE_LIMIT_PENDING,
  EXPORT_LINE_LIMITS,
  exportLengthProblems,
  exportLineLimit,
  MARKDOWN_PROSE_FLOOR,
  PROSE_FLOOR_PENDING,
  proseShare,
  proseShareProblems,
  proseWords,
} from "../../src/lessons/lessonShape";
import { readNotebook } from "../../src/notebook/notebookFile";
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
  test(`${lesson.name}: its markdown cells hold its prose, at least ${MARKDOWN_PROSE_FLOOR * 100}% unless written before the floor`, () => {
    const nb = readNotebook(join(ROOT, "notebooks", `${lesson.name}.ipynb`));
    const exported = readFileSync(join(ROOT, "lessons", `${lesson.name}.md`), "utf8");
    assert.deepEqual(proseShareProblems(lesson, nb, exported), []);
    if (PROSE_FLOOR_PENDING.includes(lesson.name))
      assert.ok(
        proseShare(nb, exported).share < MARKDOWN_PROSE_FLOOR,
        `${lesson.name} reaches the floor: take it off PROSE_FLOOR_PENDING`,
      );
  });
}

test("every lesson on PROSE_FLOOR_PENDING is a lesson of the catalog", () => {
  for (const name of PROSE_FLOOR_PENDING)
    assert.ok(
      LESSONS.some((lesson) => lesson.name === name),
      name,
    );
});

for (const lesson of LESSONS) {
  test(`${lesson.name}: both committed exports are at most ${exportLineLimit(lesson.name)} lines, unless written before the limit`, () => {
    for (const folder of ["lessons", join("lessons", "seed-20260219")]) {
      const exported = readFileSync(join(ROOT, folder, `${lesson.name}.md`), "utf8");
      assert.deepEqual(exportLengthProblems(lesson, exported), [], folder);
    }
  });
}

test("the length check counts lines as a reader does, and names the limit", () => {
  const lesson = LESSONS.find((entry) => !EXPORT_LINE_LIMIT_PENDING.includes(entry.name))!;
  assert.deepEqual(exportLengthProblems(lesson, "a\n".repeat(EXPORT_LINE_LIMIT)), []);
  assert.match(exportLengthProblems(lesson, "a\n".repeat(EXPORT_LINE_LIMIT + 1))[0], /451 lines long, at most 450/);
});

test("a lesson with a limit of its own is held to it, not to the course's", () => {
  const lesson = LESSONS.find((entry) => entry.name === "08-the-fleet-behind-the-boundary")!;
  assert.ok(!EXPORT_LINE_LIMIT_PENDING.includes(lesson.name));
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
