/**
 * Lesson 7, "Writing a Client": a 2025-11-25 client written with the official SDK
 * (`@modelcontextprotocol/client` v2), one server at a time. {@link useServer} is the SDK half, the
 * listing the lesson shows: connect, read the server's `serverInfo` and capabilities, `tools/list`,
 * one `tools/call` or none, the result's `isError` and text, and `close`. Which call to make is the
 * host's, handed in as a function; {@link courseHost} is the course's (lesson 5's allowlist and
 * version rule, through the same `decideOn` and `gateCall` as the simulator and the wire client of
 * lessons 9 and 10). {@link runSdkClient} runs both on a spawned `mcp-course serve <server>` over the
 * course's stdio transport (the SDK's `StdioClientTransport`'s behaviour,
 * `wireClient/stdioTransport.ts`) and keeps every line that crossed, as the transport framed it. No
 * line depends on a seed or a clock.
 *
 * @remarks Sources: 2025-11-25 `basic/lifecycle.mdx` ("Initialization", "Shutdown": on stdio the
 * client closes the server's stdin), `server/tools.mdx` ("Capabilities", "Listing Tools", "Calling
 * Tools", "Error Handling": a tool execution error is a result with `isError: true`); the SDK's
 * `Client.callTool` documentation (`isError` for tool errors; `ProtocolError` thrown for a JSON-RPC
 * error, and by the SDK itself for a result that fails the listed `outputSchema`).
 */
import {
  Client,
  type Implementation,
  type Tool,
  type Transport,
} from "@modelcontextprotocol/client";
import { gateCall } from "../../sim/client";
import { decideOn, type ClientPolicy, type DroppedTool } from "../../sim/negotiation";
import type { Fields } from "../../sim/values";
import { interruptible } from "../../wireClient/interruptible";
import type { Transcript, TranscriptEvent, TranscriptLine } from "../../wireClient/lineExchange";
import { serveArgs, serverArgs, type ServedName } from "../../wireClient/serveCommand";
import { StdioLineTransport } from "../../wireClient/stdioTransport";
import { declarationFromWire, type WireTool } from "../../wireClient/tools";

/** The one call the client means to make: a tool's name and the values it holds for it. */
export interface IntendedCall {
  name: string;
  arguments: Fields;
}

/** What a host decides once it has the server's tools: the call to send, or its own refusal. */
export type HostDecision =
  { call: { name: string; arguments: Record<string, unknown> } } | { refused: string };

/** What {@link useServer} hands back: whether a `tools/call` went out, and what came of it. */
export interface CallOutcome {
  /** Whether a `tools/call` went out. */
  sent: boolean;
  /** The result's `isError` (true for a call the host refused itself). */
  isError: boolean;
  /** The text of the result's first content block, or the host's own refusal. */
  text: string;
}

/**
 * Uses one server once, as a 2025-11-25 client on the SDK. It connects, lists the tools, lets the
 * host decide on one call, makes it or not, and closes. Connecting sends `initialize` and, after
 * its result, `notifications/initialized`.
 *
 * @param transport where the server is: on stdio, a transport that spawns it.
 * @param decide the host's policy, given the server's `serverInfo` and listed tools.
 * @throws what the SDK throws: a failed connection, a `ProtocolError` (a JSON-RPC error, or the
 *   SDK's own check of a result against the tool's `outputSchema`), a timeout.
 */
export async function useServer(
  transport: Transport,
  decide: (server: Implementation | undefined, tools: Tool[]) => HostDecision,
): Promise<CallOutcome> {
  const client = new Client({ name: "mcp-course", version: "0" }, { capabilities: {} });
  await client.connect(transport); // initialize, its result, notifications/initialized
  try {
    const server = client.getServerVersion(); // the result's serverInfo: name, version
    const offers = client.getServerCapabilities(); // the result's capabilities
    const { tools } = offers?.tools ? await client.listTools() : { tools: [] }; // tools/list
    const decision = decide(server, tools); // the host's policy: apply yours here
    if ("refused" in decision) return { sent: false, isError: true, text: decision.refused };
    const result = await client.callTool(decision.call); // tools/call
    const first = result.content[0]; // a ProtocolError would have thrown instead
    const text = first?.type === "text" ? first.text : "";
    return { sent: true, isError: result.isError === true, text };
  } finally {
    await client.close(); // on stdio, closes the server's stdin: the session ends
  }
}

