/**
 * `serve --http`: one real MCP server over Streamable HTTP, on one endpoint, `/mcp`, until it is
 * asked to stop.
 *
 * The same served server as over stdio (`servedFactory.ts`: declarations, levels, paths, faults,
 * seed), on SDK v2's `createMcpHandler` (`@modelcontextprotocol/server` 2.4.0) behind Node's
 * `node:http`, through `toNodeHandler` and the Host and Origin guards of
 * `@modelcontextprotocol/node` 2.1.2. Eras (2026-07-28 `basic/transports/streamable-http.mdx`):
 * - 2026-07-28: every message is its own POST, answered by a fresh `Server` from the factory;
 *   the SDK checks `MCP-Protocol-Version` against `_meta` (400, −32020), the `Mcp-Method` and
 *   `Mcp-Name` headers (−32020), answers GET and DELETE 405 and an unknown method 404 (−32601),
 *   and ignores an `Mcp-Session-Id`;
 * - 2025-11-25 and earlier: the SDK's stateless legacy fallback (`legacy: "stateless"`). Every
 *   legacy POST, `initialize` included, meets a fresh instance, and no `Mcp-Session-Id` is minted:
 *   the servers hold no state between calls (every call is answered from the seed's world alone),
 *   so a session would carry nothing, and one endpoint then tells one story to every client in
 *   any order of requests. The stdio rules about a session's order (a second `initialize`, a
 *   request before `initialize`) have no session to apply to, so they do not apply here.
 *   With `--era stateless` legacy requests are refused (`legacy: "reject"`, −32022).
 * What the endpoint lists (`server/discover`'s `supportedVersions`, −32022's `data.supported`) is
 * what it accepts, at every moment: every revision of its eras ({@link supportedRevisions}).
 *
 * Before any MCP work: a path other than `/mcp` is 404; the Host header must name a loopback
 * host and an Origin header, when sent, a loopback origin (403 otherwise), as the transport's
 * "Security Warning" asks (servers MUST validate `Origin`, SHOULD bind to localhost); a body
 * over {@link MAX_BODY_BYTES} is 413. Then each JSON request passes the same checks as over stdio
 * ({@link requestAloneError}, `requestScreen.ts`), which answer what the SDK answers badly
 * (docs/sdk-gaps.md), and a batch is 400 with −32600 in every era (the SDK's legacy fallback
 * would answer one). The rest is the SDK's: 415 for another `Content-Type`, 400 with −32700 for
 * a body that is not JSON, 202 and no answer for a response or a notification.
 *
 * A stop (SIGINT, SIGTERM, `close`) refuses new connections, answers the requests in flight and
 * closes whatever is still open after {@link DRAIN_MS}; a request still arriving after
 * {@link REQUEST_TIMEOUT_MS} is cut off, so a stalled client holds neither a stop nor a connection.
 */
