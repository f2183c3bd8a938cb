/**
 * How the real client introduces itself: `clientInfo` in the legacy era's `initialize`, and
 * `_meta["io.modelcontextprotocol/clientInfo"]` on every stateless request (a SHOULD,
 * `docs/specification/2026-07-28/basic/index.mdx`), with the client capabilities it declares
 * (none: the course's client answers no server requests).
 */

import { CLIENT_INFO } from "../sim/eras";

/** The client's name and version: the simulator's own client identity (`sim/eras.ts`), one constant for both. */
export const WIRE_CLIENT_INFO: Readonly<{ name: string; version: string }> = CLIENT_INFO;

/** The client's capabilities: none declared, in either era. */
export const WIRE_CLIENT_CAPABILITIES = {} as const;
