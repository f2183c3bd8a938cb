/**
 * The real client's connection to one server: a child process running `mcp-course serve …`,
 * spoken to with the SDK's `Client` over `StdioClientTransport`, every message counted.
 *
 * Source: issue 5 §3; seed document 000 (the client maps both failure channels onto one tool
 * result; its faults table); seed document 001 ("Not connected" does not say whether a failure is
 * permanent). Opening runs MCP's handshake (`initialize`, `notifications/initialized`, then
 * `tools/list`). A call never throws: both failure channels become one {@link ToolOutcome} of the
 * same shape the simulated paths give (`fleet/paths.ts`):
 * - a result with `isError: true` → channel `error result`, the result's text;
 * - a JSON-RPC error response (the SDK throws `McpError`) → `JSON-RPC error`,
 *   `MCP error <code>: <message>`;
 * - a call the SDK fails itself → `client`: a timeout (`MCP error -32001: Request timed out`, the
 *   SDK then sends `notifications/cancelled`), the server's exit while the call was pending
 *   (`MCP error -32000: Connection closed`), any call after that (`Not connected`).
 * Options: a timeout per `tools/call`; `restart` — when the server has died, spawn it again
 * (without its fault, as the simulator's `FleetClient` and the seed's runs do) and retry the call
 * once; `explained` — once the server has died, say so plainly ({@link SERVER_GONE}).
 *
 * This module does not negotiate or gate calls (`negotiation.ts`, `gateCall`); it sends what
 * it is given. Every process it starts is ended by {@link WireConnection.close}; a caller must
 * call it (in a `finally`).
 */
import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import type { Readable } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { NOT_CONNECTED, SERVER_GONE } from "../fleet/client";
import type { ToolCall, ToolOutcome } from "../fleet/paths";
import { PACKAGE_ROOT } from "../packageRoot";
import type { ServerDeclaration } from "../sim/declaration";
import { MeteredTransport } from "./meteredTransport";
import { TrafficMeter, type TrafficCounts } from "./trafficCounts";
import { SERVE_SCRIPT, serveArgs, type ServeSpec } from "./serveCommand";
import { declarationFromWire, type WireTool } from "./tools";

/** How the client introduces itself in `initialize`. The simulated fleet client's words (`fleet/client.ts`). */
export const WIRE_CLIENT_INFO = { name: "mcp-course", version: "0" } as const;

/** What the real client does about timeouts and a server that dies. */
export interface WireClientOptions {
  /** How long a `tools/call` may take before the client gives up, ms. Default: the SDK's 60,000. */
  timeoutMs?: number;
  /** When the server has died, spawn it again without its fault and retry the call once. Default false. */
  restart?: boolean;
  /** Once the server has died, answer {@link SERVER_GONE} instead of `Connection closed` / `Not connected`. Default false. */
  explained?: boolean;
  /** Where to count the traffic; default a new meter of the connection's own. */
  meter?: TrafficMeter;
}

/** One line of a server's stderr log: `event` (`serving`, `call`, `stopping`, …) and its fields. */
export interface ServerEvent {
  event: string;
  [field: string]: unknown;
}

/** What a connection's calls did. Times are measured wall-clock milliseconds. */
export interface WireCallStats {
  calls: number;
  errors: number;
  restarts: number;
  /** Each call's time, ms (a restart and its retry included), in call order. */
  callMillis: number[];
  /** Each start's time: spawn → `initialize` → `tools/list` answered, ms (restarts included). */
  startMillis: number[];
}

/** One server process and the SDK client speaking to it. */
interface Process {
  client: Client;
  transport: StdioClientTransport;
  /** The server's stderr events, complete once its stderr has ended. */
  events: Promise<ServerEvent[]>;
}

/** Reads a server's stderr to its end, keeping each line that parses as a JSON object with `event`. */
function collectEvents(stream: Readable | null): Promise<ServerEvent[]> {
  if (!stream) return Promise.resolve([]);
  return new Promise((resolve) => {
    let text = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => (text += chunk));
    const done = () => {
      const events: ServerEvent[] = [];
      for (const line of text.split("\n")) {
        try {
          const value: unknown = JSON.parse(line);
          if (value !== null && typeof value === "object" && typeof (value as ServerEvent).event === "string") events.push(value as ServerEvent);
        } catch {
          // Not a log line (e.g. a stack trace): not an event.
        }
      }
      resolve(events);
    };
    stream.once("end", done);
  });
}

/** Whether a call's failure means the server process is gone: its connection closed, or already closed. */
function serverDied(error: unknown): boolean {
  if (error instanceof McpError) return error.code === ErrorCode.ConnectionClosed;
  return error instanceof Error && error.message === NOT_CONNECTED;
}

/**
 * A call's result or thrown error as the agent reads it (see the module comment).
 *
 * @param explained when true, a failure that means the server died reads {@link SERVER_GONE}.
 */
export function wireOutcome(settled: { result: unknown } | { error: unknown }, explained = false): ToolOutcome {
  if ("result" in settled) {
    const result = settled.result as { content?: { type: string; text?: string }[]; isError?: boolean };
    const text = (result.content ?? []).map((part) => part.text ?? "").join("\n");
    return result.isError ? { isError: true, channel: "error result", text } : { isError: false, channel: "result", text };
  }
  const { error } = settled;
  if (serverDied(error)) return { isError: true, channel: "client", text: explained ? SERVER_GONE : (error as Error).message };
  // The SDK raises -32001 itself; every other McpError code came back in an error response.
  if (error instanceof McpError && error.code !== ErrorCode.RequestTimeout) return { isError: true, channel: "JSON-RPC error", text: error.message };
  return { isError: true, channel: "client", text: error instanceof Error ? error.message : String(error) };
}

