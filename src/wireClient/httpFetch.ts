/**
 * The real client's `fetch` for Streamable HTTP: `node:http` on an agent of its own, every byte
 * counted on the socket, headers and bodies apart, every TCP connection counted, each exchange
 * filed under the JSON-RPC message it carried (`trafficCounts.ts`, {@link HttpTraffic}).
 *
 * Why at the socket: a web `fetch` hides the header fields it adds (`Host`, `Connection`,
 * `Content-Length`, …), the response's raw header block, the chunked framing of a body and
 * whether a connection was opened or reused. The SDK's `StreamableHTTPClientTransport` takes a
 * `fetch` of the caller's (its public `fetch` option, SDK 2.4.0 `StreamableHTTPClientTransportOptions`),
 * so this one is given there; the transport does the protocol, this only carries and counts.
 *
 * How it counts, and why the figures are exact:
 * - connections: the agent's `createConnection` makes every socket (`net.createConnection`), and
 *   each `connect` is one TCP connection opened;
 * - bytes: on each socket, every chunk handed to `socket.write` (all that Node's HTTP client
 *   writes goes through it: header block and body) and every chunk the socket emits as `data`
 *   (the listener is attached when the socket is made, so it sees each chunk before Node's HTTP
 *   parser does) are fed to an HTTP/1.1 framer (RFC 9112 §6: the header block ends at the first
 *   empty line; the body is then `Content-Length` bytes, or the chunked coding up to its last
 *   chunk and trailer, or, for a response with neither, everything to the close; 1xx, 204 and
 *   304 responses have none). Header bytes are the start line and fields with the blank line;
 *   body bytes are what follows, framing included. Nothing is re-serialized or guessed: when a
 *   socket closes, the framed bytes add up to its own `bytesWritten` and `bytesRead`
 *   (`HttpTraffic.closedSockets`, which a test holds);
 * - exchanges: requests on one socket go out one at a time (Node's agent never pipelines), so the
 *   k-th request framed on a socket and the k-th response framed on it are the k-th exchange the
 *   agent assigned to it; each is filed under the kind and method of the message its body carries
 *   (`JSON.parse` of the body the SDK hands over), or {@link bodilessMethod} for a GET or DELETE;
 * - exchanges go strictly in sequence: a request is not written before the previous exchange's
 *   response has ended, so which connection carries it never depends on timing. The one
 *   exception is a GET answered with an SSE stream (the legacy era's optional stream from the
 *   server, which stays open): the next request goes once its header block has come.
 *
 * Deterministic for the same sequence of requests: nothing here reads a clock. What varies in a
 * header block is the server's `Date` field, which is fixed-length (IMF-fixdate, 29 characters:
 * RFC 9110 §5.6.7), and the `Host` field's port, which on Linux is 5 digits for any port the
 * system picks (the ephemeral range 32768–60999). Chunk sizes are as the server writes them:
 * a server that writes each message in one piece frames the same way every run. A keep-alive
 * connection that sits idle longer than the server's keep-alive timeout (Node's default 5 s; the
 * course's servers keep 60 s, `KEEP_ALIVE_TIMEOUT_MS`) is closed by the server, and the next
 * request opens a new one: the counts hold for runs without such a pause.
 *
 * For a reader, a listener can be told each exchange's header blocks as text and its contents
 * ({@link HttpExchangeText}); without one, no text is kept.
 *
 * Two connection modes ({@link HttpConnectionMode}): `keep-alive` (one connection reused,
 * `Connection: keep-alive`) and `per-request` (`keepAlive: false`, Node sends `Connection: close`,
 * a new TCP connection per request).
 */
