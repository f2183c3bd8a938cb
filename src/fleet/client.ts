/**
 * The fleet client: one connection over one condition, on a virtual clock, with every message
 * that crosses the boundary counted on an {@link Envelope}.
 *
 * Source: seed document 000 (the client maps both failure channels onto one tool result; the
 * faults table says what the harness gets back for each fault) and seed document 001 ("Not
 * connected" does not say whether the failure is permanent). What this client does, per fault:
 * - `slow`: the first `top_devices` call would take 3 s; the client gives up at 1.5 s with
 *   `local: timed out` and sends `notifications/cancelled`; the server, told before its answer is
 *   ready, sends none (a receiver SHOULD NOT answer a cancelled request: 2025-11-25
 *   `basic/utilities/cancellation.mdx`; the SDK's server drops it, as lesson 9's wire shows); the
 *   next call is served as usual.
 * - `crash`: the server exits while handling its 6th `tools/call`: that call fails with
 *   `local: connection closed`, every later one with `local: not connected` — or, with
 *   `explainCrash`, with {@link SERVER_GONE}; with `restart`, the client respawns the server
 *   (81 ms, a new handshake) and retries the failed call once. A respawned server runs without
 *   the fault, as in the seed's runs (one restart per run).
 * - `stdout-line`: calls succeed; each stray line raises one transport error.
 * - `stdout-unterminated`: every response is glued to the stray text, fails to parse (one
 *   transport error) and is lost, so every call times out.
 * A failure the client makes itself reads `local: …` ({@link LOCAL_FAILURES}), never
 * `MCP error <code>: …`, the form of an error response from the server.
 *
 * Every message is counted twice: in bytes, as stdio writes it (its JSON text and one newline,
 * 2025-11-25 `basic/transports`, "stdio"), the measure lesson 8 prints; and in envelope tokens,
 * its `params`, `result` or `error` as JSON text with the lesson's tokenizer and envelope constant
 * (see `sim/envelope.ts`). The `direct` path crosses no boundary and counts nothing.
 */
import { LATENCY_MICROS, CRASH_ON_CALL, type Condition } from "./conditions";
import type { Fleet } from "./generator";
import { callDirect, createPathServer, outcomeOf, type ToolCall, type ToolOutcome } from "./paths";
import {
  PROTOCOL_VERSION,
  type JsonObject,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type JsonRpcServer,
} from "./protocol";
import { createFleetHandlers, type FleetHandler } from "./tools";
import { Envelope, type EnvelopeCounts, type MessageKind } from "../sim/envelope";

/**
 * What the agent reads when the client fails a call by itself, with no answer from the server:
 * `local: <what>`, a form no error response has. 2026-07-28 `basic/index.mdx` ("Error Codes")
 * gives errors local to an implementation no code and asks that they cannot be mistaken for
 * errors received from the peer. SDK 1.x's client wrote a timeout and a closed connection as
 * `McpError`s -32001 and -32000, codes of the sub-range 2026-07-28 calls legacy (new
 * implementations SHOULD NOT use them); SDK 2.4's throws an `SdkError` with a string code
 * (`REQUEST_TIMEOUT`, `CONNECTION_CLOSED`, `NOT_CONNECTED`).
 * - `timedOut`: the client stopped waiting for the response (and cancelled the request);
 * - `connectionClosed`: the server's process ended while the call was pending;
 * - `notConnected`: a call after that, which the client does not send (seed document 000,
 *   faults table: "Not connected");
 * - `serverGone`: the `crash-explained` client's words for the last two, saying the failure is
 *   permanent (this project's words for the condition seed document 000 planned and never ran).
 */
export const LOCAL_FAILURES = {
  timedOut: "local: timed out",
  connectionClosed: "local: connection closed",
  notConnected: "local: not connected",
  serverGone:
    "local: the fleet server has exited and will not come back; no further tool call can succeed",
} as const;

/** What the `crash-explained` client says once the server has exited: {@link LOCAL_FAILURES}'s `serverGone`. */
export const SERVER_GONE = LOCAL_FAILURES.serverGone;

/** What a call on a closed connection reads: {@link LOCAL_FAILURES}'s `notConnected`. */
export const NOT_CONNECTED = LOCAL_FAILURES.notConnected;

/** What a connection has done so far. Times are virtual microseconds. */
export interface ClientStats {
  calls: number;
  errors: number;
  restarts: number;
  /** Lines on stdout the client could not parse as JSON-RPC. */
  transportErrors: number;
  /** Time spent in tool calls (startup excluded), µs. */
  callMicros: number;
  /** Time spent starting servers (first start; restarts are counted in the call that needed them), µs. */
  startupMicros: number;
  envelope: EnvelopeCounts;
  /** Bytes of the messages that crossed, each its JSON text and one newline (stray text excluded). */
  bytes: number;
}

/** A connection to the fleet under one condition. */
export class FleetClient {
  private readonly envelope = new Envelope();
  private readonly handlers: Readonly<Record<string, FleetHandler>>;
  private server: JsonRpcServer | undefined;
  private connected = false;
  /** Whether the running server process still has the condition's fault (a respawned one does not). */
  private faulty = true;
  private nextId = 1;
  /** `tools/call` requests the current server process has received. */
  private served = 0;
  private slowSpent = false;
  private calls = 0;
  private errors = 0;
  private restarts = 0;
  private transportErrors = 0;
  private callMicros = 0;
  private startupMicros = 0;
  private bytes = 0;

