/**
 * The real client's connection to one server: a child process (`mcp-course serve …`, or any stdio
 * command line), spoken to with the official SDK's `Client` (`@modelcontextprotocol/client`, v2) over {@link StdioLineTransport} (the SDK's `StdioClientTransport`'s behaviour, telling the meter
 * each line's bytes: `stdioTransport.ts`), in the era asked for, every message counted.
 *
 * Both eras, a known discover result for our servers, `auto` for the others. Sources: seed document 000 (the client maps both failure channels onto one tool result;
 * its faults table); seed document 001 ("Not connected" does not say whether a failure is
 * permanent). Opening depends on the era (`era.ts`):
 * - `legacy`: `initialize`, `notifications/initialized`, then `tools/list`;
 * - `stateless`: `tools/list` alone, with its `_meta`; the SDK adopts a discover result the client
 *   already holds (`connect(transport, { prior: { kind: "modern", discover } })`), `options.discover`
 *   (for `serve`, the server's `knownDiscover`, passed in by whoever holds both ends: no client
 *   imports the server);
 * - `auto`: first a probe on a second process (`probe.ts`), then one of the two above; the
 *   verdict is kept for restarts (versioning.mdx: cache it for the server's configuration).
 * A call never throws: both failure channels become one {@link ToolOutcome} of the same shape the
 * simulated paths give (`fleet/paths.ts`), in the words of lesson 8's simulated client:
 * - a result with `isError: true` → channel `error result`, the result's text;
 * - a JSON-RPC error response (the SDK throws `ProtocolError`) → `JSON-RPC error`,
 *   `MCP error <code>: <message>` (`mcpErrorText`);
 * - a call the SDK fails itself (`SdkError`) → `client`, a local failure in a form no error
 *   response has (`LOCAL_FAILURES`, `fleet/client.ts`): a timeout (`local: timed out`, the SDK
 *   then sends `notifications/cancelled`), the server's exit while the call was pending
 *   (`local: connection closed`), any call after that (`local: not connected`). Nothing of
 *   these travels on the wire.
 * Options: a timeout per `tools/call`; `restart` — when the server has died, spawn it again
 * (without its fault, as the simulator's `FleetClient` and the seed's runs do) and retry the call
 * once; `explained` — once the server has died, say so plainly ({@link SERVER_GONE}).
 *
 * This module does not negotiate or gate calls (`negotiation.ts`, `gateCall`); it sends what
 * it is given. Every process it starts is ended by {@link WireConnection.close} (the probe's by
 * the probe); a caller must call it (in a `finally`).
 */
import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import type { Readable } from "node:stream";
import {
  Client,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  StreamableHTTPClientTransport,
  type CallToolRequestOptions,
  type ConnectOptions,
  type DiscoverResult,
  type Tool,
} from "@modelcontextprotocol/client";
import { LOCAL_FAILURES, NOT_CONNECTED, SERVER_GONE } from "../fleet/client";
import type { ToolCall, ToolOutcome } from "../fleet/paths";
import { mcpErrorText } from "../fleet/protocol";
import { PACKAGE_ROOT } from "../packageRoot";
import { parseEvents, type ServerEvent } from "../protocol/serverLog";
import type { ServerDeclaration } from "../sim/declaration";
import { WIRE_CLIENT_CAPABILITIES, WIRE_CLIENT_INFO } from "./clientInfo";
import type { SpokenEra, WireEra } from "./era";
import {
  meteredFetch,
  type HttpConnectionMode,
  type HttpExchangeListener,
  type MeteredFetch,
} from "./httpFetch";
import { MeteredTransport } from "./meteredTransport";
import { probeEra, type EraProbe, type StdioLaunch } from "./probe";
import { TrafficMeter, type TrafficCounts } from "./trafficCounts";
import { SERVE_SCRIPT, serveArgs, type ServeSpec } from "./serveCommand";
import { StdioLineTransport } from "./stdioTransport";
import { declarationFromWire, type GateRule, type WireTool } from "./tools";

export { WIRE_CLIENT_INFO };

/**
 * A server already listening on Streamable HTTP: its MCP endpoint, e.g.
 * `http://127.0.0.1:43117/mcp` (2026-07-28 `basic/transports/streamable-http.mdx`: one endpoint
 * for every POST). The client starts no process for it and cannot restart it.
 */
export interface HttpTarget {
  url: string;
}

