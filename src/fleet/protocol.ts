/**
 * The slice of JSON-RPC 2.0 and MCP that the fleet's simulated paths speak.
 *
 * These are plain shapes and constants, not a protocol engine: the simulated servers in
 * `paths.ts` answer one message at a time, synchronously, so a run is deterministic and fast.
 * Real MCP over stdio, with the official SDK, comes in a later lesson and stands where these
 * shapes stand. The `MCP error <code>: <message>` text is the one SDK 1.x's client threw for an
 * error response (`McpError`), as quoted in seed document 000's probe table; SDK 2.4's client
 * throws a `ProtocolError` whose message is the server's message alone.
 */
import { JSONRPC_ERRORS } from "../protocol/revisions";

/**
 * The JSON-RPC error codes the fleet's servers send, the three of `JSONRPC_ERRORS`
 * (`protocol/revisions.ts`) they use. Source: JSON-RPC 2.0 §5.1, as MCP uses them
 * (2026-07-28 `basic/index.mdx`, "Error Codes"). A failure of the client's own (a timeout, a closed
 * connection) has no code here: it is no error response (see `LOCAL_FAILURES`, `client.ts`).
 */
export const ERROR_CODES = {
  /** JSON-RPC: no such method. */
  methodNotFound: JSONRPC_ERRORS.methodNotFound,
  /** JSON-RPC: invalid method parameters; MCP's answer to an unknown tool in every revision. */
  invalidParams: JSONRPC_ERRORS.invalidParams,
  /** JSON-RPC: internal error; what a low-level server answers when a handler throws. */
  internalError: JSONRPC_ERRORS.internalError,
} as const;

/**
 * The protocol version the simulated client offers: 2025-11-25, the last revision of the
 * `initialize` era, whose tool errors the `validating` path follows. The source experiment's
 * client offered 2025-06-18 (seed document 000, "Run it"), whose reading of invalid arguments
 * the `validating` path gives on request (`createValidatingServer`).
 */
export const PROTOCOL_VERSION = "2025-11-25";

/** A JSON object as it crosses the wire. */
export type JsonObject = { [key: string]: unknown };

/** A request: has an `id`, expects exactly one response. */
export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id: number;
  method: string;
  params?: JsonObject;
}

/** A notification: no `id`, gets no reply. */
export interface JsonRpcNotification {
  jsonrpc: "2.0";
  method: string;
  params?: JsonObject;
}

/** The error member of an error response. */
export interface JsonRpcError {
  code: number;
  message: string;
}

/** A response: either `result` or `error`. */
export type JsonRpcResponse =
  | { jsonrpc: "2.0"; id: number; result: JsonObject }
  | { jsonrpc: "2.0"; id: number; error: JsonRpcError };

/** MCP's `tools/call` result: text content, and `isError` for a tool-level failure. */
export interface CallToolResult {
  content: { type: "text"; text: string }[];
  isError?: boolean;
}

/** A server that answers one message at a time: a response for a request, nothing for a notification. */
export interface JsonRpcServer {
  handle(message: JsonRpcRequest | JsonRpcNotification): JsonRpcResponse | undefined;
}

/** The text SDK 1.x's `McpError` carries: `MCP error <code>: <message>`. */
export function mcpErrorText(code: number, message: string): string {
  return `MCP error ${code}: ${message}`;
}

/** Builds a text `tools/call` result. */
export function textResult(text: string, isError = false): CallToolResult {
  return isError
    ? { content: [{ type: "text", text }], isError: true }
    : { content: [{ type: "text", text }] };
}
