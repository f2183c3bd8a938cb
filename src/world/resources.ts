/**
 * The world's two resources, `abone_listesi` (subscriber list) on `olcum` and `basamak_tablosu`
 * (tier table) on `tarife`: their URIs and their contents, as data.
 *
 * One place for both sides: the real servers send these contents as JSON text
 * (`server/resources.ts`), and the simulator counts the same contents as words
 * ({@link contentWords}, `world/primitives.ts`). Neither copies them.
 *
 * Source: reference lesson 004, "Handler and Declaration" (`abone_listesi` on olcum,
 * `basamak_tablosu` on tarife, by name only). The lesson named them but never read one; their
 * URIs and contents are this project's choice: the data each name describes, from the same seed
 * and constants as the handlers. This module builds data; it serves and counts nothing.
 */
import type { Value } from "../sim/values";
import { SUBSCRIBER_IDS, type Subscribers } from "./subscribers";
import { ABOVE_TOP_TIER, COMMERCIAL_FACTOR, TIERS } from "./tariff";

/** The subscriber list's name, on `olcum`. Source: reference lesson 004, `SERVERS`. */
export const SUBSCRIBER_LIST = "abone_listesi";

/** The tier table's name, on `tarife`. Source: reference lesson 004, `SERVERS`. */
export const TIER_TABLE = "basamak_tablosu";

/** The names of the world's resources. */
export type WorldResource = typeof SUBSCRIBER_LIST | typeof TIER_TABLE;

/**
 * A resource's URI: `<server>://<name>`, e.g. `olcum://abone_listesi`. A custom URI scheme per
 * server, which MCP allows if it follows RFC 3986 (2026-07-28 `server/resources.mdx`, "Custom URI
 * Schemes"). This project's choice.
 */
export function resourceUri(server: string, name: string): string {
  return `${server}://${name}`;
}

/**
 * A URI split back into its server and resource name ({@link resourceUri}'s inverse).
 *
 * @returns undefined for a string that is not `<server>://<name>` with both parts non-empty.
 */
export function parseResourceUri(uri: string): { server: string; name: string } | undefined {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/]+)$/.exec(uri);
  return match ? { server: match[1], name: match[2] } : undefined;
}

/** Whether a name is one of the world's resources. */
export function isWorldResource(name: string): name is WorldResource {
  return name === SUBSCRIBER_LIST || name === TIER_TABLE;
}

/**
 * The contents of a world resource, as data (JSON-ready, keys in the order they are written):
 * - `abone_listesi`: every subscriber by id, `{"A001": {bolge, tip, onceki, simdiki}, …}`, ids in
 *   order;
 * - `basamak_tablosu`: `{basamaklar: [{ust_m3, birim_fiyat}, …], ust_basamak_birim_fiyat,
 *   isyeri_carpani}`: the tariff's tiers (upper bound in m³, unit price), the unit price above
 *   them and the business factor (`world/tariff.ts`).
 *
 * @param world the subscribers; needed for `abone_listesi` only.
 * @returns a new value, nothing shared with `world`.
 * @throws Error for `abone_listesi` without a world.
 */
export function resourceContents(
  name: WorldResource,
  world?: { subscribers: Subscribers },
): { readonly [key: string]: Value } {
  if (name === SUBSCRIBER_LIST) {
    if (!world) throw new Error(`${SUBSCRIBER_LIST} needs a world's subscribers`);
    const list: Record<string, Value> = {};
    for (const id of SUBSCRIBER_IDS) {
      const { bolge, tip, onceki, simdiki } = world.subscribers[id];
      list[id] = { bolge, tip, onceki, simdiki };
    }
    return list;
  }
  return {
    basamaklar: TIERS.map(([upper, unitPrice]) => ({ ust_m3: upper, birim_fiyat: unitPrice })),
    ust_basamak_birim_fiyat: ABOVE_TOP_TIER,
    isyeri_carpani: COMMERCIAL_FACTOR,
  };
}

/**
 * Contents as the words the simulator counts: a record is each key followed by its value's
 * words, a list its items' words, any other value itself. So `{"A001": {"bolge": "dogu", …}}`
 * reads `A001 bolge dogu …`, in the style of a tool's result (`key value` pairs).
 *
 * @returns a new array of scalar values, in the order they are written.
 */
export function contentWords(value: Value): Value[] {
  const words: Value[] = [];
  const walk = (item: Value): void => {
    if (Array.isArray(item)) for (const inner of item as readonly Value[]) walk(inner);
    else if (item !== null && typeof item === "object") {
      for (const [key, inner] of Object.entries(item)) {
        words.push(key);
        walk(inner);
      }
    } else words.push(item);
  };
  walk(value);
  return words;
}
