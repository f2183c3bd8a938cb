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
 * `JSON.stringify` does. Over Streamable HTTP a message is counted the second way (the figure
 * stdio would carry), and the HTTP beneath it apart ({@link HttpTraffic}: requests, connections,
 * header and body bytes as on the socket, `httpFetch.ts`). What is counted, and when, is decided by the transport decorator
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
  /**
   * Over Streamable HTTP only (absent on stdio): the HTTP exchanges beneath the messages, their
   * header and body bytes apart, as counted on the sockets (`httpFetch.ts`).
   */
  http?: HttpTraffic;
}

/** One HTTP message's bytes on the socket: its header block and its body, framing included. */
export interface HttpBytes {
  /** The start line and header fields, up to and including the blank line that ends them, bytes. */
  headerBytes: number;
  /**
   * What follows the header block, bytes as on the socket: the `Content-Length` bytes, or the
   * chunked coding with its chunk-size lines and last chunk, or everything up to the close.
   */
  bodyBytes: number;
}

/** HTTP exchanges (one request, its response) and their bytes, each direction apart. */
export interface HttpExchangeCount {
  exchanges: number;
  /** The HTTP requests' bytes, client to server. */
  sent: HttpBytes;
  /** The HTTP responses' bytes, server to client (an exchange cut off before its response has fewer). */
  received: HttpBytes;
}

/**
 * The HTTP beneath a Streamable HTTP connection (2026-07-28 `basic/transports/streamable-http.mdx`,
 * "Sending Messages to the Server": every client message is its own POST). An exchange is filed
 * under the message its POST carried: its JSON-RPC kind and MCP method (a posted response under
 * its request's method). A GET (the legacy era's optional server-to-client stream, "Listening for
 * Messages from the Server") or DELETE carries no message: it is in `total` and in `byMethod`
 * under `"(GET)"` / `"(DELETE)"` ({@link bodilessMethod}), not in `byKind`.
 */
export interface HttpTraffic {
  /** TCP connections opened (each `connect` of a socket). */
  connections: number;
  /** Every exchange; `total.exchanges` is the number of HTTP requests sent. */
  total: HttpExchangeCount;
  byKind: Record<MessageKind, HttpExchangeCount>;
  /** By method, in order of first exchange. */
  byMethod: Record<string, HttpExchangeCount>;
  /**
   * The sockets' own counters (`socket.bytesWritten`, `socket.bytesRead`) summed over the
   * connections closed so far: once every connection is closed, `sent` equals `total.sent`'s
   * header and body bytes together and `received` `total.received`'s, which a test holds.
   */
  closedSockets: { connections: number; sent: number; received: number };
}

/** The `byMethod` key of an HTTP exchange that carries no JSON-RPC message: `"(GET)"`, `"(DELETE)"`. */
export function bodilessMethod(httpMethod: string): string {
  return `(${httpMethod})`;
}

