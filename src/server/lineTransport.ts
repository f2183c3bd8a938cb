/**
 * A server-side MCP transport over a byte stream pair: newline-delimited JSON-RPC, strictly.
 *
 * It implements the SDK's `Transport` interface, so the SDK's `Server` runs on it unchanged. It
 * is not the SDK's `StdioServerTransport`, on purpose: that one (SDK 1.32.2, checked) drops a
 * line it cannot parse with only an `onerror` callback, so a client that sent malformed JSON waits
 * for a reply that never comes. Issue 5 §2 asks for JSON-RPC's answers instead, and for a server
 * that keeps serving after hostile input:
 * - a line that is not UTF-8 (decoded with a fatal `TextDecoder`) or not JSON → −32700, id null;
 * - JSON that is not a JSON-RPC message (SDK `JSONRPCMessageSchema`; the plain requests and
 *   notifications it accepts are recognised without it, {@link isPlainRequestOrNotification}) → −32600, with the line's id
 *   when it has a usable one, else null;
 * - a line longer than {@link MAX_LINE_BYTES} → −32700, its bytes discarded as they arrive;
 * - an empty line (or one holding only `\r`) is skipped; a trailing `\r` is removed, as the SDK does;
 * - a last line with no newline when the input ends is dropped and reported, never parsed.
 * When the input ends, the transport first lets every request it delivered be answered (a client
 * may write its requests and close stdin at once, as `printf … | mcp-course serve` does), then
 * calls `onclose`. It counts messages and bytes in both directions ({@link LineTransportStats}).
 *
 * It does not know MCP methods, and it never writes anything but what it is asked to send, its
 * own error replies, and the raw text a caller writes on purpose with {@link LineTransport.writeRaw}
 * or {@link LineTransport.writeBeforeResponse} (the noisy faults, `faults.ts`).
 */
import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { serializeMessage, STDIO_DEFAULT_MAX_BUFFER_SIZE } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage, type RequestId } from "@modelcontextprotocol/sdk/types.js";

/** The longest line accepted, in bytes (newline excluded): the SDK's stdio read buffer limit, 10 MiB. */
export const MAX_LINE_BYTES = STDIO_DEFAULT_MAX_BUFFER_SIZE;

/** Counts of what crossed the transport. Bytes are raw stream bytes, newlines included. */
export interface LineTransportStats {
  /** Messages handed to `onmessage` (valid JSON-RPC messages). */
  messagesIn: number;
  /** Lines written: messages sent plus the transport's own error replies (not raw text). */
  messagesOut: number;
  bytesIn: number;
  bytesOut: number;
  /** Lines answered with −32700 or −32600. */
  rejected: number;
  /** Final unterminated lines dropped at the end of input (0 or 1). */
  dropped: number;
}

/**
 * Something the transport did with a line instead of delivering it:
 * - `rejected`: answered with a JSON-RPC error (`code` −32700 or −32600); `bytes` is the line's length;
 * - `dropped`: the input ended inside a line, which was discarded; `bytes` is what it held.
 */
export type LineEvent = { kind: "rejected"; code: number; message: string; bytes: number } | { kind: "dropped"; bytes: number };

const NEWLINE = 0x0a;

