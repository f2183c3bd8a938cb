/**
 * `mcp-course check-lessons [names...]`: the shape every lesson keeps, in a second, without running
 * a cell (`lessons/lessonShape.ts`): its notebook's sections in the course's order, its Assumptions
 * short, and its markdown and code cells within the page's width; for a lesson of the catalog also a cell tagged
 * `parameters`, no later lesson named before Next, every cell that only shows tagged
 * `remove-input`, and its committed exports (both seeds, where
 * written): not older than the notebook (else nothing more of it is checked), printed lines within
 * the width, no later lesson named before Next outside the notebook's cells, (the default seed's)
 * the share of its prose that the markdown cells hold, and (each seed's) its length and the length
 * of its Assumptions.
 * One line per problem on stdout, `<file>: <problem>`; a summary on stderr.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { findLesson } from "../../lessons/catalog";
import {
  assumptionsLengthProblems,
  cellsNewerThanExport,
  exportAssumptions,
  exportLengthProblems,
  forwardPointers,
  notebookAssumptions,
  notebookForwardPointers,
  parametersProblems,
  proseShareProblems,
  sectionProblems,
  wideExportLines,
  untaggedDisplayCells,
  wideNotebookLines,
} from "../../lessons/lessonShape";
import { dropTrailingNewlines } from "../../notebook/exporter";
import { readNotebook } from "../../notebook/notebookFile";
import { PACKAGE_ROOT } from "../../packageRoot";
import type { CliIo } from "../io";
import { CliError, EXIT_FAILURE, messages } from "../messages";
import { COMMITTED_EXPORTS, committedExports } from "./committedExports";
import { resolveNotebooks, shown } from "./notebookNames";

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
    report(entry.file, [
      ...sectionProblems(lesson, notebook),
      ...assumptionsLengthProblems(lesson, notebookAssumptions(notebook)),
      ...wideNotebookLines(notebook),
      ...(lesson === undefined
        ? []
        : [
            ...parametersProblems(notebook),
            ...notebookForwardPointers(notebook, lesson),
            ...untaggedDisplayCells(notebook),
          ]),
    ]);
    if (lesson === undefined) continue;
    const sources = notebook.cells.map((cell) => dropTrailingNewlines(cell.source));
    for (const { folder, seedOption, path } of committedExports(lesson.name)) {
      const file = join(PACKAGE_ROOT, path);
      const text = readFileSync(file, "utf8");
      const changed = cellsNewerThanExport(notebook, text);
      if (changed.length > 0) {
        const command = `\`npx mcp-course lesson ${lesson.name.slice(0, 2)}${seedOption}\``;
        report(file, [messages.exportOlderThanNotebook(changed, command)]);
        continue;
      }
      const share =
        folder === COMMITTED_EXPORTS[0].folder ? proseShareProblems(notebook, text) : [];
      report(file, [
        ...wideExportLines(text),
        ...forwardPointers(text, lesson, sources),
        ...share,
        ...exportLengthProblems(lesson, text),
        ...assumptionsLengthProblems(lesson, exportAssumptions(text)),
      ]);
    }
  }
  if (problems > 0) throw new CliError(messages.lessonShapeFailed(problems), EXIT_FAILURE);
  const byPath = notebooks.filter(({ entry }) => entry.byPath).length;
  io.stderr(`${messages.lessonShapeKept(notebooks.length, byPath)}\n`);
}
