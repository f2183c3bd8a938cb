/**
 * `register`'s option parser and options, apart from the command itself so that the CLI can
 * parse and show help without loading what builds the entry (`register.ts`).
 */
import { InvalidArgumentError } from "commander";
import { REGISTRATION_CLIENTS, type RegistrationClient } from "../../wireClient/registrationNames";
import type { ServedName } from "../../wireClient/serveCommand";
import type { Level } from "../../sim/declaration";
import { messages } from "../messages";

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
