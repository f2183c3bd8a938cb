// The checks `mcp-course check-lessons` runs before a lesson runs: a notebook's code lines within the page, its cell
// tagged `parameters`, the later lessons its body names (whole titles only), an export older than its notebook, and
// Assumptions of at most ASSUMPTIONS_LINE_LIMIT lines in every notebook and export.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LESSONS } from "../../src/lessons/catalog";
import {
  ASSUMPTIONS_LINE_LIMIT,
  assumptionsLengthProblems,
  cellsNewerThanExport,
  displaysOnly,
  untaggedDisplayCells,
  exportAssumptions,
  forwardPointers,
  laterLessonsNamed,
  notebookAssumptions,
  notebookForwardPointers,
  parametersProblems,
  wideNotebookLines,
} from "../../src/lessons/lessonShape";
import type { Notebook } from "../../src/notebook/notebookFile";
import { lessonExports, lessonNotebook } from "./lessonText";

const md = (id: string, source: string) => ({ cell_type: "markdown" as const, id, metadata: {}, source });
const code = (id: string, source: string, tags: string[] = []) => ({
  cell_type: "code" as const,
  id,
  metadata: tags.length > 0 ? { tags } : {},
  source,
  outputs: [],
  execution_count: null,
});
const notebook = (...cells: Notebook["cells"]): Notebook => ({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells });
const lesson5 = LESSONS[4];

test("a later lesson's title counts only as whole words: not inside an identifier or a hyphenated word", () => {
  const tasks = { name: "11-tasks", alias: "tasks", title: "Tasks", covers: "Tasks.", startsServers: false };
  const lessons = [...LESSONS, tasks];
  const named = (text: string) => laterLessonsNamed(text, 10, lessons).map((n) => n.named);
  assert.deepEqual(named("Tasks, soon; see Tasks."), ["Tasks", "Tasks"]);
  assert.deepEqual(named("formatSeedTasks(), Tasks-era and TasksTable"), []);
});

test("a code line wider than the page is a problem in the notebook, as a markdown line is", () => {
  const wide = `const x = "${"y".repeat(100)}";`;
  assert.deepEqual(wideNotebookLines(notebook(code("c", `1;\n${wide}`))), [
    `cell 0 (id c), line 2 is ${wide.length} characters wide (at most 100): ${wide.slice(0, 60)}…`,
  ]);
  assert.deepEqual(wideNotebookLines(notebook(md("m", `| ${"a".repeat(120)} |`))), []);
});

test("a lesson notebook needs a code cell tagged parameters", () => {
  assert.deepEqual(parametersProblems(notebook(code("p", "const seed = 1;", ["parameters"]))), []);
  assert.equal(parametersProblems(notebook(code("p", "const seed = 1;"), md("m", "text"))).length, 1);
});

test("a notebook's cells name no later lesson before Next; after its Next they may", () => {
  const nb = notebook(
    md("a", "# Lesson 5\n\nIntro."),
    code("b", "// as lesson 7 shows\nrun();"),
    md("c", "## Summary\n\nDone.\n\n## Next\n\nLesson 6 writes a server."),
    md("d", "Lesson 9 too."),
  );
  assert.deepEqual(notebookForwardPointers(nb, lesson5), [
    'cell 1 (id b), line 1 names a later lesson before Next ("lesson 7"): // as lesson 7 shows',
  ]);
});

test("the export's check leaves out the notebook's own cells, so each pointer is reported once", () => {
  const cell = "As lesson 8 shows, it works.";
  const exported = `# Lesson 5\n\n${cell}\n\n\`\`\`text\nsee lesson 9\n\`\`\`\n\n## Next\n\nLesson 6.\n`;
  assert.equal(forwardPointers(exported, lesson5).length, 2);
  assert.deepEqual(forwardPointers(exported, lesson5, [cell]), [
    'line 6 names a later lesson before Next ("lesson 9"): see lesson 9',
  ]);
});

