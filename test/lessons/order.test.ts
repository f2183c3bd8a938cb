// Each lesson notebook has its sections in the course's order, and its body names no later lesson.
//
// The heading convention (docs/adding-a-lesson.md): the first cell opens with `# Lesson N ·
// Title` (the catalog's number and title) and holds a paragraph `**What you will learn**` (or a
// heading of that name); then level-2 headings `## Assumptions`, one or more body sections,
// `## Summary…`, `## Exercises`, the expected answers (a `## Solutions` section, or answers marked
// "Expected answer" inside the exercises), and `## Next` last, in every lesson but the catalog's
// last. A body heading may be numbered (`## 1 · Two openings`).
import assert from "node:assert/strict";
import { test } from "node:test";
import { LESSONS, type LessonEntry } from "../../src/lessons/catalog";
import type { Notebook } from "../../src/notebook/notebookFile";
import { lessonExports, lessonNotebook, linesOutsideFences } from "./lessonText";

/** What a section is in the order of a lesson. */
type Landmark = "learn" | "assumptions" | "body" | "summary" | "exercises" | "solutions" | "next";

/** A section of a notebook: its heading's text and level, its landmark, and the text of the markdown cells under it. */
interface Section {
  heading: string;
  landmark: Landmark;
  /** The cell the heading is in. */
  cell: number;
  /** The markdown of this section (up to the next level-2 heading), markdown cells only. */
  text: string;
}

/** The landmark a level-2 heading (or the learn paragraph) stands for, by its words. */
function landmarkOf(heading: string): Landmark {
  const words = heading.replace(/^\d+\s*[·.]\s*/, "").trim();
  if (/^what you will learn\b/i.test(words)) return "learn";
  if (/^assumptions\b/i.test(words)) return "assumptions";
  if (/^summary\b/i.test(words)) return "summary";
  if (/^exercises\b/i.test(words)) return "exercises";
  if (/^(solutions|expected answers)\b/i.test(words)) return "solutions";
  if (/^next\b/i.test(words)) return "next";
  return "body";
}

/** The sections of a notebook, in order: the learn paragraph and every level-2 heading of its markdown cells. */
function sections(nb: Notebook): Section[] {
  const found: Section[] = [];
  nb.cells.forEach((cell, index) => {
    if (cell.cell_type !== "markdown") return;
    for (const { line } of linesOutsideFences(cell.source)) {
      const heading = /^##\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
      const learn =
        /^\*\*What you will learn\*\*\s*$/i.test(line.trim()) || /^#{2,3}\s+What you will learn/i.test(line);
      if (learn) found.push({ heading: "What you will learn", landmark: "learn", cell: index, text: "" });
      else if (heading !== undefined) found.push({ heading, landmark: landmarkOf(heading), cell: index, text: "" });
      else if (found.length > 0) found[found.length - 1].text += `${line}\n`;
    }
  });
  return found;
}

/** What is out of order in a lesson, as one line each; empty when its sections follow the convention. */
function orderProblems(lesson: LessonEntry, nb: Notebook): string[] {
  const problems: string[] = [];
  const last = LESSONS[LESSONS.length - 1].name === lesson.name;
  const number = Number(lesson.name.slice(0, 2));
  const title = `# Lesson ${number} · ${lesson.title}`;
  const first = nb.cells[0]?.cell_type === "markdown" ? nb.cells[0].source.split("\n")[0] : "";
  if (first !== title)
    problems.push(
      `the first cell opens with ${JSON.stringify(first)}, not ${JSON.stringify(title)} (the catalog's number and title)`,
    );

  const all = sections(nb);
  const index = (landmark: Landmark) => all.findIndex((s) => s.landmark === landmark);
  const count = (landmark: Landmark) => all.filter((s) => s.landmark === landmark).length;
  for (const landmark of ["learn", "assumptions", "summary", "exercises"] as const) {
    if (count(landmark) === 0) problems.push(`no ${landmark} section`);
    if (count(landmark) > 1) problems.push(`${count(landmark)} ${landmark} sections`);
  }
  const [learn, assumptions, summary, exercises] = (["learn", "assumptions", "summary", "exercises"] as const).map(
    index,
  );
  if (learn !== -1 && assumptions !== -1 && learn > assumptions)
    problems.push("What you will learn comes after Assumptions");
  if (assumptions !== -1 && summary !== -1) {
    if (summary < assumptions) problems.push("Summary comes before Assumptions");
    else if (!all.slice(assumptions + 1, summary).some((s) => s.landmark === "body"))
      problems.push("no body section between Assumptions and Summary");
  }
  for (const [i, s] of all.entries()) {
    if (s.landmark === "body" && summary !== -1 && i > summary && !(last && exercises !== -1 && i > exercises)) {
      problems.push(
        `"## ${s.heading}" comes after the Summary: after it come only Exercises, their solutions and Next`,
      );
    }
    if (s.landmark === "body" && assumptions !== -1 && i < assumptions)
      problems.push(`"## ${s.heading}" comes before Assumptions`);
  }
  if (summary !== -1 && exercises !== -1 && exercises < summary) problems.push("Exercises come before the Summary");

  const solutions = index("solutions");
  const exercisesText = exercises === -1 ? "" : all[exercises].text;
  if (solutions === -1 && !/expected answers?\b/i.test(exercisesText)) {
    problems.push(
      'no expected answers: neither a "## Solutions" section nor answers marked "Expected answer" in the Exercises',
    );
  }
  if (solutions !== -1 && exercises !== -1 && solutions < exercises)
    problems.push("Solutions come before the Exercises");
  const closing = all
    .slice(Math.max(exercises, 0))
    .map((s) => s.text)
    .join("\n");
  if (exercises !== -1 && !(/npm run build/.test(closing) && /restart(ing)? the kernel/i.test(closing))) {
    problems.push(
      "the Exercises do not say how to rebuild after editing src/ (`npm run build`, then restart the kernel)",
    );
  }

  const next = index("next");
  if (last && next !== -1)
    problems.push(`"## ${all[next].heading}" in the last lesson of the catalog, where nothing comes next`);
  if (!last && next === -1) problems.push('no "## Next" section (every lesson but the last ends with one)');
  if (!last && next !== -1 && next !== all.length - 1)
    problems.push(`"## Next" is not the last section: "## ${all[all.length - 1].heading}" follows it`);
  if (!last && next !== -1 && solutions !== -1 && next < solutions) problems.push("Next comes before the Solutions");
  return problems;
}

