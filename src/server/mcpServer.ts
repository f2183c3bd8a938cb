/**
 * One served server on SDK v2's low-level `Server` (`@modelcontextprotocol/server` 2.4.0), for
 * either era: `tools/list`, `tools/call`, and, when the server has them, `resources/list`,
 * `resources/templates/list`, `resources/read`, `prompts/list`, `prompts/get`; `server/discover`
 * in the stateless era; `initialize` and `ping` in the legacy era (the SDK's own).
 *
 * Source: issue 5 §1–2 and issue 11 §1–2. The low-level `Server` (not `McpServer`) so that
 * `tools/list` carries our declarations as they are, never rewritten by a schema conversion: the
 * SDK sends a handler's result as returned, adding in the stateless era only the envelope fields
 * of 2026-07-28 (`resultType`, `_meta["io.modelcontextprotocol/serverInfo"]`, and on cacheable
 * results `ttlMs` and `cacheScope`, here {@link CACHE_HINT}). The same factory serves both eras
 * (`serveStdio` calls it once per connection, after the first message chose the era).
 *
 * Where each era puts the server's identity, per declaration level (`declarations.ts`):
 * - legacy: `initialize`'s result, `serverInfo: {name, version}` (required by
 *   `InitializeResult`, 2025-11-25 `schema.ts`);
 * - stateless: `server/discover`'s result (`supportedVersions` and `capabilities` required,
 *   `_meta["io.modelcontextprotocol/serverInfo"]` SHOULD, 2026-07-28 `server/discover.mdx`), and
 *   the same `_meta` key on every result (SHOULD, `basic/index.mdx` "Per-response protocol fields").
 * Both carry the same `Implementation`: `name` always, `version` the server's at level 3 (`full`)
 * and `undeclared` below it, as `ServedServer.version` gives it. Nothing else moves with the era.
 *
 * Errors we choose are thrown as the SDK's `ProtocolError`, whose message reaches the wire as it
 * is. What a tool does is the {@link ServedServer}'s (`servedServers.ts`); timing, logging and
 * faults are the caller's, through {@link CallHooks}.
 */
import { performance } from "node:perf_hooks";
import {
  ProtocolError,
  Server,
  type CallToolResult,
  type GetPromptResult,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type jsonSchemaValidator,
  type MessageExtraInfo,
  type Prompt,
  type RequestId,
  type ServerCapabilities,
  type Tool,
} from "@modelcontextprotocol/server";
import { isPlainRequestOrNotification } from "./lineTransport";
import type { ServedResource } from "./resources";
import type { CallRecord } from "./log";
import { CACHE_HINT, JSONRPC_ERRORS, STATELESS_REVISION, SUPPORTED_REVISIONS } from "../protocol/revisions";

export { ProtocolError };

/** A prompt as served: its listing, and its `prompts/get` (throws `ProtocolError` or any Error for bad arguments). */
export interface ServedPrompt {
  listing: Prompt;
  get(args: Readonly<Record<string, string>> | undefined): GetPromptResult;
}

/** What one real server serves, independent of the SDK and of the era. */
export interface ServedServer {
  /** The `Implementation`'s `name` (legacy `serverInfo`, stateless `_meta` serverInfo). */
  name: string;
  /** The `Implementation`'s `version`: the version at level 3, else `undeclared` (`declarations.ts`). */
  version: string;
  /** The `tools/list` result's tools, sent as they are, in this order in every era. */
  tools: readonly Tool[];
  /**
   * Serves one `tools/call`: a result (possibly `isError`), or a throw of `ProtocolError` for a
   * JSON-RPC error response. `id` is the request's id; `revision` the revision in use (what
   * invalid arguments become depends on it: `argumentErrorsAreResults`, `revisions.ts`).
   */
  callTool(name: string, args: Readonly<Record<string, unknown>>, id: RequestId, revision: string | undefined): CallToolResult;
  resources: readonly ServedResource[];
  prompts: readonly ServedPrompt[];
}

/** What the caller does around each `tools/call`: the fault before it, the log after it. */
export interface CallHooks {
  /** Runs before the tool; a promise returned makes the call wait for it. */
  beforeCall?(tool: string, id: RequestId): Promise<void> | undefined;
  afterCall?(record: CallRecord): void;
}

/** The capabilities a served server declares: tools always; resources and prompts when it has any. */
export function capabilitiesOf(served: ServedServer): ServerCapabilities {
  return {
    tools: {},
    ...(served.resources.length > 0 ? { resources: {} } : {}),
    ...(served.prompts.length > 0 ? { prompts: {} } : {}),
  };
}