import {
  Agent,
  request as httpRequest,
  type ClientRequestArgs,
  type IncomingMessage,
} from "node:http";
import { createConnection, type NetConnectOpts, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { FetchLike } from "@modelcontextprotocol/client";
import type { MessageKind } from "../sim/envelope";
import {
  bodilessMethod,
  messageKind,
  UNKNOWN_METHOD,
  type HttpBytes,
  type TrafficMeter,
  type WireMessage,
} from "./trafficCounts";

/**
 * How the client uses TCP: `keep-alive`, one connection for request after request (HTTP/1.1's
 * persistent connections, RFC 9112 §9.3); `per-request`, a new connection for each request,
 * closed after its response (`Connection: close`, §9.6).
 */
export type HttpConnectionMode = "keep-alive" | "per-request";

/** Every {@link HttpConnectionMode}. */
export const HTTP_CONNECTION_MODES: readonly HttpConnectionMode[] = ["keep-alive", "per-request"];

/**
 * One HTTP message as it crossed a socket, for a reader to see: its header block as text and its
 * body's content, with the byte counts the meter counts.
 */
export interface HttpMessageText {
  /** The start line, then each header field, as on the wire (names as the sender wrote them). */
  head: string[];
  /** The body's content, its framing removed (chunk-size lines, the last chunk), as UTF-8 text. */
  content: string;
  /** Bytes of the header block: the start line and fields, each with its CR LF, and the blank line. */
  headerBytes: number;
  /** Bytes of the body as on the socket, framing included (as {@link HttpBytes.bodyBytes}). */
  bodyBytes: number;
}

/** One exchange as it crossed: an HTTP request and its response ({@link HttpMessageText}). */
export interface HttpExchangeText {
  request: HttpMessageText;
  response: HttpMessageText;
}

/**
 * Told each exchange, in the order the exchanges end (for the one connection of a strict sequence,
 * the order sent).
 */
export type HttpExchangeListener = (exchange: HttpExchangeText) => void;

/** A metered `fetch` and what it holds: its agent's sockets, ended by {@link close}. */
export interface MeteredFetch {
  /** The `fetch` to give the SDK's transport (`StreamableHTTPClientTransportOptions.fetch`). */
  fetch: FetchLike;
  /** Destroys the agent's sockets; resolves once each has closed and its counters reached the meter. */
  close(): Promise<void>;
}

const CR = 0x0d;
const LF = 0x0a;

/** Where a {@link HttpFramer} is in the message it is reading. */
type FramerState =
  | { at: "head" }
  | { at: "length"; left: number }
  | { at: "chunk-size" }
  | { at: "chunk-data"; left: number }
  | { at: "trailer" }
  | { at: "to-close" };

/** What a framer keeps of a message's text, when asked to: its header lines and its content. */
interface FramedText {
  head: string[];
  content: string;
}

/**
 * Frames one direction of a socket's byte stream into HTTP/1.1 messages (RFC 9112 §6), telling
 * each message's header and body bytes as it ends (and, when `keepText`, its header lines and its
 * content). For requests, a message without `Content-Length` or chunked coding has no body; for
 * responses, it runs to the close.
 */
class HttpFramer {
  private state: FramerState = { at: "head" };
  private headerBytes = 0;
  private bodyBytes = 0;
  /** The header block (or the chunk-size line) read so far. */
  private line: number[] = [];
  /** How many of CR LF CR LF have just been seen (head), or whether CR was (a line). */
  private matched = 0;
  /** With `keepText`: the last header block's lines, and the content's pieces. */
  private head: string[] = [];
  private content: Buffer[] = [];

  constructor(
    private readonly side: "request" | "response",
    private readonly onMessage: (bytes: HttpBytes, text: FramedText | undefined) => void,
    private readonly keepText = false,
  ) {}

  /** Keeps `length` bytes of `chunk` from `at` as content, when text is kept. */
  private keep(chunk: Buffer, at: number, length: number): void {
    if (this.keepText && length > 0) this.content.push(chunk.subarray(at, at + length));
  }

  feed(chunk: Buffer): void {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      const state = this.state;
      switch (state.at) {
        case "head":
          this.headerBytes += 1;
          this.line.push(byte);
          if (byte === CR && (this.matched === 0 || this.matched === 2)) this.matched += 1;
          else if (byte === LF && (this.matched === 1 || this.matched === 3)) this.matched += 1;
          else this.matched = byte === CR ? 1 : 0;
          if (this.matched === 4) this.headDone();
          break;
        case "length": {
          // Take the rest of the body, or of the chunk, at once.
          const take = Math.min(state.left, chunk.length - i);
          this.keep(chunk, i, take);
          this.bodyBytes += take;
          state.left -= take;
          i += take - 1;
          if (state.left === 0) this.done();
          break;
        }
        case "chunk-data": {
          const take = Math.min(state.left, chunk.length - i);
          // The chunk's last two bytes are its CR LF, framing.
          this.keep(chunk, i, Math.min(take, Math.max(0, state.left - 2)));
          this.bodyBytes += take;
          state.left -= take;
          i += take - 1;
          if (state.left === 0) this.state = { at: "chunk-size" };
          break;
        }
        case "chunk-size":
        case "trailer":
          this.bodyBytes += 1;
          if (byte !== LF) {
            if (byte !== CR) this.line.push(byte);
            break;
          }
          this.lineDone(state.at);
          break;
        case "to-close":
          this.keep(chunk, i, 1);
          this.bodyBytes += 1;
          break;
      }
    }
  }

  /** The stream has ended: a message cut off, or one delimited by the close, is told as it stands. */
  end(): void {
    if (this.headerBytes > 0 || this.bodyBytes > 0) this.done();
  }

  private headDone(): void {
    const head = Buffer.from(this.line).toString("latin1");
    this.line = [];
    this.matched = 0;
    const [start, ...fields] = head.split("\r\n");
    if (this.keepText) this.head = [start, ...fields].filter((line) => line !== "");
    const field = (name: string) =>
      fields
        .filter((line) => line.toLowerCase().startsWith(`${name}:`))
        .map((line) =>
          line
            .slice(name.length + 1)
            .trim()
            .toLowerCase(),
        );
    if (this.side === "response") {
      const status = Number(start.split(" ")[1]);
      // An interim response (RFC 9110 §15.2): its head counts, and the final head follows.
      if (status >= 100 && status < 200 && status !== 101) return;
      if (status === 204 || status === 304) return this.done();
    }
    if (field("transfer-encoding").some((value) => value.split(",").at(-1)?.trim() === "chunked")) {
      this.state = { at: "chunk-size" };
      return;
    }
    const length = field("content-length")[0];
    if (length !== undefined) {
      const left = Number(length);
      if (left === 0) return this.done();
      this.state = { at: "length", left };
      return;
    }
    if (this.side === "request") return this.done();
    this.state = { at: "to-close" };
  }

  private lineDone(at: "chunk-size" | "trailer"): void {
    const text = Buffer.from(this.line).toString("latin1");
    this.line = [];
    if (at === "trailer") {
      if (text === "") this.done();
      return;
    }
    const size = parseInt(text.split(";")[0], 16);
    // A chunk's data is followed by CR LF: read with the data (size + 2 bytes).
    this.state = size === 0 ? { at: "trailer" } : { at: "chunk-data", left: size + 2 };
  }

  private done(): void {
    const bytes = { headerBytes: this.headerBytes, bodyBytes: this.bodyBytes };
    const text = this.keepText
      ? { head: this.head, content: Buffer.concat(this.content).toString("utf8") }
      : undefined;
    this.state = { at: "head" };
    this.headerBytes = 0;
    this.bodyBytes = 0;
    this.line = [];
    this.matched = 0;
    this.head = [];
    this.content = [];
    this.onMessage(bytes, text);
  }
}

