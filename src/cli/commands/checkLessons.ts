/**
 * `mcp-course check-lessons [names...]`: the shape every lesson keeps, in a second, without running
 * a cell (`lessons/lessonShape.ts`): its notebook's sections in the course's order and its markdown
 * cells within the page's width; for a lesson of the catalog also its committed exports (both
 * seeds, where written): printed lines within the width, no later lesson named before Next, and
 * (the default seed's) the share of its prose that the markdown cells hold, and (each seed's) its
 * length.
 * One line per problem on stdout, `<file>: <problem>`; a summary on stderr.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { findLesson } from "../../lessons/catalog";
import {
  exportLengthProblems,
  forwardPointers,
  proseShareProblems,
  sectionProblems,
  wideExportLines,
  wideNotebookLines,
} from "../../lessons/lessonShape";
import { readNotebook } from "../../notebook/notebookFile";
import { PACKAGE_ROOT } from "../../packageRoot";
import type { CliIo } from "../io";
import { CliError, EXIT_FAILURE, messages } from "../messages";
import { resolveNotebooks, shown } from "./notebookNames";

/** The committed exports' folders: the default seed's, then the second seed's. */
const EXPORT_FOLDERS = ["lessons", join("lessons", "seed-20260219")] as const;

/**
 * Checks each named notebook (every lesson of the catalog when none is named) and, for a catalog
 * lesson, its committed exports; prints each problem found.
 *
 * @throws CliError (exit 2) for an unknown lesson or a missing or unreadable notebook, before
 *   anything is checked; CliError (exit 1) when any problem is found.
 */
export function runCheckLessonsCommand(names: readonly string[], io: CliIo): void {
  const notebooks = resolveNotebooks(names).map((entry) => {
    try {
      return { entry, notebook: readNotebook(entry.file) };
    } catch (error) {
      throw new CliError(messages.notebookUnreadable((error as Error).message));
    }
  });
  let problems = 0;
  const report = (file: string, found: readonly string[]) => {
    for (const problem of found) io.stdout(`${shown(file)}: ${problem}\n`);
    problems += found.length;
  };
  for (const { entry, notebook } of notebooks) {
    const lesson = entry.byPath ? undefined : findLesson(entry.name);
    report(entry.file, [...sectionProblems(lesson, notebook), ...wideNotebookLines(notebook)]);
    if (lesson === undefined) continue;
    for (const folder of EXPORT_FOLDERS) {
      const file = join(PACKAGE_ROOT, folder, `${lesson.name}.md`);
      if (!existsSync(file)) continue;
      const text = readFileSync(file, "utf8");
      const share = folder === EXPORT_FOLDERS[0] ? proseShareProblems(lesson, notebook, text) : [];
      report(file, [
        ...wideExportLines(text),
        ...forwardPointers(text, lesson),
        ...share,
        ...exportLengthProblems(lesson, text),
      ]);
    }
  }
  if (problems > 0) throw new CliError(messages.lessonShapeFailed(problems), EXIT_FAILURE);
  const byPath = notebooks.filter(({ entry }) => entry.byPath).length;
  io.stderr(`${messages.lessonShapeKept(notebooks.length, byPath)}\n`);
}