/**
 * The server to connect to: one of ours, described as `mcp-course serve` takes it; any other
 * stdio server as its command line (`cwd` default {@link PACKAGE_ROOT}); or one on Streamable HTTP
 * at a URL ({@link HttpTarget}).
 */
export type WireTarget = ServeSpec | StdioLaunch | HttpTarget;

/** Whether the target is a server on Streamable HTTP. */
export function isHttpTarget(target: WireTarget): target is HttpTarget {
  return "url" in target;
}

/** What the real client speaks, and what it does about timeouts and a server that dies. */
export interface WireClientOptions {
  /** The era to speak (`era.ts`); default `legacy`. */
  era?: WireEra;
  /**
   * Over Streamable HTTP ({@link HttpTarget}): one TCP connection reused, or a new one per
   * request (`httpFetch.ts`); default `keep-alive`. Ignored on stdio.
   */
  httpConnection?: HttpConnectionMode;
  /**
   * The server's `server/discover` result, for `era: "stateless"`; or, for our own servers, a
   * function from the `serve` spec to it (the server's `knownDiscover`, `server/knownDiscover.ts`),
   * so that one option serves every server of a session. Ignored in the other eras.
   */
  discover?: DiscoverResult | ((spec: ServeSpec) => DiscoverResult);
  /**
   * With `era: "auto"`: how long the probe waits for an answer before calling the server legacy,
   * ms. Default: the SDK's 60,000. Over HTTP the SDK's own `auto` probes on the session's
   * transport and the SDK's request timeout applies instead.
   */
  probeTimeoutMs?: number;
  /** How long a `tools/call` may take before the client gives up, ms. Default: the SDK's 60,000. */
  timeoutMs?: number;
  /** When the server has died, spawn it again without its fault and retry the call once. Default false. */
  restart?: boolean;
  /** Once the server has died, answer {@link SERVER_GONE} instead of `local: connection closed` / `local: not connected`. Default false. */
  explained?: boolean;
  /**
   * Over Streamable HTTP: told each HTTP exchange as it crossed, header blocks and contents
   * (`httpFetch.ts`, `HttpExchangeText`), for a lesson that prints them. Ignored on stdio.
   */
  onHttpExchange?: HttpExchangeListener;
  /** Where to count the session's traffic; default a new meter of the connection's own. The probe has its own (`EraProbe.traffic`). */
  meter?: TrafficMeter;
  /**
   * Discover everything the server declares: after `tools/list`, also `resources/list` and
   * `prompts/list` where its capabilities name them (lesson 7's discovery). Default false: the
   * client lists tools only, as lesson 6's run needs.
   */
  listEverything?: boolean;
  /**
   * How a session's approval gate reads each tool's `annotations` (`negotiation.ts`, see
   * {@link GateRule}); default `specification`, MCP's defaults. A connection itself gates nothing.
   */
  gate?: GateRule;
}

/** One line of a server's stderr log (`protocol/serverLog.ts`), here where the connection hands them back. */
export type { ServerEvent };

/** What a connection's calls did. Times are measured wall-clock milliseconds. */
export interface WireCallStats {
  calls: number;
  errors: number;
  restarts: number;
  /** Each call's time, ms (a restart and its retry included), in call order. */
  callMillis: number[];
  /**
   * Each start's time, ms (restarts included): spawn → the era's opening (`initialize` in the
   * legacy era, nothing in the stateless one) → `tools/list` answered; with `auto`, the first
   * start includes the probe.
   */
  startMillis: number[];
  /** Server processes started: one per start, plus `auto`'s probe. */
  processes: number;
}

/** The era a connection speaks, and what it cost to find out. */
export interface WireEraState {
  /** The era asked for. */
  requested: WireEra;
  /** The era spoken: `auto` resolved by its probe. */
  spoken: SpokenEra;
  /** The protocol version in use: the one `initialize` agreed on, or 2026-07-28. */
  protocolVersion: string | undefined;
  /**
   * `auto`'s probe (its traffic and process); undefined in the other eras. Over HTTP the probe is
   * one `server/discover` POST on the session's own transport (the SDK's `auto`), so its traffic
   * is the session's too: `probe.traffic` is what connecting cost, the probe's exchange and, on a
   * `legacy` verdict, the `initialize` handshake after it; `probe.processes` is 0.
   */
  probe: EraProbe | undefined;
}

