/**
 * The envelope counter: what crossing the protocol boundary costs.
 *
 * Source: reference lesson 004, "Handler and Declaration", function `message` and assumption IM4:
 * every message costs its body's tokens plus a constant 8 for the envelope; a request costs one
 * round trip on a local transport and two on a remote one. Responses and notifications cost no
 * round trip of their own.
 *
 * Each run owns its counter: there is no module-level state, so runs can interleave freely.
 */
import { tokenize } from "./tokenizer";

/** Envelope tokens added to every message. Source: reference lesson 004, IM4 and `message`. */
export const ENVELOPE_TOKENS = 8;

/** Round trips per request on a remote transport. Source: reference lesson 004, IM4. */
export const REMOTE_ROUND_TRIPS = 2;

/** Where a server runs: in the client's process (`local`) or across a network (`remote`). */
export type Transport = "local" | "remote";

/** The three kinds of JSON-RPC message that MCP exchanges. */
export type MessageKind = "request" | "response" | "notification";

/** Counts so far: messages by kind, envelope tokens, and round trips. All are integers. */
export interface EnvelopeCounts {
  request: number;
  response: number;
  notification: number;
  tokens: number;
  round_trips: number;
}

/** A counter of messages, tokens and round trips for one run. */
export class Envelope {
  private readonly totals: EnvelopeCounts = { request: 0, response: 0, notification: 0, tokens: 0, round_trips: 0 };

  /**
   * Counts one message.
   *
   * @param kind request, response or notification.
   * @param body the message body as text; its tokens are counted by `tokenize`.
   * @param transport the transport the message travels on; it matters only for requests.
   * @returns the message's cost in tokens (body tokens + {@link ENVELOPE_TOKENS}).
   */
  send(kind: MessageKind, body: string, transport: Transport = "local"): number {
    const cost = tokenize(body).length + ENVELOPE_TOKENS;
    this.totals[kind] += 1;
    this.totals.tokens += cost;
    if (kind === "request") this.totals.round_trips += transport === "remote" ? REMOTE_ROUND_TRIPS : 1;
    return cost;
  }

  /** A copy of the counts so far. */
  counts(): EnvelopeCounts {
    return { ...this.totals };
  }
}
