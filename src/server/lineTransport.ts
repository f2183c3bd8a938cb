/**
 * A server-side MCP transport over a byte stream pair: newline-delimited JSON-RPC, strictly.
 *
 * It implements SDK v2's `Transport` interface, and `serveStdio(factory, { transport })` runs on
 * it (`stdioServer.ts`). It is not the SDK's `StdioServerTransport`, on purpose: that one (SDK 2.4.0,
 * as 1.x before it) drops a line it cannot parse, so a client that sent malformed JSON waits for
 * a reply that never comes (docs/sdk-gaps.md#malformed-line). This one gives JSON-RPC's answers
 * instead, keeps serving after hostile input, and follows the rules of the revision in use:
 * - a line that is not UTF-8 (decoded with a fatal `TextDecoder`) or not JSON → −32700;
 * - JSON that is a response (an object with `result` or `error` and no `method`), valid or not,
 *   `"id": null` included → nothing: "Responses are sent in reply to requests" (every revision's
 *   `basic/index.mdx`, "Responses"; 2026-07-28 `basic/transports/stdio.mdx`: "The client MUST
 *   NOT write JSON-RPC responses"), and these servers send no requests, so none is awaited;
 *   it is dropped and reported ({@link LineEvent} `ignored`). Two such peers never answer each other;
 * - other JSON that is not a JSON-RPC request or notification → −32600, with the line's id when
 *   it has a usable one;
 * - a line longer than {@link MAX_LINE_BYTES} → −32700, its bytes discarded as they arrive;
 * - an empty line (or one holding only `\r`) is skipped; a trailing `\r` is removed;
 * - a last line with no newline when the input ends is dropped and reported, never parsed.
 * An error reply to a line whose id could not be read has the `id` member the revision's schema
 * gives (`unreadableIdMember`, `revisions.ts`). A numeric id beyond 2^53 (which `JSON.parse`
 * would round, and the SDK's schema refuses) is kept as its raw text: the message reaches the
 * SDK with a stand-in string id, and the response carries the original digits exactly.
 *
 * Each request is offered to a {@link RequestScreen} (`requestScreen.ts`) first; what it refuses
 * is answered here and never reaches the SDK. Every error message sent, ours or the SDK's, is
 * one sentence (`oneSentence`; docs/sdk-gaps.md#zod-issue-lists). A `server/discover` result
 * goes out as the SDK wrote it: 2026-07-28 alone, the legacy revisions served through
 * `initialize` only (docs/sdk-gaps.md#discover-lists-modern-only). When the input ends, the transport first lets every request it
 * delivered be answered (a client may write its requests and close stdin at once, as
 * `printf … | mcp-course serve` does), then calls `onclose`. It counts messages and bytes in
 * both directions ({@link LineTransportStats}).
 *
 * It does not know MCP methods, and it never writes anything but what it is asked to send, its
 * own error replies, and the raw text a caller writes on purpose with {@link LineTransport.writeRaw}
 * or {@link LineTransport.writeBeforeResponse} (the noisy faults, `faults.ts`).
 */
import type { Readable, Writable } from "node:stream";
import {
  isJSONRPCNotification,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type RequestId,
  type Transport,
} from "@modelcontextprotocol/server";
import { JSONRPC_ERRORS, unreadableIdMember, usableRequestId } from "../protocol/revisions";
import { oneSentence, RequestScreen } from "./requestScreen";
import type { ServeEra } from "./names";

/**
 * The message of the −32700 reply to a line that is not JSON. One sentence of our own, not
 * `JSON.parse`'s: V8 words its error differently from one Node release to the next (Node 24 adds
 * the line and column that Node 20 leaves out), and a server must write the same bytes for the
 * same input on every Node the course supports.
 */
export const NOT_JSON_MESSAGE = "Parse error: the line is not valid JSON.";

/** The longest line accepted, in bytes (newline excluded): 10 MiB, the SDK's stdio read buffer limit (`STDIO_DEFAULT_MAX_BUFFER_SIZE`). */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

/** Counts of what crossed the transport. Bytes are raw stream bytes, newlines included. */
export interface LineTransportStats {
  /** Messages handed on: requests and notifications, those the screen answered included. */
  messagesIn: number;
  /** Lines written: messages sent plus the transport's own error replies (not raw text). */
  messagesOut: number;
  bytesIn: number;
  bytesOut: number;
  /** Lines answered with −32700 or −32600. */
  rejected: number;
  /** Responses received and dropped unanswered. */
  ignored: number;
  /** Final unterminated lines dropped at the end of input (0 or 1). */
  dropped: number;
}

