/**
 * What a server is in the simulator: handlers plus the facts a declaration may expose.
 *
 * This is the vocabulary the rest of the simulator speaks; the fictional servers themselves are
 * built in `world/servers.ts`. The same shape will stand behind the real stdio servers later, so a
 * lesson does not change when the transport does.
 */
import type { Transport } from "./envelope";
import type { Fields } from "./values";

/** A handler: named arguments in, named results (or `{hata: reason}`) out. It never throws. */
export type Handler = (args: Fields) => Fields;

/** A tool as the server holds it: the handler and the facts a declaration may expose. */
export interface ServerTool {
  /** The tool's name, as listed by MCP's `tools/list`. */
  name: string;
  /** The function that serves a `tools/call`; never exposed to the client. */
  handler: Handler;
  /** The argument names the handler reads (in MCP: the properties of the tool's `inputSchema`). */
  fields: readonly string[];
  /** Whether a call changes the world (in MCP: the tool's `annotations`, e.g. not `readOnlyHint`). */
  sideEffect: boolean;
}

/** A server: version, transport, tools, and the names of its resources and prompts. */
export interface Server {
  name: string;
  /** The server's version (in MCP: `serverInfo.version` in the `initialize` result); an integer. */
  version: number;
  transport: Transport;
  tools: readonly ServerTool[];
  resources: readonly string[];
  prompts: readonly string[];
}