/**
 * What a run of lesson 6's tasks needs of a connection to one server (`negotiation.ts`,
 * `tasks.ts`): {@link WireConnection} is one; a test drives the same run with another client
 * (the legacy SDK 1.x's) behind the same shape.
 */
export interface ToolConnection {
  /** Calls a tool; never throws (a failure is an outcome, as {@link wireOutcome} reads it). */
  callTool(call: ToolCall): Promise<ToolOutcome>;
  /** The server's declaration, read off `serverInfo` and `tools/list`, annotations read by `gate` (default `specification`). */
  declaration(gate?: GateRule): ServerDeclaration;
  /** The traffic so far, counted from the client's side. */
  traffic(): TrafficCounts;
  /**
   * Lists the server's tools again on its running process, a `tools/list` request counted like
   * any other; the declaration then reads the new listing. Rejects when no process runs.
   */
  listTools(): Promise<WireTool[]>;
  /** Each call's and each start's wall time, ms, and the server processes started. */
  stats(): Pick<WireCallStats, "callMillis" | "startMillis" | "processes">;
  /** Ends the connection; resolves with the server's stderr events. */
  close(): Promise<ServerEvent[]>;
}

/** Opens a {@link ToolConnection} to one of our servers; {@link WireConnection.open} is the default one. */
export type OpenToolConnection = (
  spec: ServeSpec,
  options: WireClientOptions,
) => Promise<ToolConnection>;

/** One server process (or HTTP connection) and the SDK client speaking to it. */
interface Process {
  client: Client;
  transport: StdioLineTransport | StreamableHTTPClientTransport;
  /** The server's stderr events, complete once its stderr has ended (none over HTTP). */
  events: Promise<ServerEvent[]>;
  /** Over HTTP: the metered fetch, whose sockets are closed after the client. */
  fetch: MeteredFetch | undefined;
}

/** Reads a server's stderr to its end, then its events ({@link parseEvents}). */
export function collectEvents(stream: Readable | null): Promise<ServerEvent[]> {
  if (!stream) return Promise.resolve([]);
  return new Promise((resolve) => {
    let text = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => (text += chunk));
    stream.once("end", () => resolve(parseEvents(text)));
  });
}

/**
 * The message of the plain `Error` the SDK's client rejects a call with once its transport has
 * closed (`@modelcontextprotocol/client` 2.4, `Protocol.request`), where it throws no `SdkError`.
 */
const SDK_NOT_CONNECTED = "Not connected";

/** Whether a call's failure means the server process is gone: its connection closed, or already closed. */
function serverDied(error: unknown): boolean {
  if (error instanceof SdkError)
    return error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.NotConnected;
  return (
    error instanceof Error &&
    (error.message === SDK_NOT_CONNECTED || error.message === NOT_CONNECTED)
  );
}

/**
 * A call's result, or the error its call threw, as the agent reads it: one outcome for both of
 * MCP's failure channels.
 * - A result is `result`, or `error result` when it has `isError: true`; its text is the text
 *   of its content blocks.
 * - An error response from the server (the SDK throws `ProtocolError`) is `JSON-RPC error`,
 *   written `MCP error <code>: <message>`.
 * - Anything the SDK's client fails by itself is `client`: a timeout or the server's exit while
 *   the call was pending (an `SdkError` with the string code `REQUEST_TIMEOUT` or
 *   `CONNECTION_CLOSED`), a call after that (`NOT_CONNECTED`). Each is written `local: …`
 *   (`LOCAL_FAILURES`), as lesson 8's client writes them, so that no local failure passes for an
 *   error response from the server.
 *
 * @param explained when true, a failure that means the server died reads {@link SERVER_GONE}.
 */
export function wireOutcome(
  settled: { result: unknown } | { error: unknown },
  explained = false,
): ToolOutcome {
  if ("result" in settled) {
    type Result = { content?: { type: string; text?: string }[]; isError?: boolean };
    const result = settled.result as Result;
    const text = (result.content ?? []).map((part) => part.text ?? "").join("\n");
    if (result.isError) return { isError: true, channel: "error result", text };
    return { isError: false, channel: "result", text };
  }
  const { error } = settled;
  if (serverDied(error)) {
    if (explained) return { isError: true, channel: "client", text: SERVER_GONE };
    const closed = error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed;
    const text = closed ? LOCAL_FAILURES.connectionClosed : NOT_CONNECTED;
    return { isError: true, channel: "client", text };
  }
  // Only a JSON-RPC error response becomes a ProtocolError; the SDK's own failures are SdkErrors.
  if (error instanceof ProtocolError) {
    const text = mcpErrorText(error.code, error.message);
    return { isError: true, channel: "JSON-RPC error", text };
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return { isError: true, channel: "client", text: LOCAL_FAILURES.timedOut };
  }
  const text = error instanceof Error ? error.message : String(error);
  return { isError: true, channel: "client", text: `local: ${text}` };
}

