/**
 * Lesson 3, "Messages": each printed table as text (`formatTextTable`), no line wider than the
 * page.
 */
import { formatTextTable } from "../textTable";
import type { MessagesResult } from "./simulate";

/** The seed's subscribers by region, one row a region, and their total. */
export function formatMessagesRegions(result: MessagesResult): string {
  const rows = result.regions.map(({ region, subscribers }) => [region, subscribers]);
  return formatTextTable(["region", "subscribers"], [...rows, ["total", result.subscribers]]);
}
