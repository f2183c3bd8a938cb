/**
 * Lesson 5, "Lifecycle and Negotiation": what the lesson computes for one seed. Written by
 * `mcp-course new-lesson` as a start: the seed's world, drawn by `createWorld`, as the lesson
 * prints it. Pure: the same seed gives an equal result.
 */
import { REGIONS, type Region } from "../../world/subscribers";
import { createWorld } from "../../world/world";

/** What the lesson shows of one seed's world: plain data, the same for the same seed. */
export interface LifecycleAndNegotiationResult {
  /** The seed the world was drawn from. */
  seed: number;
  /** How many subscribers the world holds. */
  subscribers: number;
  /** How many of them live in each region, in the order of `REGIONS`. */
  regions: { region: Region; subscribers: number }[];
  /** The names of the servers that answer for them. */
  servers: string[];
}

/**
 * Draws one seed's world with `createWorld` and keeps what the lesson prints of it: how many
 * subscribers live in each region, and which servers answer for them. The same seed gives an equal
 * result, and nothing is kept between calls.
 *
 * @param seed an integer from 0 to 2^53 − 1.
 * @throws RangeError for any other seed.
 */
export function simulateLifecycleAndNegotiation(seed: number): LifecycleAndNegotiationResult {
  const world = createWorld(seed);
  return {
    seed,
    subscribers: Object.keys(world.subscribers).length,
    regions: REGIONS.map((region) => ({ region, subscribers: world.regionCounts[region] })),
    servers: world.servers.map((server) => server.name),
  };
}
