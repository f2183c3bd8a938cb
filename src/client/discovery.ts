/**
 * Counting discovery: sending one server's discovery messages through the run's envelope.
 *
 * The envelope is lesson 6's (`sim/envelope.ts`, reference lesson 004 IM4): 8 tokens per message
 * on top of the body, one round trip per request on a local transport and two on a remote one,
 * none for responses and notifications. Nothing here prices a message itself: every figure is
 * what `Envelope.send` counted.
 */
import { Envelope, type EnvelopeCounts, type Transport } from "../sim/envelope";
import type { Server } from "../sim/server";
import { pyStr } from "../sim/values";
import { capabilitiesOf, discoveryMessages, type Capability, type DiscoveryMessage } from "./messages";

/** A discovery message as sent: its body as text, and what the envelope counted for it. */
export interface SentMessage extends Omit<DiscoveryMessage, "body"> {
  /** The body as it reads on the wire (words joined by spaces). */
  body: string;
  /** Envelope tokens of this message (body tokens + 8). */
  tokens: number;
  /** Round trips this message added (1 or 2 for a request, 0 otherwise). */
  roundTrips: number;
}

/**
 * Sends one server's discovery messages (see `discoveryMessages`) and counts each on `envelope`.
 *
 * @param server the server to discover.
 * @param envelope the run's counter; gains every message.
 * @returns the messages as sent, in order, each with its tokens and round trips.
 */
export function discoverServer(server: Server, envelope: Envelope): SentMessage[] {
  return discoveryMessages(server).map(({ kind, method, server: name, transport, body }) => {
    const before = envelope.counts().round_trips;
    const tokens = envelope.send(kind, body, transport);
    return { kind, method, server: name, transport, body: body.map(pyStr).join(" "), tokens, roundTrips: envelope.counts().round_trips - before };
  });
}

/** One server's discovery on its own: what it declares and what discovering it costs. */
export interface DiscoveryRow extends EnvelopeCounts {
  server: string;
  transport: Transport;
  version: number;
  capabilities: Capability[];
  /** Names the server lists: tools, resources, prompts. */
  tools: number;
  resources: number;
  prompts: number;
}

/** Discovers one server on a fresh envelope and returns its row (counts are integers). */
export function measureDiscovery(server: Server): DiscoveryRow {
  const envelope = new Envelope();
  discoverServer(server, envelope);
  return {
    server: server.name,
    transport: server.transport,
    version: server.version,
    capabilities: capabilitiesOf(server),
    tools: server.tools.length,
    resources: server.resources.length,
    prompts: server.prompts.length,
    ...envelope.counts(),
  };
}

/** `a − b`, count by count (e.g. a run's counts less its discovery). */
export function subtractCounts(a: EnvelopeCounts, b: EnvelopeCounts): EnvelopeCounts {
  return { request: a.request - b.request, response: a.response - b.response, notification: a.notification - b.notification, tokens: a.tokens - b.tokens, round_trips: a.round_trips - b.round_trips };
}

/** `a + b`, count by count. */
export function addCounts(a: EnvelopeCounts, b: EnvelopeCounts): EnvelopeCounts {
  return { request: a.request + b.request, response: a.response + b.response, notification: a.notification + b.notification, tokens: a.tokens + b.tokens, round_trips: a.round_trips + b.round_trips };
}

/** Counts that are all zero. */
export const NO_COUNTS: Readonly<EnvelopeCounts> = { request: 0, response: 0, notification: 0, tokens: 0, round_trips: 0 };
