/**
 * One served server on SDK v2's low-level `Server` (`@modelcontextprotocol/server` 2.4.0), for
 * either era: `tools/list`, `tools/call`, and, when the server has them, `resources/list`,
 * `resources/templates/list`, `resources/read`, `prompts/list`, `prompts/get`; `server/discover`
 * in the stateless era; `initialize` and `ping` in the legacy era (the SDK's own).
 *
 * The stock low-level `Server` (not `McpServer`), public API only, so that
 * `tools/list` carries our declarations as they are, never rewritten by a schema conversion: the
 * SDK sends a handler's result as returned, adding in the stateless era only the envelope fields
 * of 2026-07-28 (`resultType`, `_meta["io.modelcontextprotocol/serverInfo"]`, and on cacheable
 * results `ttlMs` and `cacheScope`, here {@link CACHE_HINT}). The same factory serves both eras
 * (`serveStdio` calls it once per era it opens: a `server/discover` probe's instance, then the
 * connection's).
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
 * Errors we choose are thrown as the SDK's `ProtocolError` (a resource not found as its subclass
 * `ResourceNotFoundError`, which adds `data: { uri }`), whose message and data reach the wire as
 * they are. What a tool does is the {@link ServedServer}'s (`servedServers.ts`); timing, logging and
 * faults are the caller's, through {@link CallHooks}.
 */
import { performance } from "node:perf_hooks";
import {
  ProtocolError,
  ResourceNotFoundError,
  Server,
  type CallToolResult,
  type GetPromptResult,
  type InputRequiredResult,
  type jsonSchemaValidator,
  type Prompt,
  type RequestId,
  type ServerCapabilities,
  type ServerContext,
  type Tool,
} from "@modelcontextprotocol/server";
import type { ServedResource } from "./resources";
import type { CallRecord } from "./log";
import type { ProgressReporter } from "./faults";
import { verifyConfirmationState } from "../protocol/requestState";
import { confirmGate } from "./confirmWrites";
import {
  CACHE_HINT,
  JSONRPC_ERRORS,
  listedRevisions,
  STATELESS_REVISION,
  SUPPORTED_REVISIONS,
} from "../protocol/revisions";

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
  callTool(
    name: string,
    args: Readonly<Record<string, unknown>>,
    id: RequestId,
    revision: string | undefined,
  ): CallToolResult;
  resources: readonly ServedResource[];
  prompts: readonly ServedPrompt[];
}

