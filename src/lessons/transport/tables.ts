/**
 * Lesson 2, "The Transport": each printed table and listing as text, no line wider than the page.
 * Real messages are printed as they crossed, not pretty-printed (the course's `transcriptText.ts`
 * does that): a stdio line folded after its commas, so that a reader sees one line and its newline,
 * and an HTTP exchange as its header blocks and bodies.
 */
import type { Transcript } from "../../wireClient/lineExchange";
import { foldedLine, formatWireTranscript } from "../transcriptText";
import { cut, formatHttpExchange, formatHttpMessage, httpHeading } from "../httpText";
import type { RoundTripRun, ServerTrips } from "../../wireClient/roundTrips";
import { listing, plural } from "../proseWords";
import { formatTextTable, type Cell } from "../textTable";
import type { TransportResult } from "./simulate";

/**
 * Transcripts as the stdio transport carries them (`formatWireTranscript`, layout `folded`): the
 * command, then each line under who wrote it and its bytes, as it crossed, folded to fit the page,
 * its newline shown as `⏎`: here the line is the point. A line a later transcript sends again
 * (under a new id) is named, not printed again; and each event.
 */
export function formatLines(transcripts: readonly Transcript[]): string {
  const layout = { lines: "folded", newline: "⏎" } as const;
  return transcripts
    .map((transcript, k) =>
      formatWireTranscript(
        transcript,
        transcripts.slice(0, k).map((earlier, j) => ({
          transcript: earlier,
          where: j === 0 ? "the first process" : `process ${j + 1}`,
        })),
        { ...layout, outcome: false },
      ),
    )
    .join("\n");
}

/** The first `sayac_oku` call on `olcum`, line by line ({@link formatLines}). */
export function formatStdioCall(result: TransportResult): string {
  return formatLines([result.stdio.call]);
}

/** A stdio process's three streams: who writes each, its lines, how many are JSON-RPC messages. */
export function formatStreams(result: TransportResult): string {
  const rows = result.stdio.streams.map((s) => [s.stream, s.from, s.lines, s.messages]);
  return formatTextTable(["stream", "written by", "lines", "JSON-RPC messages"], rows);
}

/**
 * The crash and the restart ({@link formatLines}): the process started with `--fault crash:1`,
 * the log it wrote on stderr (each line folded like a message), then the new process.
 */
export function formatRestart(result: TransportResult): string {
  const { crash, retry, crashLogLines } = result.stdio;
  const crashed = formatLines([crash]);
  const both = formatLines([crash, retry]);
  if (!both.startsWith(`${crashed}\n`)) throw new Error("the restart does not follow the crash");
  const log = [
    `server's log on stderr (${plural(crashLogLines.length, "line")}):`,
    ...crashLogLines.flatMap((line) => foldedLine(line)),
  ];
  return [crashed, ...log, both.slice(crashed.length + 1)].join("\n");
}

/**
 * The `tools/call` POST to `tarife` and its answer, as they crossed: the command that started the
 * server, each message's header block and body (its JSON folded, `formatHttpMessage`), and a last
 * line naming the fields left out.
 */
export function formatHttpCall(result: TransportResult): string {
  return formatHttpExchange(result.http.command, result.http.call);
}

/**
 * The same POST with a foreign `Origin`, and the 403 it got: the request as the fields it has
 * beyond the call's, then the answer's status line and the fields it does not share with the
 * call's answer (the others named), then its body.
 */
export function formatRefused(result: TransportResult): string {
  const { call, refused } = result.http;
  const added = refused.request.head.filter((line) => !call.request.head.includes(line));
  const [status, ...fields] = refused.response.head;
  const shared = fields.filter((line) => call.response.head.includes(line));
  const own = fields.filter((line) => !shared.includes(line));
  const names = shared.map((line) => line.slice(0, line.indexOf(":")));
  return [
    `${httpHeading("client", refused.request)}: the same POST, with one field more:`,
    ...added.map((line) => cut(`  ${line}`)),
    httpHeading("server", refused.response),
    ...formatHttpMessage({ ...refused.response, head: [status, ...own] }),
  ]
    .concat(names.length > 0 ? [cut(`(its ${listing(names)} fields as in the call's answer)`)] : [])
    .join("\n");
}

/** The placement a server row is of: the simulator's word, or the wire's transport read back. */
export function placement(row: ServerTrips): string {
  return row.transport === "local" || row.transport === "stdio" ? "local" : "remote";
}

/**
 * Each server's rows in table order: the course's rule, then the wire's ways. A server reached over
 * stdio is the same in both wire runs, and is one row (an Error if the two runs differ).
 */
export function serverRows(result: TransportResult): { run: RoundTripRun; row: ServerTrips }[][] {
  const rule = result.roundTrips.find((run) => run.way === "simulator")!;
  const wire = result.roundTrips.filter((run) => run.way !== "simulator");
  return rule.servers.map((ruled, k) => {
    const rows = [{ run: rule, row: ruled }];
    const measured = wire.map((run) => ({ run, row: run.servers[k] }));
    if (measured.every(({ row }) => row.transport === "stdio")) {
      const [first, ...rest] = measured;
      for (const other of rest)
        if (JSON.stringify(other.row) !== JSON.stringify(first.row))
          throw new Error(`${first.row.server} counted differently on two stdio runs`);
      rows.push(first);
    } else rows.push(...measured);
    return rows;
  });
}

/**
 * Round trips per server, one row each: its placement, how the wire reached it, its requests, and
 * its round trips by the course's rule, then on the wire with a new connection per request and with
 * keep-alive (a stdio server opens no connection per request: a dash, its one pipe counted in both
 * totals); a last row sums them. The HTTP requests,
 * connections and bytes behind each count stay in the run: they teach HTTP/1.1, not MCP.
 */
export function formatPlacementTrips(result: TransportResult): string {
  const rows: Cell[][] = serverRows(result).map((server) => {
    const [{ row: ruled }, ...wire] = server;
    const [per, kept] = wire.length === 1 ? [wire[0], wire[0]] : wire;
    return [
      ruled.server,
      placement(ruled),
      per.row.transport === "stdio" ? "stdio" : "HTTP",
      ruled.requests,
      ruled.roundTrips,
      per.row.transport === "stdio" ? "-" : per.row.roundTrips,
      kept.row.roundTrips,
    ];
  });
  // A stdio server opens no connection per request ("-"); its keep-alive count, the pipe's, sums.
  const sum = (k: number) =>
    rows.reduce((total, row) => {
      const cell = row[k];
      return total + (typeof cell === "number" ? cell : (row[6] as number));
    }, 0);
  rows.push(["total", "", "", sum(3), sum(4), sum(5), sum(6)]);
  return formatTextTable(
    ["server", "placement", "wire", "requests", "by the rule", "new connection each", "keep-alive"],
    rows,
  );
}
