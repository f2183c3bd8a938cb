/**
 * Lesson 2, "The Transport": what the lesson measures for one seed, on real servers of the course,
 * as one result of plain data. Three parts, each on real processes (`mcp-course serve`):
 * - stdio on `olcum`: a scripted client writes the first task's `tools/call` requests as lines
 *   (`LineExchange`); one process answers and is shut down by closing its stdin, one dies in the
 *   middle of a call (`--fault crash:1`), and a new one answers the call sent again;
 * - Streamable HTTP on `tarife` (`serve --http`): the SDK's client sends the same task's last call
 *   as a POST, every header block and body kept (`httpFetch.ts`), then the same POST with a
 *   browser's `Origin` from another site;
 * - the course's round trips beside the wire (`measureRoundTrips`): the twelve tasks with every
 *   call sent, at declaration level 3, in revision 2026-07-28, a new TCP connection per HTTP
 *   request and then one kept alive, and the course's rule.
 * Nothing here reads a clock or prints one: what varies between runs (the port, the `Date` field)
 * is masked or left out, so the same seed gives an equal result.
 */
import { parseEvents } from "../../protocol/serverLog";
import { knownDiscover } from "../../server/knownDiscover";
import type { Level } from "../../sim/declaration";
import { checkSeed } from "../../sim/seed";
import type { Fields } from "../../sim/values";
import { OPEN_POLICY } from "../../world/servers";
import { CHAINS, drawTasks, withExpectedAnswers, type TaskWithAnswer } from "../../world/tasks";
import { createWorld } from "../../world/world";
import type { HttpExchangeText, HttpMessageText } from "../../wireClient/httpFetch";
import { httpServers, type HttpServers } from "../../wireClient/httpServe";
import { isTranscriptLine, LineExchange, type Transcript } from "../../wireClient/lineExchange";
import { measureRoundTrips, type RoundTripRun } from "../../wireClient/roundTrips";
import { describeServe, type ServeSpec } from "../../wireClient/serveCommand";
import { postOnce } from "../../wireClient/statelessPost";
import { requestMeta } from "../../wireClient/transcripts";
import { interruptible } from "../../wireClient/interruptible";
import { maskedHttpMessage, OMITTED_FIELDS, PORT_MASK } from "../httpText";

/**
 * The declaration level every server runs at: lesson 6's `full`, each tool with its fields, and the
 * servers' default (`servedFactory`), so the lesson's printed commands need no `--level`.
 */
export const TRANSPORT_LEVEL: Level = 3;

/**
 * The `Origin` of the refused POST: a web page of another site, as a browser would name it. A
 * name under `.example`, which RFC 2606 reserves for examples, so it is no one's site.
 */
export const FOREIGN_ORIGIN = "http://attacker.example";

/** One of the server's standard streams, counted over one process's life. */
export interface StreamCount {
  stream: "stdin" | "stdout" | "stderr";
  /** Who writes it. */
  from: "client" | "server";
  lines: number;
  /** How many of the lines are JSON-RPC messages (a JSON object with `"jsonrpc": "2.0"`). */
  messages: number;
}

/** One line of the server's log (stderr), by fields that do not vary: its event and one detail. */
export interface LogEvent {
  /** `serving`, `call`, `stopping`, … */
  event: string;
  /** The served server (`serving`), the tool (`call`), the reason (`stopping`); else "". */
  detail: string;
}

/** The stdio part: three processes of `olcum`, and what crossed each one's streams. */
export interface StdioPart {
  /** The first call (`sayac_oku`) on a process that then has its stdin closed. */
  call: Transcript;
  /** That process's three streams. */
  streams: StreamCount[];
  /** That process's log, line by line. */
  log: LogEvent[];
  /** The second call (`tuketim`) on a process started with `--fault crash:1`: no answer. */
  crash: Transcript;
  /** The crashed process's log. */
  crashLog: LogEvent[];
  /** The same log as the lines it wrote on stderr. */
  crashLogLines: string[];
  /** The same call, with a new id, on a new process without the fault. */
  retry: Transcript;
  /** The arguments and answers of the two calls, as the host carried them. */
  values: { reading: Fields; consumption: Fields };
}

/** An HTTP message as the lesson prints it: header lines masked ({@link PORT_MASK}, no Date). */
export type ShownHttpMessage = HttpMessageText;

