/**
 * `mcp-course lesson`: execute lesson notebooks and export each to markdown.
 *
 * Everything is checked before anything runs (lesson names, engine), so bad input touches no
 * file. Each export is written to a temporary file and renamed, so a failed run leaves the
 * previous export as it was. Progress (which notebook, which cell, how long) goes to stderr.
 */
import { existsSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { findLesson, LESSONS } from "../../lessons/catalog";
import { PACKAGE_ROOT } from "../../lessons/showSource";
import {
  executeNotebook,
  exportMarkdown,
  injectParameters,
  jupyterAvailable,
  readNotebook,
  resolveEngine,
  type EngineName,
  type ProgressEvent,
} from "../../notebook";
import { DEFAULT_SEED } from "../../sim/seed";
import { CliError, EXIT_FAILURE, messages } from "../messages";
import { checkOutFolder, writeOutput } from "../options";
import type { CliIo } from "../program";

/** `--engine`: a named engine, or `auto` (Jupyter when it is installed, else tslab in-process). */
export type EngineChoice = EngineName | "auto";

/** Options of `lesson`. */
export interface LessonCommandOptions {
  /** Lesson names (`06-writing-a-server`, `06`) or paths to `.ipynb` files; empty means all lessons. */
  names: string[];
  seed: number;
  /** Output folder; default `lessons/` for the default seed, `lessons/seed-N/` otherwise. */
  out?: string;
  engine: EngineChoice;
}

/** A notebook to run: where it is, the folder its kernel starts in, and the export's name. */
interface LessonTarget {
  name: string;
  notebook: string;
}

/** The default output folder for a seed: `lessons/`, or `lessons/seed-N/` for another seed. */
export function defaultOutDir(seed: number, root: string = PACKAGE_ROOT): string {
  return seed === DEFAULT_SEED ? join(root, "lessons") : join(root, "lessons", `seed-${seed}`);
}

function resolveTargets(names: readonly string[]): LessonTarget[] {
  if (names.length === 0) return LESSONS.map((l) => ({ name: l.name, notebook: join(PACKAGE_ROOT, "notebooks", `${l.name}.ipynb`) }));
  return names.map((name) => {
    const lesson = findLesson(name);
    if (lesson) return { name: lesson.name, notebook: join(PACKAGE_ROOT, "notebooks", `${lesson.name}.ipynb`) };
    if (name.endsWith(".ipynb") && existsSync(name)) return { name: basename(name, ".ipynb"), notebook: resolve(name) };
    throw new CliError(messages.unknownLesson(name, LESSONS.map((l) => l.name)));
  });
}

/** A path as the user should read it: relative to the package root when inside it. */
function shown(path: string): string {
  const rel = relative(PACKAGE_ROOT, path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split(sep).join("/") : path;
}

function progressPrinter(io: CliIo, name: string, total: number): (event: ProgressEvent) => void {
  return (event) => {
    if (event.type !== "cellFinished") return;
    io.stderr(`  ${name}: cell ${event.cellIndex + 1}/${total} (${event.cellId}) ${event.ok ? "ran" : "FAILED"} in ${(event.elapsedMs / 1000).toFixed(2)} s\n`);
  };
}

/**
 * Runs `lesson`: executes each notebook with the seed and writes `<out>/<name>.md`.
 *
 * @throws CliError (exit 2) for an unknown lesson name, before anything runs;
 *   CliError (exit 1) when Jupyter is asked for but missing, or a cell fails (naming the
 *   notebook, the cell number and the error; the previous export is kept).
 */
export async function runLessonCommand(options: LessonCommandOptions, io: CliIo): Promise<void> {
  const targets = resolveTargets(options.names);
  if (options.engine === "jupyter" && !jupyterAvailable()) throw new CliError(messages.jupyterMissing(), EXIT_FAILURE);
  const engine = resolveEngine(options.engine);
  const outDir = options.out ? resolve(options.out) : defaultOutDir(options.seed);
  checkOutFolder(outDir);
  for (const target of targets) {
    let notebook;
    try {
      notebook = readNotebook(target.notebook);
    } catch (error) {
      throw new CliError(messages.notebookUnreadable(shown(target.notebook), (error as Error).message), EXIT_FAILURE);
    }
    if (options.seed !== DEFAULT_SEED) notebook = injectParameters(notebook, { SEED: options.seed });
    io.stderr(`${target.name}: executing ${shown(target.notebook)} with seed ${options.seed} on the ${engine} engine\n`);
    const started = performance.now();
    let result;
    try {
      result = await executeNotebook(notebook, {
        engine,
        cwd: dirname(target.notebook),
        onProgress: progressPrinter(io, target.name, notebook.cells.length),
      });
    } catch (error) {
      throw new CliError(messages.engineFailed(engine, (error as Error).message), EXIT_FAILURE);
    }
    if (result.failure) {
      const { cellIndex, cellId, message } = result.failure;
      throw new CliError(messages.cellFailed(shown(target.notebook), cellIndex + 1, cellId, message), EXIT_FAILURE);
    }
    const inside = shown(target.notebook) !== target.notebook;
    const notebookPath = inside ? shown(target.notebook) : basename(target.notebook);
    const markdown = exportMarkdown(result.notebook, { notebookPath, seed: options.seed });
    const file = join(outDir, `${target.name}.md`);
    writeOutput(file, markdown);
    io.stderr(`${target.name}: wrote ${shown(file)} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
}
