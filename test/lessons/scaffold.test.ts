// What `mcp-course new-lesson` writes, as pure functions on text (src/lessons/scaffold.ts): names, the catalog entry and
// the README row in number order, the last lesson's closing turned into its Next, and a notebook that keeps the shape.
// test/cli/newLesson.test.ts runs the command itself in a copy of the repository.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { LESSONS, type LessonEntry } from "../../src/lessons/catalog";
import {
  assumptionsLengthProblems,
  notebookAssumptions,
  sectionProblems,
  sections,
  wideNotebookLines,
} from "../../src/lessons/lessonShape";
import {
  closingAsNext,
  closingSection,
  exportWithMarkdownEdits,
  folderOfKebab,
  functionHead,
  insertCatalogEntry,
  insertReadmeRow,
  kebabOfTitle,
  lessonNotebook,
  moduleFiles,
  planLesson,
  withNext,
} from "../../src/lessons/scaffold";
import type { Notebook } from "../../src/notebook/notebookFile";
import { tslabMetadataDifferences } from "../../src/notebook/tslabMetadata";
import { ROOT } from "../helpers";

const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

test("names: the title in kebab case, the folder in camelCase without a leading 'the', never opening with a digit", () => {
  assert.equal(kebabOfTitle("Toy Lesson"), "toy-lesson");
  assert.equal(kebabOfTitle("  Ölçüm & Tarife: the 2nd look! "), "olcum-tarife-the-2nd-look");
  assert.equal(kebabOfTitle("…"), "");
  assert.equal(kebabOfTitle("What's New?"), "whats-new");
  assert.equal(kebabOfTitle("What\u2019s New?"), "whats-new");
  assert.equal(planLesson(11, "What's New?", LESSONS).folder, "whatsNew");
  assert.equal(folderOfKebab("the-fleet-behind-the-boundary"), "fleetBehindTheBoundary");
  assert.equal(folderOfKebab("writing-a-client"), "writingAClient");
  assert.equal(folderOfKebab("the"), "the");
  assert.equal(folderOfKebab("2027-changes"), "lesson2027Changes");
  const plan = planLesson(11, "Toy Lesson", LESSONS);
  assert.deepEqual(
    [plan.entry.name, plan.entry.alias, plan.folder, plan.simulate, plan.describe, plan.format],
    [
      "11-toy-lesson",
      "toy-lesson",
      "toyLesson",
      "simulateToyLesson",
      "describeToyLessonSeed",
      "formatToyLessonRegions",
    ],
  );
  assert.equal(plan.next, undefined);
  assert.equal(plan.previousLast, LESSONS.at(-1));
  assert.equal(planLesson(11, "Toy Lesson", LESSONS, { alias: "toy" }).entry.alias, "toy");
});

/** The catalog and README as they would be without lesson 5: a gap before lesson 6 to scaffold into. */
const withoutFive = LESSONS.filter((lesson) => !lesson.name.startsWith("05-"));
function catalogWithoutFive(): string {
  const catalog = read("src/lessons/catalog.ts");
  const at = catalog.indexOf('  {\n    name: "05-');
  return catalog.slice(0, at) + catalog.slice(catalog.indexOf("  },\n", at) + "  },\n".length);
}
const readmeWithoutFive = () => read("README.md").replace(/^\| 5 · .*\n/m, "");

