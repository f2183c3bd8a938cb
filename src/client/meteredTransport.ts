/**
 * Real bytes on the wire: a transport decorator that counts every message the SDK's client sends
 * and receives, by kind and by method.
 *
 * Source: issue 5 §3 ("real bytes on the wire per message are measured and set beside the
 * simulator's envelope tokens"). {@link MeteredTransport} implements the SDK's `Transport` around
 * another one (here `StdioClientTransport`) and changes nothing that passes through it:
 * - a sent message costs `Buffer.byteLength(serializeMessage(message))`, which is exactly what
 *   `StdioClientTransport.send` writes to the child's stdin (`JSON.stringify(message) + "\n"`);
 * - a received message costs the same measure of the message as parsed. The SDK parses each line
 *   with `JSON.parse` and its zod schemas, which keep every key and value (they may reorder keys,
 *   never add or drop one), so for a server that writes with `serializeMessage` this is the length
 *   of the line it wrote; a test holds it against the server's own `bytes_out`. A line that fails
 *   to parse reaches the client only as a transport error: it is counted in `transportErrors`,
 *   not in bytes.
 *
 * It is not a protocol engine and does not look inside results; one {@link TrafficMeter} may count
 * several transports in turn (a server restarted mid-run).
 */
import { serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import type { MessageKind } from "../sim/envelope";

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
export function messageKind(message: JSONRPCMessage): MessageKind {
  if (!("method" in message)) return "response";
  return "id" in message ? "request" : "notification";
}

/** Bytes of a message as the SDK's stdio transports write it: `JSON.stringify(message) + "\n"`, UTF-8. */
export function messageBytes(message: JSONRPCMessage): number {
  return Buffer.byteLength(serializeMessage(message));
}

function emptyDirection(): DirectionCounts {
  const zero = (): ByteCount => ({ messages: 0, bytes: 0 });
  return { total: zero(), byKind: { request: zero(), response: zero(), notification: zero() }, byMethod: {} };
}

function add(count: ByteCount, bytes: number): void {
  count.messages += 1;
  count.bytes += bytes;
}

function copyDirection(direction: DirectionCounts): DirectionCounts {
  const byMethod: Record<string, ByteCount> = {};
  for (const [method, count] of Object.entries(direction.byMethod)) byMethod[method] = { ...count };
  const { request, response, notification } = direction.byKind;
  return { total: { ...direction.total }, byKind: { request: { ...request }, response: { ...response }, notification: { ...notification } }, byMethod };
}

/** A running count of a client's traffic, over one transport or several in turn. */
export class TrafficMeter {
  private readonly sent = emptyDirection();
  private readonly received = emptyDirection();
  private transportErrors = 0;

  /** Counts one message in one direction, filed under `method`. */
  count(direction: "sent" | "received", message: JSONRPCMessage, method: string): void {
    const bytes = messageBytes(message);
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
    return { sent: copyDirection(this.sent), received: copyDirection(this.received), transportErrors: this.transportErrors };
  }
}

/**
 * A `Transport` that counts what passes through `inner` on `meter`, and otherwise forwards every
 * call and callback unchanged. Give it to `Client.connect` in place of `inner`.
 */
export class MeteredTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  /** Methods of requests in flight, by id, per direction (ids restart with every transport). */
  private readonly sentMethods = new Map<string | number, string>();
  private readonly receivedMethods = new Map<string | number, string>();

  constructor(
    readonly inner: Transport,
    readonly meter: TrafficMeter,
  ) {}

  /** Hooks the inner transport's callbacks, then starts it. */
  start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      this.meter.count("received", message, this.methodOf(message, this.receivedMethods, this.sentMethods));
      this.onmessage?.(message, extra);
    };
    this.inner.onerror = (error) => {
      this.meter.countError();
      this.onerror?.(error);
    };
    this.inner.onclose = () => this.onclose?.();
    return this.inner.start();
  }

  /** Counts the message, then hands it to the inner transport. */
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.meter.count("sent", message, this.methodOf(message, this.sentMethods, this.receivedMethods));
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** A request or notification's own method (a request is remembered); a response's request's method. */
  private methodOf(message: JSONRPCMessage, own: Map<string | number, string>, other: Map<string | number, string>): string {
    if ("method" in message) {
      if ("id" in message) own.set(message.id, message.method);
      return message.method;
    }
    // A late response (after a timeout) still finds its request: ids are never reused on one transport.
    const id = "id" in message ? message.id : undefined;
    return (id !== undefined && other.get(id)) || UNKNOWN_METHOD;
  }
}

function addDirection(a: DirectionCounts, b: DirectionCounts): DirectionCounts {
  const sum = copyDirection(a);
  const plus = (into: ByteCount, from: ByteCount) => {
    into.messages += from.messages;
    into.bytes += from.bytes;
  };
  plus(sum.total, b.total);
  for (const kind of ["request", "response", "notification"] as const) plus(sum.byKind[kind], b.byKind[kind]);
  for (const [method, count] of Object.entries(b.byMethod)) plus((sum.byMethod[method] ??= { messages: 0, bytes: 0 }), count);
  return sum;
}

/** No traffic: the start of a sum. */
export function noTraffic(): TrafficCounts {
  return new TrafficMeter().counts();
}

/** Two counts added, direction by direction (methods in order of first appearance, `a`'s first); a new object. */
export function addTraffic(a: TrafficCounts, b: TrafficCounts): TrafficCounts {
  return { sent: addDirection(a.sent, b.sent), received: addDirection(a.received, b.received), transportErrors: a.transportErrors + b.transportErrors };
}
