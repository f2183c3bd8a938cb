/**
 * Counting discovery: sending one server's discovery messages through the run's envelope.
 *
 * The envelope is lesson 6's (`sim/envelope.ts`, the reference lesson, IM4): 8 tokens per message
 * on top of the body, one round trip per request on a local transport and two on a remote one,
 * none for responses and notifications. Nothing here prices a message itself: every figure is
 * what `Envelope.send` counted. In either era the messages carry their protocol fields in their
 * bodies (`messages.ts`), so the same `send` counts both.
 */
import { Envelope, type EnvelopeCounts, type Transport } from "../sim/envelope";
import type { ProtocolEra } from "../sim/eras";
import type { ServerFacts } from "../sim/server";
import { pyStr } from "../sim/values";
import {
  capabilitiesOf,
  DISCOVERY_METHODS,
  discoveryMessages,
  type Capability,
  type DiscoveryMessage,
} from "./messages";

/** How a client discovers: the era, whether it asks `server/discover`, which lists it asks for, and what it may skip. */
export interface DiscoveryOptions {
  /** The protocol era; default `legacy`. */
  era?: ProtocolEra;
  /** Stateless era: send `server/discover` before the lists; default false. */
  discover?: boolean;
  /**
   * The lists the client asks for, of those a server's capabilities call for; default all
   * three. The real client lists only `tools` (`wireClient/connection.ts`).
   */
  lists?: readonly Capability[];
  /**
   * Whether the client holds a fresh result of `method` from `server` (a cache, `session.ts`): such
   * a request and its response are not sent. Default: nothing is fresh.
   */
  fresh?: (server: string, method: string) => boolean;
}

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
 * Sends discovery messages through `envelope`, in order, and keeps what it charged for each.
 *
 * @param messages the messages, e.g. one server's `legacyDiscoveryMessages`.
 * @param envelope the run's counter; gains every message.
 * @returns the messages as sent, each with its body as text, its tokens and its round trips.
 */
export function sendDiscovery(
  messages: readonly DiscoveryMessage[],
  envelope: Envelope,
): SentMessage[] {
  return messages.map((message) => {
    const before = envelope.counts().round_trips;
    const tokens = envelope.send(message.kind, message.body, message.transport);
    const roundTrips = envelope.counts().round_trips - before;
    return { ...message, body: message.body.map(pyStr).join(" "), tokens, roundTrips };
  });
}

/**
 * One server's discovery messages in the era and with the `server/discover` of `options`
 * (`discoveryMessages`), less the lists not asked for and the methods whose result the client
 * holds fresh (a request and its response go together).
 */
export function discoveryToSend(
  server: ServerFacts,
  options: DiscoveryOptions = {},
): DiscoveryMessage[] {
  const { era = "legacy", discover = false, lists, fresh } = options;
  const listed = new Set<string>(
    (lists ?? LIST_CAPABILITIES).map((capability) => DISCOVERY_METHODS[capability]),
  );
  const skipped = (method: string) =>
    (LIST_METHODS.has(method) && !listed.has(method)) || (fresh?.(server.name, method) ?? false);
  return discoveryMessages(server, era, discover).filter((message) => !skipped(message.method));
}

/** Every list a client may ask for, in MCP's order. */
const LIST_CAPABILITIES: readonly Capability[] = ["tools", "resources", "prompts"];

/** The methods of those lists. */
const LIST_METHODS: ReadonlySet<string> = new Set(
  LIST_CAPABILITIES.map((capability) => DISCOVERY_METHODS[capability]),
);

/**
 * Sends one server's discovery messages ({@link discoveryToSend}) and counts each on `envelope`.
 *
 * @param server the server to discover.
 * @param envelope the run's counter; gains every message sent.
 * @param options era, `server/discover`, lists, and what is fresh (see {@link DiscoveryOptions}).
 * @returns the messages as sent, in order, each with its tokens and round trips.
 */
export function discoverServer(
  server: ServerFacts,
  envelope: Envelope,
  options: DiscoveryOptions = {},
): SentMessage[] {
  return sendDiscovery(discoveryToSend(server, options), envelope);
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

/**
 * Discovers one server on a fresh envelope, in the era and with the `server/discover` of
 * `options` (nothing is fresh), and returns its row (counts are integers).
 */
export function measureDiscovery(
  server: ServerFacts,
  options: DiscoveryOptions = {},
): DiscoveryRow {
  const envelope = new Envelope();
  discoverServer(server, envelope, { era: options.era, discover: options.discover });
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
  return {
    request: a.request - b.request,
    response: a.response - b.response,
    notification: a.notification - b.notification,
    tokens: a.tokens - b.tokens,
    round_trips: a.round_trips - b.round_trips,
  };
}

/** `a + b`, count by count. */
export function addCounts(a: EnvelopeCounts, b: EnvelopeCounts): EnvelopeCounts {
  return {
    request: a.request + b.request,
    response: a.response + b.response,
    notification: a.notification + b.notification,
    tokens: a.tokens + b.tokens,
    round_trips: a.round_trips + b.round_trips,
  };
}

/** Counts that are all zero. */
export const NO_COUNTS: Readonly<EnvelopeCounts> = {
  request: 0,
  response: 0,
  notification: 0,
  tokens: 0,
  round_trips: 0,
};