/**
 * The JSON Schema validator handed to the SDK's `Server`, which uses one only to check what a
 * client answers to an elicitation. These servers never elicit; the SDK's default builds an ajv
 * instance at construction, which every start would pay for nothing.
 */
const NEVER_ELICITS: jsonSchemaValidator = {
  getValidator: () => {
    throw new Error("these servers never elicit, so they validate no elicitation answer");
  },
};

/**
 * Runs one `tools/call` on the served server and logs it through `hooks.afterCall`, a throw
 * included (rethrown: the SDK answers it, −32603 when it carries no code). `start` is when the
 * call arrived (`performance.now()`).
 */
function callLogged(served: ServedServer, hooks: CallHooks, name: string, args: Record<string, unknown>, id: RequestId, revision: string | undefined, start: number): CallToolResult {
  let result: CallToolResult;
  try {
    result = served.callTool(name, args, id, revision);
  } catch (error) {
    const errorCode = error instanceof ProtocolError ? error.code : JSONRPC_ERRORS.internalError;
    hooks.afterCall?.({ tool: name, durationMs: performance.now() - start, isError: true, errorCode, arguments: args });
    throw error;
  }
  hooks.afterCall?.({ tool: name, durationMs: performance.now() - start, isError: result.isError === true, arguments: args });
  return result;
}

/**
 * A list request's `cursor` refused: these servers return every list in one page and never hand
 * out a `nextCursor`, so no cursor is valid. "Invalid cursors SHOULD result in an error with code
 * -32602 (Invalid params)" (2025-11-25 and 2026-07-28 `server/utilities/pagination.mdx`).
 */
function refuseCursor(params: { cursor?: string } | undefined): void {
  if (params?.cursor !== undefined) throw new ProtocolError(JSONRPC_ERRORS.invalidParams, `Invalid cursor: this server returns every list in one page and issued no cursor, so ${JSON.stringify(params.cursor)} is not one of its cursors.`);
}

/** The `server/discover` result before the SDK's envelope: every revision the process accepts (`supported`, default `SUPPORTED_REVISIONS`). */
export function discoverResult(served: ServedServer, supported: readonly string[] = SUPPORTED_REVISIONS): { supportedVersions: string[]; capabilities: ServerCapabilities } {
  return { supportedVersions: [...supported], capabilities: capabilitiesOf(served) };
}

/**
 * SDK v2's `Server` with our `server/discover`: the SDK installs its own handler on a stateless
 * instance just before connecting it (listing only the modern revisions), so ours is installed
 * at `connect`, after it.
 */
class CourseServer extends Server {
  constructor(
    private readonly served: ServedServer,
    private readonly supported: readonly string[],
  ) {
    super(
      { name: served.name, version: served.version },
      {
        capabilities: capabilitiesOf(served),
        jsonSchemaValidator: NEVER_ELICITS,
        supportedProtocolVersions: [...supported],
        cacheHints: {
          "server/discover": CACHE_HINT,
          "tools/list": CACHE_HINT,
          "prompts/list": CACHE_HINT,
          "resources/list": CACHE_HINT,
          "resources/templates/list": CACHE_HINT,
          "resources/read": CACHE_HINT,
        },
      },
    );
  }

  override async connect(transport: Parameters<Server["connect"]>[0]): Promise<void> {
    if (this.getNegotiatedProtocolVersion() === STATELESS_REVISION) this.setRequestHandler("server/discover", () => discoverResult(this.served, this.supported) as never);
    const before = transport.onmessage;
    await super.connect(transport);
    const sdkDispatch = transport.onmessage;
    const onrequest = (this as unknown as SdkRequestEntry)._onrequest;
    // Only where the SDK's dispatch is the one described on {@link plainRequestDispatch}.
    if (before === undefined && sdkDispatch !== undefined && typeof onrequest === "function") transport.onmessage = plainRequestDispatch(sdkDispatch, onrequest.bind(this));
  }
}

/** The SDK `Protocol`'s own entry for an incoming request (SDK 2.4.0, `_onrequest`, private; pinned exactly in package.json). */
interface SdkRequestEntry {
  _onrequest?: (request: JSONRPCRequest, extra?: MessageExtraInfo) => void;
}

