/**
 * How the real client introduces itself: `clientInfo` in the legacy era's `initialize`, and
 * `_meta["io.modelcontextprotocol/clientInfo"]` on every stateless request (a SHOULD,
 * `docs/specification/2026-07-28/basic/index.mdx`), with the client capabilities it declares
 * (none: the course's client answers no server requests).
 */

/** The client's name and version. The simulated fleet client's words (`fleet/client.ts`). */
export const WIRE_CLIENT_INFO = { name: "mcp-course", version: "0" } as const;

/** The client's capabilities: none declared, in either era. */
export const WIRE_CLIENT_CAPABILITIES = {} as const;
