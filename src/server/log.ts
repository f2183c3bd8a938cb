/**
 * The server's log: one JSON object per line on stderr, never on stdout (stdout is the protocol's).
 *
 * One JSON line per `tools/call`, plus a start and a stop line with a per-tool summary (stderr
 * is the stdio server's log: 2026-07-28 `basic/transports/stdio.mdx`). Events, each with `event` first:
 * - `serving`: `server`, `level`, `seed`, `fault` (its `--fault` word), `path` (fleet) or null;
 * - `call`: `tool`, `duration_ms` (wall time, 3 decimals), `isError` (an error result or a JSON-RPC
 *   error), `error_code` (only for a JSON-RPC error), `argument_bytes` ({argument: bytes of its JSON});
 * - `rejected` / `ignored` / `dropped`: a line the transport answered with `code`, a response it
 *   dropped unanswered, or a last line it discarded, and its `bytes`;
 * - `error`: something the SDK reported out of band (`message`);
 * - `stopping`: `reason` (`end of input` or `crash`), `tools` ({tool: {calls, errors}}), and the
 *   transport's `messages_in`, `messages_out`, `bytes_in`, `bytes_out`.
 * Lines are written in the order they were made, several at once, and never in the turn of the
 * event loop that made them before that turn is over: a call's response, which the SDK writes in
 * that turn, always reaches stdout before the call's line reaches stderr. A busy server writes its
 * log while it is awake anyway, after the response of the first call that finds the oldest line
 * waiting {@link LOG_FLUSH_MS} or more; only an idle one is woken to write it, once the oldest line
 * has waited twice that. So a client that reads both pipes (as ours does) wakes for each response,
 * not first for a log line and again for the response, and neither side is woken for the log
 * between calls. `stopping` writes every line still waiting before its own, so it stays the last.
 * This module formats and counts; it does not decide what happens. Clients and lessons read the
 * lines back with `parseEvents` (`protocol/serverLog.ts`).
 */
import { performance } from "node:perf_hooks";
import type { LineEvent, LineTransportStats } from "./lineTransport";

/** Where log lines go: each call carries one or more whole lines, newlines included. Default: `process.stderr`. */
export type LogSink = (lines: string) => void;

/**
 * How long a busy server lets log lines gather, ms; an idle one writes them after twice this.
 * This project's choice: soon enough for a reader of the log, long enough to gather hundreds of
 * calls, so that writing a batch (waking the formatting code, the write to stderr, the client's
 * read of it) costs each call next to nothing.
 */
export const LOG_FLUSH_MS = 1000;

/** One `tools/call` as logged. */
export interface CallRecord {
  tool: string;
  /** Milliseconds from the call's arrival at the server to its answer (`performance.now()`). */
  durationMs: number;
  isError: boolean;
  /** The JSON-RPC error code, when the call was answered with an error response. */
  errorCode?: number;
  arguments: Readonly<Record<string, unknown>>;
}

/**
 * Bytes of `JSON.stringify(value)` in UTF-8, for a value parsed from JSON, counted without
 * recursion: `JSON.stringify` itself overflows the stack on an argument nested 10,000 deep
 * (Node 20), which the hostile-input tests send on purpose.
 */
export function jsonBytes(value: unknown): number {
  // The usual argument, a scalar, measured at once (a number, a boolean or null is ASCII JSON).
  if (typeof value === "string") return Buffer.byteLength(JSON.stringify(value));
  if (typeof value === "number" || typeof value === "boolean" || value === null)
    return JSON.stringify(value).length;
  let bytes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) {
      bytes += 2 + Math.max(0, item.length - 1); // brackets and commas
      for (const element of item) stack.push(element);
    } else if (typeof item === "object" && item !== null) {
      const entries = Object.entries(item).filter(([, v]) => v !== undefined);
      bytes += 2 + Math.max(0, entries.length - 1); // braces and commas
      for (const [key, v] of entries) {
        bytes += Buffer.byteLength(JSON.stringify(key)) + 1; // "key":
        stack.push(v);
      }
    } else {
      bytes += Buffer.byteLength(JSON.stringify(item) ?? "null");
    }
  }
  return bytes;
}

/** Bytes of each argument's JSON (UTF-8, {@link jsonBytes}), by argument name, in the call's order. */
export function argumentBytes(args: Readonly<Record<string, unknown>>): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const name of Object.keys(args)) sizes[name] = jsonBytes(args[name]);
  return sizes;
}