/** What {@link runSdkClient} hands back: what the client read and decided, and the call's outcome. */
export interface ServerUse extends CallOutcome {
  /** The server's `serverInfo.version`, from the `initialize` result. */
  serverVersion: string | undefined;
  /** The tools `tools/list` named, in order. */
  listed: string[];
  /** The tools the policy kept, and those it dropped with their reasons. */
  kept: string[];
  dropped: readonly DroppedTool[];
}

/** What {@link courseHost} saw and decided, once {@link useServer} has called it. */
type HostSeen = Omit<ServerUse, keyof CallOutcome>;

/**
 * The course's host for {@link useServer}: after `tools/list`, lesson 5's version rule and
 * allowlist (`decideOn`, on the listed tools read as a declaration); before `tools/call`, the gate
 * (`gateCall`), which refuses a tool the policy did not keep with `arac bildirilmedi` and sends
 * nothing. It records what it saw in `seen`.
 */
export function courseHost(
  server: string,
  policy: ClientPolicy,
  call: IntendedCall,
  seen: { host?: HostSeen },
): (info: Implementation | undefined, tools: Tool[]) => HostDecision {
  return (info, tools) => {
    const serverVersion = info?.version;
    const declaration = declarationFromWire(serverVersion, tools as WireTool[]);
    const { negotiated, dropped } = decideOn([{ name: server, declaration }], policy);
    const listed = tools.map((tool) => tool.name);
    seen.host = { serverVersion, listed, kept: [...negotiated.keys()], dropped };
    const gate = gateCall(negotiated, false, call.name, call.arguments);
    if (gate.refused) return { refused: `${gate.refused.hata}` };
    return { call: { name: call.name, arguments: gate.args } };
  };
}

/**
 * A stdio transport that starts `mcp-course serve <server>` as a child process. The server runs at
 * level 3 with the default seed; the transport spawns it when the client connects and ends it when
 * the client closes.
 */
export function spawnServer(server: ServedName): StdioLineTransport {
  return new StdioLineTransport({
    command: process.execPath, // node
    args: serveArgs({ server }), // dist/serve.js <server>
    stderr: "ignore", // the server's log is not the client's to read
  });
}

/** One run of {@link useServer} on a real server process: its lines, and what the client read. */
export interface SdkClientRun {
  /** Every line that crossed, in order, and how the run ended. */
  lines: Transcript;
  use: ServerUse;
}

/**
 * Starts `mcp-course serve <server>` (default seed and level 3) as a child process and runs
 * {@link useServer} on it, keeping each message as the transport framed it. An interrupt in a
 * kernel stops the run (`interruptible`).
 *
 * @throws Error when the server cannot be started (`dist/` not built), or a line kept would not
 *   be the one that crossed; what {@link useServer} throws.
 */
export function runSdkClient(
  server: ServedName,
  policy: ClientPolicy,
  call: IntendedCall,
): Promise<SdkClientRun> {
  return interruptible(async () => {
    const transport = spawnServer(server);
    const steps: (TranscriptLine | TranscriptEvent)[] = [];
    transport.onbytes = (direction, message, bytes) => {
      const line = JSON.stringify(message);
      const from = direction === "sent" ? "client" : "server";
      if (Buffer.byteLength(line) + 1 !== bytes)
        throw new Error(`a ${from} line of ${bytes} bytes was kept as ${line}`);
      steps.push({ from, line, bytes });
    };
    const seen: { host?: HostSeen } = {};
    const result = await useServer(transport, courseHost(server, policy, call, seen));
    if (seen.host === undefined) throw new Error(`the host was never asked about ${server}`);
    const use: ServerUse = { ...seen.host, ...result };
    steps.push({ from: "client", event: "closes stdin (close)" });
    const kept = `kept ${use.kept.length} of the ${use.listed.length} tools listed`;
    const outcome = use.sent
      ? `${kept}; ${call.name} called, isError ${use.isError}, text ${use.text}`
      : `${kept}; ${call.name} not sent, ${use.text} (tool not declared)`;
    return {
      lines: {
        era: "legacy",
        command: ["mcp-course", "serve", ...serverArgs({ server })].join(" "),
        steps,
        outcome,
      },
      use,
    };
  });
}
