/**
 * The resources the real servers serve: the world's `abone_listesi` and `basamak_tablosu`, and the
 * fleet's `cihaz_listesi`, each as one JSON text.
 *
 * Source: reference lesson 004, "Handler and Declaration" (`abone_listesi` on olcum,
 * `basamak_tablosu` on tarife, by name only) and `fleet/server.ts` (`cihaz_listesi`). The lesson
 * named them but never read one; their contents here are this project's choice: the data each
 * name describes, from the same seed as the handlers. This module builds contents; it serves nothing.
 */
import type { Resource } from "@modelcontextprotocol/server";
import type { Fleet } from "../fleet/generator";
import { ABOVE_TOP_TIER, COMMERCIAL_FACTOR, TIERS } from "../world/tariff";
import type { World } from "../world/world";

/** A resource with its contents: what `resources/list` shows and `resources/read` returns. */
export interface ServedResource {
  /** As listed: `uri` (`<server>://<name>`), `name`, `mimeType`. */
  listed: Resource;
  /** The resource's text (JSON). */
  text: string;
}

/** The MIME type of every resource here. */
export const RESOURCE_MIME_TYPE = "application/json";

/** A resource's URI: `<server>://<name>`, e.g. `olcum://abone_listesi`. This project's choice. */
export function resourceUri(server: string, name: string): string {
  return `${server}://${name}`;
}

/**
 * The JSON text of a named resource:
 * - `abone_listesi`: the subscribers by id, `{"A001": {bolge, tip, onceki, simdiki}, …}`;
 * - `basamak_tablosu`: `{basamaklar: [{ust_m3, birim_fiyat}], ust_basamak_birim_fiyat, isyeri_carpani}`
 *   (the tariff's tiers, the price above them, the business factor; `world/tariff.ts`);
 * - `cihaz_listesi`: the fleet's devices in draw order (needs `fleet`).
 *
 * @throws Error for another name, or `cihaz_listesi` without a fleet.
 */
export function resourceText(name: string, sources: { world?: World; fleet?: Fleet }): string {
  switch (name) {
    case "abone_listesi":
      if (!sources.world) break;
      return JSON.stringify(sources.world.subscribers);
    case "basamak_tablosu":
      return JSON.stringify({
        basamaklar: TIERS.map(([upper, unitPrice]) => ({ ust_m3: upper, birim_fiyat: unitPrice })),
        ust_basamak_birim_fiyat: ABOVE_TOP_TIER,
        isyeri_carpani: COMMERCIAL_FACTOR,
      });
    case "cihaz_listesi":
      if (!sources.fleet) break;
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
