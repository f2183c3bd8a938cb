/**
 * Lesson 7, "Writing a Client": the real half. The SDK client of `sdkClient.ts` (`useServer`) run
 * twice in 2025-11-25, each time on one `mcp-course serve` process over stdio: on `kayit`, whose
 * version the client's policy refuses, so it discovers and calls nothing (`bolge_ozet` ends in the
 * client); on `tarife`, where it discovers and calls `tarife` once. The `kayit` lines are the
 * messages the simulator prices for `kayit`. No line carries a subscriber, so nothing here depends
 * on a seed.
 */
import { FLEET_POLICY } from "../../fleet/server";
import type { Transcript } from "../../wireClient/lineExchange";
import { isTranscriptLine } from "../../wireClient/lineExchange";
import { interruptible } from "../../wireClient/interruptible";
import { formatWireTranscript } from "../transcriptText";
import { runSdkClient, type IntendedCall, type ServerUse } from "./sdkClient";
import { DROPPED_SERVER } from "./simulate";

/** What one tool of the real `tools/list` result says of its side effect. */
export interface ListedTool {
  name: string;
  /** The tool's `annotations.readOnlyHint` as it crossed; undefined when the tool left it out. */
  readOnlyHint: boolean | undefined;
}

/** The server the lesson's real client calls a tool on, and the call: `tarife` for 12 m³. */
export const CALLED_SERVER = "tarife";
/** The call made to {@link CALLED_SERVER}. */
export const SHOWN_CALL: IntendedCall = { name: "tarife", arguments: { m3: 12 } };
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
  /** The session with `tarife`: discovery, one `tools/call`, close. */
  call: Transcript;
  /** What the client read and decided on `tarife`, and the call's result. */
  called: ServerUse;
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
  const kayit = await runSdkClient(DROPPED_SERVER, FLEET_POLICY, REFUSED_CALL);
  const tarife = await runSdkClient(CALLED_SERVER, FLEET_POLICY, SHOWN_CALL);
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
    call: tarife.lines,
    called: tarife.use,
    processes: 2,
  };
}

/** The real discovery of `kayit`, each line folded as it crossed (the printer of lesson 3). */
export function formatDiscoveryLines(wire: WritingAClientWire): string {
  return formatWireTranscript(wire.discovery, [], { lines: "folded" });
}

/**
 * The real session with `tarife`, folded; a line that repeats one of `kayit`'s (but for its id)
 * is named, not printed again.
 */
export function formatCallLines(wire: WritingAClientWire): string {
  return formatWireTranscript(
    wire.call,
    [{ transcript: wire.discovery, where: "kayit's session" }],
    { lines: "folded", events: false },
  );
}
