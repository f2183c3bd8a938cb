// What the tests of a lesson's text read: the committed exports (both seeds), their fenced blocks and markdown tables, the notebooks' cells and the declarations they show.
import { LINE_WIDTH } from "../../src/notebook/lineWidth";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LESSONS, type LessonEntry } from "../../src/lessons/catalog";
import { parseNotebook, type Notebook } from "../../src/notebook/notebookFile";
import { ROOT } from "../helpers";

/** The widest line a reader's Jupyter (Classic Notebook 6.4 wraps at about 114) shows unbroken, with a margin. */
export const MAX_LINE = LINE_WIDTH;

/** A line's width in characters (Unicode code points: `·`, `—` and `→` count one each). */
export function width(line: string): number {
  return [...line].length;
}

/** One committed export: `lessons/<name>.md` (the default seed) or `lessons/seed-20260219/<name>.md`. */
export interface LessonExport {
  lesson: LessonEntry;
  /** Path relative to the repository, e.g. `lessons/seed-20260219/07-writing-a-client.md`. */
  path: string;
  text: string;
}

/** The folders of committed exports, one per seed. */
export const EXPORT_FOLDERS = ["lessons", "lessons/seed-20260219"] as const;

/** Every committed export of every lesson in the catalog, both seeds. */
export function lessonExports(): LessonExport[] {
  return EXPORT_FOLDERS.flatMap((folder) =>
    LESSONS.map((lesson) => {
      const path = `${folder}/${lesson.name}.md`;
      return { lesson, path, text: readFileSync(join(ROOT, path), "utf8") };
    }),
  );
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

/** The caption showSource writes before a listing: `` `name`, from `src/…`: ``. */
export const LISTING_CAPTION = /^`[^`]+`, from `src\/[^`]+`:$/;

/** The fenced blocks of a markdown text, in order (CommonMark fences: ``` or ~~~, up to 3 spaces of indent). */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const lines = markdown.split("\n");
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/.exec(lines[i]);
    if (!open) continue;
    const [, ticks, info] = open;
    let end = i + 1;
    while (end < lines.length && !new RegExp(`^ {0,3}${ticks[0]}{${ticks.length},}\\s*$`).test(lines[end])) end++;
    const before =
      lines
        .slice(0, i)
        .reverse()
        .find((line) => line.trim() !== "") ?? "";
    const after = lines.slice(end + 1).find((line) => line.trim() !== "") ?? "";
    const kind: BlockKind =
      info === "text"
        ? "output"
        : info === "ts"
          ? LISTING_CAPTION.test(before) || after.startsWith("<sub>`")
            ? "listing"
            : "code"
          : "fence";
    blocks.push({ kind, info, firstLine: i + 2, lines: lines.slice(i + 1, end) });
    i = end;
  }
  return blocks;
}

/** Each line of a markdown text with its number (1-based), and whether it lies inside a fenced block. */
export function linesOutsideFences(markdown: string): { number: number; line: string }[] {
  const inside = new Set<number>();
  for (const block of fencedBlocks(markdown))
    for (let n = block.firstLine - 1; n <= block.firstLine + block.lines.length; n++) inside.add(n);
  return markdown
    .split("\n")
    .map((line, i) => ({ number: i + 1, line }))
    .filter(({ number }) => !inside.has(number));
}

/** A lesson's committed notebook, parsed (sources joined into strings). */
export function lessonNotebook(lesson: LessonEntry): Notebook {
  return parseNotebook(
    readFileSync(join(ROOT, "notebooks", `${lesson.name}.ipynb`), "utf8"),
    `notebooks/${lesson.name}.ipynb`,
  );
}

/** The names passed to `showSource("…", …)` in a notebook's code cells, in order, each once. */
export function shownNames(nb: Notebook): string[] {
  const names: string[] = [];
  for (const cell of nb.cells.filter((c) => c.cell_type === "code")) {
    for (const call of cell.source.matchAll(/\bshowSource\(([^)]*)\)/g)) {
      for (const name of call[1].matchAll(/["'`]([^"'`]+)["'`]/g)) if (!names.includes(name[1])) names.push(name[1]);
    }
  }
  return names;
}

/** A markdown table's delimiter row (`|---|:--|`), as GitHub-flavoured markdown defines it, outside fences. */
export function tableDelimiterRows(markdown: string): { number: number; line: string; cells: string[] }[] {
  return linesOutsideFences(markdown)
    .filter(
      ({ line }) =>
        /^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)+\|?\s*$/.test(line) || /^ {0,3}\|\s*:?-+:?\s*\|\s*$/.test(line),
    )
    .map(({ number, line }) => ({
      number,
      line,
      cells: line
        .trim()
        .replace(/^\|/, "")
        .replace(/\|$/, "")
        .split("|")
        .map((cell) => cell.trim()),
    }));
}
