/**
 * Real bytes on the wire: a transport decorator that counts every message the SDK's client sends
 * and receives, by kind and by method, on a {@link TrafficMeter} (`trafficCounts.ts`), in either
 * era.
 *
 * Real bytes per message are what the course sets beside the simulator's envelope tokens, in
 * both eras. {@link MeteredTransport}
 * implements the SDK's (v2) `Transport` around another one and changes nothing that passes through it.
 * Around the real client's {@link StdioLineTransport} (`stdioTransport.ts`), which tells each
 * message's bytes as it writes or reads its line, it counts those: the string written, the line
 * read (newline included), each line `JSON.parse` refuses as a transport error; nothing is
 * serialized or parsed again. Around any other transport (the SDK's `StdioClientTransport`, the
 * SDK 1.x's in a test) it measures the messages themselves, which for a peer writing
 * `JSON.stringify(message) + "\n"` is the same figure:
 * - a sent message costs `Buffer.byteLength(serializeMessage(message))`, which is exactly what
 *   `StdioClientTransport.send` writes to the child's stdin (`JSON.stringify(message) + "\n"`).
 *   The SDK adds the stateless era's `_meta` (protocol version, client capabilities, client info)
 *   to a request before it reaches the transport, so those bytes are counted;
 * - a received message costs the same measure of the message as the transport parsed it
 *   (`JSON.parse` of one line, before the SDK's schemas look at it), so `resultType`, `_meta`,
 *   `ttlMs` and `cacheScope` are counted, and for a server that writes with `serializeMessage`
 *   this is the length of the line it wrote; a test holds it against the server's own
 *   `bytes_out`. A line that fails the SDK's schema reaches the client only as a transport error: it
 *   is counted in `transportErrors`, not in bytes. A line that is not JSON at all (a server's
 *   stray stdout) is dropped by the SDK's `ReadBuffer` without a callback, so around the SDK's
 *   transport it is not counted (docs/sdk-gaps.md#stray-line-unseen); around ours it is.
 *
 * Around the SDK's `StreamableHTTPClientTransport` it measures the messages as above (their JSON
 * as one line, the figure stdio would carry); the HTTP beneath them, headers and bodies as on the
 * socket, is the transport's `fetch`'s to count (`httpFetch.ts`).
 *
 * It is not a protocol engine and does not look inside results; one {@link TrafficMeter} may count
 * several transports in turn (a server restarted mid-run). Around a stdio transport it reports the
 * inner transport's `stderr` and `pid`, and around any other it has neither: the SDK recognizes a
 * stdio transport by those two (`detectProbeTransportKind`) and treats every other as HTTP, and
 * the probe's verdicts depend on it (on stdio, silence or a closed pipe means a legacy server:
 * `probe.ts`; over HTTP, the status and body of the probe's response).
 */
import type { Stream } from "node:stream";
import type {
  JSONRPCMessage,
  MessageExtraInfo,
  Transport,
  TransportSendOptions,
} from "@modelcontextprotocol/client";
import { StdioLineTransport } from "./stdioTransport";
import { TrafficMeter, UNKNOWN_METHOD } from "./trafficCounts";

/**
 * A `Transport` that counts what passes through `inner` on `meter`, and otherwise forwards every
 * call and callback unchanged. Give it to `Client.connect` in place of `inner`.
 */
export class MeteredTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  /**
   * Methods of requests in flight, by id, per direction (ids restart with every transport); an
   * entry goes when its response is counted, so the maps hold what is unanswered, not the session.
   */
  private readonly sentMethods = new Map<string | number, string>();
  private readonly receivedMethods = new Map<string | number, string>();
  /**
   * Called with every message received, as the transport parsed it (before the SDK's schemas
   * look at it, so its keys are in the order they came), and the method it is filed under.
   */
  onreceived?: (message: JSONRPCMessage, method: string) => void;

  /**
   * The inner transport's child stderr, or null: present only around a stdio transport (one
   * with `stderr` and `pid`), as {@link pid}.
   */
  declare readonly stderr?: Stream | null;
  /** The inner transport's child process id (once started), or null; present only around a stdio transport. */
  declare readonly pid?: number | null;

  constructor(
    readonly inner: Transport,
    readonly meter: TrafficMeter,
  ) {
    // The SDK tells a stdio transport by these two members (`detectProbeTransportKind`, by `in`),
    // and any other as HTTP: so they exist only when the inner transport has them.
    if ("stderr" in inner && "pid" in inner)
      Object.defineProperties(this, {
        stderr: { get: () => (inner as { stderr?: Stream | null }).stderr ?? null },
        pid: { get: () => (inner as { pid?: number | null }).pid ?? null },
      });
  }

  /** Hooks the inner transport's callbacks, then starts it. */
  start(): Promise<void> {
    const inner = this.inner;
    if (inner instanceof StdioLineTransport) {
      // It tells each message's bytes as they cross the pipe: nothing is serialized or parsed again.
      inner.onbytes = (direction, message, bytes) => {
        const method =
          direction === "sent"
            ? this.methodOf(message, this.sentMethods, this.receivedMethods)
            : this.methodOf(message, this.receivedMethods, this.sentMethods);
        this.meter.countBytes(direction, message, method, bytes);
        if (direction === "received") this.onreceived?.(message, method);
      };
      inner.onunparsable = () => this.meter.countError();
      inner.onmessage = (message) => this.onmessage?.(message);
    } else {
      inner.onmessage = (message, extra) => {
        const method = this.methodOf(message, this.receivedMethods, this.sentMethods);
        this.meter.count("received", message, method);
        this.onreceived?.(message, method);
        this.onmessage?.(message, extra);
      };
    }
    this.inner.onerror = (error) => {
      this.meter.countError();
      this.onerror?.(error);
    };
    this.inner.onclose = () => this.onclose?.();
    return this.inner.start();
  }

  /** Counts the message (a {@link StdioLineTransport} reports it as it writes it), then hands it to the inner transport. */
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (!(this.inner instanceof StdioLineTransport))
      this.meter.count(
        "sent",
        message,
        this.methodOf(message, this.sentMethods, this.receivedMethods),
      );
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** A request or notification's own method (a request is remembered); a response's request's method. */
  private methodOf(
    message: JSONRPCMessage,
    own: Map<string | number, string>,
    other: Map<string | number, string>,
  ): string {
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
