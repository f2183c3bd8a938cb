/**
 * Real bytes on the wire: a transport decorator that counts every message the SDK's client sends
 * and receives, by kind and by method, on a {@link TrafficMeter} (`trafficCounts.ts`).
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
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import { TrafficMeter, UNKNOWN_METHOD } from "./trafficCounts";

/**
 * A `Transport` that counts what passes through `inner` on `meter`, and otherwise forwards every
 * call and callback unchanged. Give it to `Client.connect` in place of `inner`.
 */
export class MeteredTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  /**
   * Methods of requests in flight, by id, per direction (ids restart with every transport); an
   * entry goes when its response is counted, so the maps hold what is unanswered, not the session.
   */
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
    // A late response (after a timeout) still finds its request: ids are never reused on one
    // transport, and a request's entry stays until its response. A second response to the same
    // request (which the SDK refuses as unknown) is counted under UNKNOWN_METHOD.
    const id = "id" in message ? message.id : undefined;
    if (id === undefined) return UNKNOWN_METHOD;
    const method = other.get(id);
    if (method === undefined) return UNKNOWN_METHOD;
    other.delete(id);
    return method;
  }
}
