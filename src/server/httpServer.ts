/**
 * `serve --http`: one real MCP server over Streamable HTTP, on one endpoint, `/mcp`, until it is
 * asked to stop.
 *
 * The same served server as over stdio (`servedFactory.ts`: declarations, levels, paths, faults,
 * seed), on SDK v2's `createMcpHandler` (`@modelcontextprotocol/server` 2.4.0) behind Node's
 * `node:http`, through `toNodeHandler` of `@modelcontextprotocol/node` 2.1.2. Eras (2026-07-28 `basic/transports/streamable-http.mdx`):
 * - 2026-07-28: every message is its own POST, answered by a fresh `Server` from the factory;
 *   the SDK checks `MCP-Protocol-Version` against `_meta` (400, −32020), the `Mcp-Method` and
 *   `Mcp-Name` headers (−32020), answers an unknown method 404 (−32601), and ignores an
 *   `Mcp-Session-Id`; GET and DELETE are 405 ("Earlier Streamable HTTP Revisions");
 * - 2025-11-25 and earlier: the SDK's stateless legacy fallback (`legacy: "stateless"`). Every
 *   legacy POST, `initialize` included, meets a fresh instance, and no `Mcp-Session-Id` is minted:
 *   the servers hold no state between calls (every call is answered from the seed's world alone),
 *   so a session would carry nothing, and one endpoint then tells one story to every client in
 *   any order of requests. The stdio rules about a session's order (a second `initialize`, a
 *   request before `initialize`) have no session to apply to, so they do not apply here.
 *   With `--era stateless` legacy requests are refused (`legacy: "reject"`, −32022).
 * What the endpoint lists (`server/discover`'s `supportedVersions`, −32022's `data.supported`) is
 * the modern part of what it accepts (`listedRevisions`): 2026-07-28, the one version a request
 * carrying `_meta` may name. The legacy ones are served through `initialize` alone, so listing
 * them would send a client that names one back to the same −32022; the SDK lists the same.
 *
 * Before the SDK sees a request, this server checks it (`screen`, in `serveHttp`): a path other
 * than `/mcp` is 404; the Host header must name a loopback host and an Origin header, when sent,
 * a loopback origin (403 otherwise), as the transport's "Security & Endpoint" asks (servers MUST
 * validate `Origin`, SHOULD bind to localhost), with the SDK's public `validateHostHeader` and
 * `validateOriginHeader`; a method other than POST is 405; then the body is read whole: another
 * `Content-Type` is 415, a body over {@link MAX_BODY_BYTES} is 413, one that is not UTF-8 or not
 * JSON is 400 with −32700, a batch is 400 with −32600 in every era (the SDK's legacy fallback
 * would answer one); then each JSON request passes the same checks as over stdio
 * ({@link requestAloneError}, `requestScreen.ts`), which answer what the SDK answers badly
 * (docs/sdk-gaps.md). Each of these answers is a JSON-RPC error with the request's id, or no `id`
 * when none was read, and a code JSON-RPC defines (−32600 for the HTTP refusals), never −32000
 * (`httpErrorBody.ts`; docs/sdk-gaps.md#http-error-bodies), and so is every error the SDK still
 * writes (`conformingError`). The rest is the SDK's: 202 and no answer for a response or a
 * notification, the header checks, the call itself.
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
import { toNodeHandler } from "@modelcontextprotocol/node";
import {
  createMcpHandler,
  isJsonContentType,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  validateHostHeader,
  validateOriginHeader,
  type McpRequestContext,
} from "@modelcontextprotocol/server";
import { CRASH_EXIT_CODE, FaultInjector, faultWord } from "./faults";
import { ServeLog, type CallRecord, type LogSink } from "./log";
import type { CallHooks } from "./mcpServer";
import type { ServeEra } from "./names";
import { conformingError, errorBody, idMember, invalidRequest, readableId } from "./httpErrorBody";
import {
  MAX_PARAMS_DEPTH,
  nestsDeeperThan,
  requestAloneError,
  type ScreenError,
} from "./requestScreen";
import { DEFAULT_HOST, listenHost, MAX_BODY_BYTES, MCP_PATH } from "./httpConstants";
import { servedFactory, type ServeOptions } from "./servedFactory";
import {
  LEGACY_REVISIONS,
  STATELESS_REVISION,
  supportedRevisions,
  JSONRPC_ERRORS,
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
 * Answers a request the SDK never sees with `status` and a JSON-RPC error body (`errorBody`,
 * `httpErrorBody.ts`): the request's id when it was read (`id`), else no `id` member (or
 * `null` for a request naming 2025-06-18 or 2024-11-05 in its `MCP-Protocol-Version` header).
 */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  error: ScreenError,
  id?: string | number,
  headers: Record<string, string> = {},
): void {
  const revision = req.headers["mcp-protocol-version"];
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(errorBody(error, idMember(id, typeof revision === "string" ? revision : undefined)));
}

