/**
 * One served server on the SDK's low-level `Server`: `initialize`, `tools/list`, `tools/call`,
 * and, when the server has them, `resources/list`, `resources/read`, `prompts/list`, `prompts/get`.
 *
 * Source: issue 5 §1–2. The low-level `Server` (not `McpServer`) so that `tools/list` carries our
 * declarations as they are, never rewritten by a zod conversion (seed document 000). Each handler
 * is registered with a loose request schema (only `method` checked) and parses `params` itself, so
 * bad params are answered −32602 (JSON-RPC "invalid params") rather than the −32603 carrying a zod
 * dump that the SDK's own parse gives (SDK 1.32.2, checked); for `tools/call` the SDK's `Server`
 * answers −32602 `Invalid tools/call request: …` before our handler runs.
 *
 * Errors we choose are thrown as {@link ProtocolError}, whose message reaches the wire unprefixed
 * (an SDK `McpError`'s message already reads `MCP error <code>: …`, so a client would show it twice).
 * What a tool does is the {@link ServedServer}'s (`servedServers.ts`); timing, logging and faults
 * are the caller's, through {@link CallHooks}.
 */
import { performance } from "node:perf_hooks";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv-provider.js";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolRequest,
  type CallToolResult,
  type GetPromptResult,
  type Prompt,
  type RequestId,
  type ServerCapabilities,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { ServedResource } from "./resources";
import type { CallRecord } from "./log";

/** A JSON-RPC error we answer with: `code`, and a message sent as it is. */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "ProtocolError";
  }
}

/** A prompt as served: its listing, and its `prompts/get` (throws {@link ProtocolError} or any Error for bad arguments). */
export interface ServedPrompt {
  listing: Prompt;
  get(args: Readonly<Record<string, string>> | undefined): GetPromptResult;
}

/** What one real server serves, independent of the SDK. */
export interface ServedServer {
  /** `serverInfo.name`. */
  name: string;
  /** `serverInfo.version`: the version at level 3, else `undeclared` (`declarations.ts`). */
  version: string;
  /** The `tools/list` result's tools, sent as they are. */
  tools: readonly Tool[];
  /**
   * Serves one `tools/call`: a result (possibly `isError`), or a throw of {@link ProtocolError}
   * for a JSON-RPC error response. `id` is the request's id.
   */
  callTool(name: string, args: Readonly<Record<string, unknown>>, id: RequestId): CallToolResult;
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
 * The SDK's JSON Schema validator, built the first time it is asked for a validator. The SDK's
 * `Server` validates only what a client sends back to an elicitation with it, and these servers
 * never elicit; its default builds an ajv instance with every format at construction, which
 * every start would pay for nothing.
 */
function lazyValidator(): jsonSchemaValidator {
  let inner: AjvJsonSchemaValidator | undefined;
  return { getValidator: (schema) => (inner ??= new AjvJsonSchemaValidator()).getValidator(schema) };
}

/** The zod-like check we need: `safeParse` with issues carrying a path and a message. */
interface Checker<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** Parses a request with the SDK's schema for its method; bad params → {@link ProtocolError} −32602. */
function checked<T>(schema: Checker<T>, request: unknown, method: string): T {
  const parsed = schema.safeParse(request);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => `${issue.path.map(String).join(".") || "request"}: ${issue.message}`).join("; ");
  throw new ProtocolError(ErrorCode.InvalidParams, `Invalid ${method} request: ${details}`);
}

/**
 * Runs one `tools/call` on the served server and logs it through `hooks.afterCall`, a throw
 * included (rethrown: the SDK answers it, −32603 when it carries no code, a RangeError from a
 * hostile argument, say). `start` is when the call arrived (`performance.now()`).
 */
function callLogged(served: ServedServer, hooks: CallHooks, name: string, args: Record<string, unknown>, id: RequestId, start: number): CallToolResult {
  let result: CallToolResult;
  try {
    result = served.callTool(name, args, id);
  } catch (error) {
    const errorCode = error instanceof ProtocolError ? error.code : ErrorCode.InternalError;
    hooks.afterCall?.({ tool: name, durationMs: performance.now() - start, isError: true, errorCode, arguments: args });
    throw error;
  }
  hooks.afterCall?.({ tool: name, durationMs: performance.now() - start, isError: result.isError === true, arguments: args });
  return result;
}

/**
 * Builds the SDK `Server` for a served server; connect it to a transport to serve.
 *
 * @param hooks run around every `tools/call` that the SDK accepted (it names a tool).
 */
export function createMcpServer(served: ServedServer, hooks: CallHooks = {}): Server {
  const server = new Server({ name: served.name, version: served.version }, { capabilities: capabilitiesOf(served), jsonSchemaValidator: lazyValidator() });

  server.setRequestHandler(ListToolsRequestSchema.pick({ method: true }).loose(), (request) => {
    checked(ListToolsRequestSchema, request, "tools/list");
    return { tools: served.tools as Tool[] };
  });

  server.setRequestHandler(CallToolRequestSchema.pick({ method: true }).loose(), (request, extra) => {
    // Parsed once, by the SDK: its `Server` checks every `tools/call` against CallToolRequestSchema
    // before calling this handler (−32602 `Invalid tools/call request` otherwise), so a second
    // parse here would only repeat it.
    const { name, arguments: args = {} } = (request as unknown as CallToolRequest).params;
    const start = performance.now();
    const wait = hooks.beforeCall?.(name, extra.requestId);
    // Most calls have no fault to wait for: answered at once, with no promise of ours (the SDK
    // awaits whatever a handler returns, and its wrapper turns a throw into the error response).
    if (wait) return wait.then(() => callLogged(served, hooks, name, args, extra.requestId, start));
    return callLogged(served, hooks, name, args, extra.requestId, start);
  });

  if (served.resources.length > 0) {
    server.setRequestHandler(ListResourcesRequestSchema.pick({ method: true }).loose(), (request) => {
      checked(ListResourcesRequestSchema, request, "resources/list");
      return { resources: served.resources.map((resource) => resource.listed) };
    });
    server.setRequestHandler(ReadResourceRequestSchema.pick({ method: true }).loose(), (request) => {
      const { uri } = checked(ReadResourceRequestSchema, request, "resources/read").params;
      const resource = served.resources.find((candidate) => candidate.listed.uri === uri);
      // −32002: MCP's "resource not found" (specification, server/resources, Error Handling).
      if (!resource) throw new ProtocolError(-32002, `Resource not found: ${uri}`);
      return { contents: [{ uri, mimeType: resource.listed.mimeType, text: resource.text }] };
    });
  }

  if (served.prompts.length > 0) {
    server.setRequestHandler(ListPromptsRequestSchema.pick({ method: true }).loose(), (request) => {
      checked(ListPromptsRequestSchema, request, "prompts/list");
      return { prompts: served.prompts.map((prompt) => prompt.listing) };
    });
    server.setRequestHandler(GetPromptRequestSchema.pick({ method: true }).loose(), (request) => {
      const { name, arguments: args } = checked(GetPromptRequestSchema, request, "prompts/get").params;
      const prompt = served.prompts.find((candidate) => candidate.listing.name === name);
      if (!prompt) throw new ProtocolError(ErrorCode.InvalidParams, `Unknown prompt: ${name}`);
      try {
        return prompt.get(args);
      } catch (error) {
        if (error instanceof ProtocolError) throw error;
        throw new ProtocolError(ErrorCode.InvalidParams, `Invalid arguments for prompt ${name}: ${(error as Error).message}`);
      }
    });
  }

  return server;
}