/**
 * The `call` event's line for a record: what `JSON.stringify` makes of `{event, tool, duration_ms,
 * isError, error_code?, argument_bytes}` (fields in the order the module comment gives;
 * `error_code` only for a JSON-RPC error), written out field by field. `argument_bytes` has one
 * member per argument, in the arguments' own order ({@link argumentBytes}); an argument named
 * `__proto__` has none, as assigning it to a fresh object sets no member.
 */
export function callLine(record: CallRecord): string {
  // Finite, so its text is the same as JSON's.
  const durationMs = Math.round(record.durationMs * 1000) / 1000;
  const errorCode =
    record.errorCode === undefined ? "" : `,"error_code":${JSON.stringify(record.errorCode)}`;
  let sizes = "";
  for (const name of Object.keys(record.arguments)) {
    if (name === "__proto__") continue;
    sizes += `${sizes === "" ? "" : ","}${JSON.stringify(name)}:${jsonBytes(record.arguments[name])}`;
  }
  return `{"event":"call","tool":${JSON.stringify(record.tool)},"duration_ms":${durationMs},"isError":${record.isError}${errorCode},"argument_bytes":{${sizes}}}\n`;
}

/** Writes the events of one server run and keeps its per-tool summary. */
export class ServeLog {
  /** Calls and errors by tool, in order of first call. */
  readonly tools = new Map<string, { calls: number; errors: number }>();

  /** Lines logged and not yet written, oldest first, each as the function that formats it. */
  private pending: (() => string)[] = [];
  /** When the oldest waiting line was logged (`performance.now()`). */
  private oldest = 0;
  /** The timer that wakes an idle server to write its lines, while lines wait. */
  private idleTimer: NodeJS.Timeout | undefined;
  private afterTurn = false;
  private readonly flushNow = () => this.flush();

  constructor(private readonly sink: LogSink = (line) => process.stderr.write(line)) {}

  /** Logs one event (`event` first, then the fields, which must not change meanwhile); written as the module comment says. */
  write(event: string, fields: Readonly<Record<string, unknown>>): void {
    this.later(() => JSON.stringify({ event, ...fields }) + "\n");
  }

  /** Queues a line, formatted when it is written: off the path between a request and its response. */
  private later(line: () => string): void {
    const now = performance.now();
    if (this.pending.length === 0) {
      this.oldest = now;
      // Unref'd: a log line waiting never keeps the process alive (the stopping line writes it).
      this.idleTimer = setTimeout(this.flushNow, 2 * LOG_FLUSH_MS).unref();
    }
    this.pending.push(line);
    if (!this.afterTurn && now - this.oldest >= LOG_FLUSH_MS) {
      this.afterTurn = true;
      setImmediate(this.flushNow);
    }
  }

  /** Writes every line still waiting, in order, now, in one call of the sink. */
  flush(): void {
    this.afterTurn = false;
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (this.pending.length === 0) return;
    const lines = this.pending;
    this.pending = [];
    let text = "";
    for (const line of lines) text += line();
    this.sink(text);
  }

  /** The start line. */
  serving(fields: {
    server: string;
    level: number;
    seed: number;
    fault: string;
    path: string | null;
  }): void {
    this.write("serving", fields);
  }

  /** One `tools/call`, counted in the summary. */
  call(record: CallRecord): void {
    const tally = this.tools.get(record.tool) ?? { calls: 0, errors: 0 };
    tally.calls += 1;
    if (record.isError) tally.errors += 1;
    this.tools.set(record.tool, tally);
    // The arguments are measured when the line is written; nothing changes them meanwhile (no
    // handler writes to its arguments, and the validating path strips a copy).
    this.later(() => callLine(record));
  }

  /** A line the transport rejected, ignored or dropped. */
  lineEvent(event: LineEvent): void {
    if (event.kind === "rejected")
      this.write("rejected", { code: event.code, message: event.message, bytes: event.bytes });
    else if (event.kind === "ignored")
      this.write("ignored", {
        reason: "a response: servers answer requests only",
        bytes: event.bytes,
      });
    else
      this.write("dropped", {
        reason: "the input ended inside a line (no newline)",
        bytes: event.bytes,
      });
  }

  /** The stop line, with the per-tool summary and the transport's counts, written at once after every line before it. */
  stopping(reason: string, stats: LineTransportStats): void {
    this.write("stopping", {
      reason,
      tools: Object.fromEntries(this.tools),
      messages_in: stats.messagesIn,
      messages_out: stats.messagesOut,
      bytes_in: stats.bytesIn,
      bytes_out: stats.bytesOut,
    });
    // Now, not later: the process may exit right after this line (a crash, a signal).
    this.flush();
  }
}
