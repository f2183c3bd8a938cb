/**
 * A world: everything one seed decides before any message is sent.
 */
import { handlersByName, type Handlers } from "./handlers";
import { checkSeed } from "../sim/seed";
import type { Server } from "../sim/server";
import { createServers } from "./servers";
import { countByRegion, drawSubscriberList, subscriberTable, type RegionCounts, type Subscriber, type Subscribers } from "./subscribers";

/** The world of one seed: its subscribers, the handlers over them, and the three servers. */
export interface World {
  seed: number;
  subscribers: Subscribers;
  /** The same subscribers as a list: index i holds `SUBSCRIBER_IDS[i]`'s (`drawSubscriberList`). */
  subscriberList: readonly Readonly<Subscriber>[];
  /** Subscribers per region. */
  regionCounts: RegionCounts;
  handlers: Handlers;
  servers: readonly Server[];
}

/**
 * Builds the world for a seed. Pure: the same seed gives an equal world, and nothing is shared
 * between two worlds.
 *
 * @param seed an integer from 0 to 2^53 − 1.
 * @throws RangeError for any other seed.
 */
export function createWorld(seed: number): World {
  const list = drawSubscriberList(checkSeed(seed));
  const subscribers = subscriberTable(list);
  const regionCounts = countByRegion(list);
  const handlers = handlersByName({ subscriberList: list, regionCounts });
  return { seed, subscribers, subscriberList: list, regionCounts, handlers, servers: createServers(handlers) };
}