/** One exchange the agent assigned to a socket: what its request carried. */
interface Assigned {
  kind: MessageKind | undefined;
  method: string;
}

/** A framed message: its bytes, and its text when the ledger keeps text. */
interface Framed {
  bytes: HttpBytes;
  text: FramedText | undefined;
}

/** A framed message as an exchange's listener is told it. */
function messageText({ bytes, text }: Framed): HttpMessageText {
  return { head: text?.head ?? [], content: text?.content ?? "", ...bytes };
}

/** A socket's exchanges and framed messages, paired in order as both sides come in. */
class SocketLedger {
  private readonly assigned: Assigned[] = [];
  private readonly requests: Framed[] = [];
  private readonly responses: Framed[] = [];
  readonly sent: HttpFramer;
  readonly received: HttpFramer;

  constructor(
    private readonly meter: TrafficMeter,
    private readonly listener?: HttpExchangeListener,
  ) {
    const keepText = listener !== undefined;
    this.sent = new HttpFramer(
      "request",
      (bytes, text) => {
        this.requests.push({ bytes, text });
        this.settle(false);
      },
      keepText,
    );
    this.received = new HttpFramer(
      "response",
      (bytes, text) => {
        this.responses.push({ bytes, text });
        this.settle(false);
      },
      keepText,
    );
  }