/** The keys a request or a notification may have (JSON-RPC 2.0 §4, as `JSONRPCMessageSchema` allows them). */
const ENVELOPE_KEYS = new Set(["jsonrpc", "id", "method", "params"]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Whether a parsed line is a request or a notification that the SDK's `JSONRPCMessageSchema`
 * accepts as it is, checked without zod: only the keys `jsonrpc` ("2.0"), `method` (a string),
 * `id` (absent, a string, or a safe integer, as zod's `.int()` wants) and `params` (absent, or an
 * object without `_meta`, which the schema checks further, and without an own `__proto__`, which
 * zod's copy drops). On such a message the schema's output has the same keys and values (perhaps
 * in another key order), so it is delivered as parsed; anything else, responses included, goes
 * through the schema, which decides it exactly as before. This spares the zod union on the lines
 * a server nearly always reads. A test holds the two to the same answers.
 */
export function isPlainRequestOrNotification(value: unknown): value is JSONRPCMessage {
  if (!isPlainObject(value) || value.jsonrpc !== "2.0" || typeof value.method !== "string") return false;
  for (const key in value) if (!ENVELOPE_KEYS.has(key)) return false;
  const { id, params } = value;
  if (id !== undefined && typeof id !== "string" && !Number.isSafeInteger(id)) return false;
  return params === undefined || (isPlainObject(params) && !Object.hasOwn(params, "_meta") && !Object.hasOwn(params, "__proto__"));
}

/** Parses a line's JSON value as a JSON-RPC message: the fast check first, else the SDK's schema. */
function asMessage(value: unknown): JSONRPCMessage | undefined {
  if (isPlainRequestOrNotification(value)) return value;
  const parsed = JSONRPCMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** JSON-RPC's id for a line: its own when it is a string or a number, else null (JSON-RPC 2.0 §5). */
function usableId(value: unknown): RequestId | null {
  if (!isPlainObject(value)) return null;
  const id = value.id;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
}

/** A newline-delimited JSON-RPC transport over a readable and a writable stream (see the module comment). */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Called for each line rejected or dropped (see {@link LineEvent}); for logging. */
  onlineevent?: (event: LineEvent) => void;

  readonly stats: LineTransportStats = { messagesIn: 0, messagesOut: 0, bytesIn: 0, bytesOut: 0, rejected: 0, dropped: 0 };

  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  private chunks: Buffer[] = [];
  private pendingBytes = 0;
  /** Bytes of an over-long line being discarded until its newline; 0 when not discarding. */
  private discarding = 0;
  /** Requests delivered and not yet answered, by id (a count, in case a client reuses an id). */
  private readonly unanswered = new Map<RequestId, number>();
  private inputEnded = false;
  /** Raw text to write before the response to a request, by id ({@link writeBeforeResponse}). */
  private readonly prefixes = new Map<RequestId, string>();
  private closed = false;
  /** Resolves at the output's next `drain`, while lines wait for it ({@link writeLine}). */
  private nextDrain: Promise<void> | undefined;

  private readonly onData = (chunk: Buffer | string) => this.receive(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk);
  private readonly onEnd = () => this.endOfInput();
  private readonly onStreamError = (error: Error) => this.onerror?.(error);

  /**
   * @param input where requests arrive (default `process.stdin`); read as raw bytes.
   * @param output where responses go (default `process.stdout`).
   */
  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {}

  /** Starts reading. Called by the SDK's `Server.connect`. */
  async start(): Promise<void> {
    this.input.on("data", this.onData);
    this.input.on("end", this.onEnd);
    this.input.on("error", this.onStreamError);
    this.output.on("error", this.onStreamError);
    this.input.resume();
  }

  /** Writes one message as a JSON line (SDK `serializeMessage`); resolves once the stream took it. A write error reaches `onerror`. */
  async send(message: JSONRPCMessage): Promise<void> {
    if ("id" in message && ("result" in message || "error" in message) && message.id !== undefined) {
      this.answered(message.id);
      const prefix = this.prefixes.get(message.id);
      if (prefix !== undefined) {
        this.prefixes.delete(message.id);
        this.writeRaw(prefix);
      }
    }
    await this.writeLine(serializeMessage(message));
    this.finishIfDrained();
  }

  /**
   * Writes text as it is, outside the protocol: counted in `bytesOut`, not in `messagesOut`.
   * For the faults that reproduce a server's stray stdout (`server/faults.ts`), and nothing else.
   */
  writeRaw(text: string): void {
    this.stats.bytesOut += Buffer.byteLength(text);
    this.output.write(text);
  }

  /**
   * Writes `text` as it is immediately before the response to request `id`, on the same line
   * (counted like {@link writeRaw}). For the `noisy-raw` fault only.
   */
  writeBeforeResponse(id: RequestId, text: string): void {
    this.prefixes.set(id, (this.prefixes.get(id) ?? "") + text);
  }

  /** Stops reading and calls `onclose` once. The output stream is left open (it may be stdout). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    this.input.off("error", this.onStreamError);
    this.output.off("error", this.onStreamError);
    this.input.pause();
    this.onclose?.();
  }

  /**
   * Writes a line; resolves at once when the stream took it, else at its next `drain` (as the SDK's
   * stdio transport does). Every line written while the stream is full waits on one shared
   * {@link nextDrain} with one listener: a listener per line would make each `drain` cost as many
   * removals from the stream's listener list as lines wait, quadratic in a client's pipelined
   * requests (50,000 calls written at once, stdout a pipe: 11 s instead of 2).
   */
  private writeLine(line: string): Promise<void> {
    this.stats.messagesOut += 1;
    this.stats.bytesOut += Buffer.byteLength(line);
    if (this.output.write(line)) return Promise.resolve();
    return (this.nextDrain ??= new Promise((resolve) =>
      this.output.once("drain", () => {
        this.nextDrain = undefined;
        resolve();
      }),
    ));
  }

  private receive(chunk: Buffer): void {
    this.stats.bytesIn += chunk.length;
    let start = 0;
    for (let newline = chunk.indexOf(NEWLINE); newline !== -1; newline = chunk.indexOf(NEWLINE, start)) {
      const piece = chunk.subarray(start, newline);
      start = newline + 1;
      if (this.discarding > 0) {
        const bytes = this.discarding + piece.length;
        this.discarding = 0;
        this.reject(ErrorCode.ParseError, `Parse error: line longer than ${MAX_LINE_BYTES} bytes`, null, bytes);
        continue;
      }
      const line = this.chunks.length === 0 ? piece : Buffer.concat([...this.chunks, piece]);
      this.chunks = [];
      this.pendingBytes = 0;
      this.handleLine(line);
    }
    const rest = chunk.subarray(start);
    if (rest.length === 0) return;
    if (this.discarding > 0) {
      this.discarding += rest.length;
    } else if (this.pendingBytes + rest.length > MAX_LINE_BYTES) {
      this.discarding = this.pendingBytes + rest.length;
      this.chunks = [];
      this.pendingBytes = 0;
    } else {
      // Copy: the stream may reuse the chunk's memory once this callback returns.
      this.chunks.push(Buffer.from(rest));
      this.pendingBytes += rest.length;
    }
  }

  private handleLine(raw: Buffer): void {
    const bytes = raw.length + 1;
    const line = raw.length > 0 && raw[raw.length - 1] === 0x0d ? raw.subarray(0, raw.length - 1) : raw;
    if (line.length === 0) return;
    if (line.length > MAX_LINE_BYTES) return this.reject(ErrorCode.ParseError, `Parse error: line longer than ${MAX_LINE_BYTES} bytes`, null, bytes);
    let text: string;
    try {
      text = this.decoder.decode(line);
    } catch {
      return this.reject(ErrorCode.ParseError, "Parse error: the line is not valid UTF-8", null, bytes);
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return this.reject(ErrorCode.ParseError, `Parse error: ${(error as Error).message}`, null, bytes);
    }
    const message = asMessage(value);
    if (message === undefined) return this.reject(ErrorCode.InvalidRequest, "Invalid Request: not a JSON-RPC 2.0 message", usableId(value), bytes);
    this.stats.messagesIn += 1;
    if ("method" in message && "id" in message && message.id !== undefined) {
      this.unanswered.set(message.id, (this.unanswered.get(message.id) ?? 0) + 1);
    } else if ("method" in message && message.method === "notifications/cancelled") {
      // A cancelled request gets no response: stop waiting for it (MCP cancellation).
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if (typeof id === "string" || typeof id === "number") this.answered(id);
    }
    this.onmessage?.(message);
  }

  private reject(code: number, message: string, id: RequestId | null, bytes: number): void {
    this.stats.rejected += 1;
    this.onlineevent?.({ kind: "rejected", code, message, bytes });
    void this.writeLine(JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } }) + "\n");
  }

  private answered(id: RequestId): void {
    const count = this.unanswered.get(id);
    if (count === undefined) return;
    if (count <= 1) this.unanswered.delete(id);
    else this.unanswered.set(id, count - 1);
  }

  private endOfInput(): void {
    this.inputEnded = true;
    const bytes = this.discarding > 0 ? this.discarding : this.pendingBytes;
    if (bytes > 0) {
      this.stats.dropped += 1;
      this.onlineevent?.({ kind: "dropped", bytes });
    }
    this.chunks = [];
    this.pendingBytes = 0;
    this.discarding = 0;
    this.finishIfDrained();
  }

  /** After the input ended, closes once every delivered request has its response. */
  private finishIfDrained(): void {
    if (this.inputEnded && this.unanswered.size === 0) void this.close();
  }
}
