// What the tests of a lesson's text read: the committed exports (both seeds), their fenced blocks and markdown tables, the notebooks' cells and the declarations they show.
import { LINE_WIDTH } from "../../src/notebook/lineWidth";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LESSONS, type LessonEntry } from "../../src/lessons/catalog";
import { parseNotebook, type Notebook } from "../../src/notebook/notebookFile";
import { linesOutsideFences } from "../../src/lessons/lessonShape";

export {
  fencedBlocks,
  linesOutsideFences,
  width,
  LISTING_CAPTION,
  type BlockKind,
  type FencedBlock,
} from "../../src/lessons/lessonShape";
import { ROOT } from "../helpers";

/** The widest line a reader's Jupyter (Classic Notebook 6.4 wraps at about 114) shows unbroken, with a margin. */
export const MAX_LINE = LINE_WIDTH;

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