/** The command line of a stdio target: `serve`'s bundled launcher with this Node, or the target's own. */
function launchOf(target: ServeSpec | StdioLaunch): StdioLaunch {
  if ("server" in target)
    return { command: process.execPath, args: serveArgs(target), cwd: PACKAGE_ROOT };
  return { command: target.command, args: [...target.args], cwd: target.cwd ?? PACKAGE_ROOT };
}

/** The target without what makes it fail (a restart's): ours lose their fault; another server is started as it was. */
function healthy(target: WireTarget): WireTarget {
  if (!("server" in target)) return target;
  const { fault: _fault, crashOn: _crashOn, slowMs: _slowMs, ...rest } = target;
  return rest;
}

/** A live connection to one real server (see the module comment). Open with {@link WireConnection.open}. */
export class WireConnection implements ToolConnection {
  /** The server's `serverInfo.version` as sent (`"undeclared"` below level 3): in `initialize`'s answer, or in the discover result's `_meta`. */
  serverVersion: string | undefined;
  /** The server's `serverInfo.name`. */
  serverName: string | undefined;
  /** The server's capabilities: `initialize`'s answer, or the discover result's. */
  serverCapabilities: { [capability: string]: unknown } | undefined;
  /** The tools as the last `tools/list` listed them, once the SDK's client has parsed them. */
  tools: WireTool[] = [];
  /**
   * The tools as the last `tools/list` result carried them on the wire: the line as parsed from
   * JSON, before the SDK's schemas read it, so every key the server sent is there in its order.
   */
  wireTools: unknown[] = [];
  private current: Process | undefined;
  private readonly ended: Promise<ServerEvent[]>[] = [];
  private readonly meter: TrafficMeter;
  private calls = 0;
  private errors = 0;
  private restarts = 0;
  private processes = 0;
  private readonly callMillis: number[] = [];
  private readonly startMillis: number[] = [];
  /** How every start connects, decided once at {@link open}: the era's `connect` options. */
  private connectOptions: ConnectOptions | undefined;
  private eraState: WireEraState | undefined;
  /** What every `tools/call` is sent with: the timeout, when one is set. */
  private readonly callOptions: { timeout: number } | undefined;
  /**
   * What a `tools/call` of each listed tool that declares no `outputSchema` is sent with: the
   * timeout, and the tool's listing as `toolDefinition`. The SDK then reads the listing it is
   * given instead of looking the tool up in its cache of the last `tools/list`, and finds what the
   * lookup finds: no output schema, so no result to check against one, and (on stdio) no
   * `Mcp-Param-*` header to mirror. A tool that declares one, or is not listed, is called with
   * {@link callOptions} alone, and the SDK looks it up as before.
   */
  private toolCallOptions = new Map<string, CallToolRequestOptions>();

  private constructor(
    readonly target: WireTarget,
    readonly options: WireClientOptions,
  ) {
    this.meter = options.meter ?? new TrafficMeter();
    this.callOptions = options.timeoutMs === undefined ? undefined : { timeout: options.timeoutMs };
  }

  /**
   * Spawns the server and opens the era's way (see the module comment); with `auto`, probes first.
   *
   * @throws Error when `serve` is not built (`dist/serve.js` missing); when `era` is `stateless`
   *   for a server that is not ours without `options.discover`; when the server cannot be started
   *   or does not answer the opening (the process is ended first); what the probe throws (`probe.ts`).
   */
  static async open(target: WireTarget, options: WireClientOptions = {}): Promise<WireConnection> {
    if ("server" in target && !existsSync(SERVE_SCRIPT))
      throw new Error(`${SERVE_SCRIPT} is missing: build the package first (npm run build)`);
    const connection = new WireConnection(target, options);
    const started = performance.now();
    await connection.chooseEra();
    await connection.start(target, performance.now() - started);
    return connection;
  }

