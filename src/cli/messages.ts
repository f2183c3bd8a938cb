/**
 * Every message a user of the CLI can see when something goes wrong, in one place.
 *
 * Tests and the README quote these; a command never writes an error text of its own. Each
 * message is one line, without the `mcp-course:` prefix that `fail` adds.
 */
import { MAX_SEED } from "../sim/seed";

/** Exit code for bad input: an unknown flag, a bad seed, an unknown lesson. */
export const EXIT_USAGE = 2;

/** Exit code for work that failed: a notebook cell that threw, an engine that could not start. */
export const EXIT_FAILURE = 1;

export const messages = {
  badSeed: () => `a seed is an integer from 0 to ${MAX_SEED}`,
  unknownLesson: (name: string, known: readonly string[]) => `unknown lesson '${name}'; known lessons: ${known.join(", ")}`,
  badEngine: (name: string) => `--engine must be auto, jupyter or tslab, got '${name}'`,
  jupyterMissing: () =>
    "--engine jupyter needs Jupyter with nbclient (Debian: apt-get install jupyter-nbconvert python3-nbclient jupyter-client)",
  cellFailed: (notebook: string, cellNumber: number, cellId: string, error: string) =>
    `${notebook}: cell ${cellNumber} (id ${cellId}) failed: ${error}; the previous export was left as it was`,
  outNotFolder: (path: string) => `--out ${path} exists and is not a folder`,
  cannotWrite: (path: string, reason: string) => `cannot write ${path}: ${reason}`,
  notebookUnreadable: (notebook: string, reason: string) => `cannot read ${notebook}: ${reason}`,
  engineFailed: (engine: string, reason: string) => `the ${engine} engine failed: ${reason.split("\n")[0]}`,
  jupyterCommandMissing: () => "the jupyter command was not found (Debian: apt-get install jupyter-notebook)",
  kernelInstallFailed: (reason: string) => `jupyter kernelspec install failed: ${reason}`,
} as const;

/** A user-facing failure: the message and the exit code it ends the command with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_USAGE,
  ) {
    super(message);
  }
}
