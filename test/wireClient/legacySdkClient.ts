// An independent client for lesson 6's run, to hold ours against: the legacy SDK 1.x `Client`
// (`@modelcontextprotocol/sdk/client/index.js`, 1.32.2, which negotiates up to 2025-11-25) over its
// own `StdioClientTransport`, speaking to `node dist/serve.js <server> …` (our servers on SDK v2).
// It has the shape of the real client's connection (`ToolConnection`), so `runWireTasks` and
// `compareTaskRuns` (src/wireClient/tasks.ts) drive it unchanged, and every message is counted
// by the same meter (`MeteredTransport`, which forwards to any transport of that shape).
// A test helper: the SDK 1.x is a devDependency.
import type { Readable } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import type { ToolCall, ToolOutcome } from "../../src/fleet/paths";
import { PACKAGE_ROOT } from "../../src/packageRoot";
import type { ServerDeclaration } from "../../src/sim/declaration";
import {
  collectEvents,
  type OpenToolConnection,
  type ServerEvent,
  type ToolConnection,
} from "../../src/wireClient/connection";
import { MeteredTransport } from "../../src/wireClient/meteredTransport";
import { serveArgs, type ServeSpec } from "../../src/wireClient/serveCommand";
import { declarationFromWire, type GateRule, type WireTool } from "../../src/wireClient/tools";
import { TrafficMeter, type TrafficCounts } from "../../src/wireClient/trafficCounts";

/** How this client introduces itself in `initialize`. */
export const LEGACY_SDK_CLIENT_INFO = { name: "sdk-1.x-client", version: "1.32.2" } as const;

/** The meter's transport, keeping the revision SDK 1.x's `Client` hands its transport after `initialize`. */
class VersionedTransport extends MeteredTransport {
  protocolVersion: string | undefined;
  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }
}

/** A connection to one of our servers through the SDK 1.x `Client`. Open with {@link openLegacySdkConnection}. */
export class LegacySdkConnection implements ToolConnection {
  private readonly meter = new TrafficMeter();
  private readonly callMillis: number[] = [];
  private readonly startMillis: number[] = [];
  private tools: WireTool[] = [];
  private closed: Promise<ServerEvent[]> | undefined;
  private transport: VersionedTransport | undefined;

  private constructor(
    private readonly client: Client,
    private readonly events: Promise<ServerEvent[]>,
  ) {}

  /** Spawns `spec`'s server and opens it as SDK 1.x does (`initialize`, `notifications/initialized`), then lists its tools. */
  static async open(spec: ServeSpec): Promise<LegacySdkConnection> {
    const started = performance.now();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: serveArgs(spec),
      cwd: PACKAGE_ROOT,
      stderr: "pipe",
    });
    const events = collectEvents(transport.stderr as Readable | null);
    const client = new Client({ ...LEGACY_SDK_CLIENT_INFO }, { capabilities: {} });
    const connection = new LegacySdkConnection(client, events);
    // The meter's transport is typed for SDK v2; the two SDKs' Transport interfaces are the same at run time.
    connection.transport = new VersionedTransport(transport as never, connection.meter);
    await client.connect(connection.transport as never);
    connection.tools = (await client.listTools()).tools as WireTool[];
    connection.startMillis.push(performance.now() - started);
    return connection;
  }

  /** The revision `initialize` agreed on, as SDK 1.x hands it to its transport (`setProtocolVersion`). */
  protocolVersion(): string | undefined {
    return this.transport?.protocolVersion;
  }

  declaration(gate: GateRule = "specification"): ServerDeclaration {
    return declarationFromWire(this.client.getServerVersion()?.version, this.tools, gate);
  }

  /** A result, an error result, or a JSON-RPC error (SDK 1.x's `McpError` already reads `MCP error <code>: <message>`). */
  async callTool(call: ToolCall): Promise<ToolOutcome> {
    const started = performance.now();
    let outcome: ToolOutcome;
    try {
      const result = (await this.client.callTool({ name: call.name, arguments: { ...call.arguments } })) as {
        content?: { text?: string }[];
        isError?: boolean;
      };
      const text = (result.content ?? []).map((part) => part.text ?? "").join("\n");
      outcome = result.isError
        ? { isError: true, channel: "error result", text }
        : { isError: false, channel: "result", text };
    } catch (error) {
      outcome = {
        isError: true,
        channel: error instanceof McpError ? "JSON-RPC error" : "client",
        text: error instanceof Error ? error.message : String(error),
      };
    }
    this.callMillis.push(performance.now() - started);
    return outcome;
  }

  /** Lists the tools again (SDK 1.x's client keeps no cache of them): one `tools/list`, metered. */
  async listTools(): Promise<WireTool[]> {
    this.tools = (await this.client.listTools()).tools as WireTool[];
    return this.tools;
  }

  traffic(): TrafficCounts {
    return this.meter.counts();
  }

  /** Each call's and the one start's wall time, ms; one process (no restarts, no probe). */
  stats(): { callMillis: number[]; startMillis: number[]; processes: number } {
    return { callMillis: [...this.callMillis], startMillis: [...this.startMillis], processes: 1 };
  }

  close(): Promise<ServerEvent[]> {
    this.closed ??= this.client.close().then(() => this.events);
    return this.closed;
  }
}

/** {@link LegacySdkConnection.open} as `runWireTasks`' `open` option takes it (the real client's options do not apply). */
export const openLegacySdkConnection: OpenToolConnection = (spec) => LegacySdkConnection.open(spec);
