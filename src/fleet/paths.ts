/**
 * Three paths between an agent and the fleet's handlers, and what the agent reads back.
 *
 * - `direct`: the handlers called in-process; a throw becomes an error result.
 * - `raw`: a JSON-RPC server handed the exact JSON Schema, checking no argument; a handler throw
 *   becomes JSON-RPC error −32603 carrying the message. An unknown tool is the protocol error
 *   −32602, as every revision asks and as the SDK's server answers before any path sees the call.
 * - `validating`: a JSON-RPC server that validates arguments against the declared schema with
 *   ajv before the handler runs, and answers as revision 2025-11-25 and the SDK's high-level
 *   `McpServer` (2.4) do: an unknown tool is the protocol error −32602; arguments that fail the
 *   schema, and a handler's throw, are tool execution errors (results with `isError: true`);
 *   properties the schema does not name are stripped. For a client of 2025-06-18 or 2024-11-05,
 *   which list invalid arguments among protocol errors with no code, it sends them as −32602.
 *
 * Whatever the channel, the client turns the answer into one {@link ToolOutcome}, the way the
 * seed's client mapped both failure channels onto one tool result.
 *
 * Source: seed document 000, "Experiment design" and the probe table; 2025-11-25 and 2026-07-28
 * `server/tools.mdx`, "Error Handling"; `@modelcontextprotocol/server` 2.4.0 `McpServer`
 * (`tools/call`: an unknown tool thrown as −32602 before the `try`, everything after it caught as
 * an error result). For {@link createValidatingServer}: a shallow copy of the arguments suffices
 * for ajv, since `test/fleet/tools.test.ts` holds every property schema to a scalar's, and its
 * validators are made with the server (see `fleetValidators`).
 */
import type { ErrorObject } from "ajv";
import { argumentErrorsAreResults } from "../protocol/revisions";
import { fleetValidators } from "./fleetValidation";
import type { Fleet } from "./generator";
import {
  ERROR_CODES,
  mcpErrorText,
  PROTOCOL_VERSION,
  textResult,
  type CallToolResult,
  type JsonObject,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type JsonRpcServer,
} from "./protocol";
import {
  createFleetHandlers,
  FLEET_TOOL_DEFINITIONS,
  type FleetHandler,
  type JsonSchema,
  type ToolArguments,
} from "./tools";

/** The three paths, in the order tables show them. */
export const PATH_NAMES = ["direct", "raw", "validating"] as const;

/** One of {@link PATH_NAMES}. */
export type PathName = (typeof PATH_NAMES)[number];

/** The fleet server's name and version (in MCP: `serverInfo`). This project's choice. */
export const FLEET_SERVER_NAME = "fleet";
export const FLEET_VERSION = 1;

/**
 * How an answer reached the agent:
 * - `result`: a successful tool result;
 * - `error result`: a tool result with `isError: true` (direct's throw, validating's handler error
 *   or refused arguments);
 * - `JSON-RPC error`: an error response, thrown by the client's call;
 * - `client`: the client failed the call itself (timeout, closed connection, not connected), a
 *   local failure whose text reads `local: …` (`LOCAL_FAILURES`, `client.ts`).
 */
export type Channel = "result" | "error result" | "JSON-RPC error" | "client";

/** What the agent reads back from one call: the text, and whether it is an error. */
export interface ToolOutcome {
  isError: boolean;
  channel: Channel;
  /** The result's text (JSON for a success), or the error's message as the agent sees it. */
  text: string;
}

/** Handlers by tool name, as the paths look them up. */
type FleetHandlers = Readonly<Record<string, FleetHandler>>;

/** A call as an agent writes it. */
export interface ToolCall {
  name: string;
  arguments: ToolArguments;
}

/**
 * The rig's answer to a tool it does not have.
 *
 * @remarks Source: seed document 000, probe table (`No such tool: rank_by_rate.`).
 */
export function noSuchTool(name: string): string {
  return `No such tool: ${name}. The tools are ${FLEET_TOOL_DEFINITIONS.map((t) => t.name).join(", ")}.`;
}

