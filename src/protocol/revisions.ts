/**
 * The protocol revisions `mcp-course serve` speaks, and the rules that differ between them.
 *
 * Source: the specification (repository `modelcontextprotocol/modelcontextprotocol`):
 * - `docs/specification/2026-07-28/basic/versioning.mdx`, "Terminology": a *legacy* revision opens
 *   a session with `initialize` (2025-11-25 and earlier); a *modern* one carries version, identity
 *   and capabilities in every request's `_meta` (2026-07-28). This course calls the modern era
 *   *stateless*, after `basic/index.mdx`, "Statelessness". One process is *dual-era*
 *   ("A dual-era server selects its behavior from how the client opens").
 * - `basic/versioning.mdx`, "Protocol Version Negotiation": an unsupported version is answered
 *   `UnsupportedProtocolVersionError` "listing the versions it does support". The page's example
 *   lists a legacy revision beside 2026-07-28; the course's servers list the modern ones alone
 *   ({@link listedRevisions}), as the SDK's do.
 * This module holds constants and pure rules; it serves nothing.
 */

/** The stateless revision. Source: `docs/specification/2026-07-28/changelog.mdx`, "Major changes" 2. */
export const STATELESS_REVISION = "2026-07-28";

/**
 * The legacy revisions the course's servers accept through `initialize`, newest first: a client
 * asking for another gets the newest (2025-11-25 `basic/lifecycle.mdx`, "Version Negotiation": the
 * server "MUST respond with another protocol version it supports", "SHOULD be the latest").
 * Not every revision that defines `initialize`: 2025-03-26 defines it too, and is left out by the
 * course's choice, so that asking for a real revision shows a version mismatch (lessons 5 and 10).
 */
export const LEGACY_REVISIONS = ["2025-11-25", "2025-06-18", "2024-11-05"] as const;

/**
 * Every revision a dual-era process accepts while it has not chosen its era
 * (`RequestScreen.accepted` narrows it once it has). The legacy ones are reached only through
 * `initialize` (the SDK's `serveStdio` pins one era per process), so what the process lists is
 * the modern part alone ({@link listedRevisions}).
 */
export const SUPPORTED_REVISIONS: readonly string[] = [STATELESS_REVISION, ...LEGACY_REVISIONS];

/**
 * The revisions a process serving `eras` accepts (`serve --era`, `names.ts`): all of
 * {@link SUPPORTED_REVISIONS} for `both`, {@link LEGACY_REVISIONS} for `legacy`, 2026-07-28 alone
 * for `stateless`. What the SDK's `Server` is given as `supportedProtocolVersions`, and what the
 * `listening` log line names; the lists a client reads are {@link listedRevisions} of it.
 */
export function supportedRevisions(eras: "both" | "legacy" | "stateless"): readonly string[] {
  return eras === "both"
    ? SUPPORTED_REVISIONS
    : eras === "legacy"
      ? LEGACY_REVISIONS
      : [STATELESS_REVISION];
}

/**
 * What a process that accepts `accepted` lists: `server/discover`'s `supportedVersions` and
 * −32022's `data.supported`. The modern revisions alone (2026-07-28), the legacy ones left out,
 * as SDK 2.4.0's `server/discover` handler leaves them out of `supportedProtocolVersions`.
 *
 * The reason: a client that reads these lists sends its next request with the chosen version in
 * `_meta` (2026-07-28 `server/discover.mdx`, "DiscoverResult": the versions "The client should
 * choose one of these for subsequent requests"; `basic/versioning.mdx`: after −32022 the client
 * "SHOULD select a mutually supported version … and retry"). A legacy version is served only
 * through `initialize`, so a `_meta` request naming one is refused −32022 again. A list naming it
 * would send such a client round that loop (`basic/transports/stdio.mdx`, "Backward
 * Compatibility"). A legacy client still opens a session with `initialize`, which never reads
 * these lists.
 */
export function listedRevisions(accepted: readonly string[]): string[] {
  return accepted.filter((revision) => !(LEGACY_REVISIONS as readonly string[]).includes(revision));
}

/** The `_meta` key of a request's protocol version. Source: 2026-07-28 `basic/index.mdx`, "Per-request protocol fields" (required). */
export const PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";

/** The `_meta` key of a request's client capabilities. Same source (required). */
export const CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";

