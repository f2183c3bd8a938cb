/**
 * Lesson 7's whole 2026-07-28 client over Streamable HTTP: the function of `currentClient.ts`,
 * unchanged, handed a `StreamableHTTPClientTransport` in place of the stdio transport, against
 * `mcp-course serve tarife --era stateless --http --port 0`. Nothing printed depends on the port
 * the system picks or on a clock.
 *
 * @remarks Source: `@modelcontextprotocol/client` 2.4.0 `StreamableHTTPClientTransport` (each
 * message one HTTP POST to the endpoint URL); 2026-07-28 `basic/transports/streamable-http.mdx`
 * ("Sending Messages": every JSON-RPC message from the client MUST be a new HTTP POST).
 */
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { parseEvents } from "../../protocol/serverLog";
import { interruptible } from "../../wireClient/interruptible";
import { serveOverHttp } from "../../wireClient/httpServe";
import { describeServe } from "../../wireClient/serveCommand";
import { callInCurrentRevision } from "./currentClient";
import { CALLED_SERVER, CURRENT_CALLS, saidLines } from "./wire";

/** The `serve` flags after `--http --port 0` for the run: 2026-07-28 only, as over stdio. */
const STATELESS = ["--era", "stateless"] as const;

/** What the run over HTTP did: what the client returned, and what the server counted. */
export interface HttpClientRun {
  /** The command that started the server (its port left to the system). */
  command: string;
  /** What `callInCurrentRevision` returned, one line per entry, as over stdio. */
  said: string[];
  /** The messages the server received, from its `stopping` log line: one POST each. */
  messagesIn: number;
}

/** The `messages_in` count of the server's `stopping` event in its stderr log. */
function messagesIn(stderr: string): number {
  const count = parseEvents(stderr).find((event) => event.event === "stopping")?.messages_in;
  if (typeof count === "number") return count;
  throw new Error(`the server logged no stopping event with messages_in: ${stderr}`);
}

/**
 * Runs the lesson's 2026-07-28 client on `tarife` over Streamable HTTP with the same calls as
 * over stdio, then stops the server (SIGTERM) and reads what it counted.
 *
 * @throws Error when `dist/` is not built, the server does not start, or it logs no count.
 * @throws RunInterrupted when interrupted in a kernel.
 */
export function runCurrentClientOverHttp(): Promise<HttpClientRun> {
  return interruptible(async () => {
    const served = await serveOverHttp({ server: CALLED_SERVER }, STATELESS);
    let said: string[];
    try {
      const transport = new StreamableHTTPClientTransport(new URL(served.url));
      said = await callInCurrentRevision(transport, CURRENT_CALLS);
    } finally {
      await served.stop();
    }
    return {
      command: `${describeServe({ server: CALLED_SERVER })} ${STATELESS.join(" ")} --http --port 0`,
      said,
      messagesIn: messagesIn(served.stderr()),
    };
  });
}

/**
 * The run over HTTP as the lesson prints it: the command, what the server counted, what returned;
 * what returned named in one line when it is `overStdio`'s lines, the same client's over stdio.
 */
export function formatHttpRun(run: HttpClientRun, overStdio?: readonly string[]): string {
  const same =
    overStdio !== undefined &&
    overStdio.length === run.said.length &&
    overStdio.every((line, i) => line === run.said[i]);
  return [
    `$ ${run.command}`,
    // One server process: the run starts one, and over HTTP the SDK has no process to probe on.
    `server: ${run.messagesIn} messages in, one POST each to http://127.0.0.1:PORT/mcp; 1 process`,
    ...(same
      ? [`returned: the same ${run.said.length} lines as over stdio`]
      : ["returned:", ...saidLines(run.said)]),
  ].join("\n");
}
