/**
 * Option parsers shared by the commands: each turns one command-line word into a value or
 * throws commander's InvalidArgumentError with a message from the catalog.
 */
import { InvalidArgumentError } from "commander";
import { parseSeed } from "../sim/seed";
import { existsSync, statSync } from "node:fs";
import { writeFileAtomic } from "../notebook";
import { CliError, EXIT_FAILURE, messages } from "./messages";

/**
 * Checks an output folder before any work: it may not exist yet, but it must not be a file.
 *
 * @throws CliError (exit 2) naming the path.
 */
export function checkOutFolder(path: string): void {
  if (existsSync(path) && !statSync(path).isDirectory()) throw new CliError(messages.outNotFolder(path));
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
    throw new CliError(messages.cannotWrite(path, (error as Error).message), EXIT_FAILURE);
  }
}

/** `--seed N`: an integer from 0 to 2^53 − 1, in plain decimal digits. */
export function seedOption(text: string): number {
  try {
    return parseSeed(text);
  } catch {
    throw new InvalidArgumentError(messages.badSeed());
  }
}
