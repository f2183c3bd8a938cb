/**
 * Lesson 2, "The Transport": the sentences whose numbers depend on the run, as markdown built from
 * the result (every number computed, wrapped to the page). What no seed changes is written in the
 * notebook's markdown cells, and the lesson's test holds the run to it.
 */
import { pyStr, type Fields } from "../../sim/values";
import type { ServerTrips } from "../../wireClient/roundTrips";
import { code, listing, plural } from "../proseWords";
import { foldedAnswer, wrapMarkdown } from "../wrapProse";
import type { TransportResult } from "./simulate";
import { serverRows } from "./tables";

/** A field's value as the prose writes it: a number as it is, text in code. */
function valueText(value: Fields[string]): string {
  return typeof value === "string" ? code(value) : pyStr(value);
}

/** `name` value pairs: "`onceki` 68051 and `simdiki` 68101". */
function fieldsText(fields: Fields): string {
  return listing(
    Object.entries(fields).map(([name, value]) => `${code(name)} ${valueText(value)}`),
  );
}

/** The seed, and the task sections 2 and 3 follow. */
export function describeTransportSeed(result: TransportResult): string {
  const [first, second, third] = result.task.chain.map(code);
  return wrapMarkdown(
    `This run uses **seed ${result.seed}**: its first task, a charge for ` +
      `${code(result.task.subscriber)}, calls ${first} and ${second} on ${code("olcum")}, then ` +
      `${third} on ${code("tarife")}. Sections 2 and 3 follow it.`,
  );
}

/** The first call over stdio: its lines' bytes, and what they carried. */
export function readStdioCall(result: TransportResult): string {
  return wrapMarkdown(
    `The request crossed as one line and the answer as another; the answer's ${code("text")} ` +
      `holds the tool's answer as JSON inside a string: ` +
      `${fieldsText(result.stdio.values.reading)}.`,
  );
}

/** The crash and the retry: what the first process's log holds, and what the retry answered. */
export function readRestart(result: TransportResult): string {
  const { crashLog, crashLogLines, values } = result.stdio;
  const events = listing(crashLog.map(({ event, detail }) => `${code(event)} (${detail})`));
  const last = JSON.parse(crashLogLines[crashLogLines.length - 1] ?? "{}") as {
    messages_in?: number;
    tools?: Record<string, unknown>;
  };
  if (last.messages_in === undefined || last.tools === undefined)
    throw new Error("the crashed process's last log line is not its stopping line");
  const tools = Object.keys(last.tools).length;
  return wrapMarkdown(
    `The first process read the call and died. Its log has ${events}, and no ${code("call")} ` +
      `line, written once a call has run. Its ${code("stopping")} line counts ` +
      `${code(`"messages_in":${last.messages_in}`)}, the call, and ` +
      `${tools === 0 ? "no tool" : plural(tools, "tool")} under ${code("tools")}. That does ` +
      `not prove the tool did not run: the process could have died after it and before the line. ` +
      `The new process answered ${fieldsText(values.consumption)}.`,
  );
}

/**
 * The framing chunked coding puts round one piece of `size` bytes: its size line (the size in
 * hexadecimal, CR LF), CR LF after the piece, and the last piece, `0` and two CR LF (RFC 9112,
 * §7.1), as the lesson prints it, and its bytes.
 */
export function chunkFraming(size: number): { shown: string; bytes: number } {
  const hex = size.toString(16);
  const shown = `${code(`${hex}\\r\\n`)} before it, ${code("\\r\\n")} after it and ${code("0\\r\\n\\r\\n")}`;
  return { shown, bytes: hex.length + 9 };
}

/** The HTTP call: what the host carried into it, the answer, and the bytes against stdio's. */
export function readHttpCall(result: TransportResult): string {
  const { http } = result;
  const { response } = http.call;
  const responseJson = Buffer.byteLength(response.content);
  const framing = chunkFraming(responseJson);
  if (response.bodyBytes - responseJson !== framing.bytes)
    throw new Error(`the answer's body is not one chunk of ${responseJson} bytes`);
  return wrapMarkdown(
    `The call carried ${fieldsText(http.values.tariff)} and was answered ` +
      `${fieldsText(http.values.amount)}, this subscriber's charge. Its JSON is a stdio line's, ` +
      `less the newline; HTTP adds header blocks around it, and frames the answer's body in ` +
      `pieces (HTTP/1.1's *chunked coding*), which MCP never sees.`,
  );
}

