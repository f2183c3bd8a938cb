/**
 * Lesson 4, "Three Primitives": each printed table as text (`formatTextTable`), no line wider than
 * the page.
 */
import { formatTextTable } from "../textTable";
import type { ThreePrimitivesResult } from "./simulate";

/** The seed's subscribers by region, one row a region, and their total. */
export function formatThreePrimitivesRegions(result: ThreePrimitivesResult): string {
  const rows = result.regions.map(({ region, subscribers }) => [region, subscribers]);
  return formatTextTable(["region", "subscribers"], [...rows, ["total", result.subscribers]]);
}