/**
 * Something the transport did with a line instead of delivering it:
 * - `rejected`: answered with a JSON-RPC error (`code` −32700 or −32600); `bytes` is the line's length;
 * - `ignored`: a response, dropped unanswered;
 * - `dropped`: the input ended inside a line, which was discarded; `bytes` is what it held.
 */
export type LineEvent =
  | { kind: "rejected"; code: number; message: string; bytes: number }
  | { kind: "ignored"; bytes: number }
  | { kind: "dropped"; bytes: number };

const NEWLINE = 0x0a;

/** The keys a request or a notification may have (JSON-RPC 2.0 §4, as the SDK's `JSONRPCRequestSchema` allows them: strict). */
const ENVELOPE_KEYS = new Set(["jsonrpc", "id", "method", "params"]);

/** The `_meta` key the SDK's `RequestMetaSchema` reshapes (a strict object inside a loose one); such lines take the schema's path. */
const RELATED_TASK_KEY = "io.modelcontextprotocol/related-task";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether params' `_meta` is absent or one the SDK's `RequestMetaSchema` takes as it is (`progressToken` a string or a safe integer). */
function plainMeta(params: Record<string, unknown>): boolean {
  if (!Object.hasOwn(params, "_meta")) return true;
  const meta = params._meta;
  if (
    !isPlainObject(meta) ||
    Object.hasOwn(meta, "__proto__") ||
    Object.hasOwn(meta, RELATED_TASK_KEY)
  )
    return false;
  const token = meta.progressToken;
  return token === undefined || typeof token === "string" || Number.isSafeInteger(token);
}

/**
 * Whether a parsed line is a request or a notification that the SDK's `JSONRPCRequestSchema` or
 * `JSONRPCNotificationSchema` (SDK 2.4.0) accepts as it is, checked without zod: only the keys
 * `jsonrpc` ("2.0"), `method` (a string), `id` (absent, a string, or a safe integer, as zod's
 * `.int()` wants) and `params` (absent, or an object without an own `__proto__`, which zod's copy
 * drops, whose `_meta` is absent or plain: {@link plainMeta}). Anything else goes to the SDK's
 * guards, which decide it as the schema does. A test holds the two to the same answers.
 */
export function isPlainRequestOrNotification(value: unknown): value is JSONRPCMessage {
  if (!isPlainObject(value) || value.jsonrpc !== "2.0" || typeof value.method !== "string")
    return false;
  for (const key in value) if (!ENVELOPE_KEYS.has(key)) return false;
  const { id, params } = value;
  if (id !== undefined && typeof id !== "string" && !Number.isSafeInteger(id)) return false;
  return (
    params === undefined ||
    (isPlainObject(params) && !Object.hasOwn(params, "__proto__") && plainMeta(params))
  );
}

/** A parsed line as a request or notification: the fast check first, else the SDK's guards. */
function asMessage(value: unknown): JSONRPCMessage | undefined {
  if (isPlainRequestOrNotification(value)) return value;
  return isJSONRPCRequest(value) || isJSONRPCNotification(value)
    ? (value as JSONRPCMessage)
    : undefined;
}

/** Whether a parsed line is a response: an object with `result` or `error` and no `method` (JSON-RPC 2.0 §5). */
function isResponseShaped(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    !Object.hasOwn(value, "method") &&
    (Object.hasOwn(value, "result") || Object.hasOwn(value, "error"))
  );
}

/**
 * The raw text of a JSON object's top-level `id` member (the last one, as `JSON.parse` keeps
 * the last of repeated keys), found by scanning the text without recursion; undefined when the
 * text is not an object with one. `text` must be valid JSON (it was parsed already).
 */
export function rawIdText(text: string): string | undefined {
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  /** Moves past the string starting at `i` (its opening quote); returns its raw text. */
  const skipString = (): string => {
    const start = i++;
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return text.slice(start, i);
  };
  /** Moves past the value starting at `i`. */
  const skipValue = () => {
    if (text[i] === '"') return void skipString();
    if (text[i] !== "{" && text[i] !== "[") {
      while (i < text.length && !",}] \t\n\r".includes(text[i])) i++;
      return;
    }
    let depth = 0;
    do {
      const c = text[i];
      if (c === '"') {
        skipString();
        continue;
      }
      if (c === "{" || c === "[") depth++;
      else if (c === "}" || c === "]") depth--;
      i++;
    } while (depth > 0);
  };
  skipSpace();
  if (text[i] !== "{") return undefined;
  i++;
  let found: string | undefined;
  for (;;) {
    skipSpace();
    if (text[i] !== '"') return found;
    const key = JSON.parse(skipString()) as string;
    skipSpace();
    i++; // the colon
    skipSpace();
    const start = i;
    skipValue();
    if (key === "id") found = text.slice(start, i);
    skipSpace();
    if (text[i] !== ",") return found;
    i++;
  }
}

