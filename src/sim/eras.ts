/**
 * MCP's two protocol eras as the simulator prices them: the protocol fields each message carries,
 * as words for the lesson's tokenizer.
 *
 * Source: the specification (repository `modelcontextprotocol/modelcontextprotocol`):
 * - legacy era (2025-11-25 `basic/lifecycle.mdx`): `initialize` carries the client's
 *   `protocolVersion`, `capabilities` and `clientInfo`; its result the server's `protocolVersion`,
 *   `capabilities` and `serverInfo`; nothing else carries a protocol field;
 * - stateless era (2026-07-28 `basic/index.mdx`, "Per-request protocol fields" and
 *   "Per-response protocol fields"): every request carries in `_meta` the protocol version and the
 *   client capabilities (required) and the client's identity (SHOULD); every result carries
 *   `resultType` (`changelog.mdx`, major change 8) and the server's identity in `_meta` (SHOULD);
 *   cacheable results carry `ttlMs` and `cacheScope` (`server/utilities/caching.mdx`);
 *   `server/discover` answers with the supported versions, capabilities and identity
 *   (`server/discover.mdx`).
 * The revisions, `_meta` keys and cache hint are the real servers' constants
 * (`protocol/revisions.ts`), so the simulator prices what `mcp-course serve` sends.
 *
 * Wording (the course's convention, in the style of lesson 6's bodies):
 * - a protocol field with one value is `key value`, its key as MCP spells it: `protocolVersion
 *   2025-11-25`, `resultType complete`, `ttlMs 3600000 cacheScope public`; a `_meta` key is spelt
 *   in full (`io.modelcontextprotocol/protocolVersion 2026-07-28`), since that is the key that
 *   travels, and the tokenizer charges a long word more;
 * - an `Implementation` (who sent it) is worded as lesson 6's handshake words a server:
 *   `name surum version` (`olcum surum 2`, `mcp-course surum 0`), after its key where it is a
 *   request's parameter (`clientInfo mcp-course surum 0`) and by itself in a result, as lesson 7's
 *   `initialize` result has always carried it;
 * - an empty object (the client's capabilities: the course's client declares none) is its key
 *   alone: the key crosses the wire, and `{}` holds no word to count;
 * - a result's lists (tools, capabilities, supported versions) are their items, as a list result
 *   always was.
 * This module builds words; the envelope counts them (`envelope.ts`, `StatelessEnvelope`).
 */
import {
  CACHE_HINT,
  CLIENT_CAPABILITIES_KEY,
  CLIENT_INFO_KEY,
  LEGACY_REVISIONS,
  PROTOCOL_VERSION_KEY,
  STATELESS_REVISION,
  listedRevisions,
  SUPPORTED_REVISIONS,
} from "../protocol/revisions";
import { valueTokens, type Value } from "./values";

/** The two eras: `legacy` (a session opened by `initialize`) and `stateless` (2026-07-28). */
export type ProtocolEra = "legacy" | "stateless";

/** Both eras, in table order. */
export const PROTOCOL_ERAS: readonly ProtocolEra[] = ["legacy", "stateless"];

/**
 * The revision the simulated client asks for in the legacy era: the newest legacy one,
 * `2025-11-25` (`protocol/revisions.ts`, `LEGACY_REVISIONS`; 2025-11-25 `basic/lifecycle.mdx`: the
 * client "SHOULD send the latest version it supports").
 */
export const LEGACY_REVISION: string = LEGACY_REVISIONS[0];

/** The revision each era's simulated client speaks. */
export const ERA_REVISIONS: Readonly<Record<ProtocolEra, string>> = Object.freeze({
  legacy: LEGACY_REVISION,
  stateless: STATELESS_REVISION,
});

/**
 * The simulated client's identity, in both eras: the legacy `initialize`'s `clientInfo` and the
 * stateless `_meta` `io.modelcontextprotocol/clientInfo`. The same name and version as the real
 * client's (`wireClient/clientInfo.ts`, `WIRE_CLIENT_INFO`, is this constant) and lesson
 * 8's fleet client's `initialize`.
 */
export const CLIENT_INFO: Readonly<{ name: string; version: string }> = Object.freeze({
  name: "mcp-course",
  version: "0",
});

/** The word between a name and its version in an identity. Source: reference lesson 004, `yetenek bildir olcum surum 2`. */
export const VERSION_WORD = "surum";

/** The `resultType` of every result the simulated servers send (2026-07-28 `basic/index.mdx`, "Result Types"). */
export const RESULT_TYPE_COMPLETE = "complete";

/**
 * The protocol fields a message may carry besides its content, as this module words them:
 * - `protocolVersion`: legacy `protocolVersion` (initialize), stateless `_meta` version;
 * - `clientCapabilities`: legacy `capabilities` (initialize), stateless `_meta` capabilities;
 * - `clientInfo`: legacy `clientInfo` (initialize), stateless `_meta` client identity;
 * - `resultType`: stateless, every result;
 * - `serverInfo`: legacy `initialize` result, stateless every result (`_meta`);
 * - `cache`: stateless cacheable results, `ttlMs` and `cacheScope`.
 */
export type ProtocolField =
  "protocolVersion" | "clientCapabilities" | "clientInfo" | "resultType" | "serverInfo" | "cache";

/** Every {@link ProtocolField}, in the order above. */
export const PROTOCOL_FIELDS: readonly ProtocolField[] = [
  "protocolVersion",
  "clientCapabilities",
  "clientInfo",
  "resultType",
  "serverInfo",
  "cache",
];

