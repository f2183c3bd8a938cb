/**
 * `mcp-course register [--client claude-desktop|vscode] [--server S] [--level L] [--seed N]`:
 * prints the entry that registers a server with an MCP client. Argument parsing only; the entry
 * is the library's (`src/client/registration.ts`).
 */
import { existsSync } from "node:fs";
import { InvalidArgumentError } from "commander";
import { REGISTRATION_CLIENTS, registrationText, type RegistrationClient } from "../../client/registration";
import type { ServedName } from "../../client/serveCommand";
import { SERVE_BUNDLE } from "../../serve";
import type { Level } from "../../sim/declaration";
import type { CliIo } from "../run";
import { CliError, EXIT_FAILURE, messages } from "../messages";

/** `--client C`: claude-desktop or vscode. */
export function clientOption(text: string): RegistrationClient {
  if ((REGISTRATION_CLIENTS as readonly string[]).includes(text)) return text as RegistrationClient;
  throw new InvalidArgumentError(messages.unknownClient(REGISTRATION_CLIENTS));
}

/** Options of `register`, as commander hands them over; `level` and `seed` only when given. */
export interface RegisterCommandOptions {
  client: RegistrationClient;
  server: ServedName;
  level?: Level;
  seed?: number;
}

/**
 * Prints the entry for the client on stdout, as JSON.
 *
 * @throws CliError (exit 1) when the server's bundle is not built: the entry would start the slow path.
 */
export function runRegisterCommand(options: RegisterCommandOptions, io: CliIo): void {
  if (!existsSync(SERVE_BUNDLE)) throw new CliError(messages.bundleMissing(SERVE_BUNDLE), EXIT_FAILURE);
  io.stdout(registrationText(options));
}
