/**
 * A client's cache of results, by the freshness rule of the stateless era.
 *
 * Source: 2026-07-28 `server/utilities/caching.mdx`: a cacheable result carries `ttlMs`; "A
 * client records the local time at which the response was received (`t_received`). The response
 * is considered fresh while: `now < t_received + ttlMs`"; once stale the client "SHOULD re-fetch
 * on next access"; a negative `ttlMs` is treated as 0, an absent one as 0 (immediately stale). The
 * cache key is the method and the parameters that affect the result: here the server and the
 * method (the simulated lists take no parameters). Time is virtual, in milliseconds, given by the
 * caller: nothing here reads a clock.
 */
import type { SentMessage } from "./discovery";

/** When a result was received and how long it stays fresh, both in virtual milliseconds. */
interface CacheEntry {
  receivedMs: number;
  ttlMs: number;
}

/** The results one client holds, by server and method. Each run makes its own. */
export class ResultCache {
  private readonly entries = new Map<string, CacheEntry>();

  /**
   * Whether the client holds a result of `method` from `server` that is fresh at `nowMs`:
   * `now < t_received + ttlMs`.
   */
  isFresh(server: string, method: string, nowMs: number): boolean {
    const entry = this.entries.get(`${server} ${method}`);
    return entry !== undefined && nowMs < entry.receivedMs + entry.ttlMs;
  }

  /**
   * Keeps a received result, received at `nowMs`, for its `ttlMs` (negative: 0). A request, a
   * notification, or a result without `ttlMs` (the legacy era's) is not kept.
   */
  store(message: Pick<SentMessage, "kind" | "server" | "method" | "ttlMs">, nowMs: number): void {
    if (message.kind !== "response" || message.ttlMs === undefined) return;
    const ttlMs = Math.max(0, message.ttlMs);
    this.entries.set(`${message.server} ${message.method}`, { receivedMs: nowMs, ttlMs });
  }
}
