/**
 * Discovery as MCP spells it, in either era: the messages a client exchanges with one server
 * before its first tool call, and what each message's body holds.
 *
 * Source: issue 4 §1, issue 11 §4, and the MCP specification:
 * - legacy era (2025-11-25 `basic/lifecycle.mdx`): the `initialize` request and result, the
 *   `notifications/initialized` notification, then `tools/list`, `resources/list` and
 *   `prompts/list` for the capabilities the server declared;
 * - stateless era (2026-07-28 `changelog.mdx`, `server/discover.mdx`): no `initialize` and no
 *   notification; optionally `server/discover` (supported versions, capabilities, identity), then
 *   the same lists, each request with its `_meta` and each result with `resultType`, the
 *   server's identity and the cache fields `ttlMs` and `cacheScope`.
 * Lesson 6 (reference lesson 004, `negotiate`) folded all of this into one request
 * `yetenek sor olcum` and one response `yetenek bildir olcum surum 2 sayac_oku tuketim
 * abone_listesi`; this module unfolds it.
 *
 * Body convention (the words the envelope counts, in the style of lesson 6's bodies; the protocol
 * fields are worded by `sim/eras.ts`):
 * - a request names its method and the server it is addressed to: `tools/list olcum` (as
 *   `yetenek sor olcum` names the server), then its parameters: `initialize olcum protocolVersion
 *   2025-11-25 capabilities clientInfo mcp-course surum 0`; a stateless request its `_meta`;
 * - a notification names its method and server: `notifications/initialized olcum`;
 * - a response carries what its result holds, by name, as a tool call's response carries its
 *   result's `key value` pairs: the `initialize` result is `protocolVersion 2025-11-25 olcum
 *   surum 2 tools resources` (the version the server chose, its identity, the capabilities it
 *   declares); a list result is the names it lists (`sayac_oku tuketim`), with the stateless
 *   era's fields around them.
 * Bodies carry names, not schemas, so, as in lesson 6, discovery costs the same at every
 * declaration level; the level decides only what the client may compare afterwards.
 *
 * This module builds messages; it does not count them (see `discovery.ts`).
 */
import type { MessageKind, Transport } from "../sim/envelope";
import {
  DISCOVER_VERSIONS,
  identityWords,
  initializeParams,
  LEGACY_REVISION,
  partsWords,
  requestParts,
  resultParts,
  type BodyPart,
  type ProtocolEra,
} from "../sim/eras";
import type { ServerFacts } from "../sim/server";
import type { Value } from "../sim/values";

/**
 * MCP's method names for discovery. Source: the MCP lifecycle and list methods (issue 4 §1);
 * `server/discover`, 2026-07-28 `server/discover.mdx`.
 */
export const DISCOVERY_METHODS = {
  discover: "server/discover",
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
  /** The same words by part: its content and each protocol field (`sim/eras.ts`), in order. */
  parts: readonly BodyPart[];
  /** For a result with a cache hint (stateless era): how long it stays fresh, in milliseconds. */
  ttlMs?: number;
}

/**
 * The capabilities a server declares, in MCP's order: `tools` when it has tools, `resources`
 * when it lists resources, `prompts` when it lists prompts.
 */
export function capabilitiesOf(server: ServerFacts): Capability[] {
  const capabilities: Capability[] = [];
  if (server.tools.length > 0) capabilities.push("tools");
  if (server.resources.length > 0) capabilities.push("resources");
  if (server.prompts.length > 0) capabilities.push("prompts");
  return capabilities;
}

/**
 * The discovery messages for one server in `era`, in the order they cross the wire:
 * - legacy: `initialize` request and response, `notifications/initialized`;
 * - stateless: with `discover`, the `server/discover` request and response; else nothing (the
 *   client knows the server's capabilities already, as the real client does from a saved
 *   discover result);
 * then, in both, a request and a response for each list method the server's capabilities call
 * for (`tools/list`, `resources/list`, `prompts/list`, in that order).
 *
 * @param server the server; its name, version, transport, tools, resources and prompts.
 * @param era the protocol era; default `legacy` (lesson 7's).
 * @param discover stateless era only: whether `server/discover` comes first; default false.
 * @returns legacy 3 + 2 × (number of capabilities) messages; stateless (2 if `discover`) +
 *   2 × (number of capabilities); bodies as in the module comment.
 */
export function discoveryMessages(
  server: ServerFacts,
  era: ProtocolEra = "legacy",
  discover = false,
): DiscoveryMessage[] {
  const { name, transport } = server;
  const capabilities = capabilitiesOf(server);
  const message = (kind: MessageKind, method: string, parts: BodyPart[]): DiscoveryMessage => {
    const ttlMs = parts.find((p) => p.part === "cache")?.words[1];
    const body = partsWords(parts);
    return typeof ttlMs === "number"
      ? { kind, method, server: name, transport, body, parts, ttlMs }
      : { kind, method, server: name, transport, body, parts };
  };
  const request = (method: string) => message("request", method, requestParts(era, [method, name]));
  const result = (method: string, content: readonly Value[]) =>
    message("response", method, resultParts(era, server, true, content));
  const messages: DiscoveryMessage[] = [];
  if (era === "legacy") {
    const { initialize, initialized } = DISCOVERY_METHODS;
    messages.push(
      message("request", initialize, [
        { part: "content", words: [initialize, name] },
        ...initializeParams(),
      ]),
      message("response", initialize, [
        { part: "protocolVersion", words: ["protocolVersion", LEGACY_REVISION] },
        { part: "serverInfo", words: identityWords(server) },
        { part: "content", words: capabilities },
      ]),
      message("notification", initialized, [{ part: "content", words: [initialized, name] }]),
    );
  } else if (discover) {
    const { discover: method } = DISCOVERY_METHODS;
    messages.push(request(method), result(method, [...DISCOVER_VERSIONS, ...capabilities]));
  }
  const listed: Record<Capability, readonly string[]> = {
    tools: server.tools.map((t) => t.name),
    resources: server.resources,
    prompts: server.prompts,
  };
  for (const capability of capabilities) {
    const method = DISCOVERY_METHODS[capability];
    messages.push(request(method), result(method, listed[capability]));
  }
  return messages;
}
