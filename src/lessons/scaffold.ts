/**
 * A new lesson as text: every file `mcp-course new-lesson` writes and every edit it makes to the
 * files that list the lessons, each built from the lesson's number and title, as
 * docs/adding-a-lesson.md lists them. Pure: nothing here reads or writes a file; the command reads
 * the files, checks what these functions return (`lessonShape.ts`), and writes.
 *
 * The lesson `NN-<kebab of title>` gets a module folder in camelCase (`toyLesson`, a leading "the"
 * dropped, as `fleetBehindTheBoundary` is lesson 8's), with a seed-dependent function in
 * `simulate.ts`, its one line of prose in `prose.ts` and an `index.ts` that exports what the
 * notebook imports; a notebook with every section of the course's order; a test stub; and its
 * entry in the catalog, its row in the README's lessons table and its names in the package's root.
 */
import { dropTrailingNewlines, HIDE_INPUT_TAG, REMOVE_INPUT_TAG } from "../notebook/exporter";
import { LINE_WIDTH } from "../notebook/lineWidth";
import { codeCell, markdownCell, type MarkdownCell, type Notebook } from "../notebook/notebookFile";
import { withTslabMetadata } from "../notebook/tslabMetadata";
import type { LessonEntry } from "./catalog";
import { sections, type Section } from "./lessonShape";
import { wrapMarkdown, wrapWords } from "./wrapProse";

/** What the catalog says a new lesson covers until its author writes that sentence. */
export const COVERS_PLACEHOLDER =
  "to be written: one sentence on what the lesson covers (here and in the README's lessons table).";

/**
 * The widest code line Prettier keeps in `src/` (prettier.config.mjs): the page's, since a lesson
 * may show any declaration of `src/`. Tests may run to {@link TEST_WIDTH}.
 */
const SRC_WIDTH = LINE_WIDTH;

/** The widest code line Prettier keeps in `test/` (prettier.config.mjs), as the test stub keeps. */
export const TEST_WIDTH = 120;

/**
 * A title in kebab case, as a lesson's name and default alias spell it: accents and apostrophes
 * dropped (an apostrophe joins a word, "What's New?" → `whats-new`, so the folder is `whatsNew`),
 * every run of other characters than ASCII letters and digits one `-`, lower case ("Toy Lesson"
 * → `toy-lesson`). Empty when the title has no ASCII letter or digit.
 */
