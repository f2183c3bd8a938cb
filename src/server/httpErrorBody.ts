/**
 * The JSON-RPC error bodies `serve --http` writes, and the SDK's error bodies made to match them.
 *
 * 2026-07-28 allows an HTTP error answer a JSON-RPC error body "that has no `id`"
 * (`basic/transports/streamable-http.mdx`, "Security & Endpoint" and "Sending Messages"); its
 * schema has `JSONRPCErrorResponse.id?: RequestId`, and `RequestId` is a string or a number, never
 * null (2025-11-25's schema the same); `basic/index.mdx`, "Error Responses", leaves the id out
 * "where the ID could not be read". Codes −32000 to −32019 are a legacy sub-range that new
 * implementations SHOULD NOT use (`basic/index.mdx`, "Error Codes"). So every error body here
 * carries the request's own id when it was read, no `id` member when it was not, and one of
 * JSON-RPC 2.0's codes (§5.1): −32700 for a body that is not JSON, −32600 (Invalid Request) for a
 * request refused at the HTTP level (a wrong path, Host or Origin, method, media type, size),
 * −32603 for the server's own failure.
 *
 * The one exception is the stdio transport's (`unreadableIdMember`, `protocol/revisions.ts`): a
 * request naming 2025-06-18 (or 2024-11-05) in its `MCP-Protocol-Version` header gets JSON-RPC
 * 2.0's `"id": null` (§5: null when the id could not be read). 2025-06-18's schema does not allow
 * null either (`JSONRPCError.id: RequestId`, a string or a number), but it makes the `id` member
 * required and gives no value for an id not read, and its `basic/index.mdx` ("Messages") asks
 * every message to follow JSON-RPC 2.0: so JSON-RPC's own answer stands.
 */
import { JSONRPC_ERRORS, unreadableIdMember, usableRequestId } from "../protocol/revisions";
import type { ScreenError } from "./requestScreen";

/** The first and last codes of 2026-07-28's legacy sub-range (`basic/index.mdx`, "Error Codes"). */
export const LEGACY_CODE_RANGE = { first: -32019, last: -32000 } as const;

/** Whether `code` is in {@link LEGACY_CODE_RANGE}. */
export function isLegacyRangeCode(code: unknown): boolean {
  return (
    typeof code === "number" && code >= LEGACY_CODE_RANGE.first && code <= LEGACY_CODE_RANGE.last
  );
}

/** A request's id when it can be echoed ({@link usableRequestId}: a string or a finite number), else undefined. */
export function readableId(body: unknown): string | number | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  return usableRequestId((body as { id?: unknown }).id);
}

/**
 * The `id` member of an error body: the request's id when read, else what the request's
 * `MCP-Protocol-Version` header (`revision`) asks for a message whose id was not read
 * (`unreadableIdMember`: nothing, or `null` for 2025-06-18 and 2024-11-05).
 */
export function idMember(
  id: string | number | undefined,
  revision: string | undefined,
): { id?: string | number | null } {
  return id !== undefined ? { id } : unreadableIdMember(revision);
}

/** A JSON-RPC error body, as written: `jsonrpc`, then the id member, then `error`. */
export function errorBody(error: ScreenError, id: { id?: string | number | null }): string {
  return JSON.stringify({ jsonrpc: "2.0", ...id, error });
}

/** An HTTP refusal's error: −32600 (Invalid Request) and the message. */
export function invalidRequest(message: string): ScreenError {
  return { code: JSONRPC_ERRORS.invalidRequest, message };
}

/**
 * An error answer of the SDK's handler (status 400 or more, `application/json`) with the id and
 * code this module's rules give: a `"id": null` becomes no `id` member (or stays, for 2025-06-18
 * and 2024-11-05, {@link idMember}), and a code of the legacy sub-range becomes −32603 on a 5xx
 * answer, else −32600; the message, `data` and status are kept. Any other answer is returned as
 * it is (its body unread).
 *
 * @param revision the request's `MCP-Protocol-Version` header, if any.
 */
export async function conformingError(
  response: Response,
  revision: string | undefined,
): Promise<Response> {
  if (response.status < 400) return response;
  if (!response.headers.get("content-type")?.startsWith("application/json")) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length"); // the body may be written anew
  const { status } = response;
  const message = body as { id?: unknown; error?: { code?: unknown } } | undefined;
  const error = message?.error;
  if (typeof error !== "object" || error === null) return new Response(text, { status, headers });
  const nullId = message!.id === null && !("id" in unreadableIdMember(revision));
  const legacyCode = isLegacyRangeCode(error.code);
  if (!nullId && !legacyCode) return new Response(text, { status, headers });
  const code = legacyCode
    ? status >= 500
      ? JSONRPC_ERRORS.internalError
      : JSONRPC_ERRORS.invalidRequest
    : error.code;
  const id = message!.id;
  const fixed = {
    jsonrpc: "2.0",
    ...(id === null ? unreadableIdMember(revision) : id === undefined ? {} : { id }),
    error: { ...error, code },
  };
  return new Response(JSON.stringify(fixed), { status, headers });
}
