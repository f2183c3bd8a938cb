/**
 * Discovery as MCP spells it: the messages a client exchanges with one server before its first
 * tool call, and what each message's body holds.
 *
 * Source: issue 4 §1, and the MCP lifecycle (`initialize` request and result, the
 * `notifications/initialized` notification, then `tools/list`, `resources/list` and
 * `prompts/list` for the capabilities the server declared). Lesson 6 (reference lesson 004,
 * `negotiate`) folded all of this into one request `yetenek sor olcum` and one response
 * `yetenek bildir olcum surum 2 sayac_oku tuketim abone_listesi`; this module unfolds it.
 *
 * Body convention (the words the envelope counts, in the style of lesson 6's bodies):
 * - a request names its method and the server it is addressed to: `initialize olcum`,
 *   `tools/list olcum` (as `yetenek sor olcum` names the server);
 * - a notification does the same: `notifications/initialized olcum`;
 * - a response carries only what its result holds, by name, as a tool call's response carries
 *   only its result's `key value` pairs: the `initialize` result is `olcum surum 2 tools resources`
 *   (server name, `surum` and version, then the capabilities it declares); a list result is the
 *   names it lists (`sayac_oku tuketim`).
 * Bodies carry names, not schemas, so, as in lesson 6, discovery costs the same at every
 * declaration level; the level decides only what the client may compare afterwards.
 *
 * This module builds messages; it does not count them (see `discovery.ts`).
 */
import type { MessageKind, Transport } from "../sim/envelope";
import type { Server } from "../sim/server";
import type { Value } from "../sim/values";

/** MCP's method names for discovery. Source: the MCP lifecycle and list methods (issue 4 §1). */
export const DISCOVERY_METHODS = {
  initialize: "initialize",
  initialized: "notifications/initialized",
  tools: "tools/list",
  resources: "resources/list",
  prompts: "prompts/list",
} as const;

/** A capability a server can declare in its `initialize` result (MCP: `capabilities` keys). */
export type Capability = "tools" | "resources" | "prompts";

/** One discovery message before it is sent: its kind, MCP method, server, and body words. */
export interface DiscoveryMessage {
  kind: MessageKind;
  /** The MCP method the message belongs to (a response carries its request's method). */
  method: string;
  server: string;
  transport: Transport;
  /** The body as words; values are written as Python's `str()` writes them (see `Envelope.send`). */
  body: readonly Value[];
}

/**
 * The capabilities a server declares, in MCP's order: `tools` when it has tools, `resources`
 * when it lists resources, `prompts` when it lists prompts.
 */
export function capabilitiesOf(server: Server): Capability[] {
  const capabilities: Capability[] = [];
  if (server.tools.length > 0) capabilities.push("tools");
  if (server.resources.length > 0) capabilities.push("resources");
  if (server.prompts.length > 0) capabilities.push("prompts");
  return capabilities;
}

/**
 * The discovery messages for one server, in the order they cross the wire:
 * `initialize` request and response, `notifications/initialized`, then a request and a response
 * for each list method the server's capabilities call for (`tools/list`, `resources/list`,
 * `prompts/list`, in that order).
 *
 * @param server the server; its name, version, transport, tools, resources and prompts.
 * @returns 3 + 2 × (number of capabilities) messages, bodies as in the module comment.
 */
export function discoveryMessages(server: Server): DiscoveryMessage[] {
  const { name, transport } = server;
  const capabilities = capabilitiesOf(server);
  const message = (kind: MessageKind, method: string, body: readonly Value[]): DiscoveryMessage => ({ kind, method, server: name, transport, body });
  const messages = [
    message("request", DISCOVERY_METHODS.initialize, [DISCOVERY_METHODS.initialize, name]),
    message("response", DISCOVERY_METHODS.initialize, [name, "surum", server.version, ...capabilities]),
    message("notification", DISCOVERY_METHODS.initialized, [DISCOVERY_METHODS.initialized, name]),
  ];
  const listed: Record<Capability, readonly string[]> = { tools: server.tools.map((t) => t.name), resources: server.resources, prompts: server.prompts };
  for (const capability of capabilities) {
    const method = DISCOVERY_METHODS[capability];
    messages.push(message("request", method, [method, name]), message("response", method, listed[capability]));
  }
  return messages;
}
