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

/**
 * `--http URL`: the address of a server serving over Streamable HTTP, an absolute `http:` or
 * `https:` URL (the transport's one endpoint: 2025-11-25 `basic/transports.mdx`, "Streamable
 * HTTP"). Kept as typed, so the entry holds what the user gave.
 */
export function httpUrlOption(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidArgumentError(messages.badHttpUrl());
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "")
    throw new InvalidArgumentError(messages.badHttpUrl());
  return text;
}

/** Options of `register`, as commander hands them over; `level`, `seed` and `http` only when given. */
export interface RegisterCommandOptions {
  client: RegistrationClient;
  server: ServedName;
  level?: Level;
  seed?: number;
  /** `--http URL`: register the server listening there instead of a command that starts one. */
  http?: string;
}