  assign(exchange: Assigned): void {
    this.assigned.push(exchange);
    this.settle(false);
  }

  /**
   * Counts every exchange whose response has been framed; with `closing`, every one left (cut
   * off). The listener is told each exchange whose request and response were both framed.
   */
  settle(closing: boolean): void {
    const none: Framed = { bytes: { headerBytes: 0, bodyBytes: 0 }, text: undefined };
    while (this.assigned.length > 0) {
      if (!closing && this.responses.length === 0) return;
      const { kind, method } = this.assigned.shift()!;
      const sent = this.requests.shift() ?? none;
      const received = this.responses.shift() ?? none;
      this.meter.countExchange({
        kind,
        method,
        sent: { ...sent.bytes },
        received: { ...received.bytes },
      });
      if (this.listener && sent !== none && received !== none)
        this.listener({ request: messageText(sent), response: messageText(received) });
    }
  }

  /** The socket has closed: frames cut off are told, and every exchange left is counted. */
  close(socket: Socket): void {
    this.sent.end();
    this.received.end();
    this.settle(true);
    this.meter.countClosedSocket(socket.bytesWritten, socket.bytesRead);
  }
}

/** What a request's body carries: its first message's kind and method (the SDK posts one message per request). */
function carried(httpMethod: string, body: string | undefined): Assigned {
  if (body === undefined || body === "")
    return { kind: undefined, method: bodilessMethod(httpMethod) };
  const parsed: unknown = JSON.parse(body);
  const message = (Array.isArray(parsed) ? parsed[0] : parsed) as WireMessage;
  const kind = messageKind(message);
  const method = typeof message.method === "string" ? message.method : UNKNOWN_METHOD;
  return { kind, method };
}

/** An agent whose every socket is counted on `meter` and framed by its ledger. */
class CountingAgent extends Agent {
  readonly ledgers = new WeakMap<Duplex, SocketLedger>();
  /** Each socket not yet closed, and its `close`. */
  readonly open = new Map<Socket, Promise<void>>();

  constructor(
    private readonly meter: TrafficMeter,
    mode: HttpConnectionMode,
    private readonly listener?: HttpExchangeListener,
  ) {
    super({ keepAlive: mode === "keep-alive" });
  }

  override createConnection(options: ClientRequestArgs): Duplex {
    const socket = createConnection(options as NetConnectOpts);
    const ledger = new SocketLedger(this.meter, this.listener);
    this.ledgers.set(socket, ledger);
    socket.once("connect", () => this.meter.countConnection());
    socket.on("data", (chunk: Buffer) => ledger.received.feed(chunk));
    this.open.set(
      socket,
      new Promise<void>((resolve) =>
        socket.once("close", () => {
          ledger.close(socket);
          this.open.delete(socket);
          resolve();
        }),
      ),
    );
    const write = socket.write;
    socket.write = function (this: Socket, chunk: unknown, ...rest: unknown[]): boolean {
      const encoding = typeof rest[0] === "string" ? (rest[0] as BufferEncoding) : "utf8";
      ledger.sent.feed(
        typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk as Uint8Array),
      );
      return (write as (...args: unknown[]) => boolean).apply(this, [chunk, ...rest]);
    } as Socket["write"];
    return socket;
  }
}

