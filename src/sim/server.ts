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

/** The facts about a tool that a declaration may expose: everything but its handler. */
export interface ToolFacts {
  /** The tool's name, as listed by MCP's `tools/list`. */
  name: string;
  /** The argument names the handler reads (in MCP: the properties of the tool's `inputSchema`). */
  fields: readonly string[];
  /** Whether a call changes the world (in MCP: the tool's `annotations`, e.g. not `readOnlyHint`). */
  sideEffect: boolean;
}

/** A tool as the server holds it: the handler and the facts a declaration may expose. */
export interface ServerTool extends ToolFacts {
  /** The function that serves a `tools/call`; never exposed to the client. */
  handler: Handler;
}

/**
 * The facts about a server that discovery and negotiation read: version, transport, its tools'
 * facts, and the names of its resources and prompts. No handler: what a client can learn of a
 * server does not depend on the data behind it (lesson 6's servers have the same facts at every
 * seed, `world/servers.ts`).
 */
export interface ServerFacts {
  name: string;
  /** The server's version (in MCP: `serverInfo.version` in the `initialize` result); an integer. */
  version: number;
  transport: Transport;
  tools: readonly ToolFacts[];
  resources: readonly string[];
  prompts: readonly string[];
}

/** A server: its facts, and a handler for each of its tools. */
export interface WorldServer extends ServerFacts {
  tools: readonly ServerTool[];
}