/** A live connection to one real server (see the module comment). Open with {@link WireConnection.open}. */
export class WireConnection {
  /** The server's `serverInfo.version` as sent (`"undeclared"` below level 3). */
  serverVersion: string | undefined;
  /** The server's `serverInfo.name`. */
  serverName: string | undefined;
  /** The tools as the last `tools/list` listed them. */
  tools: WireTool[] = [];
  private current: Process | undefined;
  private readonly ended: Promise<ServerEvent[]>[] = [];
  private readonly meter: TrafficMeter;
  private calls = 0;
  private errors = 0;
  private restarts = 0;
  private readonly callMillis: number[] = [];
  private readonly startMillis: number[] = [];

  private constructor(
    readonly spec: ServeSpec,
    readonly options: WireClientOptions,
  ) {
    this.meter = options.meter ?? new TrafficMeter();
  }

  /**
   * Spawns the server and runs the handshake.
   *
   * @throws Error when the server is not built (`dist/serve.js` missing), or when the server
   *   cannot be started or does not answer the handshake (the process is ended first).
   */
  static async open(spec: ServeSpec, options: WireClientOptions = {}): Promise<WireConnection> {
    if (!existsSync(SERVE_SCRIPT)) throw new Error(`${SERVE_SCRIPT} is missing: build the package first (npm run build)`);
    const connection = new WireConnection(spec, options);
    await connection.start(spec);
    return connection;
  }

  private async start(spec: ServeSpec): Promise<void> {
    const started = performance.now();
    const inner = new StdioClientTransport({ command: process.execPath, args: serveArgs(spec), stderr: "pipe", cwd: PACKAGE_ROOT });
    const events = collectEvents(inner.stderr as Readable | null);
    this.ended.push(events);
    const client = new Client({ ...WIRE_CLIENT_INFO }, { capabilities: {} });
    this.current = { client, transport: inner, events };
    try {
      await client.connect(new MeteredTransport(inner, this.meter));
      const info = client.getServerVersion();
      this.serverName = info?.name;
      this.serverVersion = info?.version;
      this.tools = (await client.listTools()).tools as WireTool[];
    } catch (error) {
      await this.close();
      throw error;
    }
    this.startMillis.push(performance.now() - started);
  }

  /** The server's declaration, read off `initialize` and `tools/list` (see `declarationFromWire`). */
  declaration(): ServerDeclaration {
    return declarationFromWire(this.serverVersion, this.tools);
  }

  /**
   * Calls a tool and returns what the agent reads. Never throws (see the module comment). With
   * `restart`, a call that finds the server dead restarts it and is retried once; the retry's
   * outcome is the call's.
   */
  async callTool(call: ToolCall): Promise<ToolOutcome> {
    this.calls += 1;
    const started = performance.now();
    let settled = await this.attempt(call);
    if ("error" in settled && serverDied(settled.error) && this.options.restart) {
      this.restarts += 1;
      await this.restart();
      settled = await this.attempt(call);
    }
    const outcome = wireOutcome(settled, this.options.explained === true);
    this.callMillis.push(performance.now() - started);
    if (outcome.isError) this.errors += 1;
    return outcome;
  }

  private async attempt(call: ToolCall): Promise<{ result: unknown } | { error: unknown }> {
    const client = this.current?.client;
    if (!client) return { error: new Error(NOT_CONNECTED) };
    try {
      const options = this.options.timeoutMs === undefined ? undefined : { timeout: this.options.timeoutMs };
      return { result: await client.callTool({ name: call.name, arguments: { ...call.arguments } }, undefined, options) };
    } catch (error) {
      return { error };
    }
  }

  /** Ends the dead process's client and starts the server again, without its fault. */
  private async restart(): Promise<void> {
    const dead = this.current;
    this.current = undefined;
    await dead?.client.close();
    const { fault: _fault, crashOn: _crashOn, slowMs: _slowMs, ...healthy } = this.spec;
    await this.start(healthy);
  }

  /** The running server process's id (to read its CPU time, say), or undefined when none runs. */
  serverPid(): number | undefined {
    return this.current?.transport.pid ?? undefined;
  }

  /** The calls so far, as a new object. */
  stats(): WireCallStats {
    return { calls: this.calls, errors: this.errors, restarts: this.restarts, callMillis: [...this.callMillis], startMillis: [...this.startMillis] };
  }

  /** The traffic so far, counted from the client's side (see `meteredTransport.ts`). */
  traffic(): TrafficCounts {
    return this.meter.counts();
  }

  /**
   * Ends the connection: closes stdin (the server exits with code 0), and the SDK ends a process
   * that does not exit within 2 s. Safe to call twice.
   *
   * @returns every server event logged on stderr, process after process, in order.
   */
  async close(): Promise<ServerEvent[]> {
    const current = this.current;
    this.current = undefined;
    await current?.client.close();
    return (await Promise.all(this.ended)).flat();
  }
}