import {
  createServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from "node:http";
import type { AddressInfo, Socket } from "node:net";
import {
  localhostHostValidation,
  localhostOriginValidation,
  toNodeHandler,
} from "@modelcontextprotocol/node";
import { createMcpHandler, type McpRequestContext } from "@modelcontextprotocol/server";
import { CRASH_EXIT_CODE, FaultInjector, faultWord } from "./faults";
import { ServeLog, type CallRecord, type LogSink } from "./log";
import type { CallHooks } from "./mcpServer";
import type { ServeEra } from "./names";
import { requestAloneError, type ScreenError } from "./requestScreen";
import { DEFAULT_HOST, listenHost, MAX_BODY_BYTES, MCP_PATH } from "./httpConstants";
import { servedFactory, type ServeOptions } from "./servedFactory";
import {
  LEGACY_REVISIONS,
  STATELESS_REVISION,
  supportedRevisions,
  UNSUPPORTED_PROTOCOL_VERSION,
} from "../protocol/revisions";

/** Where and how to listen, beside {@link ServeOptions}. */
export interface HttpServeOptions extends ServeOptions {
  /** TCP port; 0 (the default) picks a free one, which the `listening` log line names. */
  port?: number;
  /** Address to bind; default {@link DEFAULT_HOST}. */
  host?: string;
  /**
   * Allows a `--host` that is not loopback, and then accepts any Host header (the Origin check
   * stays). Nothing authenticates a client: the caller warns.
   */
  allowRemote?: boolean;
}

/** Where the HTTP server logs and how it ends (injectable for tests). */
export interface HttpServeIo {
  log: LogSink;
  /** Ends the process; called by the `crash` fault. Default `process.exit`. */
  exit(code: number): void;
  /** Registers what to do when asked to stop (SIGINT, SIGTERM, SIGHUP by default). */
  onStopSignal(handler: (signal: string) => void): void;
}

/** A running HTTP server: its URL, and how to stop it. */
export interface HttpServing {
  /** The endpoint, e.g. `http://127.0.0.1:43117/mcp`. */
  url: string;
  /**
   * Stops accepting connections, lets the requests in flight finish, writes the `stopping` log
   * line with `reason`, and resolves once every connection has closed.
   */
  close(reason?: string): Promise<void>;
  /** Settles when the server has stopped (after {@link HttpServing.close} or a stop signal). */
  closed: Promise<void>;
}

/**
 * HTTP counts for the `stopping` line: HTTP requests read and responses sent, and bytes read and
 * written on the sockets (headers included), counted as each connection closes.
 */
interface HttpCounts {
  messagesIn: number;
  messagesOut: number;
  bytesIn: number;
  bytesOut: number;
}

/** The counts, with the bytes of connections still open added, in the stopping line's shape. */
function stoppingStats(counts: HttpCounts, open: ReadonlySet<Socket>) {
  let { bytesIn, bytesOut } = counts;
  for (const socket of open) {
    bytesIn += socket.bytesRead;
    bytesOut += socket.bytesWritten;
  }
  return { ...counts, bytesIn, bytesOut, rejected: 0, ignored: 0, dropped: 0 };
}

const defaultIo = (): HttpServeIo => ({
  log: (line) => process.stderr.write(line),
  exit: (code) => process.exit(code),
  onStopSignal: (handler) => {
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
      process.once(signal, () => handler(signal));
  },
});

/**
 * Answers a request that never reaches MCP (a wrong path, a body over the limit) with `status` and
 * a JSON-RPC error −32000 of `message`, `id` null since no request was read.
 */
function endWithError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32000, message } }));
}

/** The message of the −32600 a batch is answered with. */
const BATCH_REFUSED =
  "Invalid Request: a JSON-RPC batch; MCP has taken none since revision 2025-06-18, so send each message in a POST of its own.";

/**
 * How long a stop waits for requests in flight, ms: then every connection still open is closed, so
 * a client that stalls mid-request cannot hold the process. Long enough for any call of ours but a
 * `slow` fault's deliberately slow one.
 */
export const DRAIN_MS = 10_000;

/**
 * How long a client may take to send a whole request, ms (Node's `server.requestTimeout`, whose
 * default is 300,000): a request that has not arrived by then is answered 408 and its connection
 * closed.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** A JSON-RPC error as an HTTP response: its status, and the body without an id when none is known. */