/** One exchange as the socket meter saw it, to add to a {@link TrafficMeter}. */
export interface HttpExchange {
  /** The posted message's kind; undefined for an exchange without a message (GET, DELETE). */
  kind: MessageKind | undefined;
  /** Its MCP method, or {@link bodilessMethod}'s key. */
  method: string;
  sent: HttpBytes;
  received: HttpBytes;
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

function zeroExchanges(): HttpExchangeCount {
  return {
    exchanges: 0,
    sent: { headerBytes: 0, bodyBytes: 0 },
    received: { headerBytes: 0, bodyBytes: 0 },
  };
}

function emptyHttp(): HttpTraffic {
  return {
    connections: 0,
    total: zeroExchanges(),
    byKind: { request: zeroExchanges(), response: zeroExchanges(), notification: zeroExchanges() },
    byMethod: {},
    closedSockets: { connections: 0, sent: 0, received: 0 },
  };
}

function copyExchanges(count: HttpExchangeCount): HttpExchangeCount {
  return { exchanges: count.exchanges, sent: { ...count.sent }, received: { ...count.received } };
}

function copyHttp(http: HttpTraffic): HttpTraffic {
  const byMethod: Record<string, HttpExchangeCount> = {};
  for (const [method, count] of Object.entries(http.byMethod))
    byMethod[method] = copyExchanges(count);
  return {
    connections: http.connections,
    total: copyExchanges(http.total),
    byKind: {
      request: copyExchanges(http.byKind.request),
      response: copyExchanges(http.byKind.response),
      notification: copyExchanges(http.byKind.notification),
    },
    byMethod,
    closedSockets: { ...http.closedSockets },
  };
}

/** `into += sign × from`, field by field. */
function plusExchanges(into: HttpExchangeCount, from: HttpExchangeCount, sign: 1 | -1): void {
  into.exchanges += sign * from.exchanges;
  for (const side of ["sent", "received"] as const) {
    into[side].headerBytes += sign * from[side].headerBytes;
    into[side].bodyBytes += sign * from[side].bodyBytes;
  }
}

/** `a ± b` of two HTTP counts, either possibly absent (absent when both are); methods emptied by `−` are left out. */
function combineHttp(
  a: HttpTraffic | undefined,
  b: HttpTraffic | undefined,
  sign: 1 | -1,
): HttpTraffic | undefined {
  if (!a && !b) return undefined;
  const sum = a ? copyHttp(a) : emptyHttp();
  if (!b) return sum;
  sum.connections += sign * b.connections;
  plusExchanges(sum.total, b.total, sign);
  for (const kind of ["request", "response", "notification"] as const)
    plusExchanges(sum.byKind[kind], b.byKind[kind], sign);
  for (const [method, count] of Object.entries(b.byMethod))
    plusExchanges((sum.byMethod[method] ??= zeroExchanges()), count, sign);
  if (sign === -1)
    for (const [method, count] of Object.entries(sum.byMethod))
      if (count.exchanges === 0) delete sum.byMethod[method];
  sum.closedSockets.connections += sign * b.closedSockets.connections;
  sum.closedSockets.sent += sign * b.closedSockets.sent;
  sum.closedSockets.received += sign * b.closedSockets.received;
  return sum;
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
  /** The HTTP beneath, once an HTTP connection or exchange has been counted. */
  private http: HttpTraffic | undefined;
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

  /** Counts one TCP connection opened (`httpFetch.ts`). */
  countConnection(): void {
    (this.http ??= emptyHttp()).connections += 1;
  }

  /** Counts one closed connection's socket counters, bytes written and read (`httpFetch.ts`). */
  countClosedSocket(sent: number, received: number): void {
    const closed = (this.http ??= emptyHttp()).closedSockets;
    closed.connections += 1;
    closed.sent += sent;
    closed.received += received;
  }

  /** Counts one HTTP exchange, once its response has been framed (or its socket closed). */
  countExchange(exchange: HttpExchange): void {
    const http = (this.http ??= emptyHttp());
    const one: HttpExchangeCount = {
      exchanges: 1,
      sent: { ...exchange.sent },
      received: { ...exchange.received },
    };
    plusExchanges(http.total, one, 1);
    if (exchange.kind) plusExchanges(http.byKind[exchange.kind], one, 1);
    plusExchanges((http.byMethod[exchange.method] ??= zeroExchanges()), one, 1);
  }

  /** The counts so far, as a new object (`http` only once something HTTP was counted). */
  counts(): TrafficCounts {
    this.measure();
    const counts: TrafficCounts = {
      sent: copyDirection(this.sent),
      received: copyDirection(this.received),
      transportErrors: this.transportErrors,
    };
    if (this.http) counts.http = copyHttp(this.http);
    return counts;
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
  const sum: TrafficCounts = {
    sent: addDirection(a.sent, b.sent),
    received: addDirection(a.received, b.received),
    transportErrors: a.transportErrors + b.transportErrors,
  };
  const http = combineHttp(a.http, b.http, 1);
  if (http) sum.http = http;
  return sum;
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
  const rest: TrafficCounts = {
    sent: subtractDirection(later.sent, earlier.sent),
    received: subtractDirection(later.received, earlier.received),
    transportErrors: later.transportErrors - earlier.transportErrors,
  };
  const http = combineHttp(later.http, earlier.http, -1);
  if (http) rest.http = http;
  return rest;
}
