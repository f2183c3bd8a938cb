/**
 * `serve`: one real MCP server over a byte stream pair (stdin/stdout by default), until the
 * input ends.
 *
 * It takes the served server from `servedFactory.ts` (the world or the fleet for the seed, the
 * server at the level), the fault and the stderr log (`log.ts`), and serves with SDK v2's `serveStdio(factory, { transport })` on
 * a {@link LineTransport}: the opening decides the era (`initialize` → legacy, a request
 * carrying `_meta` → stateless, 2026-07-28; a `server/discover` probe decides nothing), and the
 * factory builds the SDK `Server` for it. Stdout carries protocol
 * messages only (plus the stray text a noisy fault writes on purpose). It is what the CLI's
 * `mcp-course serve` runs and what tests can run in-process; it parses no command line. The fleet's
 * `high-level` path is served the same way, from the SDK's own `McpServer` (`highLevelFleet.ts`).
 */
import type { Readable, Writable } from "node:stream";
import { CRASH_EXIT_CODE, FaultInjector, faultWord } from "./faults";
import { LineTransport, type LineTransportStats } from "./lineTransport";
import { ServeLog, type CallRecord, type LogSink } from "./log";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { servedFactory, type ServeOptions } from "./servedFactory";
import { supportedRevisions } from "../protocol/revisions";

export type { ServeOptions };

/** Where `serve` reads, writes and logs, and how a crash ends the process (injectable for tests). */
export interface ServeIo {
  input: Readable;
  output: Writable;
  log: LogSink;
  /** Ends the process with a code; called by the `crash` fault and after a signal. Default `process.exit`. */
  exit(code: number): void;
  /**
   * Registers what to do when the process is asked to stop (SIGINT, SIGTERM, SIGHUP by default;
   * tests may pass a function that registers nothing).
   */
  onStopSignal(handler: (signal: string) => void): void;
}

/** How a run ended: why, and the transport's counts. */
export interface ServeSummary {
  reason: "end of input";
  stats: LineTransportStats;
  tools: ReadonlyMap<string, { calls: number; errors: number }>;
}

const defaultIo = (): ServeIo => ({
  input: process.stdin,
  output: process.stdout,
  log: (line) => process.stderr.write(line),
  exit: (code) => process.exit(code),
  onStopSignal: (handler) => {
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
      process.once(signal, () => handler(signal));
  },
});

/**
 * Serves until the input ends and every request read has its answer.
 *
 * @returns once the transport closed; the caller exits 0.
 * @throws RangeError for a bad seed (from `createWorld` / `generateFleet`), or the `high-level` path
 *   with a fault or at level 0, before anything is read.
 */
export async function serve(
  options: ServeOptions,
  io: Partial<ServeIo> = {},
): Promise<ServeSummary> {
  const { input, output, log: sink, exit, onStopSignal } = { ...defaultIo(), ...io };
  const { level, seed, fault, path, create } = servedFactory(options); // throws before anything is read

  const log = new ServeLog(sink);
  const era = options.era ?? "both";
  const transport = new LineTransport(input, output, era);
  transport.onlineevent = (event) => log.lineEvent(event);
  const faults = new FaultInjector(fault, {
    writeRaw: (text) => transport.writeRaw(text),
    writeBeforeResponse: (id, text) => transport.writeBeforeResponse(id, text),
    // One turn of the event loop first: responses already made (requests read in the same chunk)
    // reach stdout, as they would in a server that died while handling a later call.
    crash: () =>
      setImmediate(() => {
        log.stopping("crash", transport.stats);
        exit(CRASH_EXIT_CODE);
      }),
  });
  const hooks = {
    beforeCall: faults.beforeCall.bind(faults),
    afterCall: (record: CallRecord) => log.call(record),
  };
  // Asked to stop (Ctrl-C, a client closing down): the stopping line still gets written, and the exit is clean.
  onStopSignal((signal) => {
    log.stopping(signal, transport.stats);
    exit(0);
  });
  log.serving({ server: options.server, level, seed, fault: faultWord(fault), path });
  serveStdio(() => create(hooks, () => transport.protocolVersion, supportedRevisions(era)), {
    transport,
    legacy: era === "stateless" ? "reject" : "serve",
    onerror: (error) => log.write("error", { message: error.message }),
  });
  await transport.closed;
  log.stopping("end of input", transport.stats);
  return { reason: "end of input", stats: { ...transport.stats }, tools: log.tools };
}