/** The Streamable HTTP part: one server of `tarife`, the call, and the refused POST. */
export interface HttpPart {
  /** The command that started it, as a reader would type it (the default level left out). */
  command: string;
  /** Its endpoint, the port masked: `http://127.0.0.1:<port>/mcp`. */
  endpoint: string;
  /** HTTP requests the SDK's client sent for the call (the list of tools first, then the call). */
  posts: number;
  /** TCP connections they went on. */
  connections: number;
  /** The `tools/call` exchange, masked. */
  call: { request: ShownHttpMessage; response: ShownHttpMessage };
  /** The same POST with {@link FOREIGN_ORIGIN} as its `Origin`, and the server's answer, masked. */
  refused: { request: ShownHttpMessage; response: ShownHttpMessage };
  /** The header fields left out of every printed block (the response's `Date`). */
  omitted: string[];
  /** The call's arguments and answer. */
  values: { tariff: Fields; amount: Fields };
}

/** Everything lesson 2 shows for one seed. */
export interface TransportResult {
  seed: number;
  /** The traced task: the seed's first, a charge task, its subscriber and chain. */
  task: { subscriber: string; chain: readonly string[]; expected: number | true };
  stdio: StdioPart;
  http: HttpPart;
  /** The twelve tasks counted three ways (`measureRoundTrips`): per-request, keep-alive, rule. */
  roundTrips: RoundTripRun[];
  /** How many server processes the run started, all ended before it returned. */
  processes: number;
}

/** A `tools/call` request in revision 2026-07-28, as the scripted client writes it. */
function callRequest(id: number, name: string, args: Fields): Record<string, unknown> {
  return {
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name, arguments: { ...args }, _meta: requestMeta() },
  };
}

/** The fields a tool answered with: its result's first text block, parsed. */
function answerFields(answer: Record<string, any> | undefined): Fields {
  const text: unknown = answer?.result?.content?.[0]?.text;
  if (typeof text !== "string") throw new Error(`no text in ${JSON.stringify(answer)}`);
  return JSON.parse(text) as Fields;
}

/** The log's lines as events, by fields that never vary (never `duration_ms`). */
function logEvents(lines: readonly string[]): LogEvent[] {
  return parseEvents(lines).map((entry) => {
    const detail = entry.server ?? entry.tool ?? entry.reason ?? "";
    return { event: entry.event, detail: String(detail) };
  });
}

/** Whether a line is a JSON-RPC message. */
function isJsonRpc(line: string): boolean {
  try {
    const value = JSON.parse(line) as { jsonrpc?: unknown } | null;
    return value !== null && typeof value === "object" && value.jsonrpc === "2.0";
  } catch {
    return false;
  }
}

/** A process's three streams, from its transcript (stdin, stdout) and its log (stderr). */
function streamCounts(transcript: Transcript, log: readonly string[]): StreamCount[] {
  const lines = transcript.steps.filter(isTranscriptLine);
  const count = (stream: StreamCount["stream"], from: StreamCount["from"], texts: string[]) => ({
    stream,
    from,
    lines: texts.length,
    messages: texts.filter(isJsonRpc).length,
  });
  return [
    count(
      "stdin",
      "client",
      lines.filter((l) => l.from === "client").map((l) => l.line),
    ),
    count(
      "stdout",
      "server",
      lines.filter((l) => l.from === "server").map((l) => l.line),
    ),
    count("stderr", "server", [...log]),
  ];
}

/** The stdio part (see the module comment): three `olcum` processes, one after another. */
async function stdioPart(seed: number, task: TaskWithAnswer): Promise<StdioPart> {
  const args = ["olcum", "--seed", String(seed)];
  const first = new LineExchange(args);
  first.send(callRequest(1, "sayac_oku", { abone: task.subscriber }));
  const reading = answerFields(await first.read());
  const code = await first.close("the client is done");
  const call = first.transcript(
    "stateless",
    `one request, one answer, each one line; the server exited with code ${code}`,
  );

  const { onceki, simdiki } = reading;
  const crashing = new LineExchange([...args, "--fault", "crash:1"]);
  crashing.send(callRequest(2, "tuketim", { onceki, simdiki }));
  const lost = await crashing.readOrEnd();
  if (lost !== undefined) throw new Error(`the crashing server answered: ${JSON.stringify(lost)}`);
  const crashCode = await crashing.waitForExit();
  const crash = crashing.transcript(
    "stateless",
    `the call got no answer; the server exited with code ${crashCode}`,
  );

  const fresh = new LineExchange(args);
  fresh.send(callRequest(3, "tuketim", { onceki, simdiki }));
  const consumption = answerFields(await fresh.read());
  const freshCode = await fresh.close("the client is done");
  const retry = fresh.transcript(
    "stateless",
    `a new process answered the call sent again; it exited with code ${freshCode}`,
  );
  return {
    call,
    streams: streamCounts(call, first.log()),
    log: logEvents(first.log()),
    crash,
    crashLog: logEvents(crashing.log()),
    crashLogLines: [...crashing.log()],
    retry,
    values: { reading, consumption },
  };
}