test("the catalog entry goes in number order, in the catalog's layout, the rest of the file unchanged", () => {
  const catalog = catalogWithoutFive();
  const early = planLesson(5, "Tools and their Names", withoutFive);
  assert.equal(early.next?.name, "06-writing-a-server");
  assert.equal(early.previousLast, undefined);
  const inserted = insertCatalogEntry(catalog, early.entry);
  const entry = [
    "  {",
    '    name: "05-tools-and-their-names",',
    '    alias: "tools-and-their-names",',
    '    title: "Tools and their Names",',
    "    covers:",
    `      ${JSON.stringify(early.entry.covers)},`,
    "    startsServers: false,",
    "  },",
    "",
  ].join("\n");
  const at = catalog.indexOf('  {\n    name: "06-');
  assert.equal(inserted, catalog.slice(0, at) + entry + catalog.slice(at));
  const last = insertCatalogEntry(catalog, planLesson(11, "Toy Lesson", LESSONS).entry);
  assert.ok(last.indexOf('name: "11-toy-lesson"') > last.indexOf('name: "10-without-a-session"'));
  assert.ok(last.indexOf('name: "11-toy-lesson"') < last.indexOf("\n];"));
  assert.throws(() => insertCatalogEntry("export const X = [];\n", early.entry), /no `export const LESSONS/);
});

test("the README's row goes in number order in the lessons table, and only there", () => {
  const readme = readmeWithoutFive();
  const row = (number: number) => new RegExp(`^\\| ${number} · `, "m");
  const early = insertReadmeRow(readme, planLesson(5, "Tools and their Names", withoutFive).entry);
  assert.equal(early.split("\n").length, readme.split("\n").length + 1);
  assert.ok(early.search(row(5)) < early.search(row(6)) && early.search(row(5)) > early.search(row(4)));
  const late = insertReadmeRow(read("README.md"), planLesson(11, "Toy Lesson", LESSONS).entry);
  assert.ok(late.search(row(11)) > late.search(row(10)));
  assert.ok(late.search(row(11)) < late.indexOf("\nLesson 6 reproduces"));
  assert.match(late, /^\| 11 · Toy Lesson \| `notebooks\/11-toy-lesson\.ipynb` → `lessons\/11-toy-lesson\.md` \| /m);
});

test("a lesson scaffolded before others ends with a Next that points to the lesson after it", () => {
  const plan = planLesson(5, "Tools and their Names", withoutFive);
  const nb = lessonNotebook(plan);
  const all = sections(nb);
  assert.equal(all.at(-1)?.landmark, "next");
  assert.match(all.at(-1)!.text, /Lesson 6, "Writing a Server", comes next\./);
  assert.deepEqual(sectionProblems(plan.entry, nb, plan.lessons), []);
});

const toy: LessonEntry = {
  name: "11-toy-lesson",
  alias: "toy-lesson",
  title: "Toy Lesson",
  covers: "",
  startsServers: false,
};

test("the last lesson's closing becomes its Next: the heading, a pointer first, 'the last lesson' gone, the rest kept", () => {
  const closing = [
    "## Where to go from here",
    "",
    "This is the last lesson. The specification itself is the next read, starting with the",
    "[versioning page](https://example.invalid/versioning).",
    "",
    "- one more pointer.",
  ].join("\n");
  assert.equal(
    closingAsNext(closing, "Where to go from here", toy),
    [
      "## Next",
      "",
      'Lesson 11, "Toy Lesson", comes next. (To be written: what it takes on from here, and what a reader',
      "should bring to it.)",
      "",
      "The specification itself is the next read, starting with the",
      "[versioning page](https://example.invalid/versioning).",
      "",
      "- one more pointer.",
    ].join("\n"),
  );
  assert.equal(
    closingAsNext("## Solutions\n\n1. Done.\n\n## Where to go\n\nThis is the last lesson.", "Where to go", toy),
    '## Solutions\n\n1. Done.\n\n## Next\n\nLesson 11, "Toy Lesson", comes next. (To be written: what it takes on from here, and what a reader\nshould bring to it.)',
  );
  assert.throws(() => closingAsNext("## Summary", "Where to go", toy), /no heading "## Where to go"/);
});

test("lesson 10's notebook with a lesson after it keeps the shape of a lesson that is not the last", () => {
  const ten = LESSONS.find((lesson) => lesson.name === "10-without-a-session")!;
  const nb: Notebook = JSON.parse(read("notebooks/10-without-a-session.ipynb"));
  for (const cell of nb.cells) cell.source = ([] as string[]).concat(cell.source).join("");
  const plan = planLesson(11, "Toy Lesson", LESSONS);
  const next = withNext(nb, plan.entry);
  assert.deepEqual(sectionProblems(ten, next, plan.lessons), []);
  assert.deepEqual(wideNotebookLines(next), []);
  assert.equal(sections(next).at(-1)!.heading, "Next");
  assert.equal(withNext(next, plan.entry), next, "a lesson with a Next is left as it is");
  // A last lesson without a closing section gets a Next cell of its own.
  const closing = nb.cells[closingSection(nb)!.cell];
  const bare = { ...nb, cells: nb.cells.filter((cell) => cell !== closing) };
  const added = withNext(bare, plan.entry);
  assert.equal(added.cells.length, bare.cells.length + 1);
  assert.equal(added.cells.at(-1)!.id, "next");
  assert.deepEqual(sectionProblems(ten, added, plan.lessons), []);
});

test("the new notebook keeps the course's shape, first, in the middle and last, on tslab, without outputs", () => {
  for (const [number, title] of [
    [1, "First Steps"],
    [5, "Tools and their Names"],
    [11, "Toy Lesson"],
  ] as const) {
    const plan = planLesson(number, title, LESSONS);
    const nb = lessonNotebook(plan);
    assert.deepEqual(sectionProblems(plan.entry, nb, plan.lessons), [], title);
    assert.deepEqual(assumptionsLengthProblems(plan.entry, notebookAssumptions(nb)), [], title);
    assert.deepEqual(wideNotebookLines(nb), [], title);
    assert.deepEqual(tslabMetadataDifferences(nb), []);
    assert.equal(sections(nb).at(-1)!.landmark, plan.next ? "next" : "solutions");
    for (const cell of nb.cells)
      if (cell.cell_type === "code") assert.deepEqual([cell.outputs, cell.execution_count], [[], null]);
  }
});

test("a long title's module keeps every line within the page: a function head too wide breaks as Prettier breaks it", () => {
  const plan = planLesson(12, "Lifecycle and Negotiation of Capabilities", LESSONS);
  for (const [file, text] of Object.entries(moduleFiles(plan)))
    for (const line of text.split("\n")) assert.ok(line.length <= 100, `${file}: ${line}`);
  assert.equal(functionHead("f", "x: number", "string", 100), "export function f(x: number): string {");
  assert.equal(functionHead("f", "x: number", "string", 20), "export function f(\n  x: number,\n): string {");
});

test("an export follows a markdown cell's new text without a run; a code cell changed or a cell added needs one", () => {
  const cell = (id: string, cell_type: "markdown" | "code", source: string) =>
    cell_type === "markdown"
      ? { cell_type, id, metadata: {}, source }
      : { cell_type, id, metadata: {}, source, outputs: [], execution_count: null };
  const before: Notebook = {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {},
    cells: [
      cell("a", "markdown", "# L\n"),
      cell("b", "code", "run();"),
      cell("c", "markdown", "## Where to go\n\nOn."),
    ],
  };
  const exported = "# L\n\n```ts\nrun();\n```\n\n```text\n4\n```\n\n## Where to go\n\nOn.\n";
  const next = {
    ...before,
    cells: [before.cells[0], before.cells[1], cell("c", "markdown", "## Next\n\nLesson 2.\n")],
  };
  assert.equal(
    exportWithMarkdownEdits(exported, before, next),
    "# L\n\n```ts\nrun();\n```\n\n```text\n4\n```\n\n## Next\n\nLesson 2.\n",
  );
  const recoded = { ...before, cells: [before.cells[0], cell("b", "code", "run(2);"), before.cells[2]] };
  assert.equal(exportWithMarkdownEdits(exported, before, recoded), undefined);
  assert.equal(
    exportWithMarkdownEdits(exported, before, { ...before, cells: [...before.cells, cell("d", "markdown", "x")] }),
    undefined,
  );
  assert.equal(exportWithMarkdownEdits("no such text", before, next), undefined);
});