  /** Settles the era and the options every start connects with; runs `auto`'s probe. */
  private async chooseEra(): Promise<void> {
    const target = this.target;
    const requested = this.options.era ?? "legacy";
    let discover: DiscoverResult | undefined;
    let probe: EraProbe | undefined;
    if (requested === "stateless") {
      const given = this.options.discover;
      discover =
        typeof given === "function"
          ? "server" in this.target
            ? given(this.target)
            : undefined
          : given;
      if (!discover)
        throw new Error(
          "the stateless era needs the server's discover result: pass options.discover, or use era auto for a server the client does not know",
        );
    } else if (requested === "auto") {
      if (isHttpTarget(target)) {
        // Over HTTP the SDK's own `auto` probes in place, at the first start (`settledInPlace`).
        this.eraState = {
          requested,
          spoken: "legacy",
          protocolVersion: undefined,
          probe: undefined,
        };
        return;
      }
      probe = await probeEra(launchOf(target), this.options.probeTimeoutMs);
      this.processes += probe.processes;
      discover = probe.discover;
    }
    // The legacy era connects with no options at all: the SDK's plain 2025 sequence.
    this.connectOptions = discover ? { prior: { kind: "modern", discover } } : undefined;
    this.eraState = {
      requested,
      spoken: discover ? "stateless" : "legacy",
      protocolVersion: undefined,
      probe,
    };
  }

  /**
   * The SDK client and its transport for `target`: a spawned process on {@link StdioLineTransport},
   * or the SDK's `StreamableHTTPClientTransport` with a metered `fetch` (`httpFetch.ts`). Over
   * HTTP with `auto` still unsettled, the client negotiates itself (`versionNegotiation: { mode:
   * "auto" }`: a `server/discover` POST, then `initialize` on the same transport where the
   * server is not modern).
   */
  private process(target: WireTarget): Process {
    if (isHttpTarget(target)) {
      const fetch = meteredFetch(
        this.meter,
        this.options.httpConnection,
        this.options.onHttpExchange,
      );
      const transport = new StreamableHTTPClientTransport(new URL(target.url), {
        fetch: fetch.fetch,
      });
      const negotiate = this.eraState!.requested === "auto" && !this.eraState!.probe;
      const client = new Client(
        { ...WIRE_CLIENT_INFO },
        negotiate
          ? {
              capabilities: { ...WIRE_CLIENT_CAPABILITIES },
              versionNegotiation: { mode: "auto" },
            }
          : { capabilities: { ...WIRE_CLIENT_CAPABILITIES } },
      );
      return { client, transport, events: Promise.resolve([]), fetch };
    }
    const launch = launchOf(target);
    const transport = new StdioLineTransport({
      command: launch.command,
      args: launch.args,
      stderr: "pipe",
      cwd: launch.cwd,
    });
    const events = collectEvents(transport.stderr as Readable | null);
    const client = new Client(
      { ...WIRE_CLIENT_INFO },
      { capabilities: { ...WIRE_CLIENT_CAPABILITIES } },
    );
    this.processes += 1;
    return { client, transport, events, fetch: undefined };
  }

  /** Spawns `target` (or opens its URL) and connects to it; `before` is time already spent on this start (the probe), ms. */
  private async start(target: WireTarget, before = 0): Promise<void> {
    const started = performance.now();
    const current = this.process(target);
    const { client, transport: inner } = current;
    this.ended.push(current.events);
    this.current = current;
    try {
      const metered = new MeteredTransport(inner, this.meter);
      metered.onreceived = (message, method) => {
        if (method !== "tools/list" || !("result" in message)) return;
        const tools = (message.result as { tools?: unknown }).tools;
        if (Array.isArray(tools)) this.wireTools = tools;
      };
      await client.connect(metered, this.connectOptions);
      if (this.eraState!.requested === "auto" && isHttpTarget(target)) this.settledInPlace(client);
      const info = client.getServerVersion();
      this.serverName = info?.name;
      this.serverVersion = info?.version;
      this.serverCapabilities = client.getServerCapabilities();
      this.eraState!.protocolVersion = client.getNegotiatedProtocolVersion();
      this.listed((await client.listTools()).tools as WireTool[]);
      if (this.options.listEverything) await this.listResourcesAndPrompts(client);
    } catch (error) {
      await this.close();
      throw error;
    }
    this.startMillis.push(before + performance.now() - started);
  }