export function kebabOfTitle(title: string): string {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['\u2019\u02bc]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A lesson's module folder: its kebab title in camelCase, a leading "the" dropped as the course's
 * folders have it (`the-fleet-behind-the-boundary` → `fleetBehindTheBoundary`), and `lesson` put
 * before one that would start with a digit, so that the folder is an identifier's start.
 */
export function folderOfKebab(kebab: string): string {
  const words = kebab.split("-").filter(Boolean);
  const kept = words.length > 1 && words[0] === "the" ? words.slice(1) : words;
  const camel = kept.map((word, i) => (i === 0 ? word : word[0].toUpperCase() + word.slice(1)));
  const folder = camel.join("");
  return /^[0-9]/.test(folder) ? `lesson${folder[0].toUpperCase()}${folder.slice(1)}` : folder;
}

/** A new lesson: its catalog entry, where it stands in the catalog, and the names of its code. */
export interface LessonPlan {
  entry: LessonEntry;
  /** Its number, 1 to 99. */
  number: number;
  /** Its module folder under `src/lessons/`, e.g. `toyLesson`. */
  folder: string;
  /** The seed-dependent function of `simulate.ts`, e.g. `simulateToyLesson`. */
  simulate: string;
  /** Its result's type, e.g. `ToyLessonResult`. */
  result: string;
  /** The one line of prose of `prose.ts`, e.g. `describeToyLessonSeed`. */
  describe: string;
  /** The printed table of `tables.ts`, e.g. `formatToyLessonRegions`. */
  format: string;
  /** The catalog with the lesson in its place, in number order. */
  lessons: readonly LessonEntry[];
  /** The lesson after it in that catalog, which its `## Next` points to; undefined when last. */
  next?: LessonEntry;
  /** The lesson that was the catalog's last, when the new one comes after it: it gains a Next. */
  previousLast?: LessonEntry;
}

/** A catalog lesson's number, from its name (`06-writing-a-server` → 6). */
export function lessonNumber(lesson: LessonEntry): number {
  return Number(lesson.name.slice(0, 2));
}

/**
 * Plans lesson `number`: its name `NN-<kebab of title>`, its alias (default the kebab title), its
 * folder and function names, and its place among `lessons`. Checks nothing: the command checks
 * the number, the title and the alias before it plans.
 */
export function planLesson(
  number: number,
  title: string,
  lessons: readonly LessonEntry[],
  options: { alias?: string; covers?: string } = {},
): LessonPlan {
  const kebab = kebabOfTitle(title);
  const entry: LessonEntry = {
    name: `${String(number).padStart(2, "0")}-${kebab}`,
    alias: options.alias ?? kebab,
    title,
    covers: options.covers ?? COVERS_PLACEHOLDER,
    startsServers: false,
  };
  const at = lessons.findIndex((lesson) => lessonNumber(lesson) > number);
  const placed =
    at === -1 ? [...lessons, entry] : [...lessons.slice(0, at), entry, ...lessons.slice(at)];
  const folder = folderOfKebab(kebab);
  const pascal = folder[0].toUpperCase() + folder.slice(1);
  return {
    entry,
    number,
    folder,
    simulate: `simulate${pascal}`,
    result: `${pascal}Result`,
    describe: `describe${pascal}Seed`,
    format: `format${pascal}Regions`,
    lessons: placed,
    next: at === -1 ? undefined : lessons[at],
    previousLast: at === -1 ? lessons.at(-1) : undefined,
  };
}

/** `Lesson 11, "Toy Lesson"`: how the course names a lesson in prose. */
function named(lesson: LessonEntry): string {
  return `Lesson ${lessonNumber(lesson)}, "${lesson.title}"`;
}

/** A doc comment's lines, ` * ` before each, wrapped to the width of `src/`. */
function docLines(text: string, indent = ""): string[] {
  return wrapWords(text, SRC_WIDTH - indent.length - 3).map((line) => `${indent} * ${line}`);
}

/**
 * `import { a, b } from "m";` (or `export`), on one line when it fits in `width`, else one name a
 * line, as Prettier writes it.
 */
export function namesStatement(
  keyword: "import" | "import type" | "export",
  names: readonly string[],
  from: string,
  width: number,
): string {
  const line = `${keyword} { ${names.join(", ")} } from "${from}";`;
  if (line.length <= width) return line;
  return [`${keyword} {`, ...names.map((name) => `  ${name},`), `} from "${from}";`].join("\n");
}

/**
 * `export function name(param): returns {` on one line when it fits in `width`, else with its one
 * parameter on a line of its own, as Prettier writes it.
 */
export function functionHead(name: string, param: string, returns: string, width: number): string {
  const line = `export function ${name}(${param}): ${returns} {`;
  if (line.length <= width) return line;
  return [`export function ${name}(`, `  ${param},`, `): ${returns} {`].join("\n");
}

/**
 * The lesson's module files, by name in its folder: `simulate.ts`, `tables.ts`, `prose.ts` and
 * `index.ts`.
 */
export function moduleFiles(plan: LessonPlan): Record<string, string> {
  const { entry, simulate, result, describe, format } = plan;
  const lesson = `Lesson ${plan.number}, "${entry.title}"`;
  const simulateTs = [
    "/**",
    ...docLines(
      `${lesson}: what the lesson computes for one seed. Written by \`mcp-course new-lesson\` as a start: the seed's world, drawn by \`createWorld\`, as the lesson prints it. Pure: the same seed gives an equal result.`,
    ),
    " */",
    'import { REGIONS, type Region } from "../../world/subscribers";',
    'import { createWorld } from "../../world/world";',
    "",
    "/** What the lesson shows of one seed's world: plain data, the same for the same seed. */",
    `export interface ${result} {`,
    "  /** The seed the world was drawn from. */",
    "  seed: number;",
    "  /** How many subscribers the world holds. */",
    "  subscribers: number;",
    "  /** How many of them live in each region, in the order of `REGIONS`. */",
    "  regions: { region: Region; subscribers: number }[];",
    "  /** The names of the servers that answer for them. */",
    "  servers: string[];",
    "}",
    "",
    "/**",
    ...docLines(
      "Draws one seed's world with `createWorld` and keeps what the lesson prints of it: how many subscribers live in each region, and which servers answer for them. The same seed gives an equal result, and nothing is kept between calls.",
    ),
    " *",
    " * @param seed an integer from 0 to 2^53 − 1.",
    " * @throws RangeError for any other seed.",
    " */",
    functionHead(simulate, "seed: number", result, SRC_WIDTH),
    "  const world = createWorld(seed);",
    "  return {",
    "    seed,",
    "    subscribers: Object.keys(world.subscribers).length,",
    "    regions: REGIONS.map((region) => ({ region, subscribers: world.regionCounts[region] })),",
    "    servers: world.servers.map((server) => server.name),",
    "  };",
    "}",
    "",
  ].join("\n");
  const proseTs = [
    "/**",
    ...docLines(
      `${lesson}: the sentences that read the result, as markdown built from it, so that every number that depends on the seed is computed.`,
    ),
    " */",
    'import { code, listing } from "../proseWords";',
    'import { wrapMarkdown } from "../wrapProse";',
    namesStatement("import type", [result], "./simulate", SRC_WIDTH),
    "",
    "/**",
    ...docLines(
      "The seed's world in one sentence: the seed, its subscribers by region, and the servers that answer for them, every number read off the result, wrapped to the page's width.",
    ),
    " */",
    functionHead(describe, `result: ${result}`, "string", SRC_WIDTH),
    "  const regions = result.regions.map(({ region, subscribers }) => `${region} ${subscribers}`);",
    "  const servers = listing(result.servers.map(code));",
    "  return wrapMarkdown(",
    '    `Seed ${result.seed}: ${result.subscribers} subscribers (${regions.join(", ")}), ` +',
    "      `served by ${servers}.`,",
    "  );",
    "}",
    "",
  ].join("\n");
  const tablesTs = [
    "/**",
    ...docLines(
      `${lesson}: each printed table as text (\`formatTextTable\`), no line wider than the page.`,
    ),
    " */",
    'import { formatTextTable } from "../textTable";',
    namesStatement("import type", [result], "./simulate", SRC_WIDTH),
    "",
    "/** The seed's subscribers by region, one row a region, and their total. */",
    functionHead(format, `result: ${result}`, "string", SRC_WIDTH),
    "  const rows = result.regions.map(({ region, subscribers }) => [region, subscribers]);",
    '  return formatTextTable(["region", "subscribers"], [...rows, ["total", result.subscribers]]);',
    "}",
    "",
  ].join("\n");
  const indexTs = [
    "/**",
    ...docLines(
      `${lesson}: what its notebook imports (\`import { … } from "mcp-course/lessons/${plan.folder}"\`), and nothing more. The same names are exported by the package's root, \`mcp-course\`.`,
    ),
    " */",
    namesStatement("export", [describe], "./prose", SRC_WIDTH),
    namesStatement("export", [simulate], "./simulate", SRC_WIDTH),
    namesStatement("export", [format], "./tables", SRC_WIDTH),
    'export { show } from "../show";',
    'export { showSource } from "../showSource";',
    "",
  ].join("\n");
  return {
    "simulate.ts": simulateTs,
    "tables.ts": tablesTs,
    "prose.ts": proseTs,
    "index.ts": indexTs,
  };
}

/** The test stub `test/lessons/<folder>.test.ts`: determinism and the prose read off the result. */
export function testStub(plan: LessonPlan): string {
  const { folder, simulate, describe, format, entry } = plan;
  return [
    ...wrapWords(
      `Lesson ${plan.number}, "${entry.title}": the same seed gives the same world, and the prose reads its numbers off it. A stub that \`mcp-course new-lesson\` wrote: add the default seed's key table lines and that the prose's claims hold for other seeds, as test/lessons/writingAClient.test.ts does for lesson 7.`,
      TEST_WIDTH - 3,
    ).map((line) => `// ${line}`),
    'import assert from "node:assert/strict";',
    'import { test } from "node:test";',
    namesStatement("import", [describe], `../../src/lessons/${folder}/prose`, TEST_WIDTH),
    namesStatement("import", [simulate], `../../src/lessons/${folder}/simulate`, TEST_WIDTH),
    namesStatement("import", [format], `../../src/lessons/${folder}/tables`, TEST_WIDTH),
    'import { SUBSCRIBER_COUNT } from "../../src/world/subscribers";',
    "",
    'test("the same seed gives an equal result, and every subscriber lives in one region", () => {',
    "  for (const seed of [20260218, 20260219, 0]) {",
    `    const result = ${simulate}(seed);`,
    `    assert.deepEqual(${simulate}(seed), result);`,
    "    const total = result.regions.reduce((sum, { subscribers }) => sum + subscribers, 0);",
    "    assert.equal(total, SUBSCRIBER_COUNT);",
    "  }",
    "});",
    "",
    'test("the seed\'s sentence reads each number off the result", () => {',
    `  const result = ${simulate}(20260218);`,
    `  const sentence = ${describe}(result).replace(/\\s+/g, " ");`,
    "  assert.match(sentence, /^Seed 20260218: 60 subscribers \\(/);",
    "  for (const { region, subscribers } of result.regions) assert.ok(sentence.includes(`${region} ${subscribers}`));",
    "});",
    "",
    'test("the table: a row a region, then the total, within the page", () => {',
    `  const lines = ${format}(${simulate}(20260218)).split("\\n");`,
    "  assert.match(lines[0], /^region +subscribers$/);",
    "  assert.match(lines.at(-1)!, /^total +60$/);",
    "  assert.equal(lines.length, 7);",
    "  for (const line of lines) assert.ok(line.length <= 100, line);",
    "});",
    "",
  ].join("\n");
}

/** A paragraph wrapped to the page's width. */
const paragraph = (text: string): string => wrapMarkdown(text);

/** The text of a `## Next` section that points to `next`, one paragraph of it still to write. */
export function nextSection(next: LessonEntry): string {
  return [
    "## Next",
    "",
    paragraph(
      `${named(next)}, comes next. (To be written: what it takes on from here, and what a reader should bring to it.)`,
    ),
  ].join("\n");
}

/**
 * The lesson's notebook, from the skeleton of docs/adding-a-lesson.md: the title with its
 * **What you will learn**, the parameters note and cell, the setup, Assumptions, one body
 * section that shows the lesson's function, the Summary, the Exercises with their Solutions in a
 * `<details>` block, and `## Next` unless the lesson is the catalog's last; with the metadata
 * Jupyter saves on tslab, and no outputs. Placeholders read "To be written".
 */
export function lessonNotebook(plan: LessonPlan): Notebook {
  const { entry, simulate, describe, format, folder, number } = plan;
  const nn = entry.name.slice(0, 2);
  const imports = namesStatement(
    "import",
    [simulate, describe, format, "showSource", "show"],
    `mcp-course/lessons/${folder}`,
    LINE_WIDTH,
  );
  const cells = [
    markdownCell(
      "title",
      [
        `# Lesson ${number} · ${entry.title}`,
        "",
        paragraph(
          "(To be written: the question this lesson asks, and why it matters. `mcp-course new-lesson` wrote this notebook as a skeleton with every section a lesson needs; replace each placeholder, and the function it shows, with the lesson's own.)",
        ),
        "",
        "**What you will learn**",
        "",
        "1. what one seed decides of the course's world before any message is sent.",
      ].join("\n"),
    ),
    markdownCell(
      "parameters-note",
      paragraph(
        `In the notebook, change \`SEED\` in the next cell, the lesson's only parameter, and run all cells again; \`mcp-course lesson ${nn} --seed N\` does the same, adding a cell after this one that sets it again.`,
      ),
    ),
    codeCell("parameters", "const SEED = 20260218;", ["parameters"]),
    codeCell(
      "setup",
      [
        imports,
        "",
        `const lesson = ${simulate}(SEED);`,
        `show.markdown(${describe}(lesson));`,
      ].join("\n"),
      [HIDE_INPUT_TAG],
    ),
    markdownCell(
      "assumptions",
      [
        "## Assumptions",
        "",
        "- (To be written: what the lesson takes as given, each term defined at first use.)",
        paragraph(
          "- A *seed* is the one number that decides everything a run draws: the same seed gives the same world, so every figure below comes out the same on any machine.",
        ),
      ].join("\n"),
    ),
    markdownCell(
      "first-heading",
      [
        "## 1 · One seed's world",
        "",
        paragraph(
          `\`createWorld(seed)\` draws the subscribers of the course's three servers from the seed. \`${simulate}\` keeps what this lesson prints of that world:`,
        ),
      ].join("\n"),
    ),
    codeCell("first-source", `show.markdown(showSource("${simulate}"));`, [REMOVE_INPUT_TAG]),
    codeCell("first-table", `console.log(${format}(lesson));`, [REMOVE_INPUT_TAG]),
    markdownCell(
      "summary-heading",
      [
        "## Summary",
        "",
        paragraph(
          "(To be written: what the lesson showed, in a few sentences.) One seed decided the world above: run the lesson with another seed and its counts change.",
        ),
      ].join("\n"),
    ),
    markdownCell(
      "exercises",
      [
        "## Exercises",
        "",
        "After editing anything under `src/`, run `npm run build` and restart the kernel before running the",
        "notebook again: the notebook imports the built library. Expected answers are in the Solutions",
        "section at the end.",
        "",
        paragraph(
          "1. Run the lesson with `SEED = 7`. Which figures of section 1 change, and which one stays the same?",
        ),
        "",
        "## Solutions",
        "",
        "<details>",
        "<summary>The answers</summary>",
        "",
        paragraph(
          "1. The counts by region change with the seed; their total, 60 subscribers, does not: the seed decides where each subscriber lives, not how many there are.",
        ),
        "",
        "</details>",
      ].join("\n"),
    ),
    ...(plan.next ? [markdownCell("next", nextSection(plan.next))] : []),
  ];
  return withTslabMetadata({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells });
}

/** The sentence a last lesson's closing opens with, which is no longer true once a lesson follows. */
const LAST_LESSON_SENTENCE = /^This is the (?:course's )?last lesson\.\s*/;

/**
 * A last lesson's closing section (`## Where to go from here`, a markdown cell's text from its
 * heading) as the `## Next` of a lesson that has a successor: the heading becomes `## Next`, a
 * paragraph pointing to `next` opens it, a sentence saying this is the last lesson goes, and the
 * rest (the pointers beyond the course) is kept.
 *
 * @param source the text of the markdown cell that holds the heading.
 * @param heading the closing section's heading, without `## `.
 * @throws Error when `source` has no line `## <heading>`.
 */
export function closingAsNext(source: string, heading: string, next: LessonEntry): string {
  const lines = source.split("\n");
  const at = lines.findIndex((line) => /^##\s+(.+?)\s*#*\s*$/.exec(line)?.[1] === heading);
  if (at === -1) throw new Error(`no heading "## ${heading}" in the cell`);
  const rest = lines.slice(at + 1).join("\n");
  const kept = rest.replace(/^\s*/, "").replace(LAST_LESSON_SENTENCE, "");
  const pointer = nextSection(next);
  return [...lines.slice(0, at), pointer, ...(kept.trim() === "" ? [] : ["", kept])].join("\n");
}

/**
 * A last lesson's closing section: the first section after its Exercises that is neither their
 * Solutions nor a Next (lesson 10's `## Where to go from here`); undefined when it has none.
 */
export function closingSection(nb: Notebook): Section | undefined {
  const all = sections(nb);
  const exercises = all.findIndex((s) => s.landmark === "exercises");
  return all.find((s, i) => exercises !== -1 && i > exercises && s.landmark === "body");
}

/**
 * The catalog's last lesson's notebook once `next` follows it: its closing section (a section
 * after its Exercises that is neither Solutions nor Next) becomes `## Next` (closingAsNext), or,
 * when it has none, a `## Next` cell is added at its end. Unchanged when it has a Next already.
 */
export function withNext(nb: Notebook, next: LessonEntry): Notebook {
  if (sections(nb).some((s) => s.landmark === "next")) return nb;
  const closing = closingSection(nb);
  if (closing) {
    const cells = nb.cells.map((cell, i) =>
      i === closing.cell
        ? ({ ...cell, source: closingAsNext(cell.source, closing.heading, next) } as MarkdownCell)
        : cell,
    );
    return { ...nb, cells };
  }
  const ids = new Set(nb.cells.map((cell) => cell.id));
  let id = "next";
  for (let n = 2; ids.has(id); n++) id = `next-${n}`;
  return { ...nb, cells: [...nb.cells, markdownCell(id, nextSection(next))] };
}

/**
 * A committed export of `before` as an export of `after` would read, where the two differ only in
 * the text of markdown cells: an export shows a markdown cell's source word for word and no seed
 * changes it, so each changed cell's text is replaced in place, without running the notebook.
 *
 * @returns the export as it would now read; undefined when that needs a run (a cell added,
 *   removed or reordered, a code cell changed, or a changed cell's text not found exactly once).
 */
export function exportWithMarkdownEdits(
  exported: string,
  before: Notebook,
  after: Notebook,
): string | undefined {
  if (before.cells.length !== after.cells.length) return undefined;
  let text = exported;
  for (const [i, cell] of after.cells.entries()) {
    const old = before.cells[i];
    if (old.id !== cell.id || old.cell_type !== cell.cell_type) return undefined;
    if (old.source === cell.source) continue;
    const was = dropTrailingNewlines(old.source);
    if (cell.cell_type !== "markdown" || was === "" || text.split(was).length !== 2)
      return undefined;
    text = text.replace(was, () => dropTrailingNewlines(cell.source));
  }
  return text;
}

/** A string as a TypeScript literal in the catalog's style (double quotes). */
const literal = (value: string): string => JSON.stringify(value);

/** `    key: value,` as Prettier writes an object's property: broken after the colon when too wide. */
function property(key: string, value: string): string {
  const line = `    ${key}: ${value},`;
  return line.length <= SRC_WIDTH ? line : `    ${key}:\n      ${value},`;
}

/** A catalog entry as `src/lessons/catalog.ts` writes one, two spaces in from the array. */
export function catalogEntryText(entry: LessonEntry): string {
  return [
    "  {",
    property("name", literal(entry.name)),
    property("alias", literal(entry.alias)),
    property("title", literal(entry.title)),
    property("covers", literal(entry.covers)),
    property("startsServers", String(entry.startsServers)),
    "  },",
  ].join("\n");
}

/**
 * `src/lessons/catalog.ts` with `entry` inserted into `LESSONS` in number order: before the first
 * entry with a higher number, or last; the rest of the text as it was.
 *
 * @throws Error when the text has no `LESSONS` array of entries in the catalog's layout.
 */
export function insertCatalogEntry(catalog: string, entry: LessonEntry): string {
  const open = /^export const LESSONS: readonly LessonEntry\[\] = \[\n/m.exec(catalog);
  if (!open)
    throw new Error(
      "src/lessons/catalog.ts: no `export const LESSONS: readonly LessonEntry[] = [`",
    );
  const start = open.index + open[0].length;
  const end = catalog.indexOf("\n];", start - 1);
  if (end === -1) throw new Error("src/lessons/catalog.ts: LESSONS has no closing `];`");
  const number = Number(entry.name.slice(0, 2));
  const body = catalog.slice(start, end + 1);
  let at = body.length;
  for (const m of body.matchAll(/^ {2}\{\n {4}name: "(\d{2})-/gm))
    if (Number(m[1]) > number) {
      at = m.index!;
      break;
    }
  return (
    catalog.slice(0, start) +
    body.slice(0, at) +
    catalogEntryText(entry) +
    "\n" +
    body.slice(at) +
    catalog.slice(end + 1)
  );
}

/** A lesson's row of the README's lessons table. */
export function readmeRow(entry: LessonEntry): string {
  const covers = entry.covers.replace(/\.$/, "");
  return `| ${Number(entry.name.slice(0, 2))} · ${entry.title} | \`notebooks/${entry.name}.ipynb\` → \`lessons/${entry.name}.md\` | ${covers} |`;
}

/**
 * The README with `entry`'s row in the table under `## The lessons`, in number order: after the
 * last row of a lower number, or first.
 *
 * @throws Error when the README has no such section with a table of lessons.
 */
export function insertReadmeRow(readme: string, entry: LessonEntry): string {
  const lines = readme.split("\n");
  const heading = lines.indexOf("## The lessons");
  if (heading === -1) throw new Error("README.md: no section `## The lessons`");
  let first = heading + 1;
  while (first < lines.length && !lines[first].startsWith("|")) first++;
  let end = first;
  while (end < lines.length && lines[end].startsWith("|")) end++;
  const rows = lines.slice(first, end).map((line) => /^\| (\d+) · /.exec(line));
  if (!rows.some(Boolean)) throw new Error("README.md: no lessons table under `## The lessons`");
  const number = Number(entry.name.slice(0, 2));
  let at = rows.findIndex((row) => row !== null);
  rows.forEach((row, i) => {
    if (row !== null && Number(row[1]) < number) at = i + 1;
  });
  lines.splice(first + at, 0, readmeRow(entry));
  return lines.join("\n");
}

/**
 * `src/index.ts`, the package's root, with the lesson's names exported at its end, from the files
 * that declare them, as the other lessons' are: the root gives the same values as the lesson's
 * module.
 */
export function addRootExports(index: string, plan: LessonPlan): string {
  const from = `./lessons/${plan.folder}`;
  const added = [
    namesStatement("export", [plan.simulate, `type ${plan.result}`], `${from}/simulate`, SRC_WIDTH),
    namesStatement("export", [plan.describe], `${from}/prose`, SRC_WIDTH),
    namesStatement("export", [plan.format], `${from}/tables`, SRC_WIDTH),
  ].join("\n");
  return `${index.replace(/\n*$/, "")}\n${added}\n`;
}
