/**
 * `mcp-course new-lesson NN "Title"`: the files of a new lesson, scaffolded so that the suite
 * passes as they are (docs/adding-a-lesson.md lists them). Everything is built and checked in
 * memory first (lessons/scaffold.ts builds, lessons/lessonShape.ts checks); only then is each file
 * written, through a temporary file and a rename. Bad input writes nothing: one line on stderr,
 * exit 2. The command neither builds nor exports: it prints the commands that do.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { LESSONS, findLesson, type LessonEntry } from "../../lessons/catalog";
import {
  assumptionsLengthProblems,
  laterLessonsNamed,
  notebookAssumptions,
  sectionProblems,
  wideNotebookLines,
  width,
} from "../../lessons/lessonShape";
import {
  addRootExports,
  closingSection,
  exportWithMarkdownEdits,
  insertCatalogEntry,
  insertReadmeRow,
  kebabOfTitle,
  lessonNotebook,
  lessonNumber,
  moduleFiles,
  planLesson,
  testStub,
  TEST_WIDTH,
  withNext,
  type LessonPlan,
} from "../../lessons/scaffold";
import { LINE_WIDTH } from "../../notebook/lineWidth";
import {
  readNotebook,
  serializeNotebook,
  writeFileAtomic,
  type Notebook,
} from "../../notebook/notebookFile";
import { PACKAGE_ROOT } from "../../packageRoot";
import type { CliIo } from "../io";
import { CliError, EXIT_FAILURE, messages } from "../messages";
import { COMMITTED_EXPORTS, committedExports } from "./committedExports";

/** What `new-lesson` takes: the number and title as typed, and its options. */
export interface NewLessonOptions {
  number: string;
  title: string;
  alias?: string;
  covers?: string;
}

/** One file the command writes: its path relative to the package root, its text, and whether it is new. */
interface PlannedFile {
  path: string;
  text: string;
  created: boolean;
}

/**
 * A line break or another control character, or a character that the catalog's double-quoted
 * strings or the README's table would need escaped: what a title and `--covers` may not hold.
 */