/**
 * A POST's body, read whole: its bytes, or `"too large"` past `limit` bytes (the rest is read and
 * dropped, so the answer reaches a client still writing; a connection that sends more than twice
 * the limit is cut instead), or undefined when the connection ended first.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | "too large" | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let read = 0;
    req.on("data", (chunk: Buffer) => {
      read += chunk.length;
      if (read <= limit) chunks.push(chunk);
      else if (read > 2 * limit) req.destroy();
    });
    req.on("end", () => resolve(read > limit ? "too large" : Buffer.concat(chunks)));
    req.on("close", () => resolve(undefined)); // after `end`, a settled promise ignores it
  });
}

/** Decodes a whole body at a time, so one serves every request. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** UTF-8 text, or undefined when the bytes are not UTF-8 (2026-07-28: every message MUST be). */
function utf8(bytes: Buffer): string | undefined {
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
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

/**
 * How long an idle keep-alive connection stays open, ms (Node's `server.keepAliveTimeout`, whose
 * default is 5,000; the server announces it as `Keep-Alive: timeout=60`). A client's pause between
 * two requests (a stdio server starting on a loaded machine, say) shorter than this never costs a
 * new connection, so a run's connection and round-trip counts do not depend on how fast it ran.
 * A stop closes idle connections at once, whatever this is.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 60_000;

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
 * A 2025-only endpoint's answer to a request whose `MCP-Protocol-Version` header names a revision
 * it does not speak: 400, as 2025-11-25 `basic/transports.mdx` ("Protocol Version Header") asks,
 * with an error that is not one of 2026-07-28's, so that a dual-era client falls back to
 * `initialize` (2026-07-28 `streamable-http.mdx`, "Backward Compatibility": a 400 whose body "is
 * not a recognized modern JSON-RPC error").
 */
function legacyVersionRefused(header: string, supported: readonly string[]): ScreenError {
  return invalidRequest(
    `Bad Request: Unsupported protocol version: ${header} (this server speaks ${supported.join(", ")}, through initialize).`,
  );
}

/**
 * Whether a parsed body is one JSON-RPC request (an object with a `method` and a string or number
 * `id`); a body with any other `id` is left to the SDK, which refuses it −32600.
 */
function asRequest(
  body: unknown,
): { method: string; params?: unknown; id: string | number } | undefined {
  const id = readableId(body);
  const method = (body as { method?: unknown } | null)?.method;
  if (id === undefined || typeof method !== "string") return undefined;
  return { method, params: (body as { params?: unknown }).params, id };
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
  // As over stdio, `report` is passed on: a call whose request carries `_meta.progressToken` gets
  // its progress notifications, which the SDK sends on the POST's own response, turned into an SSE
  // stream (`createMcpHandler`'s default `responseMode: "auto"`; a 2025 request's stateless
  // transport streams anyway). 2026-07-28 `basic/transports/streamable-http.mdx`, "Receiving
  // Messages": on an SSE response the server MAY send notifications related to the request
  // before the final response.
  const hooks: CallHooks = {
    beforeCall: faults.beforeCall.bind(faults),
    afterCall: (record: CallRecord) => log.call(record),
  };

  // One request, one instance: the factory is cheap (declarations are built once, above).
  const handler = createMcpHandler((ctx) => create(hooks, () => revisionOf(ctx), supported), {
    legacy: era === "stateless" ? "reject" : "stateless",
    onerror: (error) => log.write("error", { message: error.message }),
  });

  /**
   * The fetch face `toNodeHandler` calls, once the Node handler below has read, checked and
   * parsed the body (`parsedBody`, the SDK's documented way to hand over a body already read):
   * the SDK, then an error answer of the SDK's given this server's id and code rules
   * (`conformingError`).
   */
  const afterScreen = {
    async fetch(request: Request, options?: { parsedBody?: unknown }): Promise<Response> {
      const response = await handler.fetch(request, options);
      const header = request.headers.get("mcp-protocol-version") ?? undefined;
      return conformingError(response, header);
    },
  };
  const nodeHandler = toNodeHandler(afterScreen, {
    maxRequestBodySize: MAX_BODY_BYTES, // never met: every body is handed over read and parsed
    onerror: (error) => log.write("error", { message: error.message }),
  });
  const allowedHosts = localhostAllowedHostnames();
  const allowedOrigins = localhostAllowedOrigins();

  /**
   * Every check made before the SDK sees a request, in order, each answered by {@link refuse}
   * with −32600 unless another code is named: the path (404), the Host header (403, unless
   * `allowRemote`), the Origin header (403), the method (405: the endpoint takes POST), then the
   * body read whole: the media type (415), the size (413), UTF-8 and JSON (400, −32700), a batch
   * (400), a version a legacy-only endpoint does not speak (400), the request screen
   * (`requestAloneError`: 400 for a 2026-07-28 `_meta` refused, −32602 or −32022, else 200,
   * with the request's id), and nesting deeper than
   * the screen's limit anywhere in the message (400). What passes goes to the SDK, parsed.
   */
  async function screen(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.url !== undefined) req.url = originForm(req.url);
    if (pathOf(req) !== MCP_PATH)
      return refuse(req, res, 404, invalidRequest(`Not Found: the MCP endpoint is ${MCP_PATH}.`));
    if (!options.allowRemote) {
      const checked = validateHostHeader(req.headers.host, allowedHosts);
      if (!checked.ok) return refuse(req, res, 403, invalidRequest(checked.message));
    }
    const origin = validateOriginHeader(req.headers.origin, allowedOrigins);
    if (!origin.ok) return refuse(req, res, 403, invalidRequest(origin.message));
    if (req.method !== "POST")
      return refuse(
        req,
        res,
        405,
        invalidRequest(`Method Not Allowed: the MCP endpoint takes POST, not ${req.method}.`),
        undefined,
        { allow: "POST" },
      );
    const bytes = await readBody(req, MAX_BODY_BYTES);
    if (bytes === undefined) return; // the client went away
    if (!isJsonContentType(req.headers["content-type"]))
      return refuse(
        req,
        res,
        415,
        invalidRequest("Unsupported Media Type: Content-Type must be application/json."),
      );
    if (bytes === "too large")
      return refuse(
        req,
        res,
        413,
        invalidRequest(`Payload Too Large: a request body may be at most ${MAX_BODY_BYTES} bytes.`),
      );
    const text = utf8(bytes);
    let body: unknown;
    try {
      if (text === undefined) throw new SyntaxError("not UTF-8");
      body = JSON.parse(text);
    } catch {
      const what = text === undefined ? "UTF-8" : "JSON";
      return refuse(req, res, 400, {
        code: JSONRPC_ERRORS.parseError,
        message: `Parse error: the request body is not valid ${what}.`,
      });
    }
    // No revision this server speaks takes a batch: 2025-06-18 removed them, and 2026-07-28 has
    // none (its `basic/index.mdx`); stdio refuses one too (`lineTransport.ts`).
    if (Array.isArray(body)) return refuse(req, res, 400, invalidRequest(BATCH_REFUSED));
    const message = asRequest(body);
    const header = req.headers["mcp-protocol-version"];
    if (era === "legacy" && typeof header === "string" && !supported.includes(header))
      return refuse(req, res, 400, legacyVersionRefused(header, supported), message?.id);
    const refusal = message && requestAloneError(message, era, text!.length);
    if (message && refusal) return refuse(req, res, refusal.status, refusal.error, message.id);
    // Params are held to the screen's limit above; the message around them one level more. As in
    // the screen, a text no longer than the limit cannot nest deeper, so only a longer one is walked.
    if (text!.length > MAX_PARAMS_DEPTH + 1 && nestsDeeperThan(body, MAX_PARAMS_DEPTH + 1))
      return refuse(
        req,
        res,
        400,
        invalidRequest(`Invalid Request: nested deeper than ${MAX_PARAMS_DEPTH + 1} levels.`),
        message?.id,
      );
    await nodeHandler(req, res, body);
  }

  const server: HttpServer = createServer((req, res) => {
    counts.messagesIn += 1;
    res.on("finish", () => (counts.messagesOut += 1));
    screen(req, res).catch((error: unknown) => {
      log.write("error", { message: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent)
        refuse(req, res, 500, {
          code: JSONRPC_ERRORS.internalError,
          message: "Internal error: the request could not be handled.",
        });
      else res.destroy();
    });
  });

  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
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
