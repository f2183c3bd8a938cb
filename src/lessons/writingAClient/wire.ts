/**
 * Lesson 7, "Writing a Client": the real half, four `mcp-course serve` processes over stdio. The
 * whole 2026-07-28 client of `currentClient.ts` on `tarife`, served in 2026-07-28 only, with one
 * call that answers and one to a misspelt tool, on the SDK's own stdio transport: in pin mode the
 * SDK sends `server/discover` to a short-lived process of its own, then starts the one it keeps (SDK
 * 2.4.0 `Client.connect`, "disposable sibling"); then the 2025-11-25 SDK client of `sdkClient.ts`
 * (`useServer`) on `kayit`, whose version the client's policy refuses, so it discovers and calls
 * nothing (`bolge_ozet` ends in the client); last, a `subscriptions/listen` stream opened by hand
 * on `tarife` and cancelled. The `kayit` lines are the messages the simulator prices for `kayit`.
 * No line carries a subscriber or a clock, so nothing here depends on a seed.
 *
 * @remarks Source: for `currentClient.ts`, the SDK's `ClientOptions.versionNegotiation`
 * (`@modelcontextprotocol/client` 2.4.0: `mode` is `'legacy'` by default, `'auto'`, or
 * `{ pin: '<version>' }`, which requires the connect-time `server/discover` to offer that revision
 * and has no fallback; on the base `StdioClientTransport` that probe runs on a sibling process)
 * and `Client.callTool` (`isError` for a tool execution error; `ProtocolError` thrown for a
 * JSON-RPC error, and by the SDK itself when a result fails the listed `outputSchema`, which the
 * client tells apart by counting the error responses its transport delivers); 2026-07-28 `basic/index.mdx` ("Statelessness":
 * every request carries its version and the client's identity and capabilities in `_meta`),
 * `server/discover.mdx`, `server/tools.mdx` ("Error Handling": an unknown tool is a protocol
 * error, -32602 in its example).
 */
import type { ChildProcess } from "node:child_process";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { StringDecoder } from "node:string_decoder";
import { FLEET_POLICY } from "../../fleet/server";
import type { Transcript, TranscriptLine } from "../../wireClient/lineExchange";
import { isTranscriptLine, LineExchange } from "../../wireClient/lineExchange";
import { WIRE_CLIENT_INFO } from "../../wireClient/clientInfo";
import { interruptible, stopOnInterrupt } from "../../wireClient/interruptible";
import { showFile } from "../showSource";
import { formatWireLines, formatWireTranscript } from "../transcriptText";
import { wrapWords } from "../wrapProse";
import { LINE_WIDTH } from "../../notebook/lineWidth";
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
  /**
   * The 2026-07-28 client's exchange with `tarife`, one transcript per process the SDK started: the
   * probe (`server/discover`), then the kept process (`tools/list`, two calls).
   */
  current: Transcript[];
  /** What the 2026-07-28 client said of each step, one line each. */
  currentSaid: string[];
  /**
   * A `subscriptions/listen` stream opened on `tarife` for tool list changes, its acknowledgment,
   * and the client's cancellation of it.
   */
  listen: Transcript;
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
  const transport = currentServer(CALLED_SERVER);
  const taken = stopOnInterrupt(() => transport.close()); // the SDK spawns this server itself
  const tapped = await keepEveryProcessLines(() =>
    callInCurrentRevision(transport, CURRENT_CALLS),
  ).finally(taken);
  const [probe, kept] = tapped.processes;
  if (tapped.processes.length !== 2 || probe === undefined || kept === undefined)
    throw new Error(
      `the SDK started ${tapped.processes.length} processes, not a probe and a kept process`,
    );
  const currentSaid = tapped.value;
  const kayit = await runSdkClient(DROPPED_SERVER, FLEET_POLICY, REFUSED_CALL);
  const listen = await listenForToolChanges();
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
    current: [
      currentTranscript(
        "the SDK's probe",
        probe,
        "closes stdin, then stops it at once (the SDK ends its probe)",
      ),
      currentTranscript("the kept process", kept, "closes stdin (close)"),
    ],
    currentSaid,
    listen,
    processes: tapped.processes.length + 2, // and kayit's, and the listening one
  };
}

/**
 * Opens a `subscriptions/listen` stream on `tarife` (2026-07-28 only) asking for tool list
 * changes, reads the server's first message, then cancels the stream as stdio asks, with
 * `notifications/cancelled` naming the request's id, and closes (2026-07-28
 * `basic/patterns/subscriptions.mdx`, "Acknowledgment", "Cancellation").
 *
 * @throws Error when the first message is not `notifications/subscriptions/acknowledged`.
 */
async function listenForToolChanges(): Promise<Transcript> {
  const exchange = new LineExchange([CALLED_SERVER, "--era", "stateless"]);
  const _meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": WIRE_CLIENT_INFO,
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  exchange.send({
    jsonrpc: "2.0",
    id: 1,
    method: "subscriptions/listen",
    params: { _meta, notifications: { toolsListChanged: true } },
  });
  const first = await exchange.read();
  if (first.method !== "notifications/subscriptions/acknowledged")
    throw new Error(`subscriptions/listen was first answered with ${JSON.stringify(first)}`);
  exchange.send({
    jsonrpc: "2.0",
    method: "notifications/cancelled",
    params: { _meta, requestId: 1 },
  });
  await exchange.close("close");
  return exchange.transcript("stateless", "");
}

