/**
 * Counting real bytes: messages and their bytes per direction, per JSON-RPC kind and per MCP
 * method, as plain numbers.
 *
 * Real bytes on the wire per message. A message costs its bytes on the
 * wire: where the transport reports them (`stdioTransport.ts`: the line written or read, newline
 * included), those ({@link TrafficMeter.countBytes}); over any other transport
 * `Buffer.byteLength(serializeMessage(message))`, the SDK's own serialization
 * (`JSON.stringify(message) + "\n"`), which is exactly what its stdio transports write
 * ({@link TrafficMeter.count}). The two are the same figure for a peer that writes its messages as
 * `JSON.stringify` does. What is counted, and when, is decided by the transport decorator
 * (`meteredTransport.ts`); this module only adds up, and its types carry no SDK types, so a
 * notebook can hold them.
 */
import { serializeMessage } from "@modelcontextprotocol/client";
import type { MessageKind } from "../sim/envelope";

/** A JSON-RPC message as counted: any JSON object (a request, response or notification). */
export type WireMessage = { [key: string]: unknown };

/** Messages and their bytes (UTF-8, the trailing newline included). */
export interface ByteCount {
  messages: number;
  bytes: number;
}

/** One direction's traffic: in all, by JSON-RPC kind, and by MCP method (a response under its request's method). */
export interface DirectionCounts {
  total: ByteCount;
  byKind: Record<MessageKind, ByteCount>;
  /** By method, in order of first message; a response whose request is unknown is under `"(unknown)"`. */
  byMethod: Record<string, ByteCount>;
}

/** Both directions, from the client's side, and the lines that could not be parsed. */
export interface TrafficCounts {
  sent: DirectionCounts;
  received: DirectionCounts;
  /** Errors the inner transport reported (e.g. a stdout line that is not JSON-RPC). */
  transportErrors: number;
}

/** The method a response is filed under when no request with its id was seen. */
export const UNKNOWN_METHOD = "(unknown)";

/** The JSON-RPC kind of a message: a request has `method` and `id`, a notification `method` only, a response neither. */
export function messageKind(message: WireMessage): MessageKind {
  if (!("method" in message)) return "response";
  return "id" in message ? "request" : "notification";
}

/** Bytes of a message as the SDK's stdio transports write it: `JSON.stringify(message) + "\n"`, UTF-8. */
export function messageBytes(message: WireMessage): number {
  return Buffer.byteLength(serializeMessage(message as Parameters<typeof serializeMessage>[0]));
}

function emptyDirection(): DirectionCounts {
  const zero = (): ByteCount => ({ messages: 0, bytes: 0 });
  return {
    total: zero(),
    byKind: { request: zero(), response: zero(), notification: zero() },
    byMethod: {},
  };
}

function add(count: ByteCount, bytes: number): void {
  count.messages += 1;
  count.bytes += bytes;
}

function copyDirection(direction: DirectionCounts): DirectionCounts {
  const byMethod: Record<string, ByteCount> = {};
  for (const [method, count] of Object.entries(direction.byMethod)) byMethod[method] = { ...count };
  const { request, response, notification } = direction.byKind;
  return {
    total: { ...direction.total },
    byKind: {
      request: { ...request },
      response: { ...response },
      notification: { ...notification },
    },
    byMethod,
  };
}

/** A running count of a client's traffic, over one transport or several in turn. */
export class TrafficMeter {
  private readonly sent = emptyDirection();
  private readonly received = emptyDirection();
  private transportErrors = 0;
  /** Messages counted and not yet measured, oldest first. */
  private pending: { direction: "sent" | "received"; message: WireMessage; method: string }[] = [];
  private measureScheduled = false;
  private readonly measureLater = () => {
    this.measureScheduled = false;
    this.measure();
  };