/** What the caller does around each `tools/call`: the fault before it, the log after it. */
export interface CallHooks {
  /**
   * Runs before the tool; a promise returned makes the call wait for it. `report` sends a
   * `notifications/progress` for the call, given only when its request carried a `progressToken`.
   */
  beforeCall?(tool: string, id: RequestId, report?: ProgressReporter): Promise<void> | undefined;
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
 * client answers to an elicitation the server sends as a request of its own (2025-11-25
 * `elicitation/create`). These servers send no `elicitation/create` request: the one question they
 * ask (`--confirm-writes`, 2026-07-28 only) travels inside an `input_required` result, and
 * `confirmWrites.ts` reads its answer itself. The SDK's default builds an ajv instance at
 * construction, which every start would pay for nothing.
 */
const NEVER_ELICITS: jsonSchemaValidator = {
  getValidator: () => {
    throw new Error("these servers send no elicitation request, so they validate no answer to one");
  },
};

/**
 * Runs one `tools/call` on the served server and logs it through `hooks.afterCall`, a throw
 * included (rethrown: the SDK answers it, −32603 when it carries no code). `start` is when the
 * call arrived (`performance.now()`).
 */
function callLogged(
  served: ServedServer,
  hooks: CallHooks,
  name: string,
  args: Record<string, unknown>,
  id: RequestId,
  revision: string | undefined,
  start: number,
): CallToolResult {
  let result: CallToolResult;
  try {
    result = served.callTool(name, args, id, revision);
  } catch (error) {
    const errorCode = error instanceof ProtocolError ? error.code : JSONRPC_ERRORS.internalError;
    hooks.afterCall?.({
      tool: name,
      durationMs: performance.now() - start,
      isError: true,
      errorCode,
      arguments: args,
    });
    throw error;
  }
  hooks.afterCall?.({
    tool: name,
    durationMs: performance.now() - start,
    isError: result.isError === true,
    arguments: args,
  });
  return result;
}

/**
 * A list request's `cursor` refused: these servers return every list in one page and never hand
 * out a `nextCursor`, so no cursor is valid. "Invalid cursors SHOULD result in an error with code
 * -32602 (Invalid params)" (2025-11-25 and 2026-07-28 `server/utilities/pagination.mdx`).
 */
function refuseCursor(params: { cursor?: string } | undefined): void {
  if (params?.cursor !== undefined)
    throw new ProtocolError(
      JSONRPC_ERRORS.invalidParams,
      `Invalid cursor: this server returns every list in one page and issued no cursor, so ${JSON.stringify(params.cursor)} is not one of its cursors.`,
    );
}

/**
 * The `server/discover` result before the SDK's envelope, as a process that has not yet chosen
 * its era answers it: the modern revisions of those it accepts (`listedRevisions` of
 * `supported`, default `SUPPORTED_REVISIONS`: 2026-07-28 alone), as the SDK's handler lists them.
 * What the client knows beforehand (`knownDiscover`).
 */
export function discoverResult(
  served: ServedServer,
  supported: readonly string[] = SUPPORTED_REVISIONS,
): { supportedVersions: string[]; capabilities: ServerCapabilities } {
  return { supportedVersions: listedRevisions(supported), capabilities: capabilitiesOf(served) };
}

/** The caching hint (`CACHE_HINT`) of every cacheable result sent, for the SDK's `cacheHints` option. */
const CACHE_HINTS = {
  "server/discover": CACHE_HINT,
  "tools/list": CACHE_HINT,
  "prompts/list": CACHE_HINT,
  "resources/list": CACHE_HINT,
  "resources/templates/list": CACHE_HINT,
  "resources/read": CACHE_HINT,
} as const;

/**
 * Runs one `tools/call` with the caller's hooks: the fault first (`hooks.beforeCall`, which may
 * make the call wait), then the tool, logged by {@link callLogged}. Most calls have no fault to
 * wait for and are answered at once, with no promise of ours (the SDK awaits whatever a handler
 * returns, and its wrapper turns a throw into the error response).
 */
function callWithHooks(
  served: ServedServer,
  hooks: CallHooks,
  name: string,
  args: Record<string, unknown>,
  id: RequestId,
  revision: () => string | undefined,
  report?: ProgressReporter,
): CallToolResult | Promise<CallToolResult> {
  const start = performance.now();
  const wait = hooks.beforeCall?.(name, id, report);
  if (wait) return wait.then(() => callLogged(served, hooks, name, args, id, revision(), start));
  return callLogged(served, hooks, name, args, id, revision(), start);
}

/**
 * The progress reporter of a request that carried `_meta.progressToken`, else `undefined`: each
 * report is a `notifications/progress` with that token, sent through the SDK's `ctx.mcpReq.notify`
 * (a notification related to the request). Source: 2025-11-25 `basic/utilities/progress.mdx`,
 * 2026-07-28 `basic/patterns/progress.mdx`.
 */
function progressOf(request: ServerContext["mcpReq"]): ProgressReporter | undefined {
  const token = request._meta?.progressToken;
  if (token === undefined) return undefined;
  return (progress, total, message) =>
    request.notify({
      method: "notifications/progress",
      params: { progressToken: token, progress, total, message },
    });
}

/**
 * `serve --confirm-writes` in the 2026-07-28 era: a tool with a side effect first asks the user to
 * confirm, by a multi round-trip request (`confirmWrites.ts`). The `input_required` result (or the
 * refusal) to send instead of running the tool, or `undefined` to run it.
 */
function askToConfirm(
  name: string,
  args: Readonly<Record<string, unknown>>,
  request: ServerContext["mcpReq"],
  revision: string | undefined,
  key: string,
): InputRequiredResult | CallToolResult | undefined {
  if (revision !== STATELESS_REVISION) return undefined;
  const { inputResponses } = request;
  return confirmGate(name, args, { inputResponses, requestState: request.requestState() }, key);
}

/** The `resources/list`, `resources/templates/list` and `resources/read` handlers of a server with resources. */
function handleResources(server: Server, served: ServedServer): void {
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
    // Resource not found: −32602 in both eras, with `data: { uri }`. 2026-07-28 requires the
    // code (`server/resources.mdx`, "Error Handling"; `basic/index.mdx`: implementations "MUST
    // NOT emit" −32002); 2025-11-25 said "SHOULD return … Resource not found: -32002" (same
    // page), but SDK 2.4.0 encodes −32002 as −32602 in every era. Since −32602 also means any
    // other invalid params, the error carries the URI asked for, as both revisions' example
    // does; SDK 2.4.0's `ResourceNotFoundError` is exactly that (message `Resource not found:
    // <uri>`, data `{ uri }`), and a client's `ProtocolError.fromError` recognises a −32602 as
    // not found only by a `data` holding `uri` alone.
    if (!resource) throw new ResourceNotFoundError(uri);
    return { contents: [{ uri, mimeType: resource.listed.mimeType, text: resource.text }] };
  });
}