/** The `_meta` key of a request's client identity. Same source (not required; clients SHOULD send it). */
export const CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo";

/** The `_meta` key of a request's log level. Same source (not required). */
export const LOG_LEVEL_KEY = "io.modelcontextprotocol/logLevel";

/** The `_meta` key of a result's server identity. Source: 2026-07-28 `basic/index.mdx`, "Per-response protocol fields" (SHOULD). */
export const SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";

/** `UnsupportedProtocolVersion`. Source: 2026-07-28 `basic/index.mdx`, "Error Codes". */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** JSON-RPC 2.0's codes (§5.1), as MCP uses them (2026-07-28 `basic/index.mdx`, "Error Codes"). */
export const JSONRPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/** The revisions whose `tools/call` reports invalid arguments as a tool execution error (`isError: true`). */
const ARGUMENT_ERRORS_AS_RESULTS: readonly string[] = [STATELESS_REVISION, "2025-11-25"];

/**
 * Whether a `tools/call` whose arguments fail the tool's input schema is answered with a tool
 * execution error (a result with `isError: true`) rather than the protocol error −32602.
 *
 * - 2025-11-25 and 2026-07-28 (`server/tools.mdx`, "Error Handling"): "Input validation errors
 *   (e.g., date in wrong format, value out of range)" are listed under *Tool Execution Errors*,
 *   and protocol errors are only "requests that fail to satisfy CallToolRequest schema".
 * - 2025-06-18 and 2024-11-05 (`server/tools.mdx`, "Error Handling"): *Protocol Errors* are
 *   "Standard JSON-RPC errors for issues like: Unknown tools, Invalid arguments, Server errors"
 *   (and "Invalid input data" among tool execution errors). They give invalid arguments no code;
 *   the course reads them as a protocol error and sends JSON-RPC's −32602 "Invalid params", with
 *   the same sentence as its message.
 * An unknown revision (no `initialize` yet) is treated as the current one.
 */
export function argumentErrorsAreResults(revision: string | undefined): boolean {
  return revision === undefined || ARGUMENT_ERRORS_AS_RESULTS.includes(revision);
}

/**
 * A message's `id` as a reply may repeat it: a string, or a finite number (JSON-RPC 2.0 §4: "a
 * String, Number, or NULL"; MCP's `RequestId` is a string or a number and never null). Anything
 * else, `Infinity` from a literal such as `1e999` included, counts as an id that could not be read.
 *
 * @returns the id, or undefined when it is missing or unusable.
 */
export function usableRequestId(id: unknown): string | number | undefined {
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : undefined;
}

/**
 * The `id` member of an error reply to a line whose id could not be read (a parse error, an
 * invalid message): JSON-RPC 2.0 §5 says `"id": null`; MCP's schema since 2025-11-25 has
 * `JSONRPCErrorResponse.id?: RequestId` (optional, never null; `schema/2025-11-25/schema.ts` and
 * `schema/2026-07-28/schema.ts`), and `basic/index.mdx` "Error Responses" allows the id to be
 * left out "where the ID could not be read due a malformed request". So:
 * - 2025-11-25, 2026-07-28, and before any revision is known: no `id` member;
 * - 2025-06-18 and 2024-11-05, whose `JSONRPCError.id` is a required `RequestId` with no
 *   reply for this case: JSON-RPC 2.0's `"id": null`, which those revisions adopt ("All messages
 *   between MCP clients and servers MUST follow the JSON-RPC 2.0 specification").
 */
export function unreadableIdMember(revision: string | undefined): { id?: null } {
  return revision === "2025-06-18" || revision === "2024-11-05" ? { id: null } : {};
}

/**
 * The caching hint of every cacheable result (`server/discover`, `tools/list`, `prompts/list`,
 * `resources/list`, `resources/templates/list`, `resources/read`; 2026-07-28
 * `server/utilities/caching.mdx`, "Cacheable Results": servers MUST include them). This
 * project's choice: an hour (what a served process lists never changes while it runs), and
 * `public` (the lists and contents hold no user-specific data: "appropriate for lists of tools,
 * prompts, and resource templates when they are identical for all users").
 */
export const CACHE_HINT = { ttlMs: 3_600_000, cacheScope: "public" } as const;
