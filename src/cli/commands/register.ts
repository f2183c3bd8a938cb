/**
 * `mcp-course register [--client claude-desktop|vscode] [--server S] [--level L] [--seed N]`:
 * prints the entry that registers a server with an MCP client. Argument parsing only; the entry
 * is the library's (`src/wireClient/registration.ts`); its options are parsed by `registerOptions.ts`,
 * which the CLI loads at start-up, and this module only when the command runs.
 */
import { existsSync } from "node:fs";
import { registrationText } from "../../wireClient/registration";
import { SERVE_BUNDLE } from "../../serve";
import type { CliIo } from "../io";
import { CliError, EXIT_FAILURE, messages } from "../messages";
import type { RegisterCommandOptions } from "./registerOptions";

/**
 * Prints the entry for the client on stdout, as JSON.
 *
 * @throws CliError (exit 1) when the server's bundle is not built: the entry would start the slow path.
 */
export function runRegisterCommand(options: RegisterCommandOptions, io: CliIo): void {
  if (!existsSync(SERVE_BUNDLE))
    throw new CliError(messages.bundleMissing(SERVE_BUNDLE), EXIT_FAILURE);
  io.stdout(registrationText(options));
}