/** The prefix of the stand-in ids given to requests whose numeric id is beyond 2^53. This project's choice. */
const BIG_ID_PREFIX = "mcp-course/raw-id:";

/** A newline-delimited JSON-RPC transport over a readable and a writable stream (see the module comment). */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  /** Called for each line rejected, ignored or dropped (see {@link LineEvent}); for logging. */
  onlineevent?: (event: LineEvent) => void;

  readonly stats: LineTransportStats = {
    messagesIn: 0,
    messagesOut: 0,
    bytesIn: 0,
    bytesOut: 0,
    rejected: 0,
    ignored: 0,
    dropped: 0,
  };

  /**
   * The revision in use: set by the SDK when it answers `initialize` ({@link setProtocolVersion}),
   * and by the screen when a stateless request opens the connection; undefined before either.
   */
  protocolVersion: string | undefined;

  /** The checks each request passes before it is delivered (`requestScreen.ts`). */
  readonly screen: RequestScreen;

  /** Resolves once the transport has closed (after `onclose`, which the SDK's `serveStdio` owns). */
  readonly closed: Promise<void>;

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
  /** The raw text of ids beyond 2^53, by the stand-in id their request was delivered with. */
  private readonly rawIds = new Map<string, string>();
  private nextRawId = 0;
  private isClosed = false;
  private resolveClosed!: () => void;
  /** Resolves at the output's next `drain`, while lines wait for it ({@link writeLine}). */
  private nextDrain: Promise<void> | undefined;

  private readonly onData = (chunk: Buffer | string) =>
    this.receive(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk);
  private readonly onEnd = () => this.endOfInput();
  private readonly onStreamError = (error: Error) => this.onerror?.(error);

  /**
   * @param input where requests arrive (default `process.stdin`); read as raw bytes.
   * @param output where responses go (default `process.stdout`).
   * @param eras the eras the process answers (`serve --era`; the screen's rules), default `both`.
   */
  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    eras: ServeEra = "both",
  ) {
    this.screen = new RequestScreen((revision) => this.setProtocolVersion(revision), eras);
    this.closed = new Promise((resolve) => (this.resolveClosed = resolve));
  }

  /** Starts reading. Called by the SDK's `serveStdio`. */
  async start(): Promise<void> {
    this.input.on("data", this.onData);
    this.input.on("end", this.onEnd);
    this.input.on("error", this.onStreamError);
    this.output.on("error", this.onStreamError);
    this.input.resume();
  }

  /** Records the revision in use (the SDK calls it when it answers `initialize`). */
  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  /**
   * Writes one message as a JSON line; resolves once the stream took it. An error's message is
   * sent as one sentence (`oneSentence`); a stand-in id goes out as the request's raw id text. A
   * write error reaches `onerror`.
   */
  async send(message: JSONRPCMessage): Promise<void> {
    let line: string | undefined;
    if (
      "id" in message &&
      ("result" in message || "error" in message) &&
      message.id !== undefined
    ) {
      this.answered(message.id);
      const prefix = this.prefixes.get(message.id);
      if (prefix !== undefined) {
        this.prefixes.delete(message.id);
        this.writeRaw(prefix);
      }
      if ("error" in message && /\n|^MCP error /.test(message.error.message)) {
        message = {
          ...message,
          error: { ...message.error, message: oneSentence(message.error.message) },
        };
      }
      const raw = typeof message.id === "string" ? this.rawIds.get(message.id) : undefined;
      if (raw !== undefined) {
        this.rawIds.delete(message.id as string);
        const { id: _standIn, jsonrpc: _version, ...rest } = message;
        line = `{"jsonrpc":"2.0","id":${raw},${JSON.stringify(rest).slice(1)}\n`;
      }
    }
    await this.writeLine(line ?? JSON.stringify(message) + "\n");
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
    if (this.isClosed) return;
    this.isClosed = true;
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    this.input.off("error", this.onStreamError);
    this.output.off("error", this.onStreamError);
    this.input.pause();
    this.onclose?.();
    this.resolveClosed();
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
    for (
      let newline = chunk.indexOf(NEWLINE);
      newline !== -1;
      newline = chunk.indexOf(NEWLINE, start)
    ) {
      const piece = chunk.subarray(start, newline);
      start = newline + 1;
      if (this.discarding > 0) {
        const bytes = this.discarding + piece.length;
        this.discarding = 0;
        this.reject(
          JSONRPC_ERRORS.parseError,
          `Parse error: line longer than ${MAX_LINE_BYTES} bytes.`,
          undefined,
          bytes,
        );
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
    const line =
      raw.length > 0 && raw[raw.length - 1] === 0x0d ? raw.subarray(0, raw.length - 1) : raw;
    if (line.length === 0) return;
    if (line.length > MAX_LINE_BYTES)
      return this.reject(
        JSONRPC_ERRORS.parseError,
        `Parse error: line longer than ${MAX_LINE_BYTES} bytes.`,
        undefined,
        bytes,
      );
    let text: string;
    try {
      text = this.decoder.decode(line);
    } catch {
      return this.reject(
        JSONRPC_ERRORS.parseError,
        "Parse error: the line is not valid UTF-8.",
        undefined,
        bytes,
      );
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return this.reject(JSONRPC_ERRORS.parseError, NOT_JSON_MESSAGE, undefined, bytes);
    }
    if (isResponseShaped(value)) {
      this.stats.ignored += 1;
      this.onlineevent?.({ kind: "ignored", bytes });
      return;
    }
    const rawId =
      isPlainObject(value) && typeof value.id === "number" && !Number.isSafeInteger(value.id)
        ? rawIdText(text)
        : undefined;
    if (rawId !== undefined && /^-?[0-9]+$/.test(rawId)) {
      // An integer beyond 2^53: delivered with a stand-in id, answered with its own digits.
      const standIn = `${BIG_ID_PREFIX}${this.nextRawId++}`;
      this.rawIds.set(standIn, rawId);
      (value as Record<string, unknown>).id = standIn;
    }
    const message = asMessage(value);
    if (message === undefined) {
      const id = isPlainObject(value)
        ? rawId !== undefined
          ? this.standInFor(value.id, rawId)
          : usableRequestId(value.id)
        : undefined;
      return this.reject(
        JSONRPC_ERRORS.invalidRequest,
        "Invalid Request: not a JSON-RPC 2.0 request or notification.",
        id,
        bytes,
      );
    }
    this.stats.messagesIn += 1;
    if ("method" in message && "id" in message && message.id !== undefined) {
      this.unanswered.set(message.id, (this.unanswered.get(message.id) ?? 0) + 1);
      const refused = this.screen.request(message, line.length);
      if (refused !== undefined) {
        void this.send({ jsonrpc: "2.0", id: message.id, error: refused });
        return;
      }
    } else if ("method" in message) {
      if (!this.screen.notification(message)) return;
      if (message.method === "notifications/cancelled") {
        // A cancelled request gets no response: stop waiting for it (MCP cancellation).
        const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
        if (typeof id === "string" || typeof id === "number") this.answered(id);
      }
    }
    this.onmessage?.(message);
  }

  /** The id to echo for an invalid line whose id was kept as raw text: its stand-in (answered with the digits). */
  private standInFor(id: unknown, rawId: string): RequestId | undefined {
    return typeof id === "string" && this.rawIds.get(id) === rawId ? id : undefined;
  }

  /** Answers a line that is not a message: `id` its own when readable, else the revision's member (`unreadableIdMember`). */
  private reject(code: number, message: string, id: RequestId | undefined, bytes: number): void {
    this.stats.rejected += 1;
    this.onlineevent?.({ kind: "rejected", code, message, bytes });
    const raw = typeof id === "string" ? this.rawIds.get(id) : undefined;
    if (raw !== undefined) this.rawIds.delete(id as string);
    const idMember =
      raw !== undefined
        ? `"id":${raw},`
        : id !== undefined
          ? `"id":${JSON.stringify(id)},`
          : "id" in unreadableIdMember(this.protocolVersion)
            ? '"id":null,'
            : "";
    void this.writeLine(
      `{"jsonrpc":"2.0",${idMember}"error":${JSON.stringify({ code, message })}}\n`,
    );
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