/** The `direct` path: the handler in-process; a throw becomes an error result. */
export function callDirect(handlers: FleetHandlers, call: ToolCall): ToolOutcome {
  const handler = Object.hasOwn(handlers, call.name) ? handlers[call.name] : undefined;
  if (!handler) return { isError: true, channel: "error result", text: noSuchTool(call.name) };
  try {
    return { isError: false, channel: "result", text: JSON.stringify(handler(call.arguments)) };
  } catch (error) {
    return { isError: true, channel: "error result", text: (error as Error).message };
  }
}

/**
 * Maps a `tools/call` response onto what the agent reads. A JSON-RPC error becomes the text
 * SDK 1.x's client threw, `MCP error <code>: <message>`; a result gives its text, an error when it
 * carries `isError: true`.
 *
 * @remarks Source: seed document 000 (its client mapped both channels onto one tool result).
 */
export function outcomeOf(response: JsonRpcResponse): ToolOutcome {
  if ("error" in response) {
    const text = mcpErrorText(response.error.code, response.error.message);
    return { isError: true, channel: "JSON-RPC error", text };
  }
  const result = response.result as unknown as CallToolResult;
  const text = result.content.map((part) => part.text).join("\n");
  if (result.isError) return { isError: true, channel: "error result", text };
  return { isError: false, channel: "result", text };
}

/** What a path's server does with the arguments of a `tools/call`. */
type CallTool = (name: string, args: ToolArguments, id: number) => JsonRpcResponse;

/** The parts every simulated server shares: `initialize`, notifications, `tools/list`, unknown methods. */
function jsonRpcServer(callTool: CallTool): JsonRpcServer {
  return {
    handle(message: JsonRpcRequest | JsonRpcNotification): JsonRpcResponse | undefined {
      if (!("id" in message)) return undefined; // notifications get no reply
      const { id, method, params } = message;
      switch (method) {
        case "initialize":
          return {
            jsonrpc: "2.0",
            id,
            result: {
              protocolVersion: PROTOCOL_VERSION,
              capabilities: { tools: {} },
              serverInfo: { name: FLEET_SERVER_NAME, version: String(FLEET_VERSION) },
            },
          };
        case "tools/list":
          return {
            jsonrpc: "2.0",
            id,
            result: { tools: FLEET_TOOL_DEFINITIONS as unknown as JsonObject[] },
          };
        case "tools/call":
          return callTool(
            String(params?.name),
            (params?.arguments as ToolArguments | undefined) ?? {},
            id,
          );
        default:
          return {
            jsonrpc: "2.0",
            id,
            error: { code: ERROR_CODES.methodNotFound, message: `Method not found: ${method}` },
          };
      }
    },
  };
}

function success(id: number, result: CallToolResult): JsonRpcResponse {
  return { jsonrpc: "2.0", id, result: result as unknown as JsonObject };
}

function failure(id: number, code: number, message: string): JsonRpcResponse {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

/**
 * The `raw` server: the exact schema in `tools/list`, no argument checked; a handler's throw is
 * −32603. An unknown tool is −32602 ({@link unknownToolError}), the protocol error of
 * `server/tools.mdx` "Error Handling" in every revision, which the real `raw` server (behind the
 * SDK's `Server`, `server/servedServers.ts`) answers too.
 */
export function createRawServer(fleet: Fleet): JsonRpcServer {
  const handlers: FleetHandlers = createFleetHandlers(fleet);
  return jsonRpcServer((name, args, id) => {
    if (!Object.hasOwn(handlers, name)) return unknownToolError(id, name);
    try {
      return success(id, textResult(JSON.stringify(handlers[name](args))));
    } catch (error) {
      return failure(id, ERROR_CODES.internalError, (error as Error).message);
    }
  });
}

/** A JSON value as an error message quotes it. */
function shown(value: unknown): string {
  return value === undefined ? "nothing" : JSON.stringify(value);
}

/** One ajv error as a sentence naming the property, what was expected, and what was received. */
function describeError(error: ErrorObject, schema: JsonSchema): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required") {
    const property = String(params.missingProperty);
    const spec = (schema.properties as Record<string, JsonSchema>)[property];
    const expected = Array.isArray(spec?.enum)
      ? `one of ${spec.enum.map(shown).join(", ")}`
      : String(spec?.type ?? "a value");
    return `${property}: required, expected ${expected}`;
  }
  const property = error.instancePath.replace(/^\//, "").replaceAll("/", ".") || "arguments";
  const received = shown(error.data);
  switch (error.keyword) {
    case "type":
      return `${property}: expected ${String(params.type)}, received ${received}`;
    case "enum":
      return `${property}: expected one of ${(params.allowedValues as unknown[]).map(shown).join(", ")}, received ${received}`;
    case "minimum":
    case "maximum":
      return `${property}: expected a number ${String(params.comparison)} ${String(params.limit)}, received ${received}`;
    default:
      return `${property}: ${error.message ?? error.keyword}`;
  }
}

