/**
 * Lesson 7, "Writing a Client": a 2025-11-25 client written with the official SDK
 * (`@modelcontextprotocol/client` v2), one server at a time. {@link useServer} is the whole client:
 * the SDK's `Client` with the course's identity and capabilities, connected to a transport, then
 * `tools/list`, the client's policy (lesson 5's allowlist and version rule, through the same
 * `decideOn` and `gateCall` as the simulator and the wire client of lessons 9 and 10), one
 * `tools/call` or none, the result's `isError` and text, and `close`. {@link runSdkClient} runs it
 * on a spawned `mcp-course serve <server>` over the course's stdio transport (the SDK's
 * `StdioClientTransport`'s behaviour, `wireClient/stdioTransport.ts`) and keeps every line that
 * crossed, as the transport framed it. No line depends on a seed or a clock.
 *
 * @remarks Sources: 2025-11-25 `basic/lifecycle.mdx` ("Initialization", "Shutdown": on stdio the
 * client closes the server's stdin), `server/tools.mdx` ("Listing Tools", "Calling Tools", "Error
 * Handling": a tool execution error is a result with `isError: true`); the SDK's `Client.callTool`
 * documentation (`isError` for tool errors; `ProtocolError` thrown for a JSON-RPC error).
 */
import { Client, type Transport } from "@modelcontextprotocol/client";
import { gateCall } from "../../sim/client";
import { decideOn, type ClientPolicy, type DroppedTool } from "../../sim/negotiation";
import type { Fields } from "../../sim/values";
import { WIRE_CLIENT_CAPABILITIES, WIRE_CLIENT_INFO } from "../../wireClient/clientInfo";
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

/** What {@link useServer} hands back. */
export interface ServerUse {
  /** The server's `serverInfo.version`, from the `initialize` result. */
  serverVersion: string | undefined;
  /** The tools `tools/list` named, in order. */
  listed: string[];
  /** The tools the policy kept, and those it dropped with their reasons. */
  kept: string[];
  dropped: readonly DroppedTool[];
  /** Whether a `tools/call` went out. */
  sent: boolean;
  /** The result's `isError` (true for a call the client refused itself). */
  isError: boolean;
  /** The text of the result's first content block, or the client's own refusal. */
  text: string;
}

/**
 * Uses one server once, as a 2025-11-25 client on the SDK. It connects, lists the tools, keeps what
 * the policy keeps, makes at most one call, and closes. Connecting sends `initialize` and, after
 * its result, `notifications/initialized`.
 *
 * @param transport where the server is: on stdio, a transport that spawns it.
 * @param server the server's name as the client's policy knows it.
 * @throws what the SDK throws: a failed connection, a JSON-RPC error (`ProtocolError`), a timeout.
 */
export async function useServer(
  transport: Transport,
  server: string,
  policy: ClientPolicy,
  call: IntendedCall,
): Promise<ServerUse> {
  // The client's identity and capabilities: they travel in `initialize`.
  const client = new Client({ ...WIRE_CLIENT_INFO }, { capabilities: WIRE_CLIENT_CAPABILITIES });
  await client.connect(transport); // initialize, its result, notifications/initialized
  try {
    const serverVersion = client.getServerVersion()?.version; // the result's serverInfo.version
    const { tools } = await client.listTools(); // tools/list, every page
    // After tools/list, the client's policy: the version rule, then the allowlist.
    const declaration = declarationFromWire(serverVersion, tools as WireTool[]);
    const { negotiated, dropped } = decideOn([{ name: server, declaration }], policy);
    const listed = tools.map((tool) => tool.name);
    const seen = { serverVersion, listed, kept: [...negotiated.keys()], dropped };
    // Before tools/call: a tool the client did not keep ends here, and nothing is sent.
    const gate = gateCall(negotiated, false, call.name, call.arguments);
    if (gate.refused) return { ...seen, sent: false, isError: true, text: `${gate.refused.hata}` };
    const result = await client.callTool({ name: call.name, arguments: gate.args }); // tools/call
    const first = result.content[0]; // a JSON-RPC error would have thrown instead
    const text = first?.type === "text" ? first.text : "";
    return { ...seen, sent: true, isError: result.isError === true, text };
  } finally {
    await client.close(); // on stdio, closes the server's stdin: the session ends
  }
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
    const use = await useServer(transport, server, policy, call);
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
