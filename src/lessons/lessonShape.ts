/**
 * The shape every lesson keeps (docs/adding-a-lesson.md), checked in a second: its sections in the
 * course's order, and no line a reader sees unbroken wider than the page ({@link LINE_WIDTH}).
 * `mcp-course check-lessons` and the tests call these same functions.
 *
 * The section convention: the first cell opens with `# Lesson N · Title` (the catalog's number and
 * title) and holds a paragraph `**What you will learn**` (or a heading of that name); then
 * level-2 headings `## Assumptions` (at most {@link ASSUMPTIONS_LINE_LIMIT} lines), one or more
 * body sections, `## Summary…`, `## Exercises`, the expected answers (a `## Solutions` section, or
 * answers marked "Expected answer" inside the exercises), and `## Next` last, in every lesson but
 * the catalog's last. A body heading may be numbered (`## 1 · Two openings`). Exercises that name a
 * file under `src/` (to edit it) say how to rebuild after editing it.
 *
 * The width rule: in a notebook's markdown cells every line but a table row (which a front end lays
 * out itself); in an export, every line of printed output, listings and code. Widths count
 * characters as a notebook shows them (`·`, `—`, `→` one each), not UTF-8 bytes.
 */
import { dropTrailingNewlines, REMOVE_INPUT_TAG } from "../notebook/exporter";
import type { Notebook } from "../notebook/notebookFile";
import { LINE_WIDTH } from "../notebook/lineWidth";
import { LISTING_CAPTION } from "../notebook/listingCaption";
import { hasTag, PARAMETERS_TAG } from "../notebook/parameters";
import { LESSONS, type LessonEntry } from "./catalog";

/** A line's width in characters (Unicode code points: `·`, `—` and `→` count one each). */
export function width(line: string): number {
  return [...line].length;
}

/**
 * What a fenced block of an export holds:
 * - `output`: printed output (a ```text fence);
 * - `listing`: source shown by `showSource` (a ```ts fence with its caption before it, or, in the
 *   older form, its `<sub>` caption after it);
 * - `code`: a code cell (any other ```ts fence);
 * - `fence`: a fence written in a markdown cell (```sh, ```json, …).
 */
export type BlockKind = "output" | "listing" | "code" | "fence";

/** A fenced block: its kind, its info string, the line number (1-based) of its first content line, and its lines. */
export interface FencedBlock {
  kind: BlockKind;
  info: string;
  firstLine: number;
  lines: string[];
}

export { LISTING_CAPTION } from "../notebook/listingCaption";

/** The fenced blocks of a markdown text, in order (CommonMark fences: ``` or ~~~, up to 3 spaces of indent). */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const lines = markdown.split("\n");
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/.exec(lines[i]);
    if (!open) continue;
    const [, ticks, info] = open;
    let end = i + 1;
    const close = new RegExp(`^ {0,3}${ticks[0]}{${ticks.length},}\\s*$`);
    while (end < lines.length && !close.test(lines[end])) end++;
    const before =
      lines
        .slice(0, i)
        .reverse()
        .find((line) => line.trim() !== "") ?? "";
    const after = lines.slice(end + 1).find((line) => line.trim() !== "") ?? "";
    const listing = LISTING_CAPTION.test(before) || after.startsWith("<sub>`");
    const kind: BlockKind =
      info === "text" ? "output" : info === "ts" ? (listing ? "listing" : "code") : "fence";
    blocks.push({ kind, info, firstLine: i + 2, lines: lines.slice(i + 1, end) });
    i = end;
  }
  return blocks;
}

/** Each line of a markdown text with its number (1-based) that lies outside every fenced block. */
export function linesOutsideFences(markdown: string): { number: number; line: string }[] {
  const inside = new Set<number>();
  for (const block of fencedBlocks(markdown))
    for (let n = block.firstLine - 1; n <= block.firstLine + block.lines.length; n++) inside.add(n);
  return markdown
    .split("\n")
    .map((line, i) => ({ number: i + 1, line }))
    .filter(({ number }) => !inside.has(number));
}