/** The `prompts/list` and `prompts/get` handlers of a server with prompts. */
function handlePrompts(server: Server, served: ServedServer): void {
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
      throw new ProtocolError(
        JSONRPC_ERRORS.invalidParams,
        `Invalid arguments for prompt ${name}: ${(error as Error).message}`,
      );
    }
  });
}

/**
 * Builds the SDK `Server` that serves one served server; `serveStdio`'s factory returns it.
 *
 * It reads as a server is written on the low-level `Server`: identity and capabilities, a handler
 * for `tools/list` returning the declaration, one for `tools/call` running the tool, and the
 * resources and prompts handlers when the server has any. Faults, logging and the
 * `--confirm-writes` gate are in helpers of their own.
 *
 * The SDK answers `initialize`, `ping` and `server/discover` itself. Its `server/discover` lists
 * only the modern revisions of `supportedProtocolVersions`, and the course keeps that list
 * (`listedRevisions`; docs/sdk-gaps.md#discover-lists-modern-only).
 *
 * @param hooks run around every `tools/call` that names a tool.
 * @param revision the revision in use, read at each call (the transport's `protocolVersion`).
 * @param supported the revisions the process accepts (`supportedRevisions`), default all: the
 *   legacy ones are those `initialize` negotiates.
 * @param confirmWrites `serve --confirm-writes`, with the key its states are signed with: in the
 *   2026-07-28 era a tool with a side effect asks the user to confirm first ({@link askToConfirm}),
 *   and an echoed `requestState` that does not verify under the key is refused before any handler
 *   runs (the SDK's `requestState.verify` hook, which answers -32602). Undefined: no confirmation.
 */
export function createMcpServer(
  served: ServedServer,
  hooks: CallHooks = {},
  revision: () => string | undefined = () => undefined,
  supported: readonly string[] = SUPPORTED_REVISIONS,
  confirmWrites?: { key: string },
): Server {
  const server = new Server(
    { name: served.name, version: served.version },
    {
      capabilities: capabilitiesOf(served),
      jsonSchemaValidator: NEVER_ELICITS,
      supportedProtocolVersions: [...supported],
      cacheHints: CACHE_HINTS,
      ...(confirmWrites && {
        requestState: {
          verify: (state: string) => verifyConfirmationState(state, confirmWrites.key),
        },
      }),
    },
  );
  server.setRequestHandler("tools/list", (request) => {
    refuseCursor(request.params);
    return { tools: served.tools as Tool[] };
  });
  server.setRequestHandler("tools/call", (request, ctx) => {
    // The SDK has parsed the request (`CallToolRequestSchema`): `name` is a string.
    const { name, arguments: args = {} } = request.params;
    const asked = confirmWrites
      ? askToConfirm(name, args, ctx.mcpReq, revision(), confirmWrites.key)
      : undefined;
    return (
      asked ??
      callWithHooks(served, hooks, name, args, ctx.mcpReq.id, revision, progressOf(ctx.mcpReq))
    );
  });
  if (served.resources.length > 0) handleResources(server, served);
  if (served.prompts.length > 0) handlePrompts(server, served);
  return server;
}
