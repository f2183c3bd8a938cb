/**
 * Lesson 4, "Three Primitives": the sentences that read the result, as markdown built from it, so
 * that every number that depends on the seed is computed.
 */
import { code, listing } from "../proseWords";
import { wrapMarkdown } from "../wrapProse";
import type { ThreePrimitivesResult } from "./simulate";

/**
 * The seed's world in one sentence: the seed, its subscribers by region, and the servers that
 * answer for them, every number read off the result, wrapped to the page's width.
 */
export function describeThreePrimitivesSeed(result: ThreePrimitivesResult): string {
  const regions = result.regions.map(({ region, subscribers }) => `${region} ${subscribers}`);
  const servers = listing(result.servers.map(code));
  return wrapMarkdown(
    `Seed ${result.seed}: ${result.subscribers} subscribers (${regions.join(", ")}), ` +
      `served by ${servers}.`,
  );
}