/**
 * The SDK's dispatch of incoming messages, with plain requests taken straight to `onrequest`.
 *
 * `Protocol.connect` (SDK 2.4.0) installs a dispatch that asks its zod guards, in turn, whether a
 * message is a result response, an error response, a request or a notification, and hands it to
 * `_onresponse`, `_onrequest` or `_onnotification`. A request is refused by the first two schemas
 * before the third accepts it, and a refused parse builds zod's error issues each time. A message
 * that passes {@link isPlainRequestOrNotification} and has an id is a request those guards accept
 * and that no response schema accepts (it has neither `result` nor `error`; a test holds the four
 * guards to it), so the dispatch's answer is known: it goes to `onrequest` at once, as the SDK's
 * dispatch would send it. Every other message goes to the SDK's dispatch.
 */
export function plainRequestDispatch(
  sdkDispatch: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void,
  onrequest: (request: JSONRPCRequest, extra?: MessageExtraInfo) => void,
): (message: JSONRPCMessage, extra?: MessageExtraInfo) => void {
  return (message, extra) => {
    if (isPlainRequestOrNotification(message) && "id" in message && message.id !== undefined) onrequest(message as JSONRPCRequest, extra);
    else sdkDispatch(message, extra);
  };
}

/**
 * Builds the SDK `Server` for a served server; `serveStdio`'s factory returns it.
 *
 * @param hooks run around every `tools/call` that names a tool.
 * @param revision the revision in use, read at each call (the transport's `protocolVersion`).
 * @param supported the revisions the process accepts (`supportedRevisions`), default all.
 */
export function createMcpServer(served: ServedServer, hooks: CallHooks = {}, revision: () => string | undefined = () => undefined, supported: readonly string[] = SUPPORTED_REVISIONS): Server {
  const server = new CourseServer(served, supported);

  server.setRequestHandler("tools/list", (request) => {
    refuseCursor(request.params);
    return { tools: served.tools as Tool[] };
  });

  server.setRequestHandler("tools/call", (request, ctx) => {
    // Parsed once, by the SDK (CallToolRequestSchema, before this handler), so `name` is a string.
    const { name, arguments: args = {} } = request.params;
    const id = ctx.mcpReq.id;
    const start = performance.now();
    const wait = hooks.beforeCall?.(name, id);
    // Most calls have no fault to wait for: answered at once, with no promise of ours (the SDK
    // awaits whatever a handler returns, and its wrapper turns a throw into the error response).
    if (wait) return wait.then(() => callLogged(served, hooks, name, args, id, revision(), start));
    return callLogged(served, hooks, name, args, id, revision(), start);
  });

  if (served.resources.length > 0) {
    server.setRequestHandler("resources/list", (request) => {
      refuseCursor(request.params);
      return { resources: served.resources.map((resource) => resource.listed) };
    });
    // No templates, but a server declaring resources answers the list (2025-11-25 `server/resources.mdx`, "Resource Templates").
    server.setRequestHandler("resources/templates/list", (request) => {
      refuseCursor(request.params);
      return { resourceTemplates: [] };
    });
    server.setRequestHandler("resources/read", (request) => {
      const { uri } = request.params;
      const resource = served.resources.find((candidate) => candidate.listed.uri === uri);
      // Resource not found: −32602 in both eras. 2026-07-28 requires it (`changelog.mdx`, "Minor
      // changes" 6; `basic/index.mdx`: implementations "MUST NOT emit" −32002); 2025-11-25 said
      // "SHOULD return … Resource not found: -32002" (`server/resources.mdx`, "Error Handling"),
      // but SDK 2.4.0 encodes −32002 as −32602 in every era, and −32602 is JSON-RPC's own code.
      if (!resource) throw new ProtocolError(JSONRPC_ERRORS.invalidParams, `Resource not found: ${uri}`);
      return { contents: [{ uri, mimeType: resource.listed.mimeType, text: resource.text }] };
    });
  }

  if (served.prompts.length > 0) {
    server.setRequestHandler("prompts/list", (request) => {
      refuseCursor(request.params);
      return { prompts: served.prompts.map((prompt) => prompt.listing) };
    });
    server.setRequestHandler("prompts/get", (request) => {
      const { name, arguments: args } = request.params;
      const prompt = served.prompts.find((candidate) => candidate.listing.name === name);
      if (!prompt) throw new ProtocolError(JSONRPC_ERRORS.invalidParams, `Unknown prompt: ${name}`);
      try {
        return prompt.get(args);
      } catch (error) {
        if (error instanceof ProtocolError) throw error;
        throw new ProtocolError(JSONRPC_ERRORS.invalidParams, `Invalid arguments for prompt ${name}: ${(error as Error).message}`);
      }
    });
  }

  return server;
}