/**
 * The sentence for arguments that failed a tool's schema: `Input validation error: Invalid
 * arguments for tool <name>: ` and each ajv error as {@link describeError} words it, `; `
 * between them. The validating server ({@link createValidatingServer}) and the world's real
 * servers (`server/servedServers.ts`) both send it.
 *
 * @remarks Source: the wording of the SDK's high-level server (`McpServer.validateToolInput`,
 * `@modelcontextprotocol/sdk` 1.21 on); `test/server/revisions.test.ts` holds the two servers'
 * sentences equal.
 */
export function invalidArgumentsMessage(
  name: string,
  errors: readonly ErrorObject[],
  schema: JsonSchema,
): string {
  return `Input validation error: Invalid arguments for tool ${name}: ${errors.map((error) => describeError(error, schema)).join("; ")}`;
}

/**
 * The protocol error for a tool the server does not have: −32602 `Unknown tool: <name>`, the
 * example of 2026-07-28 `server/tools.mdx` ("Error Handling") and of its schema's
 * `InvalidParamsError`.
 */
export function unknownToolError(id: number, name: string): JsonRpcResponse {
  return failure(id, ERROR_CODES.invalidParams, `Unknown tool: ${name}`);
}

/**
 * The `validating` server: arguments checked against the declared schema, then the handler.
 * An unknown tool is the protocol error −32602 ({@link unknownToolError}); a handler's throw is
 * an error result; arguments that fail the schema are an error result carrying
 * {@link invalidArgumentsMessage}, or, for a revision that lists them among protocol errors
 * (2025-06-18, 2024-11-05: `argumentErrorsAreResults`), −32602 with the same message.
 *
 * @param revision the protocol revision the client speaks; default 2025-11-25 (`PROTOCOL_VERSION`).
 */
export function createValidatingServer(
  fleet: Fleet,
  revision: string = PROTOCOL_VERSION,
): JsonRpcServer {
  const handlers: FleetHandlers = createFleetHandlers(fleet);
  const validators = fleetValidators();
  const asResult = argumentErrorsAreResults(revision);
  return jsonRpcServer((name, args, id) => {
    const validate = Object.hasOwn(handlers, name) ? validators.get(name) : undefined;
    if (!validate) return unknownToolError(id, name);
    // ajv drops the properties the schema does not name, so it checks a copy of the arguments.
    const checked: JsonObject = { ...(args as JsonObject) };
    if (!validate(checked)) {
      const schema = FLEET_TOOL_DEFINITIONS.find((tool) => tool.name === name)!.inputSchema;
      const message = invalidArgumentsMessage(name, validate.errors ?? [], schema);
      return asResult
        ? success(id, textResult(message, true))
        : failure(id, ERROR_CODES.invalidParams, message);
    }
    try {
      return success(id, textResult(JSON.stringify(handlers[name](checked))));
    } catch (error) {
      return success(id, textResult((error as Error).message, true));
    }
  });
}

/**
 * The server of a path; `direct` has none.
 *
 * @param revision the revision the client speaks, for the `validating` path's invalid arguments.
 */
export function createPathServer(
  path: Exclude<PathName, "direct">,
  fleet: Fleet,
  revision: string = PROTOCOL_VERSION,
): JsonRpcServer {
  return path === "raw" ? createRawServer(fleet) : createValidatingServer(fleet, revision);
}
