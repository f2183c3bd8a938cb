/**
 * `mcp-course lesson`: execute lesson notebooks and export each to markdown (with its charts as
 * SVG files beside it) or to one self-contained HTML page.
 *
 * Everything is checked before anything runs (lesson names, notebooks, parameters, output
 * folders, engine), so bad input touches no file. Each export is written to a temporary file and
 * renamed, so a failed run leaves the previous export as it was. Progress (which notebook, which
 * cell, how long) goes to stderr.
 */
import { existsSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { PACKAGE_ROOT } from "../../packageRoot";
import {
  defaultParameter,
  executeNotebook,
  exportHtml,
  exportLesson,
  findJupyterPython,
  injectParameters,
  readNotebook,
  resolveEngine,
  type EngineName,
  type Notebook,
  type ProgressEvent,
  writeMarkdownExport,
} from "../../notebook";
import { DEFAULT_SEED, isSeed } from "../../sim/seed";
import { killDescendants } from "../../notebook/processTree";
import { CliError, EXIT_FAILURE, messages } from "../messages";
import { checkOutFolder, removeOutput, writeOutput } from "../options";
import type { CliIo } from "../io";
import { formatFiles, type EngineChoice, type ExportFormat } from "./lessonFormats";
import { resolveNotebooks, shown, type NamedNotebook } from "./notebookNames";
import { runSideBySide } from "./sideBySide";

export { EXPORT_FORMATS, type EngineChoice, type ExportFormat } from "./lessonFormats";

/** Options of `lesson`. */
export interface LessonCommandOptions {
  /** Lesson names (`06-writing-a-server`, `06`) or paths to `.ipynb` files; empty means all lessons. */
  names: string[];
  /** The seed to inject; undefined runs each notebook with the `SEED` of its own parameters cell. */
  seed?: number;
  /** Output folder; default `lessons/` for the default seed, `lessons/seed-N/` otherwise. */
  out?: string;
  engine: EngineChoice;
  /** What to write: `<name>.md` (default), `<name>.html`, or both from one execution. */
  format?: ExportFormat;
  /** Seconds one cell may run before it is stopped (default DEFAULT_CELL_TIMEOUT_SECONDS, 600). */
  cellTimeout?: number;
  /** How many lessons may run at once (default: one per core); see {@link runSideBySide}. */
  jobs?: number;
}

/** A notebook ready to run: its name, file, prepared cells, the seed it runs with and where it goes. */
interface PreparedLesson {
  name: string;
  file: string;
  /** Whether it starts servers of its own (`LessonEntry.startsServers`): see {@link runSideBySide}. */
  startsServers: boolean;
  notebook: Notebook;
  seed: number | undefined;
  /** What it writes: `<out>/<name>.md` and/or `<out>/<name>.html`, in that order. */
  outFiles: { md?: string; html?: string };
}

/** The default output folder for a seed: `lessons/`, or `lessons/seed-N/` for another seed. */
export function defaultOutDir(seed: number, root: string = PACKAGE_ROOT): string {
  return seed === DEFAULT_SEED ? join(root, "lessons") : join(root, "lessons", `seed-${seed}`);
}

/** Reads a notebook, sets its seed, and decides where its export goes; throws CliError (exit 2) on bad input. */
function prepare(entry: NamedNotebook, options: LessonCommandOptions): PreparedLesson {
  let notebook: Notebook;
  try {
    notebook = readNotebook(entry.file);
  } catch (error) {
    throw new CliError(messages.notebookUnreadable((error as Error).message));
  }
  const own = defaultParameter(notebook, "SEED");
  const ownSeed =
    own !== undefined && isSeed(Number(own)) && /^\d+$/.test(own) ? Number(own) : undefined;
  let seed = ownSeed;
  if (options.seed !== undefined && options.seed !== ownSeed) {
    try {
      notebook = injectParameters(notebook, { SEED: options.seed });
    } catch {
      throw new CliError(messages.noParametersCell(shown(entry.file)));
    }
    seed = options.seed;
  }
  if (!options.out && entry.byPath) throw new CliError(messages.outRequired(shown(entry.file)));
  const outDir = options.out ? resolve(options.out) : defaultOutDir(seed ?? DEFAULT_SEED);
  checkOutFolder(outDir);
  const outFiles: PreparedLesson["outFiles"] = {};
  for (const extension of formatFiles(options.format ?? "md")) {
    const outFile = join(outDir, `${entry.name}.${extension}`);
    if (existsSync(outFile) && statSync(outFile).isDirectory())
      throw new CliError(messages.exportIsFolder(outFile));
    outFiles[extension] = outFile;
  }
  return {
    name: entry.name,
    file: entry.file,
    startsServers: entry.startsServers,
    notebook,
    seed,
    outFiles,
  };
}

function progressPrinter(
  io: CliIo,
  name: string,
  total: number,
  started: (cell: { index: number; id: string }) => void,
) {
  return (event: ProgressEvent) => {
    if (event.type === "cellStarted") return started({ index: event.cellIndex, id: event.cellId });
    io.stderr(
      `  ${name}: cell ${event.cellIndex + 1}/${total} (${event.cellId}) ${event.ok ? "ran" : "FAILED"} in ${(event.elapsedMs / 1000).toFixed(2)} s\n`,
    );
  };
}

/**
 * Executes one prepared lesson and writes its export: for `md`, the chart files, the markdown,
 * then stale charts of an earlier export removed (writeMarkdownExport); for `html`, one page.
 */
async function runLesson(
  lesson: PreparedLesson,
  { engine, python }: { engine: EngineName; python: string | null },
  cellTimeoutSeconds: number | undefined,
  io: CliIo,
): Promise<void> {
  const file = shown(lesson.file);
  const written = Object.values(lesson.outFiles); // md first, then html, as prepare() adds them
  const previous = written.filter((path) => existsSync(path)).map(shown);
  io.stderr(
    `${lesson.name}: executing ${file}${lesson.seed === undefined ? "" : ` with seed ${lesson.seed}`} on the ${engine} engine\n`,
  );
  const started = performance.now();
  let running: { index: number; id: string } | undefined;
  let result;
  try {
    result = await executeNotebook(lesson.notebook, {
      engine,
      python,
      cwd: dirname(lesson.file),
      cellTimeoutSeconds,
      onProgress: progressPrinter(
        io,
        lesson.name,
        lesson.notebook.cells.length,
        (cell) => (running = cell),
      ),
    });
  } catch (error) {
    const reason = (error as Error).message;
    if (running)
      throw new CliError(
        messages.kernelDied(file, running.index + 1, running.id, engine, reason, previous),
        EXIT_FAILURE,
      );
    throw new CliError(messages.engineFailed(engine, reason), EXIT_FAILURE);
  }
  if (result.failure) {
    const { cellIndex, cellId, message, timedOutAfterSeconds } = result.failure;
    if (timedOutAfterSeconds !== undefined) {
      throw new CliError(
        messages.cellTimedOut(file, cellIndex + 1, cellId, timedOutAfterSeconds, engine, previous),
        EXIT_FAILURE,
      );
    }
    throw new CliError(
      messages.cellFailed(file, cellIndex + 1, cellId, message, previous),
      EXIT_FAILURE,
    );
  }
  const notebookPath = file === lesson.file ? basename(lesson.file) : file;
  const exportOptions = { notebookPath, seed: lesson.seed, filesFolder: `${lesson.name}.files` };
  const { md, html } = lesson.outFiles;
  if (md)
    writeMarkdownExport(md, exportLesson(result.notebook, exportOptions), {
      write: writeOutput,
      remove: removeOutput,
    });
  if (html) writeOutput(html, exportHtml(result.notebook, exportOptions));
  io.stderr(
    `${lesson.name}: wrote ${written.map(shown).join(" and ")} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

/**
 * Runs `lesson`: executes each notebook and writes `<out>/<name>.md` with its charts in
 * `<out>/<name>.files/<cell id>.svg`, or with `format: "html"` one page `<out>/<name>.html`, or
 * with `format: "both"` the two from one execution.
 *
 * With `--seed`, the seed is injected after each notebook's `parameters` cell; without it, each
 * notebook runs with its own `SEED`, and the export says which. Notebooks run side by side, at most
 * `jobs` at a time, those that start servers one at a time ({@link runSideBySide}); when one fails,
 * those running finish and no other starts.
 *
 * @throws CliError (exit 2) for bad input (unknown lesson, missing or unreadable notebook, a seed
 *   for a notebook without a parameters cell, a notebook path without `--out`, an output path
 *   that is a file), before anything runs; CliError (exit 1) when Jupyter is asked for but
 *   missing, a cell fails, runs past `cellTimeout` seconds (its kernel or worker is killed) or
 *   the kernel dies (naming the notebook, the cell number and the error or the limit; the
 *   previous export is kept).
 */
export async function runLessonCommand(options: LessonCommandOptions, io: CliIo): Promise<void> {
  const lessons = resolveNotebooks(options.names).map((entry) => prepare(entry, options));
  // Looked for once, here, and handed to every notebook of the run.
  const python = options.engine === "tslab" ? null : findJupyterPython();
  if (options.engine === "jupyter" && !python)
    throw new CliError(messages.jupyterMissing(), EXIT_FAILURE);
  const engine = resolveEngine(options.engine, python);
  const current = new Set<string>();
  const stop = (signal: NodeJS.Signals) => {
    // A kernel runs in a session of its own and the worker is our child: neither would see the
    // signal sent to this process alone, so they are killed here, with all they started.
    killDescendants(process.pid);
    io.stderr(`mcp-course: ${messages.lessonStopped(signal, [...current])}\n`);
    process.exit(128 + (STOP_SIGNALS[signal] ?? 0));
  };
  for (const signal of Object.keys(STOP_SIGNALS) as NodeJS.Signals[]) process.on(signal, stop);
  try {
    // One lesson per core at most: each kernel or worker keeps about one core busy.
    await runSideBySide(lessons, options.jobs ?? availableParallelism(), async (lesson) => {
      current.add(shown(lesson.file));
      try {
        await runLesson(lesson, { engine, python }, options.cellTimeout, io);
      } finally {
        current.delete(shown(lesson.file));
      }
    });
  } finally {
    for (const signal of Object.keys(STOP_SIGNALS) as NodeJS.Signals[]) process.off(signal, stop);
  }
}

/** The signals that stop an export, with their numbers (POSIX): exit code 128 + number, as a shell reports. */
const STOP_SIGNALS: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };
