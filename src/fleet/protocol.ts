/**
 * The slice of JSON-RPC 2.0 and MCP that the fleet's simulated paths speak.
 *
 * These are plain shapes and constants, not a protocol engine: the simulated servers in
 * `paths.ts` answer one message at a time, synchronously, so a run is deterministic and fast.
 * Real MCP over stdio, with the official SDK, comes in a later lesson and stands where these
 * shapes stand. The codes and the `MCP error <code>: <message>` text are those of the MCP
 * TypeScript SDK (`ErrorCode`, `McpError`), as quoted in seed document 000's probe and fault tables.
 */

/** JSON-RPC and MCP error codes. Source: JSON-RPC 2.0 §5.1; MCP SDK `ErrorCode`; seed document 000. */
export const ERROR_CODES = {
  /** The connection closed while a request was pending (SDK `ConnectionClosed`). */
  connectionClosed: -32000,
  /** The client gave up waiting (SDK `RequestTimeout`). */
  requestTimeout: -32001,
  /** JSON-RPC: no such method. */
  methodNotFound: -32601,
  /** JSON-RPC: invalid method parameters; MCP servers use it for arguments that fail the schema. */
  invalidParams: -32602,
  /** JSON-RPC: internal error; what a low-level server answers when a handler throws. */
  internalError: -32603,
} as const;

/** The protocol version the simulated client offers. Source: seed document 000, "Run it". */
export const PROTOCOL_VERSION = "2025-06-18";

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

/** The text the SDK's `McpError` carries: `MCP error <code>: <message>`. */
export function mcpErrorText(code: number, message: string): string {
  return `MCP error ${code}: ${message}`;
}

/** Builds a text `tools/call` result. */
export function textResult(text: string, isError = false): CallToolResult {
  return isError
    ? { content: [{ type: "text", text }], isError: true }
    : { content: [{ type: "text", text }] };
}