/**
 * The listen stream's lines, each folded as it crossed, without the process's ending; a client
 * line's `_meta` written `{…}` (section 2 showed it), a server line's whole: its `_meta` holds the
 * stream's id.
 */
export function formatListenLines(wire: WritingAClientWire): string {
  const lines = wire.listen.steps.flatMap((step) =>
    formatWireLines([step], { lines: "folded", events: false, elideMeta: step.from === "client" }),
  );
  return [`$ ${wire.listen.command}`, ...lines].join("\n");
}

/** One process of the 2026-07-28 client's run: its lines, then how the client ended it. */
function currentTranscript(role: string, lines: TranscriptLine[], end: string): Transcript {
  return {
    era: "stateless",
    command: `mcp-course serve ${CALLED_SERVER} --era stateless   # ${role}`,
    steps: [...lines, { from: "client", event: end }],
    outcome: "",
  };
}

/**
 * The 2026-07-28 client's calls: the charge of 12 m³; the same with `m3` in words ("on iki",
 * twelve), which fails the tool's input schema, a tool execution error; and the first call to a
 * misspelt tool, a protocol error.
 */
export const CURRENT_CALLS = [
  { name: "tarife", arguments: { m3: 12 } },
  { name: "tarife", arguments: { m3: "on iki" } },
  { name: "tarfe", arguments: { m3: 12 } },
];

/**
 * Runs `work` and keeps every line that crosses the pipes of each process spawned meanwhile, one
 * list per process in the order they started, so that the SDK's own `StdioClientTransport` runs
 * as the listing has it. Node's built-in `child_process` diagnostics channel hands over each
 * `ChildProcess` as it is created (Node's `diagnostics_channel` documentation, "Built-in
 * channels"); once it has spawned, a listener on its stdout reads what the server writes, and its
 * stdin's `write` keeps each line (`JSON.stringify(message)` and a newline) before writing it.
 */
async function keepEveryProcessLines<T>(
  work: () => Promise<T>,
): Promise<{ value: T; processes: TranscriptLine[][] }> {
  const processes: TranscriptLine[][] = [];
  const created = (message: unknown): void => {
    const child = (message as { process: ChildProcess }).process;
    const lines: TranscriptLine[] = [];
    processes.push(lines);
    const keep = (from: "client" | "server", text: string): void => {
      for (const line of text.split("\n").slice(0, -1))
        lines.push({ from, line, bytes: Buffer.byteLength(line) + 1 });
    };
    child.once("spawn", () => {
      const { stdin, stdout } = child;
      if (stdin === null || stdout === null) return;
      const write = stdin.write.bind(stdin) as (chunk: unknown, ...rest: unknown[]) => boolean;
      stdin.write = ((chunk: unknown, ...rest: unknown[]) => {
        keep("client", String(chunk));
        return write(chunk, ...rest);
      }) as typeof stdin.write;
      const decoder = new StringDecoder("utf8");
      let partial = "";
      stdout.on("data", (chunk: Buffer) => {
        const text = partial + decoder.write(chunk);
        partial = text.slice(text.lastIndexOf("\n") + 1);
        keep("server", text);
      });
    });
  };
  subscribe("child_process", created);
  try {
    return { value: await work(), processes };
  } finally {
    unsubscribe("child_process", created);
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
  return showFile(CURRENT_CLIENT_FILE, "the whole file");
}

/**
 * The 2026-07-28 client's exchange with `tarife`, each line folded as it crossed, then what
 * `callInCurrentRevision` returned, one line per entry.
 */
export function formatCurrentLines(wire: WritingAClientWire): string {
  const lines = wire.current.map((transcript) =>
    formatWireTranscript(transcript, [], { lines: "folded", outcome: false }),
  );
  return [...lines, "returned:", ...saidLines(wire.currentSaid)].join("\n");
}

/**
 * What `callInCurrentRevision` returned, one entry each, indented by two spaces and wrapped to the
 * lessons' width, a long entry going on under four.
 */
export function saidLines(said: readonly string[]): string[] {
  return said.flatMap((entry) =>
    wrapWords(entry, LINE_WIDTH - 4).map((line, i) => (i === 0 ? `  ${line}` : `    ${line}`)),
  );
}

/**
 * One real line of each failure channel, as `callInCurrentRevision` returned it, under the channel's
 * name and what 2026-07-28 `server/tools.mdx` ("Error Handling") asks a client to do with it: a
 * tool execution error (a result with `isError: true`) SHOULD reach the model, a protocol error (a
 * JSON-RPC error) MAY.
 *
 * @throws Error when the run returned no line of either channel.
 */
export function formatErrorChannels(wire: WritingAClientWire): string {
  const result = wire.currentSaid.find((said) => said.includes(": isError true, "));
  const thrown = wire.currentSaid.find((said) => said.includes(": ProtocolError "));
  if (result === undefined || thrown === undefined)
    throw new Error(`the run returned no line of each channel: ${wire.currentSaid.join("; ")}`);
  return [
    "tool execution error, a result with isError: true (SHOULD be passed to the model):",
    ...saidLines([result]),
    "protocol error, a thrown JSON-RPC error (MAY be passed to the model):",
    ...saidLines([thrown]),
  ].join("\n");
}
