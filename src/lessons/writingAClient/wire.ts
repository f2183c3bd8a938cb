/**
 * Lesson 7, "Writing a Client": the real half. One discovery of `kayit` in a 2025-11-25 session,
 * over stdio, by a scripted client (`wireClient/lineExchange.ts`): `initialize`, its result,
 * `notifications/initialized`, `tools/list` and its result, then the client closes stdin. These
 * are the messages the simulator prices for `kayit`; no line carries a subscriber, so nothing here
 * depends on a seed.
 */
import type { Transcript } from "../../wireClient/lineExchange";
import { LineExchange } from "../../wireClient/lineExchange";
import { openLegacySession } from "../../wireClient/legacyOpening";
import { formatWireTranscript } from "../transcriptText";
import { DROPPED_SERVER } from "./simulate";
import { interruptible } from "../../wireClient/interruptible";

/** What one tool of the real `tools/list` result says of its side effect. */
export interface ListedTool {
  name: string;
  /** The tool's `annotations.readOnlyHint` as it crossed; undefined when the tool left it out. */
  readOnlyHint: boolean | undefined;
}

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
  /** How many server processes the real half started. */
  processes: number;
}

/**
 * Runs lesson 7's real half: one `mcp-course serve kayit` process, discovered as a 2025-11-25
 * client discovers it; the client calls nothing and closes stdin.
 *
 * An interrupt (SIGINT) in a kernel stops the run as a whole (`interruptible`): its servers are
 * killed, no other starts, and the run rejects with one line.
 *
 * @throws Error when `dist/` is not built, the server does not start, it does not agree on
 *   2025-11-25 (`openLegacySession`) or names no version of its own, or it answers `tools/list`
 *   with anything but a result.
 * @throws RunInterrupted when interrupted in a kernel.
 */
export function runWritingAClientOnTheWire(): Promise<WritingAClientWire> {
  return interruptible(() => writingAClientOnTheWire());
}

/** {@link runWritingAClientOnTheWire}'s run. */
async function writingAClientOnTheWire(): Promise<WritingAClientWire> {
  const exchange = new LineExchange([DROPPED_SERVER]);
  let agreed: Record<string, any>;
  let listed: Record<string, any>;
  try {
    agreed = await openLegacySession(exchange, 0);
    exchange.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    listed = await exchange.read();
  } finally {
    await exchange.close("done");
  }
  const protocolVersion: string = agreed.protocolVersion;
  const serverVersion: unknown = agreed.serverInfo?.version;
  const tools: unknown = listed.result?.tools;
  if (typeof serverVersion !== "string")
    throw new Error(`initialize's result has no serverInfo.version: ${JSON.stringify(agreed)}`);
  if (!Array.isArray(tools))
    throw new Error(`tools/list was not answered with a result: ${JSON.stringify(listed)}`);
  const named = tools.map(
    (tool: { name: string; annotations?: { readOnlyHint?: boolean } }): ListedTool => ({
      name: tool.name,
      readOnlyHint: tool.annotations?.readOnlyHint,
    }),
  );
  return {
    discovery: {
      era: "legacy",
      command: exchange.command,
      steps: exchange.steps,
      outcome: `${protocolVersion} agreed with ${DROPPED_SERVER}, version ${serverVersion}; ${named.length} tools listed, none called`,
    },
    protocolVersion,
    serverVersion,
    tools: named,
    processes: 1,
  };
}

/** The real discovery of `kayit`, each line folded as it crossed (the printer of lesson 3). */
export function formatDiscoveryLines(wire: WritingAClientWire): string {
  return formatWireTranscript(wire.discovery, [], { lines: "folded" });
}
