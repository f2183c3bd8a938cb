/**
 * The simulator's handshake message by message: each message's body, its tokens and round trips,
 * counted by the same `handshake` every run uses. Lesson 5 sums it in one sentence where it defines
 * the handshake, and lesson 6 counts it where it prices discovery.
 */
import {
  Envelope,
  ENVELOPE_TOKENS,
  REMOTE_ROUND_TRIPS,
  type MessageKind,
  type Transport,
} from "../sim/envelope";
import { handshake } from "../sim/negotiation";
import type { ServerFacts } from "../sim/server";
import type { Value } from "../sim/values";
import { LESSON_POLICY } from "../world/servers";

/** One message of a handshake as the envelope counted it: its body's words and its cost. */
export interface CountedMessage {
  kind: MessageKind;
  /** The server the message goes to or comes from. */
  server: string;
  transport: Transport;
  /** The body, its words joined by spaces (numbers as digits). */
  body: string;
  /** The body's tokens, as {@link tokenize} cuts it. */
  bodyTokens: number;
  /** What the envelope charged: body tokens + {@link ENVELOPE_TOKENS}. */
  cost: number;
  /** Round trips the message added: a request's by its transport, 0 for a response. */
  roundTrips: number;
}

/** An envelope that also keeps each message it counts, so the handshake can be shown word by word. */
class RecordingEnvelope extends Envelope {
  readonly messages: { kind: MessageKind; body: string; transport: Transport; cost: number }[] = [];

  override send(
    kind: MessageKind,
    body: string | readonly Value[],
    transport: Transport = "local",
  ): number {
    const cost = super.send(kind, body, transport);
    const text = typeof body === "string" ? body : body.map(String).join(" ");
    this.messages.push({ kind, body: text, transport, cost });
    return cost;
  }
}

/**
 * The handshake with `servers`, message by message, counted by the same `handshake` the runs use
 * on a fresh envelope: what each body says and what it costs. The messages are the same at every
 * declaration level and under every policy (the client decides after the answers are in), so
 * this counts them at level 0 under the lesson's policy.
 *
 * @returns the messages in the order sent, a request then its response for each server; their
 *   costs sum to the handshake's tokens.
 */
export function handshakeMessages(servers: readonly ServerFacts[]): CountedMessage[] {
  const envelope = new RecordingEnvelope();
  handshake(servers, 0, LESSON_POLICY, envelope);
  // A response answers the request just before it: it is about the same server.
  let server = "";
  let transport: Transport = "local";
  return envelope.messages.map((m) => {
    if (m.kind === "request") {
      server = m.body.split(" ")[2];
      transport = m.transport;
    }
    const trips = m.kind !== "request" ? 0 : m.transport === "remote" ? REMOTE_ROUND_TRIPS : 1;
    return {
      kind: m.kind,
      server,
      transport,
      body: m.body,
      bodyTokens: m.cost - ENVELOPE_TOKENS,
      cost: m.cost,
      roundTrips: trips,
    };
  });
}
