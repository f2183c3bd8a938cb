/**
 * The resources the real servers serve: the world's `abone_listesi` and `basamak_tablosu`, and the
 * fleet's `cihaz_listesi`, each as one JSON text.
 *
 * The world's contents and URIs are `world/resources.ts`'s, the same data the simulator counts;
 * this module only writes them as MCP's `Resource` and JSON text. `cihaz_listesi` is the fleet's
 * devices (`fleet/server.ts`). This module builds contents; it serves nothing.
 */
import type { Resource } from "@modelcontextprotocol/server";
import type { Fleet } from "../fleet/generator";
import { isWorldResource, resourceContents, resourceUri, TIER_TABLE } from "../world/resources";
import type { World } from "../world/world";

export { resourceUri };

/** A resource with its contents: what `resources/list` shows and `resources/read` returns. */
export interface ServedResource {
  /** As listed: `uri` (`<server>://<name>`), `name`, `mimeType`. */
  listed: Resource;
  /** The resource's text (JSON). */
  text: string;
}

/** The MIME type of every resource here. */
export const RESOURCE_MIME_TYPE = "application/json";

/**
 * The JSON text of a named resource:
 * - `abone_listesi` and `basamak_tablosu`: `resourceContents` of `world/resources.ts` (needs
 *   `world` for `abone_listesi`);
 * - `cihaz_listesi`: the fleet's devices in draw order (needs `fleet`).
 *
 * @throws Error for another name, or a name without the source it needs.
 */
export function resourceText(name: string, sources: { world?: World; fleet?: Fleet }): string {
  if (isWorldResource(name)) {
    if (name === TIER_TABLE || sources.world)
      return JSON.stringify(resourceContents(name, sources.world));
  } else if (name === "cihaz_listesi" && sources.fleet) {
    return JSON.stringify(sources.fleet.devices);
  }
  throw new Error(`no contents for resource ${name}`);
}

/** A server's resources, in its declared order, each with its contents. */
export function servedResources(
  server: string,
  names: readonly string[],
  sources: { world?: World; fleet?: Fleet },
): ServedResource[] {
  return names.map((name) => ({
    listed: { uri: resourceUri(server, name), name, mimeType: RESOURCE_MIME_TYPE },
    text: resourceText(name, sources),
  }));
}
