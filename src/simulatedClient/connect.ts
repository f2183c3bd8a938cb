/**
 * Connecting: discovery on the wire, then lesson 6's negotiation on what discovery brought back.
 *
 * The client discovers every server (`discovery.ts`), then decides which tools to keep with
 * lesson 6's decision, `agreeOn` (the reference lesson, `negotiate`; IM5): a declared version
 * above the known one drops the whole server, a name off the allowlist drops the tool. Lesson 6's
 * `negotiate` counts its folded handshake (`yetenek sor` / `yetenek bildir`) before deciding; here
 * the MCP messages that handshake stood for have been sent instead, so only the decision is reused.
 *
 * Nothing is reported here: the dropped tools sit in `negotiation.dropped`, and a client that
 * does not read them drops silently (see `drops.ts`).
 */
import type { Session } from "../sim/client";
import type { Level } from "../sim/declaration";
import type { Envelope } from "../sim/envelope";
import { agreeOn, type ClientPolicy, type Negotiation } from "../sim/negotiation";
import type { WorldServer } from "../sim/server";
import { sendDiscovery, type SentMessage } from "./discovery";
import { legacyDiscoveryMessages, type DiscoveryMessage } from "./messages";

/** A connected client: what its tasks call through, what negotiation decided, what was sent. */
export interface Connection {
  /**
   * What the client's calls go through: the run's counter, the tools kept and the approval
   * answer (the simulator's `Session` type; not an MCP session).
   */
  caller: Session;
  negotiation: Negotiation;
  /** Every discovery message, server by server, as sent. */
  sent: SentMessage[];
}

/**
 * Discovers every server on `envelope`, in order, then negotiates at `level` under `policy`.
 *
 * @param servers the servers, discovered and negotiated in this order.
 * @param level the declaration level the servers answer with (0–3).
 * @param policy the client's allowlist and known versions.
 * @param envelope the run's counter; gains the discovery messages and nothing else.
 * @param discover the messages that discover one server; default a 2025-11-25 session's
 *   (`legacyDiscoveryMessages`).
 * @returns a caller on `envelope` with the negotiated tools (approval off, as in lesson 6's runs).
 */
export function connectClient(
  servers: readonly WorldServer[],
  level: Level,
  policy: ClientPolicy,
  envelope: Envelope,
  discover: (server: WorldServer) => readonly DiscoveryMessage[] = legacyDiscoveryMessages,
): Connection {
  const sent = servers.flatMap((server) => sendDiscovery(discover(server), envelope));
  const negotiation = agreeOn(servers, level, policy);
  return {
    caller: { envelope, negotiated: negotiation.negotiated, approval: false },
    negotiation,
    sent,
  };
}
