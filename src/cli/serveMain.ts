/**
 * `mcp-course serve` alone: the entry of the server's bundle (`src/build/bundle.ts`), run by
 * `dist/serve.js` (`src/serve.ts`) and, through it, by `mcp-course serve`.
 *
 * It holds one command, the very `serve` of the whole CLI (`defineServe`), named `mcp-course
 * serve`, so its help, its parsing and its one-line answers to bad input are the CLI's own; it
 * loads nothing of the other commands. Its arguments are those after `serve`.
 */
import { Command } from "commander";
import { defineServe } from "./commands/serve";
import { configureCommand, runCommand, runMain } from "./commandRunner";
import { defaultIo, type CliIo } from "./io";

export { warmUp } from "../server/warmUp";

/**
 * Runs `mcp-course serve` on `argv` (the arguments after `serve`) and returns the exit code: 0
 * once the input ended, 2 for bad input.
 */
export function runServeCli(argv: readonly string[], io: CliIo = defaultIo): Promise<number> {
  const command = defineServe(configureCommand(new Command("mcp-course serve"), io));
  return runCommand(command, argv, io);
}

/** Runs {@link runServeCli} on the process's arguments (after the script) and sets the exit code. */
export function main(argv: readonly string[] = process.argv.slice(2)): void {
  runMain((args) => runServeCli(args), argv);
}
