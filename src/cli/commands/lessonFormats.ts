/**
 * The choices `lesson --format` and `lesson --engine` take, and how `lesson --cell-timeout` is
 * read, apart from the lesson command itself, so that the command line can list and check them
 * without loading the notebook engines.
 */
import { InvalidArgumentError } from "commander";
import { isCellTimeout } from "../../notebook/cellTimeout";
import type { EngineName } from "../../notebook/executeNotebook";
import { messages } from "../messages";

/** `--engine`: a named engine, or `auto` (Jupyter when it is installed, else tslab in-process). */
export type EngineChoice = EngineName | "auto";

/**
 * `--format`: markdown with chart files beside it, one self-contained HTML page per lesson, or
 * both from the same execution of the notebook.
 */
export type ExportFormat = "md" | "html" | "both";

/** The values `--format` accepts, the default first. */
export const EXPORT_FORMATS: readonly ExportFormat[] = ["md", "html", "both"];

/** The files one format writes per lesson, by extension: `md` (with its chart folder), `html`. */
export function formatFiles(format: ExportFormat): readonly ("md" | "html")[] {
  return format === "both" ? ["md", "html"] : [format];
}

/** The most lessons `--jobs` lets run at once: more than the course has gains nothing. */
export const MAX_JOBS = 64;

/** `--jobs N`: how many lessons may run at once, a whole number from 1 to {@link MAX_JOBS}. */
export function jobsOption(text: string): number {
  const jobs = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!(jobs >= 1 && jobs <= MAX_JOBS)) throw new InvalidArgumentError(messages.badJobs(MAX_JOBS));
  return jobs;
}

/**
 * `--cell-timeout SECONDS`: a number of seconds in plain decimal digits (`600`, `2.5`), more than
 * 0 and at most MAX_CELL_TIMEOUT_SECONDS (no signs, exponents or `Infinity`).
 */
export function cellTimeoutOption(text: string): number {
  const seconds = /^[0-9]+(\.[0-9]+)?$/.test(text) ? Number(text) : NaN;
  if (!isCellTimeout(seconds)) throw new InvalidArgumentError(messages.badCellTimeout());
  return seconds;
}
