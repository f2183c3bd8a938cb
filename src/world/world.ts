/**
 * A world: everything one seed decides before any message is sent.
 */
import { createHandlers, type Handlers } from "./handlers";
import { checkSeed } from "../sim/seed";
import type { WorldServer } from "../sim/server";
import { createServers } from "./servers";
import {
  countByRegion,
  drawSubscribers,
  SUBSCRIBER_IDS,
  type RegionCounts,
  type Subscribers,
} from "./subscribers";

/** The world of one seed: its subscribers, the handlers over them, and the three servers. */
export interface World {
  seed: number;
  subscribers: Subscribers;
  /** Subscribers per region. */
  regionCounts: RegionCounts;
  handlers: Handlers;
  servers: readonly WorldServer[];
}

/**
 * Builds the world for a seed. Pure: the same seed gives an equal world, and nothing is shared
 * between two worlds.
 *
 * @param seed an integer from 0 to 2^53 − 1.
 * @throws RangeError for any other seed.
 */
export function createWorld(seed: number): World {
  const subscribers = drawSubscribers(checkSeed(seed));
  // The 60 ids looked up in order: `Object.values` of a record this size walks its whole key table, and cost more.
  const regionCounts = countByRegion(SUBSCRIBER_IDS.map((id) => subscribers[id]));
  const handlers = createHandlers(subscribers, regionCounts);
  return { seed, subscribers, regionCounts, handlers, servers: createServers(handlers) };
}