  /**
   * Counts one message in one direction, filed under `method`. Its bytes (its JSON, serialised
   * again) are measured once this turn of the event loop is over, off the path between a response
   * and the next request; {@link counts} measures any still waiting first, so it returns the same
   * figures, in the same order. The message must not change meanwhile (the SDK changes none it sent
   * or received).
   */
  count(direction: "sent" | "received", message: WireMessage, method: string): void {
    this.pending.push({ direction, message, method });
    if (!this.measureScheduled) {
      this.measureScheduled = true;
      setImmediate(this.measureLater).unref();
    }
  }

  /**
   * Counts one message whose bytes on the wire are known (the line as written or read, newline
   * included: `stdioTransport.ts`), in one direction, filed under `method`; nothing is serialized.
   * Any message still waiting from {@link count} is measured first, so the order stays the arrival order.
   */
  countBytes(
    direction: "sent" | "received",
    message: WireMessage,
    method: string,
    bytes: number,
  ): void {
    if (this.pending.length > 0) this.measure();
    this.add(direction, message, method, bytes);
  }

  /** Measures and adds every message still waiting, in order. */
  private measure(): void {
    const pending = this.pending;
    this.pending = [];
    for (const { direction, message, method } of pending)
      this.add(direction, message, method, messageBytes(message));
  }

  private add(
    direction: "sent" | "received",
    message: WireMessage,
    method: string,
    bytes: number,
  ): void {
    const counts = this[direction];
    add(counts.total, bytes);
    add(counts.byKind[messageKind(message)], bytes);
    add((counts.byMethod[method] ??= { messages: 0, bytes: 0 }), bytes);
  }

  /** Counts one error reported by a transport. */
  countError(): void {
    this.transportErrors += 1;
  }

  /** The counts so far, as a new object. */
  counts(): TrafficCounts {
    this.measure();
    return {
      sent: copyDirection(this.sent),
      received: copyDirection(this.received),
      transportErrors: this.transportErrors,
    };
  }
}

function addDirection(a: DirectionCounts, b: DirectionCounts): DirectionCounts {
  const sum = copyDirection(a);
  const plus = (into: ByteCount, from: ByteCount) => {
    into.messages += from.messages;
    into.bytes += from.bytes;
  };
  plus(sum.total, b.total);
  for (const kind of ["request", "response", "notification"] as const)
    plus(sum.byKind[kind], b.byKind[kind]);
  for (const [method, count] of Object.entries(b.byMethod))
    plus((sum.byMethod[method] ??= { messages: 0, bytes: 0 }), count);
  return sum;
}

/** No traffic: the start of a sum. */
export function noTraffic(): TrafficCounts {
  return new TrafficMeter().counts();
}

/** Two counts added, direction by direction (methods in order of first appearance, `a`'s first); a new object. */
export function addTraffic(a: TrafficCounts, b: TrafficCounts): TrafficCounts {
  return {
    sent: addDirection(a.sent, b.sent),
    received: addDirection(a.received, b.received),
    transportErrors: a.transportErrors + b.transportErrors,
  };
}

function subtractDirection(a: DirectionCounts, b: DirectionCounts): DirectionCounts {
  const rest = copyDirection(a);
  const minus = (from: ByteCount, less: ByteCount) => {
    from.messages -= less.messages;
    from.bytes -= less.bytes;
  };
  minus(rest.total, b.total);
  for (const kind of ["request", "response", "notification"] as const)
    minus(rest.byKind[kind], b.byKind[kind]);
  for (const [method, count] of Object.entries(b.byMethod))
    minus((rest.byMethod[method] ??= { messages: 0, bytes: 0 }), count);
  for (const [method, count] of Object.entries(rest.byMethod))
    if (count.messages === 0 && count.bytes === 0) delete rest.byMethod[method];
  return rest;
}

/**
 * What a meter counted between two readings: `later − earlier`, direction by direction; methods
 * that had no message in between are left out. A new object.
 *
 * @param later a reading taken after `earlier` from the same meter (every count at least as large).
 */
export function subtractTraffic(later: TrafficCounts, earlier: TrafficCounts): TrafficCounts {
  return {
    sent: subtractDirection(later.sent, earlier.sent),
    received: subtractDirection(later.received, earlier.received),
    transportErrors: later.transportErrors - earlier.transportErrors,
  };
}
