/**
 * What every `mcp-course` entry shares: where it writes, how its commander commands report bad
 * input, how a run's errors become an exit code, and how the process ends.
 *
 * Two entries use it: the whole CLI (`main.ts`, `program.ts`) and `mcp-course serve` alone, the
 * entry of the server's bundle (`serveMain.ts`). Both must answer bad input with the same line and
 * the same exit code, so both configure their commands here. Where they write is `io.ts`.
 */
import { CommanderError, type Command } from "commander";
import type { CliIo } from "./io";
import { CliError, EXIT_USAGE } from "./messages";

/**
 * Makes a command report through `io` and throw instead of exiting: no extra arguments, no
 * suggestions, and commander's errors as one line `mcp-course: …`. Subcommands made with
 * `.command()` afterwards inherit all of it.
 */
export function configureCommand(command: Command, io: CliIo): Command {
  return command
    .allowExcessArguments(false)
    .exitOverride()
    .showSuggestionAfterError(false)
    .configureOutput({
      writeOut: io.stdout,
      writeErr: io.stderr,
      outputError: (text, write) => write(`mcp-course: ${text.replace(/^error: /, "")}`),
    });
}

/**
 * Runs a configured command on `argv` (without `node` and the script) and returns the exit code:
 * 0 on success or help, 2 for bad input, a {@link CliError}'s own code, 1 for anything else.
 */
export async function runCommand(
  command: Command,
  argv: readonly string[],
  io: CliIo,
): Promise<number> {
  try {
    await command.parseAsync([...argv], { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_USAGE;
    if (error instanceof CliError) {
      io.stderr(`mcp-course: ${error.message}\n`);
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`mcp-course: unexpected error: ${message.split("\n")[0]}\n`);
    return 1;
  }
}

/**
 * Runs an entry on the process's arguments and sets the exit code it returns. A reader that
 * stops early (`mcp-course simulate --json | head`, a client that goes away) closes the pipe: that
 * is not an error of ours, so stdout's EPIPE ends the process quietly, and a lost stderr lets the
 * work finish.
 */
export function runMain(
  entry: (argv: readonly string[]) => Promise<number>,
  argv: readonly string[] = process.argv.slice(2),
): void {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
  process.stderr.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
  entry(argv).then((code) => {
    process.exitCode = code;
  });
}
