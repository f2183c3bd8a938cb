// Each lesson notebook has its sections in the course's order (the convention: src/lessons/lessonShape.ts), and its
// body names no later lesson.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LESSONS } from "../../src/lessons/catalog";
import { forwardPointers, laterLessonsNamed, sectionProblems } from "../../src/lessons/lessonShape";
import type { Notebook } from "../../src/notebook/notebookFile";
import { lessonExports, lessonNotebook } from "./lessonText";

for (const lesson of LESSONS) {
  test(`notebooks/${lesson.name}.ipynb: learn, assumptions, body, summary, exercises, solutions${lesson === LESSONS.at(-1) ? "" : ", Next"}, in this order`, () => {
    const problems = sectionProblems(lesson, lessonNotebook(lesson));
    assert.deepEqual(problems, [], `${problems.length} problems:\n${problems.join("\n")}`);
  });
}

for (const exported of lessonExports().filter((e) => !e.path.includes("seed-"))) {
  const { lesson } = exported;
  test(`${exported.path}: the body, before Next, names no later lesson`, () => {
    const found = forwardPointers(exported.text, lesson);
    assert.deepEqual(found, [], `${found.length} forward pointers before Next:\n${found.join("\n")}`);
  });
}

test("laterLessonsNamed reads numbers, ranges, titles and phrases, across line breaks", () => {
  const named = (text: string, number: number) => laterLessonsNamed(text, number).map((n) => n.named);
  assert.deepEqual(named("as lesson 9 will show", 7), ["lesson 9"]);
  assert.deepEqual(named("lessons 6 to 8 never started a process", 9), []);
  assert.deepEqual(named("lessons 6 to 9", 8), ["lessons 6 to 9"]);
  assert.deepEqual(named("Lesson 6's tokenizer and lesson 7's client", 8), []);
  assert.deepEqual(named("the lesson-9 figures", 8), ["lesson-9"]);
  assert.deepEqual(named("no real server is involved; a\n  later lesson holds this simulation", 6), ["a later lesson"]);
  assert.deepEqual(named('see "Without a\nSession"', 9), ["Without a Session"]);
  assert.deepEqual(named("Writing a Server, as before", 7), []);
  assert.deepEqual(laterLessonsNamed("x\nlesson 8", 7), [{ named: "lesson 8", at: 2 }]);
});

test("the order rule reads the convention: a notebook that follows it passes, one that does not is told why", () => {
  const md = (id: string, source: string) => ({ cell_type: "markdown" as const, id, metadata: {}, source });
  const lesson = LESSONS[0];
  const good: Notebook = {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {},
    cells: [
      md(
        "a",
        `# Lesson ${Number(lesson.name.slice(0, 2))} · ${lesson.title}\n\nIntro.\n\n**What you will learn**\n\n1. One.`,
      ),
      md("b", "## Assumptions\n\n- A."),
      md("c", "## 1 · The body\n\nText."),
      md("d", "## Summary"),
      md("e", "## Exercises\n\nAfter editing `src/`, run `npm run build` and restart the kernel.\n\n1. Do it."),
      md("f", "## Solutions\n\n1. Done.\n\n## Next\n\nLesson 7."),
    ],
  };
  assert.deepEqual(sectionProblems(lesson, good), []);
  const bad: Notebook = {
    ...good,
    cells: [
      good.cells[0],
      good.cells[2],
      good.cells[1],
      good.cells[3],
      md("e", "## Exercises\n\n1. Change `src/world/tasks.ts` and run the lesson again."),
      md("g", "## Next\n\nLesson 7.\n\n## Solutions"),
    ],
  };
  assert.deepEqual(sectionProblems(lesson, bad), [
    "no body section between Assumptions and Summary",
    '"## 1 · The body" comes before Assumptions',
    "an exercise names a file under src/, but the Exercises do not say how to rebuild after editing it (`npm run build`, then restart the kernel)",
    '"## Next" is not the last section: "## Solutions" follows it',
    "Next comes before the Solutions",
  ]);
});