/** A part of a message body: its content (`content`), or one protocol field; with its words. */
export interface BodyPart {
  part: "content" | ProtocolField;
  /** Words, values written as Python's `str()` writes them (see `Envelope.send`). */
  words: readonly Value[];
}

/** A server as its identity words name it: its name and version. */
export interface Identity {
  name: string;
  version: Value;
}

/** An identity's words: `name surum version` (see the module comment). */
export function identityWords({ name, version }: Identity): Value[] {
  return [name, VERSION_WORD, version];
}

/** Tokens of some words, as `Envelope.send` counts them (without the envelope's 8). */
export function wordsTokens(words: readonly Value[]): number {
  let tokens = 0;
  for (const word of words) tokens += valueTokens(word);
  return tokens;
}

/** Tokens of some parts' words (without the envelope's 8). */
export function partsTokens(parts: readonly BodyPart[]): number {
  let tokens = 0;
  for (const { words } of parts) tokens += wordsTokens(words);
  return tokens;
}

/** The words of some parts, in order: a message's body. */
export function partsWords(parts: readonly BodyPart[]): Value[] {
  return parts.flatMap((p) => p.words);
}

/**
 * The protocol fields every request carries in `era`, as the simulator words them. None in the
 * legacy era (its fields travel once, in `initialize`); in the stateless era the three `_meta`
 * fields, `io.modelcontextprotocol/protocolVersion 2026-07-28`,
 * `io.modelcontextprotocol/clientCapabilities` (an empty object: its key alone) and
 * `io.modelcontextprotocol/clientInfo mcp-course surum 0`.
 *
 * @returns a new list, in that order.
 */
export function requestFields(era: ProtocolEra): BodyPart[] {
  if (era === "legacy") return [];
  return [
    { part: "protocolVersion", words: [PROTOCOL_VERSION_KEY, STATELESS_REVISION] },
    { part: "clientCapabilities", words: [CLIENT_CAPABILITIES_KEY] },
    { part: "clientInfo", words: [CLIENT_INFO_KEY, ...identityWords(CLIENT_INFO)] },
  ];
}

/**
 * The legacy `initialize` request's parameters (2025-11-25 `schema.ts`, `InitializeRequestParams`):
 * `protocolVersion 2025-11-25`, `capabilities` (empty: its key alone), `clientInfo mcp-course surum 0`.
 */
export function initializeParams(): BodyPart[] {
  return [
    { part: "protocolVersion", words: ["protocolVersion", LEGACY_REVISION] },
    { part: "clientCapabilities", words: ["capabilities"] },
    { part: "clientInfo", words: ["clientInfo", ...identityWords(CLIENT_INFO)] },
  ];
}

/**
 * The protocol fields of a result in `era`, from `server`, as the simulator words them. None in
 * the legacy era (its server identity travels once, in the `initialize` result); in the stateless
 * era `resultType complete` and the server's identity (`_meta`
 * `io.modelcontextprotocol/serverInfo`, worded as lesson 7's `initialize` result words it), and
 * for a cacheable result `ttlMs 3600000 cacheScope public` (the hint the real servers send,
 * `CACHE_HINT`).
 *
 * @param cacheable whether the result is one the specification's caching rules call cacheable
 *   (`server/discover`, the lists, `resources/read`); a `tools/call` result is not.
 * @returns the fields in the order the specification's examples write them: `head` before the
 *   result's content (`resultType`), `tail` after it (the identity, then the cache fields).
 */
export function resultFields(
  era: ProtocolEra,
  server: Identity,
  cacheable: boolean,
): { head: BodyPart[]; tail: BodyPart[] } {
  if (era === "legacy") return { head: [], tail: [] };
  const tail: BodyPart[] = [{ part: "serverInfo", words: identityWords(server) }];
  if (cacheable) {
    const { ttlMs, cacheScope } = CACHE_HINT;
    tail.push({ part: "cache", words: ["ttlMs", ttlMs, "cacheScope", cacheScope] });
  }
  return { head: [{ part: "resultType", words: ["resultType", RESULT_TYPE_COMPLETE] }], tail };
}

/** A result's parts in `era`: its fields ({@link resultFields}) around its `content` words. */
export function resultParts(
  era: ProtocolEra,
  server: Identity,
  cacheable: boolean,
  content: readonly Value[],
): BodyPart[] {
  const { head, tail } = resultFields(era, server, cacheable);
  return [...head, { part: "content", words: content }, ...tail];
}

/** A request's parts in `era`: its `content` words, then the fields every request carries ({@link requestFields}). */
export function requestParts(era: ProtocolEra, content: readonly Value[]): BodyPart[] {
  return [{ part: "content", words: content }, ...requestFields(era)];
}

/**
 * The versions a simulated server lists in its `server/discover` result: what the real servers
 * list, the modern revisions of those they accept (`listedRevisions(SUPPORTED_REVISIONS)`, which
 * gives its reason), so that the simulation's discovery is the wire's.
 */
export const DISCOVER_VERSIONS: readonly string[] = listedRevisions(SUPPORTED_REVISIONS);

/** The cache hint of every cacheable result, as the real servers send it: `ttlMs` 3,600,000 (an hour), `cacheScope` `public`. */
export const CACHE_TTL_MS: number = CACHE_HINT.ttlMs;