// eslint-disable-next-line no-control-regex
const UNHELD = /[\u0000-\u001f\u007f|"\\]/;

/** The first number from 01 to 99 the catalog does not hold, after its last lesson if one is free there. */
function freeNumber(): string | undefined {
  const taken = new Set(LESSONS.map(lessonNumber));
  const last = Math.max(0, ...taken);
  const candidates = [...Array.from({ length: 99 - last }, (_, i) => last + 1 + i)];
  const free = [...candidates, ...Array.from({ length: last }, (_, i) => i + 1)].find(
    (n) => !taken.has(n),
  );
  return free === undefined ? undefined : String(free).padStart(2, "0");
}

/**
 * The command's input, checked: a free two-digit number, a title the lesson can be named by, an
 * alias no lesson answers to.
 *
 * @throws CliError (exit 2) naming the first thing wrong.
 */
function checkedPlan(options: NewLessonOptions): LessonPlan {
  if (!/^\d{2}$/.test(options.number) || options.number === "00")
    throw new CliError(messages.badLessonNumber(options.number));
  const number = Number(options.number);
  const taken = LESSONS.find((lesson) => lessonNumber(lesson) === number);
  if (taken)
    throw new CliError(messages.lessonNumberTaken(options.number, taken.name, freeNumber()));
  const title = options.title.trim();
  if (title === "") throw new CliError(messages.titleEmpty());
  if (UNHELD.test(title)) throw new CliError(messages.titleCharacters(title));
  if (kebabOfTitle(title) === "") throw new CliError(messages.titleUnusable(title));
  const same = LESSONS.find((lesson) => lesson.title.toLowerCase() === title.toLowerCase());
  if (same) throw new CliError(messages.titleTaken(title, same.name));
  if (options.alias !== undefined && !/^(?=.*[a-z-])[a-z0-9]+(?:-[a-z0-9]+)*$/.test(options.alias))
    throw new CliError(messages.badAlias(options.alias));
  if (options.covers !== undefined && (options.covers.trim() === "" || UNHELD.test(options.covers)))
    throw new CliError(messages.badCovers());
  const plan = planLesson(number, title, LESSONS, {
    alias: options.alias,
    covers: options.covers?.trim(),
  });
  const owner = findLesson(plan.entry.alias);
  if (owner) throw new CliError(messages.aliasTaken(plan.entry.alias, owner.name));
  return plan;
}

/** Text as a pattern that matches it literally. */
const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A file of the package, read. */
const read = (path: string): string => readFileSync(join(PACKAGE_ROOT, path), "utf8");

/** The code lines of a text wider than `max`, as `line N is W characters wide`. */
function wideCode(text: string, max: number): string[] {
  return text
    .split("\n")
    .flatMap((line, i) =>
      width(line) > max ? [`line ${i + 1} is ${width(line)} characters wide (at most ${max})`] : [],
    );
}

/**
 * A notebook's problems of shape (its sections, its Assumptions' length, the width of its markdown
 * and code lines).
 */
function notebookProblems(lesson: LessonEntry, nb: Notebook, lessons: readonly LessonEntry[]) {
  return [
    ...sectionProblems(lesson, nb, lessons),
    ...assumptionsLengthProblems(lesson, notebookAssumptions(nb)),
    ...wideNotebookLines(nb),
  ];
}

/**
 * Whether an earlier lesson names the new title before its Next (in its notebook's markdown or
 * its committed export), where, once the lesson is in the catalog, the title would name a later
 * lesson. The lesson that was last ends its body at its closing section, which becomes its Next.
 *
 * @returns the first file that names it, or undefined.
 */
function titleNamedBefore(plan: LessonPlan): string | undefined {
  const title = plan.entry.title.replace(/\s+/g, " ");
  for (const lesson of LESSONS.filter((l) => lessonNumber(l) < plan.number)) {
    const notebook = `notebooks/${lesson.name}.ipynb`;
    const nb = readNotebook(join(PACKAGE_ROOT, notebook));
    const prose = nb.cells
      .filter((cell) => cell.cell_type === "markdown")
      .map((cell) => cell.source)
      .join("\n\n");
    const texts: [string, string][] = [[notebook, prose]];
    for (const { path } of committedExports(lesson.name)) texts.push([path, read(path)]);
    const closing = lesson === plan.previousLast ? closingSection(nb)?.heading : undefined;
    const end = new RegExp(
      `^##\\s+(Next\\b${closing === undefined ? "" : `|${escaped(closing)}\\s*$`})`,
      "m",
    );
    for (const [file, text] of texts) {
      const next = text.search(end);
      const body = next === -1 ? text : text.slice(0, next);
      if (
        laterLessonsNamed(body, lessonNumber(lesson), [plan.entry]).some((n) => n.named === title)
      )
        return file;
    }
  }
  return undefined;
}

/** Every file the lesson needs, new and edited, built and checked, nothing written yet. */
function plannedFiles(plan: LessonPlan): PlannedFile[] {
  const { entry, folder } = plan;
  const created: [string, string][] = [
    [`notebooks/${entry.name}.ipynb`, serializeNotebook(lessonNotebook(plan))],
    ...Object.entries(moduleFiles(plan)).map(([file, text]): [string, string] => [
      `src/lessons/${folder}/${file}`,
      text,
    ]),
    [`test/lessons/${folder}.test.ts`, testStub(plan)],
  ];
  for (const path of [
    `src/lessons/${folder}`,
    `src/lessons/${folder}.ts`,
    ...created.map(([p]) => p),
  ])
    if (existsSync(join(PACKAGE_ROOT, path))) throw new CliError(messages.scaffoldExists(path));

  const index = read("src/index.ts");
  for (const name of [plan.simulate, plan.describe, plan.format, plan.result])
    if (new RegExp(`\\b${name}\\b`).test(index))
      throw new CliError(messages.scaffoldNameTaken(name));
  const named = titleNamedBefore(plan);
  if (named !== undefined) throw new CliError(messages.titleNamedBefore(named, entry.title));

  const edit = (path: string, change: (text: string) => string): [string, string] => {
    try {
      return [path, change(read(path))];
    } catch (error) {
      throw new CliError(messages.cannotEdit(path, (error as Error).message), EXIT_FAILURE);
    }
  };
  const edited: [string, string][] = [
    edit("src/lessons/catalog.ts", (text) => insertCatalogEntry(text, entry)),
    edit("README.md", (text) => insertReadmeRow(text, entry)),
    edit("src/index.ts", (text) => addRootExports(text, plan)),
  ];
  const previous = plan.previousLast;
  if (previous !== undefined) {
    const path = `notebooks/${previous.name}.ipynb`;
    const was = readNotebook(join(PACKAGE_ROOT, path));
    const nb = withNext(was, entry);
    const problem = notebookProblems(previous, nb, plan.lessons)[0];
    if (problem !== undefined) throw new CliError(messages.cannotEdit(path, problem), EXIT_FAILURE);
    edited.push([path, serializeNotebook(nb)]);
    for (const { path: exported } of committedExports(previous.name)) {
      const text = exportWithMarkdownEdits(read(exported), was, nb);
      if (text !== undefined) edited.push([exported, text]);
    }
  }

  const problems: [string, string][] = [
    ...notebookProblems(entry, lessonNotebook(plan), plan.lessons).map(
      (problem): [string, string] => [created[0][0], problem],
    ),
    ...created
      .slice(1)
      .flatMap(([path, text]) =>
        wideCode(text, path.startsWith("test/") ? TEST_WIDTH : LINE_WIDTH).map(
          (problem): [string, string] => [path, problem],
        ),
      ),
  ];
  if (problems.length > 0) throw new CliError(messages.scaffoldOutOfShape(...problems[0]));
  return [
    ...created.map(([path, text]) => ({ path, text, created: true })),
    ...edited.map(([path, text]) => ({ path, text, created: false })),
  ];
}

/**
 * Writes every planned file, each through a temporary file and a rename. Should one write fail,
 * the files written before it are put back as they were (new ones removed), so that the tree is
 * left whole.
 *
 * @throws CliError (exit 1) naming the file that could not be written.
 */
function writeAll(files: readonly PlannedFile[]): void {
  const done: { file: PlannedFile; before?: string }[] = [];
  for (const file of files) {
    const absolute = join(PACKAGE_ROOT, file.path);
    const before = file.created ? undefined : readFileSync(absolute, "utf8");
    try {
      writeFileAtomic(absolute, file.text);
      done.push({ file, before });
    } catch (error) {
      for (const { file: written, before: text } of done.reverse()) {
        const path = join(PACKAGE_ROOT, written.path);
        if (text === undefined) rmSync(path, { force: true });
        else writeFileAtomic(path, text);
      }
      throw new CliError(
        messages.cannotWrite(file.path, (error as Error).message.split("\n")[0]),
        EXIT_FAILURE,
      );
    }
  }
}

/** What the command tells the author it wrote, and the commands to run next. */
function report(plan: LessonPlan, files: readonly PlannedFile[]): string {
  const nn = plan.entry.name.slice(0, 2);
  const previous = plan.previousLast;
  const patched =
    previous !== undefined &&
    committedExports(previous.name).every(({ path }) => files.some((file) => file.path === path));
  const lines = [
    `new lesson ${plan.number} · ${plan.entry.title} (${plan.entry.name}, alias ${plan.entry.alias}):`,
    ...files.map((file) => `  ${file.created ? "wrote  " : "changed"} ${file.path}`),
    ...(previous
      ? [
          `  (${previous.name} was the catalog's last: its closing section is now its ## Next${
            patched ? ", in its notebook and its exports" : ""
          })`,
        ]
      : []),
    "new-lesson builds nothing and runs no notebook; to build, write the committed exports and check:",
    "  npm run build",
    ...COMMITTED_EXPORTS.map(({ seedOption }) => `  npx mcp-course lesson ${nn}${seedOption}`),
    ...(previous && !patched
      ? COMMITTED_EXPORTS.map(
          ({ seedOption }) => `  npx mcp-course lesson ${previous.name.slice(0, 2)}${seedOption}`,
        )
      : []),
    `  npx mcp-course check-lessons ${nn}${previous ? ` ${previous.name.slice(0, 2)}` : ""}`,
    `  node --import tsx --test test/lessons/${plan.folder}.test.ts`,
    'Then write the lesson: its placeholders read "To be written", and its catalog entry\'s covers.',
  ];
  return `${lines.join("\n")}\n`;
}

/**
 * Scaffolds lesson `options.number` titled `options.title` (docs/adding-a-lesson.md): checks the
 * input and every file it would write, then writes them, and reports on stderr.
 *
 * @throws CliError (exit 2) for bad input, before any file is written; CliError (exit 1) when
 *   a file the lesson is added to cannot be read or written.
 */
export function runNewLessonCommand(options: NewLessonOptions, io: CliIo): void {
  const plan = checkedPlan(options);
  const files = plannedFiles(plan);
  writeAll(files);
  io.stderr(report(plan, files));
}
