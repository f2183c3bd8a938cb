/**
 * What our own servers answer to `server/discover`, known beforehand: so the real client speaks
 * the stateless era to `mcp-course serve` without a probe. The client does not import it (no
 * client imports the server); whoever opens a connection to one of our servers and holds both
 * (a lesson, a benchmark, a test) passes it as the connection's `discover` option.
 *
 * Source: `docs/specification/2026-07-28/basic/versioning.mdx` (servers MUST
 * implement `server/discover`; a client MAY skip it, and MAY persist an era verdict for the same
 * server configuration); the SDK's `connect(transport, { prior: { kind: "modern", discover } })`,
 * which adopts such a result with no round trip. The result is built from the declarations
 * `serve` itself serves (`servedServers.ts`) by the server's own `discoverResult` (`mcpServer.ts`),
 * so it cannot drift from them (a test holds it against what `serve` answers):
 * - `supportedVersions`: `["2026-07-28"]`, the modern part of what a fresh `serve` process
 *   accepts (`listedRevisions`, `protocol/revisions.ts`: 2025-11-25, 2025-06-18 and 2024-11-05
 *   are served through `initialize` only, so they are not listed);
 * - `capabilities`: the served server's, as `initialize` answers them;
 * - `_meta["io.modelcontextprotocol/serverInfo"]`: `serverInfo` as `initialize` answers it (a
 *   SHOULD in the stateless era; `version` is `undeclared` below level 3).
 * The wire's `resultType`, `ttlMs` and `cacheScope` (`CACHE_HINT`) are not here: the SDK's
 * `DiscoverResult` type has none of them (`resultType` is wire-only, stripped from every result
 * type; its discover schema keeps the cache fields on the wire only), so a client adopts the
 * fields above. The client sends none of this; it reads it (capabilities, server name and version)
 * as a legacy client reads `initialize`'s answer.
 */
import { SERVER_INFO_META_KEY, type DiscoverResult } from "@modelcontextprotocol/client";
import { generateFleet } from "../fleet/generator";
import type { Level } from "../sim/declaration";
import { DEFAULT_SEED } from "../sim/seed";
import { createWorld } from "../world/world";
import { discoverResult } from "./mcpServer";
import { fleetServed, worldServed } from "./servedServers";

/** The server `mcp-course serve` starts, as far as its discover result depends on it (the real client's `ServeSpec` is one). */
export interface KnownServer {
  server: "olcum" | "tarife" | "kayit" | "fleet";
  level?: Level;
  seed?: number;
  path?: "raw" | "validating" | "high-level";
}

/**
 * The `server/discover` result of the server `spec` starts, with `serve`'s defaults for what
 * `spec` leaves unset (level 3, the default seed, path `validating`). Builds the world or the
 * fleet for the seed, as the server does (a few milliseconds).
 *
 * @throws RangeError for a seed the world or fleet refuses (as `serve` would); Error for the
 *   `high-level` path, whose discover result is the SDK's own (speak to it with era `auto`).
 */
export function knownDiscover(spec: KnownServer): DiscoverResult {
  const level: Level = spec.level ?? 3;
  const seed = spec.seed ?? DEFAULT_SEED;
  const path = spec.path ?? "validating";
  if (path === "high-level")
    throw new Error(
      "the high-level fleet server's discover result is the SDK's: connect with era auto",
    );
  const served =
    spec.server === "fleet"
      ? fleetServed(generateFleet(seed), path, level)
      : worldServed(createWorld(seed), spec.server, level);
  const { supportedVersions, capabilities } = discoverResult(served);
  return {
    supportedVersions,
    // The server SDK's type for capabilities is looser than the client's (`object` against JSON values); ours are plain JSON.
    capabilities: capabilities as DiscoverResult["capabilities"],
    _meta: { [SERVER_INFO_META_KEY]: { name: served.name, version: served.version } },
  };
}