test("an export that lacks a cell's source, word for word, is older than its notebook; the parameters cell aside", () => {
  const nb = notebook(
    md("a", "# Lesson\n\nFirst words.\n"),
    code("p", "const seed = 20260218;", ["parameters"]),
    code("b", "print(seed);"),
  );
  const exported = "# Lesson\n\nFirst words.\n\n```ts\nconst seed = 20260219;\n```\n\n```ts\nprint(seed);\n```\n";
  assert.deepEqual(cellsNewerThanExport(nb, exported), []);
  const edited = notebook(nb.cells[0], nb.cells[1], code("b", "print(seed + 1);"));
  assert.deepEqual(cellsNewerThanExport(edited, exported), [2]);
});

test("a cell tagged remove-input, whose source no export holds, is not taken for an edited one", () => {
  const nb = notebook(md("a", "# Lesson\n"), code("s", "show.markdown(summary());", ["remove-input"]));
  assert.deepEqual(cellsNewerThanExport(nb, "# Lesson\n\nThe summary.\n"), []);
});

test("Assumptions of at most 10 lines pass, from first line of text to last; 11 are one problem naming the lesson and the count", () => {
  assert.equal(ASSUMPTIONS_LINE_LIMIT, 10);
  const bullets = (n: number) => Array.from({ length: n }, (_, i) => `- Point ${i + 1}.`).join("\n");
  const lesson6 = LESSONS[5];
  const nb = (n: number) =>
    notebook(md("a", `# Lesson 6\n\n## Assumptions\n\n${bullets(n)}\n\n`), md("b", "## 1 · Body\n\nText."));
  assert.equal(notebookAssumptions(nb(10))?.trim(), bullets(10));
  assert.deepEqual(assumptionsLengthProblems(lesson6, notebookAssumptions(nb(10))), []);
  assert.deepEqual(assumptionsLengthProblems(lesson6, notebookAssumptions(nb(11))), [
    "lesson 6's Assumptions section is 11 lines long, at most 10 wanted: keep what a reader must accept before the body, and move explanations to where they matter",
  ]);
  assert.match(
    assumptionsLengthProblems(undefined, notebookAssumptions(nb(12)))[0],
    /^the Assumptions section is 12 lines long/,
  );
  // An export's section runs to the next heading of level 1 or 2, printed output included; a heading inside a fence,
  // or of level 3, does not end it.
  const exported = (n: number) =>
    `# Lesson 6\n\n## Assumptions\n\n${bullets(n)}\n\n\`\`\`text\n## printed\n\`\`\`\n\n### Aside\n\n## 1 · Body\n\nText.\n`;
  assert.deepEqual(assumptionsLengthProblems(lesson6, exportAssumptions(exported(4))), []);
  assert.match(assumptionsLengthProblems(lesson6, exportAssumptions(exported(5)))[0], /is 11 lines long/);
  assert.equal(exportAssumptions("# Lesson 6\n\n## 1 · Body\n"), undefined);
});

const exports = lessonExports();
for (const lesson of LESSONS) {
  test(`notebooks/${lesson.name}.ipynb and its exports: Assumptions of at most ${ASSUMPTIONS_LINE_LIMIT} lines`, () => {
    assert.deepEqual(assumptionsLengthProblems(lesson, notebookAssumptions(lessonNotebook(lesson))), []);
    for (const { path, text } of exports.filter((e) => e.lesson === lesson))
      assert.deepEqual(assumptionsLengthProblems(lesson, exportAssumptions(text)), [], path);
  });
}

test("a cell whose every line only shows is display-only, and check-lessons asks for it to be tagged remove-input", () => {
  assert.ok(displaysOnly("console.log(formatLevels(lesson));\nshow.markdown(readLevels(lesson));\n"));
  assert.ok(displaysOnly("await show.chart(levelsChart(lesson));"));
  assert.ok(!displaysOnly("const wire = await runWire(SEED);\nconsole.log(formatWire(wire));"));
  assert.ok(!displaysOnly("console.log(\n  formatWire(wire),\n);"), "a call over several lines is code to read");
  assert.ok(!displaysOnly(""));
  const nb = notebook(
    code("shown", "console.log(formatLevels(lesson));"),
    code("tagged", "show.markdown(readLevels(lesson));", ["remove-input"]),
    code("work", "const run = simulate(SEED);"),
  );
  assert.deepEqual(untaggedDisplayCells(nb), [
    'cell 0 (id shown) only shows what the library computed: tag it "remove-input", so that the exports show its output alone',
  ]);
});
