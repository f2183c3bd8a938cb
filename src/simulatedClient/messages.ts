/**
 * Discovery as MCP spells it, in either era: the messages a client exchanges with one server
 * before its first tool call, and what each message's body holds.
 *
 * Source: the MCP specification:
 * - legacy era (2025-11-25 `basic/lifecycle.mdx`): the `initialize` request and result, the
 *   `notifications/initialized` notification, then `tools/list`, `resources/list` and
 *   `prompts/list` for the capabilities the server declared;
 * - stateless era (2026-07-28 `changelog.mdx`, `server/discover.mdx`): no `initialize` and no
 *   notification; optionally `server/discover` (supported versions, capabilities, identity), then
 *   the same lists, each request with its `_meta` and each result with `resultType`, the
 *   server's identity and the cache fields `ttlMs` and `cacheScope`.
 * Lesson 6 (the reference lesson, `negotiate`) folded all of this into one request
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
 * MCP's method names for discovery. Source: 2025-11-25 `basic/lifecycle.mdx` and the list methods
 * of `server/tools.mdx`, `server/resources.mdx` and `server/prompts.mdx`;
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
 * One discovery message to or from `server`, its body made of `parts` in order; a result whose
 * parts carry a cache hint keeps its `ttlMs`.
 */
function discoveryMessage(
  server: ServerFacts,
  kind: MessageKind,
  method: string,
  parts: readonly BodyPart[],
): DiscoveryMessage {
  const { name, transport } = server;
  const ttlMs = parts.find((p) => p.part === "cache")?.words[1];
  const body = partsWords(parts);
  return typeof ttlMs === "number"
    ? { kind, method, server: name, transport, body, parts, ttlMs }
    : { kind, method, server: name, transport, body, parts };
}

/**
 * The list messages for one server: a request and a response for each list its capabilities
 * call for (`tools/list`, `resources/list`, `prompts/list`, in that order). A request names its
 * method and the server (`tools/list olcum`); a response names what the list holds
 * (`sayac_oku tuketim`).
 *
 * @returns 2 × (number of capabilities) messages, request then response for each list.
 */
export function listMessages(server: ServerFacts): DiscoveryMessage[] {
  const listed: Record<Capability, readonly string[]> = {
    tools: server.tools.map((t) => t.name),
    resources: server.resources,
    prompts: server.prompts,
  };
  return capabilitiesOf(server).flatMap((capability) => {
    const method = DISCOVERY_METHODS[capability];
    const request: BodyPart = { part: "content", words: [method, server.name] };
    const response: BodyPart = { part: "content", words: listed[capability] };
    return [
      discoveryMessage(server, "request", method, [request]),
      discoveryMessage(server, "response", method, [response]),
    ];
  });
}

/**
 * The messages that discover one server in a 2025-11-25 session, in the order they are sent.
 *
 * The `initialize` request (the revision the client asks for, its capabilities, itself) and its
 * result (the revision the server chose, its identity, its capabilities), the
 * `notifications/initialized` notification, then the lists ({@link listMessages}).
 *
 * @param server the server; its name, version, transport, tools, resources and prompts.
 * @returns 3 + 2 × (number of capabilities) messages.
 */
export function legacyDiscoveryMessages(server: ServerFacts): DiscoveryMessage[] {
  const { initialize, initialized } = DISCOVERY_METHODS;
  return [
    discoveryMessage(server, "request", initialize, [
      { part: "content", words: [initialize, server.name] },
      ...initializeParams(),
    ]),
    discoveryMessage(server, "response", initialize, [
      { part: "protocolVersion", words: ["protocolVersion", LEGACY_REVISION] },
      { part: "serverInfo", words: identityWords(server) },
      { part: "content", words: capabilitiesOf(server) },
    ]),
    discoveryMessage(server, "notification", initialized, [
      { part: "content", words: [initialized, server.name] },
    ]),
    ...listMessages(server),
  ];
}

/**
 * How a client discovers one server in the stateless era (2026-07-28): with `discover`, the
 * `server/discover` request and its result (the versions the server supports and its
 * capabilities), else nothing (the client knows the server's capabilities already, as the real
 * client does from a saved discover result); then the lists ({@link listMessages}). Each message
 * keeps its content and gains the era's fields: a request its `_meta`, a result `resultType`,
 * the server's identity and the cache hint (`sim/eras.ts`).
 *
 * @returns (2 if `discover`) + 2 × (number of capabilities) messages.
 */
export function statelessDiscoveryMessages(
  server: ServerFacts,
  discover: boolean,
): DiscoveryMessage[] {
  const { discover: method } = DISCOVERY_METHODS;
  const versions: readonly Value[] = [...DISCOVER_VERSIONS, ...capabilitiesOf(server)];
  const opening = discover
    ? [
        discoveryMessage(server, "request", method, [
          { part: "content", words: [method, server.name] },
        ]),
        discoveryMessage(server, "response", method, [{ part: "content", words: versions }]),
      ]
    : [];
  return [...opening, ...listMessages(server)].map((message) => {
    const content = message.parts.flatMap((p) => (p.part === "content" ? p.words : []));
    const parts =
      message.kind === "request"
        ? requestParts("stateless", content)
        : resultParts("stateless", server, true, content);
    return discoveryMessage(server, message.kind, message.method, parts);
  });
}

/**
 * The discovery messages for one server in `era`: {@link legacyDiscoveryMessages} or
 * {@link statelessDiscoveryMessages}.
 *
 * @param era the protocol era; default `legacy`.
 * @param discover stateless era only: whether `server/discover` comes first; default false.
 */
export function discoveryMessages(
  server: ServerFacts,
  era: ProtocolEra = "legacy",
  discover = false,
): DiscoveryMessage[] {
  return era === "legacy"
    ? legacyDiscoveryMessages(server)
    : statelessDiscoveryMessages(server, discover);
}
