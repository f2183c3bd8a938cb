/**
 * `mcp-course register [--client claude-desktop|vscode] [--server S] [--level L] [--seed N]`:
 * prints the entry that registers a server with an MCP client; `--client vscode --http URL`, the
 * entry of a server already serving over HTTP (`mcp-course serve S --http`). Argument parsing only; the entry
 * is the library's (`src/wireClient/registration.ts`); its options are parsed by `registerOptions.ts`,
 * which the CLI loads at start-up, and this module only when the command runs.
 */
import { existsSync } from "node:fs";
import { HTTP_ENTRY_CLIENTS, registrationText } from "../../wireClient/registration";
import { SERVE_BUNDLE } from "../../serve";
import type { CliIo } from "../io";
import { CliError, EXIT_FAILURE, messages } from "../messages";
import type { RegisterCommandOptions } from "./registerOptions";

/**
 * Prints the entry for the client on stdout, as JSON.
 *
 * @throws CliError (exit 2) for `--http` with a client whose file has no HTTP entry, or with
 *   `--level` or `--seed` (the running server's own options); (exit 1) when the server's bundle
 *   is not built and the entry would start it: it would start the slow path.
 */
export function runRegisterCommand(options: RegisterCommandOptions, io: CliIo): void {
  if (options.http !== undefined) {
    if (!HTTP_ENTRY_CLIENTS.includes(options.client))
      throw new CliError(messages.httpNotForClient(options.client, HTTP_ENTRY_CLIENTS));
    if (options.level !== undefined || options.seed !== undefined)
      throw new CliError(messages.httpWithServerOptions(options.server));
    io.stdout(registrationText(options));
    return;
  }
  if (!existsSync(SERVE_BUNDLE))
    throw new CliError(messages.bundleMissing(SERVE_BUNDLE), EXIT_FAILURE);
  io.stdout(registrationText(options));
}
