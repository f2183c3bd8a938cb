/**
 * What our own servers answer to `server/discover`, known to the client beforehand: so the real
 * client speaks the stateless era to `mcp-course serve` without a probe.
 *
 * Source: issue 11 §1 and §3; `docs/specification/2026-07-28/basic/versioning.mdx` (servers MUST
 * implement `server/discover`; a client MAY skip it, and MAY persist an era verdict for the same
 * server configuration); the SDK's `connect(transport, { prior: { kind: "modern", discover } })`,
 * which adopts such a result with no round trip. The result is built from the declarations
 * `serve` itself serves (`servedServers.ts`, `capabilitiesOf`), so it cannot drift from them:
 * - `supportedVersions`: every version `serve` accepts (issue 11 §1: 2026-07-28 statelessly,
 *   2025-11-25, 2025-06-18 and 2024-11-05 through `initialize`), newest first;
 * - `capabilities`: the served server's, as `initialize` answers them;
 * - `_meta["io.modelcontextprotocol/serverInfo"]`: `serverInfo` as `initialize` answers it (a
 *   SHOULD in the stateless era; `version` is `undeclared` below level 3).
 * The client sends none of this; it reads it (capabilities, server name and version) as a legacy
 * client reads `initialize`'s answer.
 */
import { SERVER_INFO_META_KEY, type DiscoverResult } from "@modelcontextprotocol/client";
import { generateFleet } from "../fleet/generator";
import type { Level } from "../sim/declaration";
import { DEFAULT_SEED } from "../sim/seed";
import { createWorld } from "../world/world";
import { capabilitiesOf } from "../server/mcpServer";
import { fleetServed, worldServed } from "../server/servedServers";
import { STATELESS_VERSION } from "./era";
import type { ServeSpec } from "./serveCommand";

/** The versions `mcp-course serve` accepts, newest first. Source: issue 11 §1. */
export const SERVED_PROTOCOL_VERSIONS: readonly string[] = [STATELESS_VERSION, "2025-11-25", "2025-06-18", "2024-11-05"];

/**
 * The `server/discover` result of the server `spec` starts, with `serve`'s defaults for what
 * `spec` leaves unset (level 3, the default seed, path `validating`). Builds the world or the
 * fleet for the seed, as the server does (a few milliseconds).
 *
 * @throws RangeError for a seed the world or fleet refuses (as `serve` would).
 */
export function knownDiscover(spec: ServeSpec): DiscoverResult {
  const level: Level = spec.level ?? 3;
  const seed = spec.seed ?? DEFAULT_SEED;
  const served = spec.server === "fleet" ? fleetServed(generateFleet(seed), spec.path ?? "validating", level) : worldServed(createWorld(seed), spec.server, level);
  return {
    supportedVersions: [...SERVED_PROTOCOL_VERSIONS],
    // The legacy SDK's type for capabilities is looser than v2's (`object` against JSON values); ours are plain JSON.
    capabilities: capabilitiesOf(served) as DiscoverResult["capabilities"],
    _meta: { [SERVER_INFO_META_KEY]: { name: served.name, version: served.version } },
  };
}