  /**
   * Connects: for a protocol path, starts the server and counts the handshake (`initialize`,
   * `notifications/initialized`, `tools/list`) and its startup time.
   */
  constructor(
    private readonly fleet: Fleet,
    readonly condition: Condition,
  ) {
    this.handlers = createFleetHandlers(fleet);
    if (condition.path !== "direct") this.startupMicros += this.spawn();
  }

  /** Starts a server process and runs the handshake; returns the time it took, µs. */
  private spawn(): number {
    const path = this.condition.path;
    if (path === "direct") return 0;
    this.server = createPathServer(path, this.fleet);
    this.connected = true;
    this.served = 0;
    this.request("initialize", {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: "mcp-course", version: "0" },
    });
    this.notify("notifications/initialized", {});
    this.request("tools/list", {});
    return path === "raw" ? LATENCY_MICROS.rawStartup : LATENCY_MICROS.validatingStartup;
  }

  /** Counts `message` on the envelope (its body: `params`, `result` or `error`) and in bytes. */
  private count(
    kind: MessageKind,
    message: JsonRpcRequest | JsonRpcNotification | JsonRpcResponse,
  ): void {
    const body =
      "result" in message ? message.result : "error" in message ? message.error : message.params;
    this.envelope.send(kind, JSON.stringify(body));
    this.bytes += Buffer.byteLength(JSON.stringify(message)) + 1;
  }

  private notify(method: string, params: JsonObject): void {
    const message: JsonRpcNotification = { jsonrpc: "2.0", method, params };
    this.count("notification", message);
    this.server!.handle(message);
  }

  /** Sends a request that is answered normally, counting both messages; returns the response. */
  private request(method: string, params: JsonObject) {
    const message: JsonRpcRequest = { jsonrpc: "2.0", id: this.nextId++, method, params };
    this.count("request", message);
    const response = this.server!.handle(message)!;
    this.count("response", response);
    return response;
  }

  /**
   * Calls a tool and returns what the agent reads. Never throws: every failure is an outcome
   * with `isError: true`.
   */
  callTool(call: ToolCall): ToolOutcome {
    this.calls += 1;
    const { outcome, micros } =
      this.condition.path === "direct"
        ? { outcome: callDirect(this.handlers, call), micros: LATENCY_MICROS.directCall }
        : this.overStdio(call, true);
    this.callMicros += micros;
    if (outcome.isError) this.errors += 1;
    return outcome;
  }

  private overStdio(call: ToolCall, mayRestart: boolean): { outcome: ToolOutcome; micros: number } {
    if (!this.connected) {
      return {
        outcome: {
          isError: true,
          channel: "client",
          text: this.condition.explainCrash ? SERVER_GONE : NOT_CONNECTED,
        },
        micros: 0,
      };
    }
    const perCall =
      this.condition.path === "raw" ? LATENCY_MICROS.rawCall : LATENCY_MICROS.validatingCall;
    const fault = this.faulty ? this.condition.fault : "none";
    const params: JsonObject = { name: call.name, arguments: call.arguments };
    const id = this.nextId++;
    const message: JsonRpcRequest = { jsonrpc: "2.0", id, method: "tools/call", params };
    this.count("request", message);
    this.served += 1;
    if (fault === "crash" && this.served === CRASH_ON_CALL) {
      this.connected = false;
      const closed: ToolOutcome = {
        isError: true,
        channel: "client",
        text: LOCAL_FAILURES.connectionClosed,
      };
      if (!(this.condition.restart && mayRestart))
        return {
          outcome: this.condition.explainCrash ? { ...closed, text: SERVER_GONE } : closed,
          micros: perCall,
        };
      this.restarts += 1;
      this.faulty = false;
      this.spawn();
      const retry = this.overStdio(call, false);
      // LATENCY_MICROS.restart covers the failed attempt and the respawn: the call costs a normal call plus the restart.
      return { outcome: retry.outcome, micros: LATENCY_MICROS.restart + retry.micros };
    }
    const response = this.server!.handle(message)!;
    const slowNow = fault === "slow" && call.name === "top_devices" && !this.slowSpent;
    if (slowNow) this.slowSpent = true;
    // A slow call's answer is never sent: the cancellation reaches the server before it is ready.
    // A response glued to stray stdout text does cross the wire, though the client cannot read it.
    if (!slowNow) this.count("response", response);
    if (fault === "stdout-line" || fault === "stdout-unterminated") this.transportErrors += 1;
    if (slowNow || fault === "stdout-unterminated") {
      this.count("notification", {
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: id, reason: "Request timed out" },
      });
      return {
        outcome: { isError: true, channel: "client", text: LOCAL_FAILURES.timedOut },
        micros: LATENCY_MICROS.clientTimeout,
      };
    }
    return { outcome: outcomeOf(response), micros: perCall };
  }

  /** The counts so far, as a new object. */
  stats(): ClientStats {
    return {
      calls: this.calls,
      errors: this.errors,
      restarts: this.restarts,
      transportErrors: this.transportErrors,
      callMicros: this.callMicros,
      startupMicros: this.startupMicros,
      envelope: this.envelope.counts(),
      bytes: this.bytes,
    };
  }
}