/** A wide line as a problem names it: where, how wide, and how it starts. */
function described(where: string, line: string): string {
  return `${where} is ${width(line)} characters wide (at most ${LINE_WIDTH}): ${[...line].slice(0, 60).join("")}…`;
}

/**
 * The lines of a notebook wider than {@link LINE_WIDTH}, one problem each: every line of its code
 * cells (an export shows them as listings) and of its markdown cells but a table row.
 */
export function wideNotebookLines(nb: Notebook): string[] {
  return nb.cells.flatMap((cell, index) =>
    cell.source
      .split("\n")
      .flatMap((line, i) =>
        width(line) > LINE_WIDTH && (cell.cell_type === "code" || !/^\s*\|/.test(line))
          ? [described(`cell ${index} (id ${cell.id}), line ${i + 1}`, line)]
          : [],
      ),
  );
}

/**
 * The problem with a lesson notebook that has no code cell tagged {@link PARAMETERS_TAG}, if so:
 * `mcp-course lesson --seed` replaces that cell's assignments with the seed asked for (papermill's
 * convention), so without it a lesson runs with one seed only.
 */
export function parametersProblems(nb: Notebook): string[] {
  const tagged = nb.cells.some((cell) => cell.cell_type === "code" && hasTag(cell, PARAMETERS_TAG));
  return tagged
    ? []
    : [`no code cell tagged "${PARAMETERS_TAG}" (the cell whose seed \`lesson --seed\` replaces)`];
}

/**
 * One statement that only shows what the library computed: `console.log(…);`, `show.markdown(…);`
 * or `await show.chart(…);`, on one line.
 */
const DISPLAY_STATEMENT = /^(?:console\.log\(.*\)|show\.markdown\(.*\)|await show\.chart\(.*\));$/;

/**
 * Whether a code cell's source does nothing but show: every non-blank line a
 * {@link DISPLAY_STATEMENT}, such as `console.log(formatLevels(lesson));`. Its output says all it
 * does, so a lesson tags it {@link REMOVE_INPUT_TAG} and the exports show the output alone.
 */
export function displaysOnly(source: string): boolean {
  const lines = source.split("\n").filter((line) => line.trim() !== "");
  return lines.length > 0 && lines.every((line) => DISPLAY_STATEMENT.test(line.trim()));
}

/**
 * One problem per code cell that only shows ({@link displaysOnly}) but is not tagged
 * {@link REMOVE_INPUT_TAG}, so that its call would print in the exports above what it printed.
 */
export function untaggedDisplayCells(nb: Notebook): string[] {
  return nb.cells.flatMap((cell, index) =>
    cell.cell_type === "code" && displaysOnly(cell.source) && !hasTag(cell, REMOVE_INPUT_TAG)
      ? [
          `cell ${index} (id ${cell.id}) only shows what the library computed: tag it "${REMOVE_INPUT_TAG}", so that the exports show its output alone`,
        ]
      : [],
  );
}

/**
 * The cells of a notebook (by index) whose source an export does not hold word for word: an export
 * shows every cell's source as it stood when it ran, so any such cell was edited since. The cell
 * tagged {@link PARAMETERS_TAG} is left out (a run with another seed shows its injected
 * replacement), and so are cells tagged {@link REMOVE_INPUT_TAG} (an export holds none of their
 * source: only exporting again, as the committed exports' tests do, shows such a cell changed) and
 * trailing newlines.
 */
export function cellsNewerThanExport(nb: Notebook, exported: string): number[] {
  return nb.cells.flatMap((cell, index) =>
    hasTag(cell, PARAMETERS_TAG) ||
    hasTag(cell, REMOVE_INPUT_TAG) ||
    exported.includes(dropTrailingNewlines(cell.source))
      ? []
      : [index],
  );
}