/** The headers of a `RequestInit`, as `node:http` takes them (names as the `Headers` class gives them, lower case). */
function headerRecord(init: RequestInit | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => (record[name] = value));
  return record;
}

/** The web `Response` of a Node response, its body streamed as it comes (null for statuses without one). */
function webResponse(response: IncomingMessage): Response {
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  const status = response.statusCode ?? 0;
  const bodiless = status === 204 || status === 304;
  const body = bodiless
    ? null
    : new ReadableStream<Uint8Array>({
        start(controller) {
          response.on("data", (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
          response.once("end", () => controller.close());
          response.once("error", (error) => controller.error(error));
        },
        cancel() {
          response.destroy();
        },
      });
  if (bodiless) response.resume();
  return new Response(body, { status, statusText: response.statusMessage, headers });
}

/**
 * A `fetch` over `node:http` that counts every exchange on `meter` (see the module comment),
 * requests strictly one after another, on connections as `mode` says.
 *
 * Takes what the SDK's transport passes: a URL (`http:` only), `method`, `headers`, a string
 * `body` and a `signal` (an abort destroys the request: the promise, or the body stream, fails
 * with Node's `AbortError`).
 *
 * @param onExchange when given, told each exchange as it crossed: header blocks as text and
 *   contents (text is kept only then).
 * @throws (rejects) TypeError for a URL that is not `http:` or a body that is not a string;
 *   Node's connection errors (`ECONNREFUSED`, …) as they come.
 */
export function meteredFetch(
  meter: TrafficMeter,
  mode: HttpConnectionMode = "keep-alive",
  onExchange?: HttpExchangeListener,
): MeteredFetch {
  const agent = new CountingAgent(meter, mode, onExchange);
  let previous: Promise<void> = Promise.resolve();
  const fetch: FetchLike = async (url, init) => {
    const target = new URL(url);
    if (target.protocol !== "http:")
      throw new TypeError(`meteredFetch speaks http: only, not ${target.protocol}`);
    const body = init?.body ?? undefined;
    if (body !== undefined && body !== null && typeof body !== "string")
      throw new TypeError("meteredFetch sends string bodies only");
    const method = (init?.method ?? "GET").toUpperCase();
    const exchange = carried(method, body ?? undefined);
    const turn = previous;
    let release!: () => void;
    previous = new Promise<void>((resolve) => (release = resolve));
    let released = false;
    // After the free socket is back in the agent's pool (Node frees it on a later tick), so the
    // next request finds it there.
    const next = () => {
      if (released) return;
      released = true;
      setImmediate(release);
    };
    await turn;
    const headers = headerRecord(init);
    const payload = body === undefined || body === null ? undefined : Buffer.from(body);
    if (payload) headers["content-length"] = String(payload.length);
    return new Promise<Response>((resolve, reject) => {
      const req = httpRequest(target, {
        method,
        headers,
        agent,
        signal: init?.signal ?? undefined,
      });
      req.once("socket", (socket: Duplex) => agent.ledgers.get(socket)?.assign(exchange));
      req.once("error", (error) => {
        next();
        reject(error);
      });
      req.once("close", next);
      req.once("response", (response) => {
        response.once("end", next);
        response.once("close", next);
        const stream = (response.headers["content-type"] ?? "").startsWith("text/event-stream");
        if (method === "GET" && stream) next();
        resolve(webResponse(response));
      });
      req.end(payload);
    });
  };
  const close = async () => {
    const closing = [...agent.open.values()];
    agent.destroy();
    for (const socket of agent.open.keys()) socket.destroy();
    await Promise.all(closing);
  };
  return { fetch, close };
}