/** The refused POST: what it added, and what came back. */
export function readRefused(result: TransportResult): string {
  const { refused } = result.http;
  const error = JSON.parse(refused.response.content) as {
    id?: unknown;
    error?: { code?: number; message?: string };
  };
  const id = "id" in error ? `${code("id")} ${JSON.stringify(error.id)}` : `no ${code("id")}`;
  return wrapMarkdown(
    `The answer is ` +
      `${code(refused.response.head[0].replace(/^HTTP\/1\.1 /, ""))}, and no tool ran. A 403 for an ` +
      `invalid ${code("Origin")} MAY carry a JSON-RPC error with no ${code("id")} ` +
      `(${code("basic/transports/streamable-http.mdx")}, "Security & Endpoint"); ` +
      `this one has ${id}. ` +
      `Other error responses "MUST include the same ID" as their request, except for a malformed request ` +
      `whose id "could not be read" (${code("basic/index.mdx")}, "Error Responses") and a refused ` +
      `notification (the transport page). Its code, ` +
      `${error.error?.code} (JSON-RPC's "Invalid Request"), is the course's choice (MCP names none).`,
  );
}

/** The wire rows of one server (`stdio`, or `per-request` and `keep-alive`). */
function wireRows(result: TransportResult, server: string): ServerTrips[] {
  return serverRows(result)
    .flat()
    .filter(({ run, row }) => run.way !== "simulator" && row.server === server)
    .map(({ row }) => row);
}

/** The call's `mcp-` header lines as section 3's POST sent them, its `mcp-name` set to `name`. */
function mcpHeaders(result: TransportResult, name: string): string[] {
  return result.http.call.request.head
    .filter((line) => line.toLowerCase().startsWith("mcp-"))
    .map((line) => (line.toLowerCase().startsWith("mcp-name:") ? `mcp-name: ${name}` : line));
}

/** The lesson's answers, each folded, computed from the run where they hold numbers. */

export function transportSolutions(result: TransportResult): string {
  const rule = result.roundTrips.find((run) => run.way === "simulator")!.servers;
  const requests = rule.reduce((sum, row) => sum + row.requests, 0);
  const ruled = rule.reduce((sum, row) => sum + row.roundTrips, 0);
  const olcum = rule.find((row) => row.server === "olcum")!;
  const [tarifePer, tarifeKept] = wireRows(result, "tarife");
  const [kayitPer, kayitKept] = wireRows(result, "kayit");
  const keepAlive = tarifeKept.roundTrips + kayitKept.roundTrips;
  const perRequest = tarifePer.roundTrips + kayitPer.roundTrips;
  return [
    foldedAnswer(
      "1. The headers of a call to kayit_yaz",
      `Section 3's lines with the name changed: ${mcpHeaders(result, "kayit_yaz")
        .map((line) => code(line))
        .join(", ")}. With ${code("mcp-name: tarife")} over a body naming ${code("kayit_yaz")}, ` +
        `the header is unlike its body: ${code("400 Bad Request")} with -32020 ` +
        `(${code("HeaderMismatchError")}), "Server Validation".`,
    ),
    foldedAnswer(
      "2. All local, all remote, olcum over HTTP",
      `By the rule, ${requests} round trips all local, ${requests * 2} all remote, ${ruled} as ` +
        `placed here. Over HTTP ${code("olcum")}'s ${olcum.requests} requests would take ` +
        `${olcum.requests * 2} round trips with a new connection per request and ` +
        `${olcum.requests + 1} with keep-alive; with ${code("tarife")} and ${code("kayit")} as ` +
        `measured, the run would cost ${olcum.requests * 2 + perRequest} and ` +
        `${olcum.requests + 1 + keepAlive}.`,
    ),
    foldedAnswer(
      "3. No Origin at all",
      `Browsers add ${code("Origin")} to every POST a web page sends; other programs need not, ` +
        `and a 403 is asked for only when it is present and invalid. So the check stops web ` +
        `pages, the way DNS rebinding attacks. Listening on ${code("127.0.0.1")} keeps other ` +
        `machines out. Only authentication, a SHOULD the course's servers leave undone, would ` +
        `keep out another program on the same machine.`,
    ),
    foldedAnswer(
      "4. Sending a lost call again",
      `It could have: a process may die after its tool has run and before the answer is ` +
        `written, and a closed stdout does not tell. ${code("olcum")}'s tools only read, so ` +
        `sending a call again is harmless. ${code("kayit_yaz")} overwrites, so a repeat leaves ` +
        `the same record. A tool that added something each time it ran (a new record, a payment) ` +
        `would add it twice; the transport cannot prevent it.`,
    ),
  ].join("\n\n");
}