/** The header fields of a recorded request that a caller passes (Node adds Host and Connection). */
function passedFields(request: HttpMessageText): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of request.head.slice(1)) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).toLowerCase();
    if (name === "host" || name === "connection" || name === "content-length") continue;
    fields[name] = line.slice(colon + 1).trim();
  }
  return fields;
}

/** The Streamable HTTP part (see the module comment), on a server of `servers`. */
async function httpPart(
  servers: HttpServers,
  spec: ServeSpec,
  reading: Fields,
  consumption: Fields,
): Promise<HttpPart> {
  const url = await servers.url(spec);
  const exchanges: HttpExchangeText[] = [];
  const connection = await servers.open(spec, {
    era: "stateless",
    discover: knownDiscover,
    onHttpExchange: (exchange) => exchanges.push(exchange),
  });
  const tariff: Fields = { m3: consumption.m3, tip: reading.tip };
  let text: string;
  try {
    const outcome = await connection.callTool({ name: "tarife", arguments: tariff });
    if (outcome.channel !== "result") throw new Error(`tarife failed: ${outcome.text}`);
    text = outcome.text;
  } finally {
    await connection.close();
  }
  const http = connection.traffic().http!;
  const call = exchanges.find((exchange) => exchange.request.content.includes('"tools/call"'));
  if (call === undefined) throw new Error("no tools/call exchange was seen");

  // The same POST, with one field more: what a page of another site would send from a browser.
  const refused = await postOnce(
    url,
    { ...passedFields(call.request), origin: FOREIGN_ORIGIN },
    call.request.content,
  );
  return {
    // The level is the servers' default, so the command a reader would type leaves it out.
    command: `${describeServe({ server: spec.server, seed: spec.seed })} --http --port 0`,
    endpoint: url.replace(/:\d+\//, `:${PORT_MASK}/`),
    posts: http.total.exchanges,
    connections: http.connections,
    call: { request: maskedHttpMessage(call.request), response: maskedHttpMessage(call.response) },
    refused: {
      request: maskedHttpMessage(refused.request),
      response: maskedHttpMessage(refused.response),
    },
    omitted: [...OMITTED_FIELDS],
    values: { tariff, amount: JSON.parse(text) as Fields },
  };
}

/**
 * Runs everything lesson 2 shows for one seed (see the module comment) and returns it as plain
 * data. Starts seven server processes, one part after another, and ends every one before it
 * returns: three `olcum` processes on stdio, one `serve --http` each for `tarife` and `kayit`
 * (shared by the HTTP part and the round trips), and one `olcum` per wire run of the round trips.
 *
 * An interrupt (SIGINT) in a kernel stops the run as a whole (`interruptible`): its servers are
 * killed, no other starts, and the run rejects with one line.
 *
 * @param seed an integer from 0 to 2^53 − 1: the world's and the tasks' seed.
 * @throws RangeError for any other seed; Error when `dist/` is not built, a server does not
 *   start, or a server answers other than the course's servers do.
 * @throws RunInterrupted when interrupted in a kernel.
 */
export function runTransport(seed: number): Promise<TransportResult> {
  return interruptible(() => transport(seed));
}

/** {@link runTransport}'s run. */
async function transport(seed: number): Promise<TransportResult> {
  checkSeed(seed);
  const world = createWorld(seed);
  const task = withExpectedAnswers(drawTasks(seed), world)[0];
  if (task.type !== "charge") throw new Error(`the first task is a ${task.type} task`);
  const servers = httpServers();
  try {
    const stdio = await stdioPart(seed, task);
    const spec: ServeSpec = { server: "tarife", level: TRANSPORT_LEVEL, seed };
    const http = await httpPart(servers, spec, stdio.values.reading, stdio.values.consumption);
    if (http.values.amount.tutar !== task.expected)
      throw new Error(
        `tarife answered ${JSON.stringify(http.values.amount)}, not ${task.expected}`,
      );
    const roundTrips = await measureRoundTrips(seed, {
      discover: knownDiscover,
      levels: [TRANSPORT_LEVEL],
      eras: ["stateless"],
      policy: OPEN_POLICY,
      approval: true,
      servers,
    });
    const wireRuns = roundTrips.filter((run) => run.way !== "simulator").length;
    const remote = new Set(
      roundTrips.flatMap((run) =>
        run.servers.filter((row) => row.transport === "http").map((row) => row.server),
      ),
    );
    return {
      seed,
      task: { subscriber: task.subscriber, chain: CHAINS.charge, expected: task.expected },
      stdio,
      http,
      roundTrips,
      processes: 3 + remote.size + wireRuns,
    };
  } finally {
    await servers.close();
  }
}
