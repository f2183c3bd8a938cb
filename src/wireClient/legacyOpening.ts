/**
 * The opening a 2025-11-25 client sends on a scripted exchange before its first other request:
 * `initialize` with the protocol version, the client's capabilities and its identity, the
 * server's answer, then `notifications/initialized`. For a lesson that shows a request made in
 * that era and leaves the opening itself aside (its lines stay in the exchange's steps, before
 * the ones the lesson prints).
 *
 * @remarks Source: the specification, `docs/specification/2025-11-25/basic/lifecycle.mdx`,
 * "Initialization": the client sends `initialize` first, and after a successful answer sends
 * `notifications/initialized` before any other request.
 */
import { LEGACY_REVISIONS } from "../protocol/revisions";
import { WIRE_CLIENT_CAPABILITIES, WIRE_CLIENT_INFO } from "./clientInfo";
import type { LineExchange } from "./lineExchange";

/**
 * The `initialize` request the course's scripted clients send (2025-11-25 `basic/lifecycle.mdx`,
 * "Initialization"): the protocol version asked for, the client's capabilities (none) and its
 * `clientInfo`, as the real client's SDK sends them.
 *
 * @param id the request's id.
 * @param protocolVersion the revision asked for; default 2025-11-25.
 */
export function initializeRequest(
  id: number,
  protocolVersion = "2025-11-25",
): Record<string, unknown> {
  return {
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: {
      protocolVersion,
      capabilities: { ...WIRE_CLIENT_CAPABILITIES },
      clientInfo: { ...WIRE_CLIENT_INFO },
    },
  };
}

/** The revision the opening asks for: the newest legacy one, 2025-11-25. */
export const OPENING_REVISION = LEGACY_REVISIONS[0];

/**
 * Opens a 2025-11-25 session on `exchange`: `initialize` (id `id`), its answer, then
 * `notifications/initialized`.
 *
 * @param id the `initialize` request's id; the caller's later requests must use others.
 * @returns the `initialize` result (`protocolVersion`, `capabilities`, `serverInfo`).
 * @throws Error when the server answers with an error, or agrees on another revision.
 */
export async function openLegacySession(
  exchange: LineExchange,
  id: number = 0,
): Promise<Record<string, any>> {
  exchange.send(initializeRequest(id, OPENING_REVISION));
  const answer = await exchange.read();
  const version = answer.result?.protocolVersion;
  if (version !== OPENING_REVISION)
    throw new Error(
      `${exchange.command} did not agree on ${OPENING_REVISION}: ${JSON.stringify(answer)}`,
    );
  exchange.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  return answer.result as Record<string, any>;
}