  /**
   * Records what the SDK's in-place `auto` found over HTTP (its `server/discover` result, or none
   * for a legacy server), so that a restart connects in that era without probing again.
   */
  private settledInPlace(client: Client): void {
    const state = this.eraState!;
    if (state.probe) return;
    const discover = client.getDiscoverResult();
    this.connectOptions = discover ? { prior: { kind: "modern", discover } } : undefined;
    state.spoken = discover ? "stateless" : "legacy";
    state.probe = {
      verdict: state.spoken,
      discover,
      traffic: this.meter.counts(),
      processes: 0,
    };
  }

  /**
   * Lists the server's resources and prompts, each only where its capabilities declare it, in
   * that order: one `resources/list` and one `prompts/list` request at most, metered as any
   * other. SDK 2.4.0's client keeps list answers for their `ttlMs` by the wall clock; this asks
   * with `cacheMode: "refresh"`, so a request always goes out.
   *
   * @throws Error when no server process runs; what the SDK throws for a failed request.
   */
  async relistResourcesAndPrompts(): Promise<void> {
    const client = this.current?.client;
    if (!client)
      throw new Error("the connection has no running process to list resources and prompts on");
    await this.listResourcesAndPrompts(client);
  }

  private async listResourcesAndPrompts(client: Client): Promise<void> {
    const capabilities = client.getServerCapabilities() ?? {};
    if (capabilities.resources) await client.listResources(undefined, { cacheMode: "refresh" });
    if (capabilities.prompts) await client.listPrompts(undefined, { cacheMode: "refresh" });
  }

  /** The era asked for and spoken, the protocol version, and `auto`'s probe. */
  era(): WireEraState {
    const state = this.eraState!;
    return { ...state };
  }

  /** The server's declaration, read off its `serverInfo` and `tools/list` (see `declarationFromWire`). */
  declaration(gate: GateRule = "specification"): ServerDeclaration {
    return declarationFromWire(this.serverVersion, this.tools, gate);
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
      const options = this.toolCallOptions.get(call.name) ?? this.callOptions;
      return {
        result: await client.callTool(
          { name: call.name, arguments: { ...call.arguments } },
          options,
        ),
      };
    } catch (error) {
      return { error };
    }
  }

  /** Ends the dead process's client and starts the server again, without its fault, in the era already settled (no new probe). */
  private async restart(): Promise<void> {
    const dead = this.current;
    this.current = undefined;
    await dead?.client.close();
    await dead?.fetch?.close();
    await this.start(healthy(this.target));
  }

  /**
   * Lists the tools again from the running server: one `tools/list` request and its answer,
   * metered as any other. SDK 2.4.0's client keeps a `tools/list` answer for its `ttlMs` by the
   * wall clock and would answer from that cache without a message; this asks with
   * `cacheMode: "refresh"`, so a request always goes out (and the client's cache, which the SDK's
   * output-schema checks read, holds the new answer). {@link tools} and {@link declaration} then
   * read the new listing.
   *
   * @returns the tools as listed.
   * @throws Error when no server process runs (closed, or dead without `restart`); what the SDK
   *   throws for a failed request (a JSON-RPC error, a timeout, the connection closing).
   */
  async listTools(): Promise<WireTool[]> {
    const client = this.current?.client;
    if (!client) throw new Error("the connection has no running process to list tools on");
    this.listed((await client.listTools(undefined, { cacheMode: "refresh" })).tools as WireTool[]);
    return this.tools;
  }

  /** Takes a `tools/list` answer: {@link tools}, and each tool's {@link toolCallOptions}. */
  private listed(tools: WireTool[]): void {
    this.tools = tools;
    this.toolCallOptions = new Map();
    for (const tool of tools) {
      if (tool.outputSchema === undefined)
        this.toolCallOptions.set(tool.name, { ...this.callOptions, toolDefinition: tool as Tool });
    }
  }

  /** The running server process's id (to read its CPU time, say), or undefined when none runs (or over HTTP). */
  serverPid(): number | undefined {
    const transport = this.current?.transport;
    return transport instanceof StdioLineTransport ? (transport.pid ?? undefined) : undefined;
  }

  /** The calls so far, as a new object. */
  stats(): WireCallStats {
    return {
      calls: this.calls,
      errors: this.errors,
      restarts: this.restarts,
      callMillis: [...this.callMillis],
      startMillis: [...this.startMillis],
      processes: this.processes,
    };
  }

  /** The session's traffic so far, counted from the client's side (see `meteredTransport.ts`); `auto`'s probe is apart, in {@link era}. */
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
    await current?.fetch?.close();
    return (await Promise.all(this.ended)).flat();
  }
}
