/**
 * The real client's stdio transport: the SDK 2.4.0 `StdioClientTransport`'s behaviour
 * (`@modelcontextprotocol/client/stdio`), which also tells the meter each message's bytes as they
 * cross the pipe, so that nothing is serialized or parsed twice to count it.
 *
 * Real bytes on the wire, counted without slowing the client down. The SDK's transport writes
 * `serializeMessage(message)` and reads lines with its `ReadBuffer`; counting beside it (`meteredTransport.ts`) meant serializing every message again
 * and parsing every received line a second time to find the ones that are not JSON. This one
 * does what the SDK's does, step for step, and reports:
 * - a sent message: the bytes of the one string written (`serializeMessage`, UTF-8), reported
 *   before the write, as the meter counted it before handing it on;
 * - a received message: the bytes of its line as the child wrote it and the SDK frames it (a
 *   trailing `\r` dropped), the newline included: for a server that writes
 *   `JSON.stringify(message) + "\n"`, as the SDK's and ours do, exactly the figure the meter
 *   measured before by serializing the parsed message again; for one that writes other JSON
 *   (spaces, escapes), the bytes it wrote;
 * - a line `JSON.parse` refuses, which the SDK's `ReadBuffer` skips without a word
 *   (docs/sdk-gaps.md#stray-line-unseen): reported as unparsable (the meter counts it as a
 *   transport error).
 * As the SDK's: the child is spawned with the SDK's default environment (`getDefaultEnvironment`),
 * no shell, stdin and stdout piped, stderr as asked (`"pipe"`: a `PassThrough` available before
 * `start`); lines split at `\n`, one trailing `\r` dropped, each parsed as the SDK's
 * `deserializeMessage` parses it (`JSON.parse`, then the SDK's `JSONRPCMessageSchema`: a line that
 * fails the schema reaches `onerror`), a result response of the usual shape checked without zod
 * ({@link isPlainResultResponse}: the schema would accept it and give back the same members, so
 * the message handed on is what the SDK's gives, up to the order of members); more than 10 MiB
 * buffered without a newline is an error and closes the transport; `close` ends stdin, then
 * escalates to SIGTERM and SIGKILL 2 s apart. It exposes `stderr` and `pid`, by which the SDK
 * recognizes a stdio transport (`detectProbeTransportKind`).
 * One difference: it spawns with Node's `child_process.spawn`, where the SDK uses `cross-spawn`,
 * which is the same call everywhere but on Windows (no `PATHEXT` lookup here).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { PassThrough, type Stream } from "node:stream";
import {
  deserializeMessage,
  SdkError,
  SdkErrorCode,
  serializeMessage,
  type JSONRPCMessage,
  type Transport,
} from "@modelcontextprotocol/client";
import { getDefaultEnvironment } from "@modelcontextprotocol/client/stdio";
import { startServerProcess } from "./interruptible";

/** The `_meta` key of a result that names the server (2026-07-28 `basic/index.mdx`, "Per-response protocol fields"). */
const SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether an object has no member but `allowed` (an own `__proto__` included, which zod's copy drops). */
function onlyKeys(value: Record<string, unknown>, allowed: readonly string[]): boolean {
  for (const key in value) if (!allowed.includes(key)) return false;
  return true;
}

/**
 * Whether a result's `_meta` is absent, or one that the SDK's `ResultMetaObjectSchema` gives back
 * with the same members: an object with no own `__proto__`, whose serverInfo, when present, is
 * `name` and `version` strings and nothing else (the schema drops an `Implementation`'s unknown
 * members, and puts undefined for one it refuses).
 */
function plainResultMeta(result: Record<string, unknown>): boolean {
  if (!Object.hasOwn(result, "_meta")) return true;
  const meta = result._meta;
  if (!isPlainObject(meta) || Object.hasOwn(meta, "__proto__")) return false;
  if (!Object.hasOwn(meta, SERVER_INFO_KEY)) return true;
  const info = meta[SERVER_INFO_KEY];
  return (
    isPlainObject(info) &&
    onlyKeys(info, ["name", "version"]) &&
    typeof info.name === "string" &&
    typeof info.version === "string"
  );
}

/**
 * Whether a parsed line is a result response that the SDK's `JSONRPCMessageSchema` (SDK 2.4.0)
 * accepts and gives back with the same members, checked without zod: the members `jsonrpc`
 * ("2.0"), `id` (a string, or a safe integer, as zod's `.int()` wants) and `result` and no other
 * (the schema is strict), `result` an object with no own `__proto__`, its `_meta` plain
 * ({@link plainResultMeta}). Anything else goes to the SDK's `deserializeMessage`, which decides
 * it as before. A test holds the two to the same answers.
 */
export function isPlainResultResponse(value: unknown): value is JSONRPCMessage {
  if (
    !isPlainObject(value) ||
    value.jsonrpc !== "2.0" ||
    !onlyKeys(value, ["jsonrpc", "id", "result"])
  )
    return false;
  const { id, result } = value;
  if (typeof id !== "string" && !Number.isSafeInteger(id)) return false;
  return isPlainObject(result) && !Object.hasOwn(result, "__proto__") && plainResultMeta(result);
}

/** The most a line may buffer before its newline, bytes: the SDK's `STDIO_DEFAULT_MAX_BUFFER_SIZE`. */
export const MAX_BUFFERED_BYTES = 10 * 1024 * 1024;

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** How to start the server: the SDK's `StdioServerParameters`, as far as the course uses them. */
export interface StdioLineLaunch {
  command: string;
  args?: string[];
  /** Added to the SDK's default environment. */
  env?: Record<string, string>;
  /** The child's stderr: `"pipe"` to read it ({@link StdioLineTransport.stderr}), `"ignore"`, or `"inherit"` (default). */
  stderr?: "pipe" | "ignore" | "inherit";
  cwd?: string;
}

/** A stdio client transport that reports each message's bytes (see the module comment). */
export class StdioLineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  /**
   * Called with each message and its bytes on the wire: a sent one before it is written, a
   * received one before `onmessage`. For the meter (`MeteredTransport`).
   */
  onbytes?: (direction: "sent" | "received", message: JSONRPCMessage, bytes: number) => void;
  /** Called for each newline-terminated line of stdout that `JSON.parse` refuses (the SDK drops it unreported). */
  onunparsable?: () => void;

  private process: ChildProcess | undefined;
  private buffer: Buffer | undefined;
  private readonly stderrStream: PassThrough | null;

  constructor(private readonly launch: StdioLineLaunch) {
    this.stderrStream = launch.stderr === "pipe" ? new PassThrough() : null;
  }

  /**
   * Spawns the server; resolves once it has spawned, rejects if it cannot be (or its run was
   * interrupted: `interruptible.ts`, which also stops it on an interrupt).
   */
  async start(): Promise<void> {
    if (this.process) throw new Error("StdioLineTransport already started");
    return new Promise((resolve, reject) => {
      const child = startServerProcess(() =>
        spawn(this.launch.command, this.launch.args ?? [], {
          env: { ...getDefaultEnvironment(), ...this.launch.env },
          stdio: ["pipe", "pipe", this.launch.stderr ?? "inherit"],
          shell: false,
          windowsHide: process.platform === "win32",
          cwd: this.launch.cwd,
        }),
      );
      this.process = child;
      child.on("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on("spawn", () => resolve());
      child.on("close", () => {
        this.process = undefined;
        this.onclose?.();
      });
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => {
        try {
          this.append(chunk);
          this.readLines();
        } catch (error) {
          this.onerror?.(error as Error);
          this.close().catch(() => {});
        }
      });
      child.stdout?.on("error", (error) => this.onerror?.(error));
      if (this.stderrStream && child.stderr) child.stderr.pipe(this.stderrStream);
    });
  }

  /** The child's stderr when it was asked for with `"pipe"` (available before {@link start}), else the child's own, or null. */
  get stderr(): Stream | null {
    return this.stderrStream ?? this.process?.stderr ?? null;
  }

  /** The child's process id, once started; null before and after. */
  get pid(): number | null {
    return this.process?.pid ?? null;
  }

  /** Writes the message as one line; resolves once written (at the next `drain` when the pipe is full). */
  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      const json = serializeMessage(message);
      this.onbytes?.("sent", message, Buffer.byteLength(json));
      if (!this.process?.stdin) throw new SdkError(SdkErrorCode.NotConnected, "Not connected");
      if (this.process.stdin.write(json)) resolve();
      else this.process.stdin.once("drain", resolve);
    });
  }

  /** Ends the child as the SDK's transport does: stdin closed; SIGTERM after 2 s, SIGKILL 2 s later. */
  async close(): Promise<void> {
    const child = this.process;
    if (child) {
      this.process = undefined;
      const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
      const waitAtMost = (ms: number) =>
        Promise.race([closed, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
      try {
        child.stdin?.end();
      } catch {
        // already gone
      }
      await waitAtMost(2000);
      if (child.exitCode === null) {
        try {
          child.kill("SIGTERM");
        } catch {
          // already gone
        }
        await waitAtMost(2000);
      }
      if (child.exitCode === null) {
        try {
          child.kill("SIGKILL");
        } catch {
          // already gone
        }
      }
    }
    this.buffer = undefined;
  }

  private append(chunk: Buffer): void {
    if ((this.buffer?.length ?? 0) + chunk.length > MAX_BUFFERED_BYTES) {
      this.buffer = undefined;
      throw new Error(`ReadBuffer exceeded maximum size of ${MAX_BUFFERED_BYTES} bytes`);
    }
    this.buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
  }

  /**
   * Delivers every whole line buffered, as the SDK's `processReadBuffer` over its `ReadBuffer`: a
   * line that is not JSON is skipped (and reported unparsable); an error from the schema or from
   * `onmessage` reaches `onerror`, and reading goes on.
   */
  private readLines(): void {
    for (;;) {
      try {
        const read = this.readLine();
        if (read === undefined) return;
        this.onbytes?.("received", read.message, read.bytes);
        this.onmessage?.(read.message);
      } catch (error) {
        this.onerror?.(error as Error);
      }
    }
  }

  /**
   * The next message buffered and its line's bytes (a trailing `\r` dropped, the newline
   * included), or undefined when no whole line waits. A result response of the usual shape
   * ({@link isPlainResultResponse}) is taken as `JSON.parse` gives it; any other line is read by
   * the SDK's `deserializeMessage`, as in its `ReadBuffer`.
   */
  private readLine(): { message: JSONRPCMessage; bytes: number } | undefined {
    while (this.buffer) {
      const end = this.buffer.indexOf(NEWLINE);
      if (end === -1) return undefined;
      // The line as framed (a trailing \r dropped).
      const framed = end > 0 && this.buffer[end - 1] === CARRIAGE_RETURN ? end - 1 : end;
      const line = this.buffer.toString("utf8", 0, framed);
      this.buffer = end + 1 < this.buffer.length ? this.buffer.subarray(end + 1) : undefined;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (error) {
        if (!(error instanceof SyntaxError)) throw error;
        this.onunparsable?.();
        continue;
      }
      // Its newline counted.
      return {
        message: isPlainResultResponse(value) ? value : deserializeMessage(line),
        bytes: framed + 1,
      };
    }
    return undefined;
  }
}