for (const lesson of LESSONS) {
  test(`notebooks/${lesson.name}.ipynb: learn, assumptions, body, summary, exercises, solutions${lesson === LESSONS.at(-1) ? "" : ", Next"}, in this order`, () => {
    const problems = orderProblems(lesson, lessonNotebook(lesson));
    assert.deepEqual(problems, [], `${problems.length} problems:\n${problems.join("\n")}`);
  });
}

/** A title or phrase as a pattern that lets a line break (or any run of spaces) stand for each space. */
function spaced(words: string): string {
  return words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
}

/**
 * The lessons a text names that come after lesson `number`, with where each is named (an offset
 * into `text`): "lesson 9", "lessons 6 to 9", "lessons 8 and 10", "the lesson-9 figures", a later
 * lesson's title, or "a later lesson" / "the next lesson". A phrase may run across a line break.
 */
export function laterLessonsNamed(text: string, number: number): { named: string; at: number }[] {
  const named: { named: string; at: number }[] = [];
  const add = (m: RegExpMatchArray) => named.push({ named: m[0].replace(/\s+/g, " "), at: m.index! });
  for (const m of text.matchAll(/\blessons?[\s-]+(\d+)((?:\s*(?:,|and|or|to|through|–|—|-)\s*\d+)*)/gi)) {
    const numbers = [m[1], ...(m[2].match(/\d+/g) ?? [])].map(Number);
    if (numbers.some((n) => n > number)) add(m);
  }
  for (const m of text.matchAll(
    /\b(a|the|one)\s+(later|next|following|coming|future)\s+lessons?\b|\blater\s+lessons\b/gi,
  ))
    add(m);
  for (const later of LESSONS.filter((l) => Number(l.name.slice(0, 2)) > number)) {
    for (const m of text.matchAll(new RegExp(spaced(later.title), "g"))) add(m);
  }
  return named.sort((x, y) => x.at - y.at);
}

for (const exported of lessonExports().filter((e) => !e.path.includes("seed-"))) {
  const { lesson } = exported;
  test(`${exported.path}: the body, before Next, names no later lesson`, () => {
    const number = Number(lesson.name.slice(0, 2));
    const next = exported.text.search(/^##\s+Next\b/m);
    const body = next === -1 ? exported.text : exported.text.slice(0, next);
    const lines = body.split("\n");
    const found = laterLessonsNamed(body, number).map(({ named, at }) => {
      const line = body.slice(0, at).split("\n").length;
      return `line ${line}: "${named}" in: ${lines[line - 1].trim().slice(0, 110)}`;
    });
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
      md("a", `# Lesson 6 · ${lesson.title}\n\nIntro.\n\n**What you will learn**\n\n1. One.`),
      md("b", "## Assumptions\n\n- A."),
      md("c", "## 1 · The body\n\nText."),
      md("d", "## Summary"),
      md("e", "## Exercises\n\nAfter editing `src/`, run `npm run build` and restart the kernel.\n\n1. Do it."),
      md("f", "## Solutions\n\n1. Done.\n\n## Next\n\nLesson 7."),
    ],
  };
  assert.deepEqual(orderProblems(lesson, good), []);
  const bad: Notebook = {
    ...good,
    cells: [
      good.cells[0],
      good.cells[2],
      good.cells[1],
      good.cells[3],
      md("e", "## Exercises\n\n1. Do it."),
      md("g", "## Next\n\nLesson 7.\n\n## Solutions"),
    ],
  };
  assert.deepEqual(orderProblems(lesson, bad), [
    "no body section between Assumptions and Summary",
    '"## 1 · The body" comes before Assumptions',
    "the Exercises do not say how to rebuild after editing src/ (`npm run build`, then restart the kernel)",
    '"## Next" is not the last section: "## Solutions" follows it',
    "Next comes before the Solutions",
  ]);
});
