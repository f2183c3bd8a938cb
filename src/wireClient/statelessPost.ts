/**
 * One 2026-07-28 request sent by hand as one HTTP POST, for a lesson that prints the exchange as it
 * crossed: no SDK client, no session, only what the revision asks of a client on Streamable HTTP.
 *
 * @remarks Source: 2026-07-28 `basic/transports/streamable-http.mdx`, "Sending Messages" (every
 * message a new POST; `Accept` lists both `application/json` and `text/event-stream`), "Request
 * Metadata" (`MCP-Protocol-Version`, `Mcp-Method`, and `Mcp-Name` from `params.name` or
 * `params.uri` for `tools/call`, `resources/read` and `prompts/get`, REQUIRED), "Value Encoding"
 * (a value outside visible ASCII and space, with leading or trailing whitespace, or looking like
 * the sentinel, travels Base64-encoded as `=?base64?…?=`).
 */
import { STATELESS_VERSION } from "./era";
import { meteredFetch, type HttpExchangeText } from "./httpFetch";
import { TrafficMeter } from "./trafficCounts";

/** The methods whose `Mcp-Name` header copies `params.name` or `params.uri`. */
const NAMED_METHODS: readonly string[] = ["tools/call", "resources/read", "prompts/get"];

/**
 * A header value as 2026-07-28's "Value Encoding" asks: as it is when it is visible ASCII and
 * spaces (tabs too) with no whitespace at either end and not in the sentinel's shape; otherwise
 * `=?base64?<the UTF-8 bytes in Base64>?=`.
 */
export function headerValue(value: string): string {
  const plain =
    /^[\x20-\x7e\t]*$/.test(value) &&
    value.trim() === value &&
    !(value.startsWith("=?base64?") && value.endsWith("?="));
  return plain ? value : `=?base64?${Buffer.from(value, "utf8").toString("base64")}?=`;
}

/**
 * The header fields of a 2026-07-28 request POSTed with `body` (one JSON-RPC request, as text):
 * `accept`, `content-type`, `mcp-method`, `mcp-name` where the method has one, and
 * `mcp-protocol-version`, in that order (names lower-case; HTTP field names are case-insensitive).
 *
 * @throws Error when `body` is not a JSON-RPC request (an object with a string `method`).
 */
export function statelessPostHeaders(body: string): Record<string, string> {
  const message = JSON.parse(body) as { method?: unknown; params?: Record<string, unknown> };
  if (typeof message.method !== "string")
    throw new Error(`not a JSON-RPC request, so no Mcp-Method to send: ${body}`);
  const name = message.params?.name ?? message.params?.uri;
  return {
    accept: "application/json, text/event-stream",
    "content-type": "application/json",
    "mcp-method": message.method,
    ...(NAMED_METHODS.includes(message.method) && typeof name === "string"
      ? { "mcp-name": headerValue(name) }
      : {}),
    "mcp-protocol-version": STATELESS_VERSION,
  };
}

/**
 * POSTs `body` to `url` once, with {@link statelessPostHeaders}, and returns the exchange as it
 * crossed ({@link postOnce}).
 *
 * @throws Error when `body` is no JSON-RPC request, or as {@link postOnce} throws.
 */
export function postStateless(url: string, body: string): Promise<HttpExchangeText> {
  return postOnce(url, statelessPostHeaders(body), body);
}

/**
 * POSTs `body` to `url` once with `headers`, on a connection of its own through the course's
 * metered `fetch` (`httpFetch.ts`), reads the whole answer, and returns the exchange as it
 * crossed: header blocks and contents, with their byte counts.
 *
 * @throws Error when no exchange was seen; whatever `fetch` throws (a refused connection).
 */
export async function postOnce(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<HttpExchangeText> {
  const exchanges: HttpExchangeText[] = [];
  const metered = meteredFetch(new TrafficMeter(), "keep-alive", (exchange) =>
    exchanges.push(exchange),
  );
  try {
    const response = await metered.fetch(url, { method: "POST", headers, body });
    await response.text();
  } finally {
    await metered.close();
  }
  const [crossed] = exchanges;
  if (crossed === undefined) throw new Error(`no exchange was seen for the POST to ${url}`);
  return crossed;
}