function errorResponse(status: number, error: ScreenError, id?: unknown): Response {
  const body = {
    jsonrpc: "2.0",
    ...(id === undefined ? {} : { id }),
    error,
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/**
 * The revision a request is served in, for what a tool's invalid arguments become
 * (`argumentErrorsAreResults`): 2026-07-28 for a modern instance; for a legacy one, the
 * `MCP-Protocol-Version` header a 2025 client sends after `initialize` (2025-11-25
 * `basic/transports.mdx`, "Protocol Version Header"); unknown (the current rules) without one.
 */
function revisionOf(ctx: McpRequestContext): string | undefined {
  if (ctx.era === "modern") return STATELESS_REVISION;
  const header = ctx.requestInfo?.headers.get("mcp-protocol-version") ?? undefined;
  return header !== undefined && (LEGACY_REVISIONS as readonly string[]).includes(header)
    ? header
    : undefined;
}

/**
 * A `server/discover` response listing every revision the endpoint accepts: the SDK's own lists
 * only the modern ones of `supportedProtocolVersions` (docs/sdk-gaps.md#discover-lists-modern-only),
 * while this endpoint also serves 2025 clients through `initialize`. Other responses pass as they are.
 */
async function listingAccepted(
  response: Response,
  supported: readonly string[],
): Promise<Response> {
  if (!response.headers.get("content-type")?.startsWith("application/json")) return response;
  const body = (await response.json()) as { result?: { supportedVersions?: string[] } };
  if (body.result?.supportedVersions !== undefined) body.result.supportedVersions = [...supported];
  const headers = new Headers(response.headers);
  headers.delete("content-length"); // the body is written anew
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

/**
 * A 2025-only endpoint's answer to a request whose `MCP-Protocol-Version` header names a revision
 * it does not speak: 400, as 2025-11-25 `basic/transports.mdx` ("Protocol Version Header") asks,
 * with an error that is not one of 2026-07-28's, so that a dual-era client falls back to
 * `initialize` (2026-07-28 `streamable-http.mdx`, "Backward Compatibility": a 400 whose body "is
 * not a recognized modern JSON-RPC error").
 */
function legacyVersionRefused(header: string, supported: readonly string[]): Response {
  return errorResponse(400, {
    code: -32000,
    message: `Bad Request: Unsupported protocol version: ${header} (this server speaks ${supported.join(", ")}, through initialize).`,
  });
}

/** Whether a parsed body is one JSON-RPC request (an object with a `method` and an `id`). */
function asRequest(body: unknown): { method: string; params?: unknown; id: unknown } | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const message = body as Record<string, unknown>;
  if (typeof message.method !== "string" || !("id" in message)) return undefined;
  return { method: message.method, params: message.params, id: message.id };
}

/**
 * Serves until asked to stop (see the module comment).
 *
 * @returns once listening; the `listening` log line (`{"event":"listening","url":…}`) is written.
 * @throws RangeError for a bad seed or the `high-level` path with a fault, before listening; the
 *   listen error (e.g. `EADDRINUSE`) when the port cannot be had.
 */
export async function serveHttp(
  options: HttpServeOptions,
  io: Partial<HttpServeIo> = {},
): Promise<HttpServing> {
  const { log: sink, exit, onStopSignal } = { ...defaultIo(), ...io };
  const era: ServeEra = options.era ?? "both";
  const host = listenHost(options.host ?? DEFAULT_HOST);
  const kind = options.fault?.kind;
  if (kind === "noisy-line" || kind === "noisy-raw")
    throw new RangeError(
      "a noisy fault writes stray text into stdio's stream; over HTTP no stream is shared, so it has nothing to corrupt",
    );
  const { level, seed, fault, path, create } = servedFactory(options); // throws before listening

  const log = new ServeLog(sink);
  const counts: HttpCounts = { messagesIn: 0, messagesOut: 0, bytesIn: 0, bytesOut: 0 };
  const sockets = new Set<Socket>();
  const supported = supportedRevisions(era);
  const faults = new FaultInjector(fault, {
    writeRaw: () => {},
    writeBeforeResponse: () => {},
    crash: () =>
      setImmediate(() => {
        log.stopping("crash", stoppingStats(counts, sockets));
        exit(CRASH_EXIT_CODE);
      }),
  });
  const hooks: CallHooks = {
    beforeCall: (tool, id) => faults.beforeCall(tool, id),
    afterCall: (record: CallRecord) => log.call(record),
  };

  // One request, one instance: the factory is cheap (declarations are built once, above).
  const handler = createMcpHandler((ctx) => create(hooks, () => revisionOf(ctx), supported), {
    legacy: era === "stateless" ? "reject" : "stateless",
    onerror: (error) => log.write("error", { message: error.message }),
  });

  /** The fetch face our checks sit in front of: the request screen, then the SDK. */
  const screened = {
    async fetch(request: Request): Promise<Response> {
      if (request.method !== "POST") return handler.fetch(request);
      const text = await request.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        // The SDK answers 400, −32700; it reads the body itself, so it gets one to read.
        const { url, method, headers } = request;
        return handler.fetch(new Request(url, { method, headers, body: text }));
      }
      // No revision this server speaks takes a batch: 2025-06-18 removed them, and 2026-07-28 has
      // none (its `basic/index.mdx`); stdio refuses one too (`lineTransport.ts`).
      if (Array.isArray(body))
        return errorResponse(400, { code: -32600, message: BATCH_REFUSED }, null);
      const header = request.headers.get("mcp-protocol-version");
      if (era === "legacy" && header !== null && !supported.includes(header))
        return legacyVersionRefused(header, supported);
      const message = asRequest(body);
      const error = message && requestAloneError(message, era, text.length);
      if (message && error) {
        // 400 for a version refused (2026-07-28 `streamable-http.mdx`, "Protocol Version Header").
        const status = error.code === UNSUPPORTED_PROTOCOL_VERSION ? 400 : 200;
        return errorResponse(status, error, message.id);
      }
      // The body is read: the SDK takes it parsed and reads nothing (`parsedBody`, its documented
      // way to hand over a body already read).
      const response = await handler.fetch(request, { parsedBody: body });
      return message?.method === "server/discover"
        ? listingAccepted(response, supported)
        : response;
    },
  };
  const nodeHandler = toNodeHandler(screened, {
    maxRequestBodySize: MAX_BODY_BYTES,
    onerror: (error) => log.write("error", { message: error.message }),
  });
  const hostAllowed = localhostHostValidation();
  const originAllowed = localhostOriginValidation();

  const server: HttpServer = createServer((req, res) => {
    counts.messagesIn += 1;
    res.on("finish", () => (counts.messagesOut += 1));
    if (req.url !== undefined) req.url = originForm(req.url);
    if (pathOf(req) !== MCP_PATH) {
      endWithError(res, 404, `Not Found: the MCP endpoint is ${MCP_PATH}.`);
      return;
    }
    if (!options.allowRemote && !hostAllowed(req, res)) return;
    if (!originAllowed(req, res)) return;
    if (Number(req.headers["content-length"]) > MAX_BODY_BYTES) {
      // The body is read and dropped first, then answered: a server that closed with it unread
      // would reset the connection, and the client might never see the 413. Past twice the limit
      // the connection is cut instead.
      let read = 0;
      req.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > 2 * MAX_BODY_BYTES) req.destroy();
      });
      req.on("end", () =>
        endWithError(
          res,
          413,
          `Payload Too Large: a request body may be at most ${MAX_BODY_BYTES} bytes.`,
        ),
      );
      return;
    }
    void nodeHandler(req, res);
  });

  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => {
      sockets.delete(socket);
      counts.bytesIn += socket.bytesRead;
      counts.bytesOut += socket.bytesWritten;
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}${MCP_PATH}`;
  let stopping: Promise<void> | undefined;
  let closedResolve!: () => void;
  const closed = new Promise<void>((resolve) => (closedResolve = resolve));
  const close = (reason = "closed"): Promise<void> => {
    stopping ??= new Promise<void>((resolve) => {
      // Stops accepting; idle keep-alive connections close now, busy ones after their response.
      const deadline = setTimeout(() => server.closeAllConnections(), DRAIN_MS).unref();
      server.close(() => {
        clearTimeout(deadline);
        log.stopping(reason, stoppingStats(counts, sockets));
        resolve();
        closedResolve();
      });
      server.closeIdleConnections();
    });
    return stopping;
  };
  onStopSignal((signal) => void close(signal));
  // Only now, with the stop signals handled: whoever started the server may signal it as soon as it
  // reads this line. At once, not batched with later lines, since that reader waits on it.
  log.serving({ server: options.server, level, seed, fault: faultWord(fault), path });
  log.write("listening", { url, era, revisions: [...supported] });
  log.flush();
  return { url, close, closed };
}

/** The path of a request's URL, without its query. */
function pathOf(req: IncomingMessage): string {
  const target = req.url ?? "/";
  const query = target.indexOf("?");
  return query === -1 ? target : target.slice(0, query);
}

/**
 * A request target in absolute form (`http://host/mcp`, RFC 9112 §3.2.2, which a server MUST
 * accept) in origin form (`/mcp`), as the SDK's `toNodeHandler` reads `req.url`; any other target
 * as it is.
 */
function originForm(target: string): string {
  if (target.startsWith("/")) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return target;
  }
}
