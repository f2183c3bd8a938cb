/**
 * Option parsers shared by the commands: each turns one command-line word into a value or
 * throws commander's InvalidArgumentError with a message from the catalog.
 */
import { InvalidArgumentError } from "commander";
import { parseSeed } from "../sim/seed";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { findLesson } from "../lessons/catalog";
import { SIMULATION_NAMES, type SimulationName } from "./commands/simulationNames";
import { writeFileAtomic } from "../notebook/notebookFile";
import { CliError, EXIT_FAILURE, messages } from "./messages";

/**
 * Checks an output folder before any work: it may not exist yet, but it must not be a file.
 *
 * @throws CliError (exit 2) naming the path.
 */
export function checkOutFolder(path: string): void {
  if (existsSync(path) && !statSync(path).isDirectory())
    throw new CliError(messages.outNotFolder(path));
  checkWritable(path);
}

/**
 * Checks an output file before any work: not empty, not a folder, and in a place we may write.
 * `flag` is the option the path came from (`--out`, `--chart`), named in the message.
 *
 * @throws CliError (exit 2) naming the path.
 */
export function checkOutFile(path: string, flag = "--out"): void {
  if (path === "") throw new CliError(messages.outEmpty(flag));
  if (existsSync(path) && statSync(path).isDirectory())
    throw new CliError(messages.outIsFolder(path, flag));
  checkWritable(dirname(path), flag);
}

/** The reason a write would fail, in words rather than an errno. */
function reasonOf(error: NodeJS.ErrnoException): string {
  if (error.code === "EACCES" || error.code === "EPERM" || error.code === "EROFS")
    return "permission denied";
  if (error.code === "ENOTDIR") return "part of the path is a file";
  if (error.code === "ENOENT") return "that place does not accept new files";
  return error.message;
}

/**
 * Throws CliError (exit 2) unless a folder can be made in `folder`, or in the nearest folder above
 * it that exists. The check makes and removes a real folder: permission bits alone do not tell
 * (root passes them everywhere, and pseudo-filesystems such as /proc refuse new entries; there,
 * Node's recursive mkdir never returns, so it must not be reached).
 */
function checkWritable(folder: string, flag = "--out"): void {
  let existing = folder;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  try {
    if (!statSync(existing).isDirectory()) throw Object.assign(new Error(), { code: "ENOTDIR" });
    rmSync(mkdtempSync(join(existing, ".mcp-course-write-check-")), {
      recursive: true,
      force: true,
    });
  } catch (error) {
    throw new CliError(
      messages.outNotWritable(folder, reasonOf(error as NodeJS.ErrnoException), flag),
    );
  }
}

/**
 * Writes a file through a temporary file and a rename, turning a failure into one clear line.
 *
 * @throws CliError (exit 1) naming the file and the reason.
 */
export function writeOutput(path: string, text: string): void {
  try {
    writeFileAtomic(path, text);
  } catch (error) {
    throw new CliError(
      messages.cannotWrite(path, reasonOf(error as NodeJS.ErrnoException)),
      EXIT_FAILURE,
    );
  }
}

/**
 * Removes a file an earlier export wrote (a stale chart), turning a failure into one clear line.
 *
 * @throws CliError (exit 1) naming the file and the reason.
 */
export function removeOutput(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch (error) {
    throw new CliError(
      messages.cannotRemove(path, reasonOf(error as NodeJS.ErrnoException)),
      EXIT_FAILURE,
    );
  }
}

/** `--lesson NAME` of `simulate`: a lesson's alias (`fleet`), number (`08`) or full name, if it has a simulation. */
export function simulationOption(text: string): SimulationName {
  const alias = findLesson(text)?.alias;
  if (alias !== undefined && (SIMULATION_NAMES as readonly string[]).includes(alias))
    return alias as SimulationName;
  const known = SIMULATION_NAMES.map((name) => `${name} (${findLesson(name)!.name.slice(0, 2)})`);
  const lesson = findLesson(text);
  throw new InvalidArgumentError(
    lesson ? messages.noSimulation(lesson.name, known) : messages.unknownSimulation(known),
  );
}

/** `--seed N`: an integer from 0 to 2^53 − 1, in plain decimal digits. */
export function seedOption(text: string): number {
  try {
    return parseSeed(text);
  } catch {
    throw new InvalidArgumentError(messages.badSeed());
  }
}
