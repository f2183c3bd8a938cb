/**
 * Registering a server with an MCP client: the entry to paste into the client's configuration,
 * with absolute paths, so the client starts the bundled server with this Node through its
 * launcher: `node <PACKAGE_ROOT>/dist/serve.js <server> …` (`src/serve.ts`). The launcher runs on
 * any Node the package supports, so the entry keeps working after that Node is upgraded in place.
 *
 * The two formats:
 * - Claude Desktop, `claude_desktop_config.json`: `{"mcpServers": {<name>: {"command", "args"}}}`
 *   (modelcontextprotocol.io, "Connect to local MCP servers");
 * - VS Code, `.vscode/mcp.json` (or the user profile's `mcp.json`): `{"servers": {<name>:
 *   {"type": "stdio", "command", "args"}}}` (code.visualstudio.com, "MCP configuration reference").
 * With `http` set, the entry names a server already listening (`mcp-course serve <server> --http`)
 * by its URL instead of a command: VS Code's `{"type": "http", "url"}` (the same reference, "HTTP
 * and Server-Sent Events (SSE) servers"). Claude Desktop's file has no such entry
 * ({@link HTTP_ENTRY_CLIENTS}).
 * The command is `process.execPath`, not `node` or `npx`: a client started from a desktop has its
 * own PATH, and `npx` would load npm before the server at every start. The arguments are the
 * launcher's, built by `serveArgs`, so they are the ones the course's own client runs.
 */
import type { Level } from "../sim/declaration";
import { HTTP_ENTRY_CLIENTS, type RegistrationClient } from "./registrationNames";
import { serveArgs, type ServedName } from "./serveCommand";

export {
  HTTP_ENTRY_CLIENTS,
  REGISTRATION_CLIENTS,
  REGISTRATION_FILES,
  type RegistrationClient,
} from "./registrationNames";

/** What to register: the server, and the options it should start with (unset: the server's defaults). */
export interface Registration {
  client: RegistrationClient;
  server: ServedName;
  level?: Level;
  seed?: number;
  /**
   * The URL of a server already serving over Streamable HTTP (`mcp-course serve <server> --http`):
   * the entry names it instead of a command. Only for a client in {@link HTTP_ENTRY_CLIENTS}; the
   * server's own options (`level`, `seed`) are then the `serve` command's, not the entry's.
   */
  http?: string;
}

/** How a client starts the server: an absolute command and its arguments. */
export interface ServerLaunch {
  command: string;
  args: string[];
}

/** The command line a client runs for `registration`: this Node, the launcher's absolute path, the server and its options. */
export function serverLaunch(registration: Registration): ServerLaunch {
  const { server, level, seed } = registration;
  return { command: process.execPath, args: serveArgs({ server, level, seed }) };
}

/**
 * The client's configuration entry for the server, keyed by the server's name.
 *
 * @returns `{"mcpServers": {...}}` for Claude Desktop, `{"servers": {...}}` for VS Code (of type
 *   `http` when `registration.http` is set, else `stdio`).
 * @throws RangeError for `http` with a client that has no HTTP entry ({@link HTTP_ENTRY_CLIENTS}).
 */
export function registrationEntry(
  registration: Registration,
): Record<string, Record<string, Record<string, unknown>>> {
  if (registration.http !== undefined) {
    if (!HTTP_ENTRY_CLIENTS.includes(registration.client))
      throw new RangeError(`${registration.client} has no entry for a server over HTTP`);
    return { servers: { [registration.server]: { type: "http", url: registration.http } } };
  }
  const launch = serverLaunch(registration);
  if (registration.client === "vscode")
    return { servers: { [registration.server]: { type: "stdio", ...launch } } };
  return { mcpServers: { [registration.server]: { ...launch } } };
}

/** {@link registrationEntry} as the JSON text to paste: two-space indents, a final newline. */
export function registrationText(registration: Registration): string {
  return JSON.stringify(registrationEntry(registration), null, 2) + "\n";
}