/** The printed, listing and code lines of an export wider than {@link LINE_WIDTH}, one problem each. */
export function wideExportLines(markdown: string): string[] {
  return fencedBlocks(markdown).flatMap((block) =>
    block.lines.flatMap((line, i) =>
      width(line) > LINE_WIDTH
        ? [described(`line ${block.firstLine + i} (${block.kind})`, line)]
        : [],
    ),
  );
}

/** What a section is in the order of a lesson. */
export type Landmark =
  "learn" | "assumptions" | "body" | "summary" | "exercises" | "solutions" | "next";

/** A section of a notebook: its heading, its landmark, its cell, and its markdown up to the next level-2 heading. */
export interface Section {
  heading: string;
  landmark: Landmark;
  cell: number;
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
export function sections(nb: Notebook): Section[] {
  const found: Section[] = [];
  nb.cells.forEach((cell, index) => {
    if (cell.cell_type !== "markdown") return;
    for (const { line } of linesOutsideFences(cell.source)) {
      const heading = /^##\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
      const learn =
        /^\*\*What you will learn\*\*\s*$/i.test(line.trim()) ||
        /^#{2,3}\s+What you will learn/i.test(line);
      if (learn)
        found.push({ heading: "What you will learn", landmark: "learn", cell: index, text: "" });
      else if (heading !== undefined)
        found.push({ heading, landmark: landmarkOf(heading), cell: index, text: "" });
      else if (found.length > 0) found[found.length - 1].text += `${line}\n`;
    }
  });
  return found;
}

/**
 * What is out of order in a lesson's notebook (see the module comment), one line each; empty when
 * its sections follow the convention.
 *
 * @param lesson the lesson's catalog entry, for its number, title and whether it is the last; for a
 *   notebook outside the catalog, undefined: then its title and its Next are not checked.
 * @param lessons the catalog (default the course's), whose last lesson has no Next.
 */
export function sectionProblems(
  lesson: LessonEntry | undefined,
  nb: Notebook,
  lessons: readonly LessonEntry[] = LESSONS,
): string[] {
  const problems: string[] = [];
  const last = lesson !== undefined && lessons[lessons.length - 1].name === lesson.name;
  if (lesson !== undefined) {
    const title = `# Lesson ${Number(lesson.name.slice(0, 2))} · ${lesson.title}`;
    const first = nb.cells[0]?.cell_type === "markdown" ? nb.cells[0].source.split("\n")[0] : "";
    if (first !== title)
      problems.push(
        `the first cell opens with ${JSON.stringify(first)}, not ${JSON.stringify(title)} (the catalog's number and title)`,
      );
  }

  const all = sections(nb);
  const index = (landmark: Landmark) => all.findIndex((s) => s.landmark === landmark);
  const count = (landmark: Landmark) => all.filter((s) => s.landmark === landmark).length;
  for (const landmark of ["learn", "assumptions", "summary", "exercises"] as const) {
    if (count(landmark) === 0) problems.push(`no ${landmark} section`);
    if (count(landmark) > 1) problems.push(`${count(landmark)} ${landmark} sections`);
  }
  const [learn, assumptions, summary, exercises] = (
    ["learn", "assumptions", "summary", "exercises"] as const
  ).map(index);
  if (learn !== -1 && assumptions !== -1 && learn > assumptions)
    problems.push("What you will learn comes after Assumptions");
  if (assumptions !== -1 && summary !== -1) {
    if (summary < assumptions) problems.push("Summary comes before Assumptions");
    else if (!all.slice(assumptions + 1, summary).some((s) => s.landmark === "body"))
      problems.push("no body section between Assumptions and Summary");
  }
  for (const [i, s] of all.entries()) {
    const closingBody = last && exercises !== -1 && i > exercises;
    if (s.landmark === "body" && summary !== -1 && i > summary && !closingBody)
      problems.push(
        `"## ${s.heading}" comes after the Summary: after it come only Exercises, their solutions and Next`,
      );
    if (s.landmark === "body" && assumptions !== -1 && i < assumptions)
      problems.push(`"## ${s.heading}" comes before Assumptions`);
  }
  if (summary !== -1 && exercises !== -1 && exercises < summary)
    problems.push("Exercises come before the Summary");

  const solutions = index("solutions");
  const exercisesText = exercises === -1 ? "" : all[exercises].text;
  if (solutions === -1 && !/expected answers?\b/i.test(exercisesText))
    problems.push(
      'no expected answers: neither a "## Solutions" section nor answers marked "Expected answer" in the Exercises',
    );
  if (solutions !== -1 && exercises !== -1 && solutions < exercises)
    problems.push("Solutions come before the Exercises");
  const closing = all
    .slice(Math.max(exercises, 0))
    .map((s) => s.text)
    .join("\n");
  // A reader who edits the library must rebuild it (the notebook imports `dist/`, not `src/`).
  if (
    exercises !== -1 &&
    /\bsrc\//.test(closing) &&
    !(/npm run build/.test(closing) && /restart(ing)? the kernel/i.test(closing))
  )
    problems.push(
      "an exercise names a file under src/, but the Exercises do not say how to rebuild after editing it (`npm run build`, then restart the kernel)",
    );

  if (lesson === undefined) return problems;
  const next = index("next");
  if (last && next !== -1)
    problems.push(
      `"## ${all[next].heading}" in the last lesson of the catalog, where nothing comes next`,
    );
  if (!last && next === -1)
    problems.push('no "## Next" section (every lesson but the last ends with one)');
  if (!last && next !== -1 && next !== all.length - 1)
    problems.push(
      `"## Next" is not the last section: "## ${all[all.length - 1].heading}" follows it`,
    );
  if (!last && next !== -1 && solutions !== -1 && next < solutions)
    problems.push("Next comes before the Solutions");
  return problems;
}

/**
 * The most lines a lesson's Assumptions section may hold, from its first line of text to its last:
 * what a reader must accept before the body (which earlier lessons it stands on, what is simulated
 * and what is real, the client's policy), while explanations go where they matter. The course's
 * lesson shape: "assumptions (at most 10 lines)". A course rule, not MCP's.
 */
export const ASSUMPTIONS_LINE_LIMIT = 10;

/** The lines of a section's text from its first non-blank line to its last (0 when all are blank). */
export function sectionLines(text: string): number {
  const filled = text.split("\n").flatMap((line, i) => (line.trim() === "" ? [] : [i]));
  return filled.length === 0 ? 0 : filled[filled.length - 1] - filled[0] + 1;
}

/** The text of a notebook's Assumptions section ({@link sections}), or undefined when it has none. */
export function notebookAssumptions(nb: Notebook): string | undefined {
  return sections(nb).find((s) => s.landmark === "assumptions")?.text;
}

/**
 * The text of an export's Assumptions section: its lines after `## Assumptions` up to the next
 * heading of level 1 or 2 (headings inside fenced blocks do not count), printed output included;
 * undefined when it has none.
 */
export function exportAssumptions(markdown: string): string | undefined {
  const headings = linesOutsideFences(markdown).filter(({ line }) => /^#{1,2}\s/.test(line));
  const at = headings.findIndex(({ line }) => {
    const heading = /^##\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    return heading !== undefined && landmarkOf(heading) === "assumptions";
  });
  if (at === -1) return undefined;
  const lines = markdown.split("\n");
  const end = at + 1 < headings.length ? headings[at + 1].number - 1 : lines.length;
  return lines.slice(headings[at].number, end).join("\n");
}

/**
 * The problem with a lesson's Assumptions section, if any: more lines than
 * {@link ASSUMPTIONS_LINE_LIMIT} ({@link sectionLines}).
 *
 * @param lesson the lesson's catalog entry, to name it; undefined for a notebook outside the catalog.
 * @param text the section's text ({@link notebookAssumptions}, {@link exportAssumptions}); a lesson
 *   without the section is {@link sectionProblems}' to report.
 */
export function assumptionsLengthProblems(
  lesson: LessonEntry | undefined,
  text: string | undefined,
): string[] {
  const lines = text === undefined ? 0 : sectionLines(text);
  if (lines <= ASSUMPTIONS_LINE_LIMIT) return [];
  const whose = lesson === undefined ? "the" : `lesson ${Number(lesson.name.slice(0, 2))}'s`;
  return [
    `${whose} Assumptions section is ${lines} lines long, at most ${ASSUMPTIONS_LINE_LIMIT} wanted: keep what a reader must accept before the body, and move explanations to where they matter`,
  ];
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
export function laterLessonsNamed(
  text: string,
  number: number,
  lessons: readonly LessonEntry[] = LESSONS,
): { named: string; at: number }[] {
  const named: { named: string; at: number }[] = [];
  const add = (m: RegExpMatchArray) =>
    named.push({ named: m[0].replace(/\s+/g, " "), at: m.index! });
  const ranges = /\blessons?[\s-]+(\d+)((?:\s*(?:,|and|or|to|through|–|—|-)\s*\d+)*)/gi;
  for (const m of text.matchAll(ranges)) {
    const numbers = [m[1], ...(m[2].match(/\d+/g) ?? [])].map(Number);
    if (numbers.some((n) => n > number)) add(m);
  }
  const phrases =
    /\b(a|the|one)\s+(later|next|following|coming|future)\s+lessons?\b|\blater\s+lessons\b/gi;
  for (const m of text.matchAll(phrases)) add(m);
  for (const later of lessons.filter((l) => Number(l.name.slice(0, 2)) > number))
    for (const m of text.matchAll(new RegExp(`(?<![\\w-])${spaced(later.title)}(?![\\w-])`, "g")))
      add(m);
  return named.sort((x, y) => x.at - y.at);
}

/** The heading that ends a lesson's body: `## Next`, at the start of a line. */
const NEXT_HEADING = /^##\s+Next\b/m;

/**
 * The forward pointers in an export's body (everything before `## Next`), one problem each: a
 * lesson's body stands only on earlier lessons.
 *
 * @param hidden texts the export holds that are checked elsewhere (its notebook's cells, by
 *   {@link notebookForwardPointers}), blanked here so that each pointer is reported once.
 */
export function forwardPointers(
  markdown: string,
  lesson: LessonEntry,
  hidden: readonly string[] = [],
): string[] {
  const next = markdown.search(NEXT_HEADING);
  let body = next === -1 ? markdown : markdown.slice(0, next);
  for (const text of hidden.filter((t) => t.trim() !== ""))
    body = body.split(text).join(text.replace(/[^\n]/g, " "));
  return pointerProblems(body, lesson, "line");
}

/**
 * The later lessons a body names ({@link laterLessonsNamed}), one problem each:
 * `<where> N names a later lesson before Next ("…"): <the line's first 60 characters>`.
 */
function pointerProblems(body: string, lesson: LessonEntry, where: string): string[] {
  const lines = body.split("\n");
  return laterLessonsNamed(body, Number(lesson.name.slice(0, 2))).map(({ named, at }) => {
    const line = body.slice(0, at).split("\n").length;
    return `${where} ${line} names a later lesson before Next ("${named}"): ${lines[line - 1].trim().slice(0, 60)}`;
  });
}

/**
 * The forward pointers in a notebook's cells before the one that opens `## Next` (markdown and
 * code alike), one problem each: what {@link forwardPointers} finds in an export, found before
 * the lesson runs.
 */
export function notebookForwardPointers(nb: Notebook, lesson: LessonEntry): string[] {
  const problems: string[] = [];
  for (const [index, cell] of nb.cells.entries()) {
    const next = cell.cell_type === "markdown" ? cell.source.search(NEXT_HEADING) : -1;
    const body = next === -1 ? cell.source : cell.source.slice(0, next);
    problems.push(...pointerProblems(body, lesson, `cell ${index} (id ${cell.id}), line`));
    if (next !== -1) break;
  }
  return problems;
}

/**
 * The least share of a lesson's prose that its notebook's markdown cells hold: a notebook reads
 * before it runs (on a code host, in a viewer, opened untrusted), so the teaching text that no seed
 * changes lives in markdown cells, and code cells write only what depends on the run. A course
 * rule, not Jupyter's.
 */
export const MARKDOWN_PROSE_FLOOR = 0.7;

/**
 * The words of prose in markdown: every run of non-blank characters on a line outside fenced
 * blocks, table rows (`|…`), image lines (`![…`), HTML comments and tags standing alone
 * (`<details>`), which a reader does not read as sentences.
 */
export function proseWords(markdown: string): number {
  let words = 0;
  for (const { line } of linesOutsideFences(markdown)) {
    const text = line.trim();
    if (/^(\||!\[|<!--|<\/?[a-z]+>$)/i.test(text)) continue;
    words += text.split(/\s+/).filter((word) => word !== "").length;
  }
  return words;
}

/** How a lesson's prose divides between its notebook's markdown cells and what its code cells write. */
export interface ProseShare {
  /** Words of prose in the notebook's markdown cells. */
  inCells: number;
  /** Words of prose in the whole export: the markdown cells' and the computed prose. */
  inExport: number;
  /** `inCells / inExport`, 0 to 1 (1 when the export has no prose). */
  share: number;
}

/**
 * The share of an export's prose that the notebook's markdown cells hold ({@link proseWords} of
 * each); the rest was written by code cells.
 *
 * @param exported the lesson's markdown export for the notebook as it is.
 */
export function proseShare(nb: Notebook, exported: string): ProseShare {
  const inCells = nb.cells
    .filter((cell) => cell.cell_type === "markdown")
    .reduce((sum, cell) => sum + proseWords(cell.source), 0);
  const inExport = proseWords(exported);
  return { inCells, inExport, share: inExport === 0 ? 1 : Math.min(1, inCells / inExport) };
}

/**
 * The problem with a lesson's prose share, if any: below {@link MARKDOWN_PROSE_FLOOR}.
 */
export function proseShareProblems(nb: Notebook, exported: string): string[] {
  const { inCells, inExport, share } = proseShare(nb, exported);
  if (share >= MARKDOWN_PROSE_FLOOR) return [];
  const percent = (value: number) => `${Math.floor(value * 100)}%`;
  return [
    `the markdown cells hold ${percent(share)} of the prose (${inCells} of ${inExport} words), at least ${percent(MARKDOWN_PROSE_FLOOR)} wanted: move the text no seed changes out of the code cells' output into markdown cells`,
  ];
}

/**
 * The most lines a lesson's markdown export may have, for any seed: a lesson a student reads in one
 * sitting. A course rule.
 */
export const EXPORT_LINE_LIMIT = 450;

/**
 * The lessons held to a limit of their own instead of {@link EXPORT_LINE_LIMIT}: lessons 6 to 10
 * run the course's longer experiments, each on tables of its own. A course rule.
 */
export const EXPORT_LINE_LIMITS: Readonly<Record<string, number>> = {
  "06-writing-a-server": 650,
  "07-writing-a-client": 700,
  "08-the-fleet-behind-the-boundary": 550,
  "09-the-simulation-against-the-wire": 700,
  "10-without-a-session": 800,
};

/** The most lines a lesson's export may have: its own limit ({@link EXPORT_LINE_LIMITS}), else {@link EXPORT_LINE_LIMIT}. */
export function exportLineLimit(name: string): number {
  return Object.hasOwn(EXPORT_LINE_LIMITS, name) ? EXPORT_LINE_LIMITS[name] : EXPORT_LINE_LIMIT;
}

/** The problem with an export's length, if any: more lines than {@link exportLineLimit} allows. */
export function exportLengthProblems(lesson: LessonEntry, exported: string): string[] {
  const lines = exported.endsWith("\n")
    ? exported.split("\n").length - 1
    : exported.split("\n").length;
  const limit = exportLineLimit(lesson.name);
  if (lines <= limit) return [];
  return [
    `the export is ${lines} lines long, at most ${limit} wanted: shorten the lesson, or move what it prints into fewer lines`,
  ];
}
