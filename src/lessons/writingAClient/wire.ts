/**
 * Lesson 7, "Writing a Client": the real half, two `mcp-course serve` processes over stdio. The
 * whole 2026-07-28 client of `currentClient.ts` on `tarife`, served in 2026-07-28 only, with one
 * call that answers and one to a misspelt tool; then the 2025-11-25 SDK client of `sdkClient.ts`
 * (`useServer`) on `kayit`, whose version the client's policy refuses, so it discovers and calls
 * nothing (`bolge_ozet` ends in the client). The `kayit` lines are the messages the simulator
 * prices for `kayit`. No line carries a subscriber or a clock, so nothing here depends on a seed.
 *
 * @remarks Source: for `currentClient.ts`, the SDK's `ClientOptions.versionNegotiation`
 * (`@modelcontextprotocol/client` 2.4.0: `mode` is `'legacy'` by default, `'auto'`, or
 * `{ pin: '<version>' }`, which requires the connect-time `server/discover` to offer that revision
 * and has no fallback) and `Client.callTool` (`isError` for a tool execution error;
 * `ProtocolError` thrown for a JSON-RPC error); 2026-07-28 `basic/index.mdx` ("Statelessness":
 * every request carries its version and the client's identity and capabilities in `_meta`),
 * `server/discover.mdx`, `server/tools.mdx` ("Error Handling": an unknown tool is a protocol
 * error, -32602 in its example).
 */
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import type { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { Stream } from "node:stream";
import { FLEET_POLICY } from "../../fleet/server";
import type { Transcript, TranscriptLine } from "../../wireClient/lineExchange";
import { isTranscriptLine } from "../../wireClient/lineExchange";
import { interruptible, stopOnInterrupt } from "../../wireClient/interruptible";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../../packageRoot";
import { listingText } from "../showSource";
import { formatWireTranscript } from "../transcriptText";
import { callInCurrentRevision, currentServer } from "./currentClient";
import { runSdkClient, type IntendedCall, type ServerUse } from "./sdkClient";
import { DROPPED_SERVER } from "./simulate";

/** What one tool of the real `tools/list` result says of its side effect. */
export interface ListedTool {
  name: string;
  /** The tool's `annotations.readOnlyHint` as it crossed; undefined when the tool left it out. */
  readOnlyHint: boolean | undefined;
}

/** The server the lesson's 2026-07-28 client calls tools on. */
export const CALLED_SERVER = "tarife";
/** The call the client means to make to `kayit`, which its policy refuses. */
export const REFUSED_CALL: IntendedCall = { name: "bolge_ozet", arguments: { bolge: "dogu" } };

/** Everything lesson 7 reads off the wire. */
export interface WritingAClientWire {
  /** The discovery of `kayit`, line by line, and the client closing stdin. */
  discovery: Transcript;
  /** The revision the server chose in its `initialize` result. */
  protocolVersion: string;
  /** The server's own version, from `serverInfo` in the `initialize` result. */
  serverVersion: string;
  /** The tools its `tools/list` result named, in order. */
  tools: ListedTool[];
  /** What the client read and decided on `kayit`. */
  dropped: ServerUse;
  /** The 2026-07-28 client's exchange with `tarife`: `server/discover`, `tools/list`, two calls. */
  current: Transcript;
  /** What the 2026-07-28 client said of each step, one line each. */
  currentSaid: string[];
  /** How many server processes the real half started. */
  processes: number;
}

/**
 * Runs lesson 7's real half (see the module comment). An interrupt (SIGINT) in a kernel stops the
 * run as a whole (`interruptible`): its servers are killed, no other starts, and the run rejects
 * with one line.
 *
 * @throws Error when `dist/` is not built, a server does not start, `kayit` does not agree on
 *   2025-11-25 or names no version of its own, or its `tools/list` result is not a list.
 * @throws RunInterrupted when interrupted in a kernel.
 */
export function runWritingAClientOnTheWire(): Promise<WritingAClientWire> {
  return interruptible(() => writingAClientOnTheWire());
}

/** {@link runWritingAClientOnTheWire}'s run. */
async function writingAClientOnTheWire(): Promise<WritingAClientWire> {
  const recorded = new RecordedTransport(currentServer(CALLED_SERVER));
  const taken = stopOnInterrupt(() => recorded.close()); // the SDK spawns this server itself
  const currentSaid = await callInCurrentRevision(recorded, CURRENT_CALLS).finally(taken);
  const kayit = await runSdkClient(DROPPED_SERVER, FLEET_POLICY, REFUSED_CALL);
  const { serverVersion } = kayit.use;
  const messages = kayit.lines.steps
    .filter(isTranscriptLine)
    .map((step) => JSON.parse(step.line) as { id?: number; result?: Record<string, unknown> });
  const protocolVersion = messages.find((message) => message.id === 0 && message.result)?.result
    ?.protocolVersion;
  if (protocolVersion !== "2025-11-25")
    throw new Error(`${DROPPED_SERVER} agreed on ${protocolVersion}, not 2025-11-25`);
  if (serverVersion === undefined)
    throw new Error(`${DROPPED_SERVER}'s initialize result has no serverInfo.version`);
  const tools: unknown = messages.find((message) => message.id === 1 && message.result)?.result
    ?.tools;
  if (!Array.isArray(tools)) throw new Error(`tools/list was not answered with a list of tools`);
  const named = tools.map(
    (tool: { name: string; annotations?: { readOnlyHint?: boolean } }): ListedTool => ({
      name: tool.name,
      readOnlyHint: tool.annotations?.readOnlyHint,
    }),
  );
  return {
    discovery: kayit.lines,
    protocolVersion,
    serverVersion,
    tools: named,
    dropped: kayit.use,
    current: {
      era: "stateless",
      command: `mcp-course serve ${CALLED_SERVER} --era stateless`,
      steps: [...recorded.lines, { from: "client", event: "closes stdin (close)" }],
      outcome: currentSaid.join("; "),
    },
    currentSaid,
    processes: 2,
  };
}

/** The 2026-07-28 client's calls: the charge of 12 m³, then the same call to a misspelt tool. */
export const CURRENT_CALLS = [
  { name: "tarife", arguments: { m3: 12 } },
  { name: "tarfe", arguments: { m3: 12 } },
];

/**
 * The SDK's stdio transport, unchanged, keeping every message that crosses it as one JSON line:
 * a sent one as `StdioClientTransport.send` writes it (`JSON.stringify(message)` and a newline), a
 * received one as the transport parsed it. It keeps the inner transport's `stderr` and `pid`, by
 * which the SDK tells a stdio transport from an HTTP one.
 */
class RecordedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  /** Every message that crossed, in order. */
  readonly lines: TranscriptLine[] = [];

  constructor(readonly inner: StdioClientTransport) {}

  /** The child's stderr stream (null here: the client ignores it). */
  get stderr(): Stream | null {
    return this.inner.stderr;
  }

  /** The child's process id, once started. */
  get pid(): number | null {
    return this.inner.pid;
  }

  start(): Promise<void> {
    this.inner.onmessage = (message) => {
      this.keep("server", message);
      this.onmessage?.(message);
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => this.onclose?.();
    return this.inner.start();
  }

  send(message: JSONRPCMessage): Promise<void> {
    this.keep("client", message);
    return this.inner.send(message);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private keep(from: "client" | "server", message: JSONRPCMessage): void {
    const line = JSON.stringify(message);
    this.lines.push({ from, line, bytes: Buffer.byteLength(line) + 1 });
  }
}

/** The real discovery of `kayit`, each line folded as it crossed (the printer of lesson 3). */
export function formatDiscoveryLines(wire: WritingAClientWire): string {
  return formatWireTranscript(wire.discovery, [], { lines: "folded" });
}

/** The file of the whole 2026-07-28 client, from the package root. */
export const CURRENT_CLIENT_FILE = "src/lessons/writingAClient/currentClient.ts";

/**
 * The whole 2026-07-28 client as a markdown listing, imports included: the file as `src/` holds
 * it, less the maintainers' provenance (`listingText`), under a caption naming the file.
 */
export function showCurrentClient(): string {
  const text = listingText(readFileSync(join(PACKAGE_ROOT, CURRENT_CLIENT_FILE), "utf8")).trimEnd();
  return `\`${CURRENT_CLIENT_FILE}\`, the whole file:\n\n\`\`\`ts\n${text}\n\`\`\`\n`;
}

/**
 * The 2026-07-28 client's exchange with `tarife`, each line folded as it crossed, then what
 * `callInCurrentRevision` returned, one line per entry.
 */
export function formatCurrentLines(wire: WritingAClientWire): string {
  const lines = formatWireTranscript(wire.current, [], { lines: "folded", outcome: false });
  return [lines, "returned:", ...wire.currentSaid.map((said) => `  ${said}`)].join("\n");
}
