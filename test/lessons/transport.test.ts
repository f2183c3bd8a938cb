// Lesson 2, "The Transport": the same seed gives the same lines, bytes and counts on real servers, no port and no
// time is ever printed, and every number the notebook's markdown states is what the run counts, at any seed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, test } from "node:test";
import { PACKAGE_ROOT } from "../../src/packageRoot";
import { LINE_WIDTH } from "../../src/notebook/lineWidth";
import { parseNotebook } from "../../src/notebook/notebookFile";
import {
  describeTransportSeed,
  readHttpCall,
  readRefused,
  readRestart,
  readStdioCall,
  transportSolutions,
} from "../../src/lessons/transport/prose";
import { servedFactory } from "../../src/server/servedFactory";
import {
  FOREIGN_ORIGIN,
  runTransport,
  TRANSPORT_LEVEL,
  type TransportResult,
} from "../../src/lessons/transport/simulate";
import {
  formatHttpCall,
  formatPlacementTrips,
  formatRefused,
  formatRestart,
  formatStdioCall,
  formatStreams,
} from "../../src/lessons/transport/tables";
import { isTranscriptLine } from "../../src/wireClient/lineExchange";
import { requestsByServer } from "../../src/world/requestsByServer";
import { OPEN_POLICY } from "../../src/world/servers";
import { drawTasks } from "../../src/world/tasks";
import { createWorld } from "../../src/world/world";

const SEED = 20260218;
/** A seed at the far end of the range: the claims hold there too. */
const OTHER_SEED = 2 ** 53 - 1;

/** The notebook's markdown cells, joined: what a reader reads before running anything. */
const markdown = parseNotebook(readFileSync(`${PACKAGE_ROOT}/notebooks/02-the-transport.ipynb`, "utf8"))
  .cells.filter((cell) => cell.cell_type === "markdown")
  .map((cell) => cell.source)
  .join("\n")
  .replace(/\s+/g, " ");

/** Text with its line breaks and runs of spaces as single spaces, as a reader reads wrapped prose. */
const flat = (text: string) => text.replace(/\s+/g, " ");

/**
 * `tarife`'s bytes with a new connection per request, taken apart: its messages' JSON, their
 * newlines as stdio lines, and over HTTP the chunked framing round the answers and the header
 * blocks. Each answer is one piece of chunked coding (`chunkFraming`): 11 bytes of framing,
 * 12 for an answer of 256 bytes or more (a size of three hexadecimal digits).
 */
function tarifeBytes(result: TransportResult) {
  const perRequest = result.roundTrips
    .find((run) => run.way === "per-request")!
    .servers.find((row) => row.server === "tarife")!;
  const messages = perRequest.requests * 2;
  const json = perRequest.messageBytes! - messages;
  const framing = perRequest.bytes! - perRequest.headerBytes! - json;
  const longer = framing - 11 * perRequest.requests;
  if (longer < 0 || longer > perRequest.requests)
    throw new Error(`${framing} bytes of framing round ${perRequest.requests} answers`);
  return { perRequest, messages, json, framing, longer };
}

/** Everything the lesson prints for a run: tables, listings, sentences, solutions. */
function printed(result: TransportResult): string[] {
  return [
    formatStdioCall(result),
    formatStreams(result),
    formatRestart(result),
    formatHttpCall(result),
    formatRefused(result),
    formatPlacementTrips(result),
    describeTransportSeed(result),
    readStdioCall(result),
    readRestart(result),
    readHttpCall(result),
    readRefused(result),
    transportSolutions(result),
  ];
}

let first: TransportResult;
let other: TransportResult;

before(async () => {
  [first, other] = await Promise.all([runTransport(SEED), runTransport(OTHER_SEED)]);
});

test("the same seed prints the same bytes as the committed export, and every line printed is within the page", () => {
  const exported = readFileSync(`${PACKAGE_ROOT}/lessons/02-the-transport.md`, "utf8");
  for (const text of [
    formatStdioCall(first),
    formatStreams(first),
    formatRestart(first),
    formatHttpCall(first),
    formatRefused(first),
    formatPlacementTrips(first),
  ])
    assert.ok(exported.includes(`\n${text}\n`), text.split("\n")[0]);
  for (const result of [first, other])
    for (const text of printed(result))
      for (const line of text.split("\n")) assert.ok([...line].length <= LINE_WIDTH, line);
});

test("no port and no time is printed: the endpoint's port is masked, and no Date field appears", () => {
  for (const result of [first, other]) {
    const text = printed(result).join("\n");
    assert.doesNotMatch(text, /127\.0\.0\.1:\d/);
    assert.doesNotMatch(text, /^\s*date:/im);
    assert.doesNotMatch(text, /duration_ms/);
    assert.match(text, /Host: 127\.0\.0\.1:<port>/);
    assert.equal(result.http.endpoint, "http://127.0.0.1:<port>/mcp");
  }
});

test("the default seed's key lines", () => {
  const stdio = formatStdioCall(first).split("\n");
  assert.equal(stdio[0], "$ mcp-course serve olcum --seed 20260218");
  assert.equal(stdio[1], "client → server (292 bytes)");
  assert.match(stdio[2], /^ {2}\{"jsonrpc":"2\.0","id":1,"method":"tools\/call","params":\{"name":"sayac_oku",$/);
  assert.ok(stdio.includes("server → client (247 bytes)"));
  assert.deepEqual(stdio.slice(-2), ["client: closes stdin (the client is done)", "server: exits with code 0"]);
  assert.deepEqual(formatStreams(first).split("\n"), [
    "stream  written by  lines  JSON-RPC messages",
    "stdin   client          1                  1",
    "stdout  server          1                  1",
    "stderr  server          3                  0",
  ]);
  const http = formatHttpCall(first).split("\n");
  assert.equal(http[0], "$ mcp-course serve tarife --seed 20260218 --http --port 0");
  assert.equal(servedFactory({ server: "tarife" }).level, TRANSPORT_LEVEL, "the command leaves out the default level");
  assert.equal(http[1], "client → server (243 + 296 bytes)");
  assert.ok(http.includes("server → client (164 + 218 bytes)"));
  // One table, one row per server and a total: the rule beside the wire, each way a column. A stdio
  // server opens no connection per request: a dash, its pipe's round trips counted in both totals.
  assert.deepEqual(formatPlacementTrips(first).split("\n"), [
    "server  placement  wire   requests  by the rule  new connection each  keep-alive",
    "olcum   local      stdio        19           19                    -          19",
    "tarife  remote     HTTP          7           14                   14           8",
    "kayit   remote     HTTP          7           14                   14           8",
    "total                           33           47                   47          35",
  ]);
  // The per-way byte columns taught HTTP/1.1, not MCP: the table counts requests, connections, round trips.
  assert.doesNotMatch(formatPlacementTrips(first).split("\n")[0], /bytes/);
  // An expert's review: the transcript prints the bytes; the reading counts none of them again.
  assert.match(flat(readStdioCall(first)), /The request crossed as one line and the answer as another;/);
  assert.doesNotMatch(readStdioCall(first), /291 bytes|bytes of\s+JSON/);
  assert.match(readHttpCall(first), /`tutar` 470/);
  assert.match(
    flat(readHttpCall(first)),
    /Its JSON is a stdio line's, less the newline; HTTP adds header blocks around it, and frames the answer's body in pieces \(HTTP\/1\.1's \*chunked coding\*\), which MCP never sees\./,
  );
  // An expert's review: no byte bookkeeping between the rules.
  assert.doesNotMatch(flat(readHttpCall(first)), /header blocks of 243|are framing and/);
  assert.doesNotMatch(flat(readRefused(first)), /bytes longer/);
  // The student could not trace 207: the body's 218 bytes are split into framing and JSON.
  assert.doesNotMatch(flat(readHttpCall(first)), /207 bytes of JSON in 11 more/);
  // Chunked coding is one clause: how it frames a body is HTTP's, not MCP's (the expert: its byte accounting
  // teaches HTTP, so no account of its lines).
  assert.doesNotMatch(flat(readHttpCall(first)), /a line giving the JSON's size before it/);
  assert.doesNotMatch(flat(readHttpCall(first)), /each after its length in hexadecimal/);
  // Chunked coding is named once, as HTTP/1.1's (RFC 9112, §7.1), but its byte arithmetic stays out.
  assert.doesNotMatch(readHttpCall(first), /`cf\\r\\n`/);
  assert.match(
    formatRefused(first),
    /^ {2}\{"jsonrpc":"2\.0","error":\{"code":-32600,"message":"Invalid Origin: attacker\.example"\}\}$/m,
  );
  assert.match(
    flat(readRefused(first)),
    /The answer is `403 Forbidden`, and no tool ran\. A 403 for an invalid `Origin` MAY carry a JSON-RPC error with no `id` \(`basic\/transports\/streamable-http\.mdx`, "Security & Endpoint"\); this one has no `id`\. Other error responses "MUST include the same ID" as their request, except for a malformed request whose id "could not be read" \(`basic\/index\.mdx`, "Error Responses"\) and a refused notification \(the transport page\)\./,
  );
  // A student's reading: the takeaway first, then the qualifications; an expert's review: the MAY is the
  // invalid-Origin 403's, and what it allows is a JSON-RPC error body with no id.
  assert.doesNotMatch(flat(readRefused(first)), /save for a malformed one|the transport's rule allows it/);
  // A student's reading: "but for" read as a contrast; the exception says "except for".
  assert.doesNotMatch(flat(readRefused(first)), /but for a malformed request/);
  // An expert's review: basic/index.mdx's exception is for a malformed request's unreadable id; this request was well
  // formed, so the id-less body rests on streamable-http.mdx's MAY alone.
  assert.doesNotMatch(flat(readRefused(first)), /could not be read due a malformed request/);
  // An expert's review: 2026-07-28 basic/index.mdx, "Error Responses": "MUST include
  // the same ID ... (except in error cases where the ID could not be read due a malformed request)". The old
  // "Other error responses "MUST include the same ID" as their request (" made the 403 the only id-less case.
  assert.doesNotMatch(flat(readRefused(first)), /as their request \(`basic\/index\.mdx`/);
  // The rule is cited, not inferred: "MUST NOT be null" is about requests (basic/index.mdx, "Requests"),
  // so no "so MCP leaves it out", and no history of which revision first allowed it.
  assert.doesNotMatch(flat(readRefused(first)), /so MCP leaves it out|since 2025-03-26|earlier schemas/);
  // 2025-06-18 schema.mdx JSONRPCError has `id: RequestId` (required); `id?` first in 2025-11-25's
  // JSONRPCErrorResponse. The pages and the schema are dated apart, not together.
  assert.doesNotMatch(flat(readRefused(first)), /as does the schema/);
  // 2025-03-26 transports.mdx already allowed an id-less error body; the schema's dating is not the only one.
  assert.doesNotMatch(flat(readRefused(first)), /which MCP's schema allows since 2025-11-25/);
  assert.match(
    flat(readRefused(first)),
    /Its code, -32600 \(JSON-RPC's "Invalid Request"\), is the course's choice \(MCP names none\)\./,
  );
  assert.doesNotMatch(readStdioCall(first), /resultType/, "lesson 1 said what resultType marks");
});

for (const [name, pick] of [
  ["the default seed", () => first],
  ["seed 2^53 − 1", () => other],
] as const)
  test(`${name}: every number the markdown states is the run's count`, () => {
    const result = pick();
    const { stdio, http } = result;
    // Section 2: one request, one answer, a line each; 3 log lines on stderr, none a message; exit codes.
    assert.deepEqual(
      stdio.streams.map((s) => [s.stream, s.lines, s.messages]),
      [
        ["stdin", 1, 1],
        ["stdout", 1, 1],
        ["stderr", 3, 0],
      ],
    );
    assert.match(
      markdown,
      /Every line on stdin and stdout was one JSON-RPC message; none of the 3 lines on stderr was one/,
    );
    assert.deepEqual(
      stdio.log.map((entry) => entry.event),
      ["serving", "call", "stopping"],
    );
    assert.equal(stdio.log[1].detail, "sayac_oku");
    assert.match(markdown, /one as it began serving, one for the call, one as it stopped/);
    const lines = stdio.call.steps.filter(isTranscriptLine);
    for (const line of lines) {
      assert.equal(line.line.includes("\n"), false, "no newline inside a message");
      assert.equal(line.bytes, Buffer.byteLength(line.line) + 1, "the line and its newline");
    }
    assert.ok(stdio.call.steps.some((step) => !isTranscriptLine(step) && step.event === "exits with code 0"));
    assert.ok(stdio.crash.steps.some((step) => !isTranscriptLine(step) && step.event === "exits with code 1"));
    assert.ok(stdio.retry.steps.some((step) => !isTranscriptLine(step) && step.event === "exits with code 0"));
    // No count of processes: the listing shows the two; the reading says what the log held.
    // The dead process's log is printed, not only named: the reader checks the reading against it.
    assert.match(
      flat(readRestart(result)),
      /The first process read the call and died\. Its log has `serving` \(olcum\) and `stopping` \(crash\), and no `call` line, written once a call has run\. Its `stopping` line counts `"messages_in":1`, the call, and no tool under `tools`\. That does not prove the tool did not run: the process could have died after it and before the line\. The new process answered/,
    );
    // The student read the note on `level` and `path` as the author's note to self: gone.
    assert.doesNotMatch(flat(readRestart(result)), /settings left at their defaults/);
    const restart = formatRestart(result);
    assert.match(restart, /^server's log on stderr \(2 lines\):$/m);
    assert.match(restart, /^ {2}\{"event":"serving","server":"olcum",/m);
    assert.match(restart, /^ {2}\{"event":"stopping","reason":"crash","tools":\{\},"messages_in":1,/m);
    assert.ok(restart.indexOf("server's log") < restart.indexOf("with id 3"), "the log before the restart");
    assert.equal(stdio.crashLogLines.length, stdio.crashLog.length);
    assert.doesNotMatch(readRestart(result), /processes/);
    assert.deepEqual(
      stdio.crashLog.map((entry) => entry.event),
      ["serving", "stopping"],
    );
    // The retry is the lost request under a new id.
    const [lost] = stdio.crash.steps.filter(isTranscriptLine);
    const [retried] = stdio.retry.steps.filter(isTranscriptLine);
    const { id: lostId, ...lostRest } = JSON.parse(lost.line) as Record<string, unknown>;
    const { id: newId, ...retriedRest } = JSON.parse(retried.line) as Record<string, unknown>;
    assert.deepEqual(retriedRest, lostRest);
    assert.deepEqual([lostId, newId], [2, 3]);
    assert.match(
      markdown,
      /sends the call again under a new `id`\. An id MUST NOT match that of any other request the sender "has issued and not yet received a response for" \(`basic\/index\.mdx`, "Requests"\)\. The rule is the sender's to keep: id 2 got no response, and a late or duplicated answer to 2 would be ambiguous, so the client takes a fresh id\./,
    );
    // 2026-07-28 basic/index.mdx, "Requests": the rule keeps ids in flight apart; it does not retire one forever.
    assert.doesNotMatch(markdown, /cannot be used again, even with a new process/);
    assert.doesNotMatch(markdown, /the rule binds it, whatever the new process saw/);
    // The rule binds the sender (expert: a new id is required, not a cautious choice).
    assert.doesNotMatch(markdown, /a cautious choice, not a requirement/);
    // 2026-07-28 basic/index.mdx, "Requests": the spec's words, not a paraphrase.
    assert.doesNotMatch(markdown, /issued and got no answer for/);

    // Section 3: the headers MCP requires, JSON not SSE, two POSTs on one connection, the Origin refused.
    const head = http.call.request.head.map((line) => line.toLowerCase());
    assert.equal(head[0], "post /mcp http/1.1");
    for (const field of [
      "accept: application/json, text/event-stream",
      "content-type: application/json",
      "mcp-method: tools/call",
      "mcp-name: tarife",
      "mcp-protocol-version: 2026-07-28",
    ])
      assert.ok(head.includes(field), field);
    assert.ok(http.call.response.head.some((line) => /^content-type: application\/json$/i.test(line)));
    assert.ok(http.call.response.head.includes("Transfer-Encoding: chunked"));
    assert.equal(http.call.request.content, JSON.stringify(JSON.parse(http.call.request.content)));
    assert.deepEqual([http.posts, http.connections], [2, 1]);
    assert.match(markdown, /The client sent 2 POSTs on 1 \*TCP connection\*/);
    // Why section 4 counts a request more per server than lesson 1's calls, and why the keys are ordered otherwise.
    assert.match(
      markdown,
      /A client learns what a server offers with a `tools\/list` request, whose answer lists each tool's name and the arguments it takes\. The course's host sends one to each server before its first call\. The script below sends no list/,
    );
    assert.match(
      markdown,
      /The first was the host's `tools\/list` \(id 0, not shown\), so this call is id 1, and section 4 counts one request more per server than lesson 1 did\./,
    );
    // 2026-07-28 streamable-http.mdx, "Case Sensitivity": names compared case-insensitively; values
    // (such as method names) case-sensitive.
    assert.match(
      markdown,
      /Header names ignore case \(`mcp-method` is `Mcp-Method`\), their values do not \("Case Sensitivity"\)\./,
    );
    assert.doesNotMatch(markdown, /Header names have no case/);
    assert.equal(http.refused.response.head[0], "HTTP/1.1 403 Forbidden");
    // The 403's body as 2026-07-28 words it: a JSON-RPC error with no id, and no legacy-range code.
    assert.deepEqual(JSON.parse(http.refused.response.content), {
      jsonrpc: "2.0",
      error: { code: -32600, message: "Invalid Origin: attacker.example" },
    });
    // The answer's JSON is one piece of chunked coding of a size with two hexadecimal digits (11 bytes).
    const answerJson = Buffer.byteLength(http.call.response.content);
    assert.equal(http.call.response.bodyBytes - answerJson, 11);
    assert.ok(answerJson >= 16 && answerJson < 256);
    assert.match(markdown, /With no notification to send first, the server\s+answered in JSON\./);
    assert.deepEqual(
      http.refused.request.head.filter((line) => !http.call.request.head.includes(line)),
      [`origin: ${FOREIGN_ORIGIN}`],
    );
    assert.equal(
      http.refused.request.headerBytes - http.call.request.headerBytes,
      Buffer.byteLength(`origin: ${FOREIGN_ORIGIN}\r\n`),
    );
    assert.equal(http.values.amount.tutar, result.task.expected);

    // Section 4: the counts the markdown states.
    const byWay = (way: string) => result.roundTrips.find((run) => run.way === way)!.servers;
    const requests = (way: string) => byWay(way).map((row) => row.requests);
    const trips = (way: string) => byWay(way).map((row) => row.roundTrips);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    for (const way of ["simulator", "per-request", "keep-alive"]) assert.deepEqual(requests(way), [19, 7, 7]);
    assert.equal(sum(requests("simulator")), 33);
    assert.match(markdown, /All counts have the same 33 requests\./);
    assert.deepEqual(trips("simulator"), [19, 14, 14]);
    assert.deepEqual(trips("per-request"), [19, 14, 14]);
    assert.deepEqual(trips("keep-alive"), [19, 8, 8]);
    assert.deepEqual(
      byWay("per-request").map((row) => row.connections),
      [null, 7, 7],
    );
    assert.deepEqual(
      byWay("keep-alive").map((row) => row.connections),
      [null, 1, 1],
    );
    // A student's reading: the two equal columns are equal by construction, said so.
    assert.match(
      markdown,
      /\*By the rule\* equals \*new connection each\* by construction: the rule prices a new connection per request\./,
    );
    assert.deepEqual([sum(trips("simulator")), sum(trips("per-request")), sum(trips("keep-alive"))], [47, 47, 35]);
    assert.match(markdown, /Keep-alive: one setup per remote server, 8 round trips for 7 requests, 35 in all\./);
    // The doubled round trip is plain HTTP's best case: keep-alive lowers it, HTTPS raises it.
    assert.match(
      markdown,
      /That is plain HTTP on a new connection per request \(14 round trips for 7 requests\); keep-alive costs less \(8\), HTTPS more\./,
    );
    assert.doesNotMatch(markdown, /not with keep-alive \(8\)/);
    // The bytes taken apart: JSON + newlines = stdio lines; JSON + chunked framing + header blocks = HTTP.
    const bytes = tarifeBytes(result);
    assert.equal(bytes.json + bytes.messages, bytes.perRequest.messageBytes);
    assert.equal(bytes.json + bytes.framing + bytes.perRequest.headerBytes!, bytes.perRequest.bytes);
    assert.equal(bytes.framing, 11 * 7 + bytes.longer);
    // Keep-alive's extra bytes are two header fields, as the section 3 call's answer shows them:
    // `Connection: keep-alive` for `Connection: close` on both sides, and `Keep-Alive: timeout=60`.
    const field = (line: string) => Buffer.byteLength(`${line}\r\n`);
    const request = field("Connection: keep-alive") - field("Connection: close");
    const answer = request + field("Keep-Alive: timeout=60");
    assert.deepEqual([request, answer], [5, 29]);
    assert.ok(http.call.response.head.includes("Keep-Alive: timeout=60"));
    for (const k of [1, 2]) {
      const [per, kept] = [byWay("per-request")[k], byWay("keep-alive")[k]];
      assert.equal(kept.bytes! - per.bytes!, (request + answer) * per.requests, per.server);
    }
    // The bytes stay in the run (held above) but leave the lesson: they teach HTTP/1.1, not MCP.
    assert.doesNotMatch(markdown, /add 33 bytes per exchange/);
    assert.equal(result.processes, 7);
  });

test("the prose's claims over other seeds: the first task is a charge task, the rule's counts are the same", () => {
  for (const seed of [0, 7, 20260219, SEED, OTHER_SEED]) {
    assert.equal(drawTasks(seed)[0].type, "charge", `seed ${seed}`);
    const rows = requestsByServer(createWorld(seed), 3, { policy: OPEN_POLICY, approval: true });
    assert.deepEqual(
      rows.map((row) => [row.requests, row.roundTrips]),
      [
        [19, 19],
        [7, 14],
        [7, 14],
      ],
    );
  }
});

test("the solutions fold every answer, computed from the run", () => {
  const solutions = transportSolutions(first);
  assert.equal(solutions.match(/<details>\n<summary>/g)?.length, 4);
  assert.equal(solutions.match(/\n\n<\/details>/g)?.length, 4);
  assert.match(solutions, /33 round trips all local, 66 all remote, 47 as\s+placed here/);
  assert.match(solutions, /would cost 66 and 36\./);
  // Exercise 4 from what lesson 2 taught: kayit_yaz overwrites a column; a tool that appends is the unsafe one.
  assert.match(flat(solutions), /`kayit_yaz` overwrites, so a repeat leaves the same record/);
  // The exercise itself says kayit_yaz overwrites: lesson 2 says it nowhere else.
  assert.match(
    markdown,
    /When is sending it again safe\? \(`kayit_yaz` overwrites: it sets a record's column to the value it is given\.\)/,
  );
  assert.match(flat(solutions), /A tool that added something each time it ran .* would add it twice/);
});

test("the spec points the markdown states with their limits: the stdio probe, keep-alive", () => {
  // No message need open a 2026-07-28 connection, yet stdio.mdx ("Backward Compatibility") RECOMMENDS
  // probing to a modern-only client, and a dual-era client SHOULD probe before any other request.
  assert.match(
    markdown,
    /so no message need open the connection, .* Still, on stdio a client SHOULD first ask the server which revisions it supports, with `server\/discover` \(`basic\/transports\/stdio\.mdx`, "Backward Compatibility"\); the script below skips this, as the course's servers all speak 2026-07-28, and that request is taught later\./,
  );
  // A student's reading: "a modern error" was not yet defined; the probe is deferred in one sentence.
  assert.doesNotMatch(markdown, /modern one|an older server may run a bare/);
  // The student met "modern error" before any definition: glossed where used.
  // The student could not tell whether the demo was correct MCP: the same place says the script skips
  // the SHOULD, and why; the probe is a later lesson's.

  // stdio.mdx, "Backward Compatibility": "any other error, or does not respond within a reasonable timeout:
  // the server is legacy". The student could not see why a failing request makes a probe: the failure is
  // the signal, said in the same sentence.
  // "dual-era" and "legacy" are lesson 5's words: lesson 2 does not use them before they are defined.
  assert.doesNotMatch(markdown, /dual-era|legacy server/i);
  // Course-wide: the rule in running prose with SHOULD only; lesson 1 alone says RECOMMENDED is its synonym.
  assert.doesNotMatch(markdown, /RECOMMENDED/);
  assert.doesNotMatch(markdown, /asking what the server supports, is RECOMMENDED\. Some|the probe fails cleanly/);
  // The doubled round trip is plain HTTP's cost on a fresh TCP connection: a best case for a remote server,
  // which is reached over HTTPS in practice (TLS adds one or two round trips), and HTTP/1.1 connections
  // persist by default (RFC 9112, 9.3). Said once, in section 4, kept by later lessons as the convention.
  assert.match(
    markdown,
    /On the wire, 2 is what plain HTTP costs on a new TCP connection: one round trip to set it up, one for the request\. For a remote server that is a best case, not a worst: one reached over HTTPS adds one or two round trips for its encryption setup\. \*Keep-alive\*, HTTP\/1\.1's default of keeping a connection open for later requests, brings the cost toward 1\. The course keeps its rule anyway, as its convention from here on: one fixed price that needs no network, so that no count of round trips depends on the machine it ran on\./,
  );
  // Why the course needs a fixed price at all, in one sentence.
  assert.match(
    markdown,
    /one fixed price that needs no network, so that no count of round trips depends on the machine it ran on\./,
  );
  assert.doesNotMatch(markdown, /So the rule is a worst case|TLS 1\.3/);
  // The definition sits beside the measurement: the box opens section 4, the table follows it.
  const four = markdown.slice(markdown.indexOf("## 4 · "), markdown.indexOf("## 5 · "));
  assert.match(four, /^## 4 · Placement and the doubled round trip > \*\*Course convention, not MCP\.\*\*/);
});

/** The notebook's markdown cells, joined, as lines (tables kept row by row). */
const markdownLines = () =>
  parseNotebook(readFileSync(`${PACKAGE_ROOT}/notebooks/02-the-transport.ipynb`, "utf8"))
    .cells.filter((cell) => cell.cell_type === "markdown")
    .map((cell) => cell.source)
    .join("\n")
    .split("\n");

/** The rows of the markdown table whose header row is `header`, as lines. */
function tableRows(header: string): string[] {
  const raw = markdownLines();
  const at = raw.indexOf(header);
  assert.ok(at >= 0, header);
  const after = raw.slice(at + 2);
  return after.slice(
    0,
    after.findIndex((line) => !line.startsWith("|")),
  );
}

test("section 3's header table: each basic header, the body field it copies, when it is required", () => {
  // 2026-07-28 streamable-http.mdx, "Protocol Version Header": "Every POST request to the MCP endpoint MUST
  // include an MCP-Protocol-Version header"; "Standard Request Headers": Mcp-Method on all requests; Mcp-Name
  // (params.name or params.uri) on tools/call, resources/read, prompts/get. The Note on notification POSTs
  // The table states each header's rule; the Note in "Sending Messages" ("header requirements for
  // notification POSTs are not defined by this revision") is the fold's, beside the version header's
  // "every POST", so that neither row reads as the exception to the other (an expert's review).
  assert.deepEqual(tableRows("| header | copies from the body | required on |"), [
    "| `MCP-Protocol-Version` | `_meta`'s revision | every POST |",
    "| `Mcp-Method` | `method` | every request |",
    "| `Mcp-Name` | `params.name`, or a resource's `params.uri` | `tools/call`, `resources/read` and `prompts/get` |",
  ]);
  assert.doesNotMatch(markdown, /a notification's: undefined|leaves a notification's POST undefined/);
  // The Note leaves a notification POST's headers undefined; it grants no permission to leave one out
  // (an expert's review).
  assert.doesNotMatch(markdown, /on a notification POST, not defined by this revision|need not carry it/);
});

test("section 3's custom headers: where a tool asks (x-mcp-header in its tools/list entry), clients over Streamable HTTP MUST mirror a non-null value and omit the header otherwise (Custom Headers from Tool Parameters)", () => {
  // "MCP servers MAY designate specific tool parameters to be mirrored into HTTP headers using an
  // x-mcp-header extension property in the parameter's schema within the tool's inputSchema. [...]
  // clients MUST support this feature. [...] conforming clients MUST mirror the designated parameter
  // values into HTTP headers." "Schema Extension": "If no value is present at that path in the call
  // arguments, the header is omitted"; "Clients using other transports (e.g., stdio) MAY ignore
  // x-mcp-header". "Server Behavior for Custom Headers": a null value or an absent parameter, "Client MUST
  // omit the header". The expert: the old "clients MUST then send the value" lacked both conditions.
  // The expert: the course never uses x-mcp-header, so one sentence.
  // A student's reading: a rule this lesson's calls never use, folded with the MAY exception.
  const fold = flat(markdown.slice(markdown.indexOf("<details><summary>Three header rules")));
  assert.match(
    fold,
    /^<details><summary>Three header rules this lesson's calls do not need<\/summary> - A notification POST: 2026-07-28 defines no header requirements for it \(the Note on notification POSTs\), though "Protocol Version Header" says every POST MUST carry `MCP-Protocol-Version`\. - A tool's `inputSchema` \(taught later\) may mark an argument with `x-mcp-header`: the client MUST copy its value, unless absent or `null`, into an `Mcp-Param-\{Name\}` header, in Base64 if it has non-ASCII or control characters, edge whitespace or the form `=\?base64\?…\?=` \("Value Encoding"\)\./,
  );
  // An expert's review: "Value Encoding" also makes clients Base64-encode a plain-ASCII value that matches the
  // sentinel pattern (starts with =?base64? and ends with ?=).
  assert.doesNotMatch(fold, /or edge whitespace \("Custom Headers from Tool Parameters"\)/);
  // An expert's review: stdio clients MAY ignore it; no header for an absent value; Base64's triggers in full ("Value Encoding").
  assert.doesNotMatch(markdown, /in Base64 if not plain ASCII/);
  // The verifying expert: "Parameter value is `null`: Client MUST omit the header" (Server Behavior for Custom Headers).
  assert.doesNotMatch(markdown, /`x-mcp-header`, when present, MUST/);
  assert.doesNotMatch(markdown, /Aşağı/);
  assert.doesNotMatch(markdown, /A tool may also ask for an argument in a header of its own/);
  // The student met resources and prompts here before lesson 4: a clause says what they are.
  assert.match(
    markdown,
    /can route it unread \("Request Metadata"\); `resources\/read` and `prompts\/get` come later:/,
  );
  assert.doesNotMatch(markdown, /clients MUST then send the value as/);
  assert.doesNotMatch(markdown, /A server may also ask for a tool's argument|Bolge/);
});

test("section 3 ends with what a Streamable HTTP client must do, in five items, Mcp-Param-* among them", () => {
  // 2026-07-28 streamable-http.mdx, "Custom Headers from Tool Parameters": clients MUST mirror x-mcp-header
  // values, MUST exclude a tool whose x-mcp-header is invalid from tools/list, and ("Value Encoding") MUST
  // Base64-encode as =?base64?…?= a value that is not safe plain ASCII (non-ASCII, control characters,
  // leading or trailing whitespace), and any plain-ASCII value matching the sentinel; the same rule covers
  // Mcp-Name.
  assert.match(
    markdown,
    /2\. Copy `MCP-Protocol-Version`, `Mcp-Method` and, where required, `Mcp-Name` \(and any\s+`Mcp-Param-\{Name\}`, above\) into headers\. 3\./,
  );
  // The Base64 rule is taught once, where headers are, not as a new fact in the list.
  assert.doesNotMatch(markdown, /leave out of the tool list|Base64-encode \(/);
  assert.doesNotMatch(markdown, /Send a value that is not plain ASCII in Base64/);
  const at = markdown.indexOf("### What a Streamable HTTP client must do (2026-07-28) 1. POST");
  assert.ok(at > markdown.indexOf("### Loopback and `Origin`") && at < markdown.indexOf("## 4 · "));
  const items = markdownLines().filter((line) => /^[1-5]\. /.test(line));
  for (const start of [
    "1. POST each message",
    "2. Copy `MCP-Protocol-Version`",
    "3. Read the answer",
    "4. Close the answer's stream to cancel",
    "5. Read a refusal",
  ])
    assert.ok(
      items.some((line) => line.startsWith(start)),
      start,
    );
});

test("section 3's refusals: each a status and a JSON-RPC error, 2026-07-28 alone; 2025-11-25's in section 5", () => {
  // 2026-07-28 streamable-http.mdx "Server Validation" (400, -32020 HeaderMismatch), "Protocol Version Header"
  // (400 with UnsupportedProtocolVersionError -32022; 404 Not Found with -32601 for an unimplemented method);
  // basic/index.mdx "Per-request protocol fields" (a missing required field: -32602, on HTTP 400; a missing
  // client capability: -32021, on HTTP 400). 2025-11-25 basic/transports.mdx: an invalid or unsupported
  // MCP-Protocol-Version gets 400; a 404 answers a request naming an ended session.
  const rows = tableRows("| a request that | 2026-07-28 | section of `basic/transports/streamable-http.mdx` |");
  assert.deepEqual(
    rows.map((row) => row.split(" | ").slice(1, 2)[0]),
    [
      "`400 Bad Request`, -32020 (`HeaderMismatchError`)",
      "`400`, -32022 (`UnsupportedProtocolVersionError`), with the revisions it supports",
      "`404 Not Found`, -32601 (Method not found)",
    ],
  );
  // The student: rows about a missing `_meta` field and a missing client capability (elicitation) came
  // before either was taught; lesson 3 names -32021 where it lists the codes. The table keeps the transport's.
  assert.doesNotMatch(markdown, /-32021|elicitation/);
  // The codes -32020 and -32022 appear in 2026-07-28's schema.mdx and not in 2025-11-25's.
  assert.match(markdown, /The codes -32020 and -32022 are new in 2026-07-28\./);
  // An expert's review: the -32022 row read in a sentence (schema.ts UnsupportedProtocolVersionError: data.supported).
  // An expert's review: no lowercase "must" in a course that has said only capitals count.
  assert.match(
    flat(markdown),
    /The -32022 row matters most to a client: the error's `data\.supported` lists the revisions its server does speak/,
  );
  assert.doesNotMatch(markdown, /the one a client must handle/);
  // 2026-07-28 streamable-http.mdx, "Sending Messages" item 5 and its note: the 202 rule is the mechanics of any
  // notification POST; the core protocol defines no client notification over HTTP. Older clients have their own
  // revision's transport, so the rule is not "for older clients".
  assert.match(
    flat(markdown),
    /- over HTTP a 2026-07-28 client has no core notification to send \(it cancels by closing the stream\); a notification POST, if one is sent, gets `202 Accepted` if the server accepts it, else an HTTP error such as `400`;/,
  );
  // An expert's review: "If the server accepts it" (Sending Messages, item 5); otherwise an HTTP error status.
  assert.doesNotMatch(flat(markdown), /say an extension's, gets `202 Accepted`;/);
  // A student's reading: "defines none" read as contradicting section 1's notifications/cancelled.
  assert.doesNotMatch(markdown, /as the core of 2026-07-28 defines none over HTTP/);
  assert.doesNotMatch(markdown, /202 Accepted`, for older clients/);
  // 2026-07-28 streamable-http.mdx, "Protocol Version Header": the JSON-RPC body tells this 404 from one
  // returned by a legacy HTTP+SSE server (2024-11-05's transport) that does not host the modern endpoint.
  // A student's reading: "HTTP+SSE" was named and not explained; one clause says what that transport did,
  // and the name is left out. The -32020 row read in one sentence (an expert's review).
  assert.match(
    flat(markdown),
    /The -32601 in its body tells this 404 from the bare one of a 2024-11-05 server, whose transport used a separate stream endpoint\./,
  );
  assert.doesNotMatch(markdown, /HTTP\+SSE, at other addresses/);
  assert.match(
    flat(markdown),
    /The -32020 row keeps a gateway that routes by a header and a server that runs the body from acting on different values \("Server Validation"\)\./,
  );
  assert.doesNotMatch(markdown, /a `404` meant an ended session/);
  // A student's reading: the log's fields glossed in one line where the log is introduced.
  assert.match(
    flat(markdown),
    /The fields are the course's: `level` and `path`, server settings taught later; `tools`, calls per tool\./,
  );
  assert.match(
    markdown,
    /### Refusals A server that reads the body MUST refuse a request whose header is missing, malformed or unlike the body, with an HTTP status and a JSON-RPC error:/,
  );
  // A student's reading: the MAY exception folded, beside the Mcp-Param rule.
  assert.match(
    flat(markdown),
    /- A server that serves clients older than 2025-06-18, which had no `MCP-Protocol-Version`, MAY read a request without it as 2025-03-26; others MUST refuse it \("Protocol Version Header"\)\. <\/details>/,
  );
});

test("section 3 gives the missing-header exception in one clause, not which choice serve --http makes", () => {
  // 2026-07-28 streamable-http.mdx, "Protocol Version Header": a server that supports clients earlier than
  // 2025-06-18 MAY treat a request that omits the header as 2025-03-26. serve --http classifies by the body
  // (SDK 2.4.0's body-primary router): a 2026-07-28 `_meta` without the header is 400, -32020
  // ("version-header-missing", the refusal table's first row); a body with no `_meta` is served as legacy.
  // The student read four revisions in one sentence three times; an expert found the
  // refusal rule without its exception imprecise: one clause in the refusal sentence holds both.
  assert.doesNotMatch(markdown, /`MCP-Protocol-Version` dates from 2025-06-18/);
  assert.equal(markdown.split("as 2025-03-26").length, 2, "the exception, said once");
  // A student's reading: the exception inline, not "note below".
  assert.doesNotMatch(markdown, /note below|a note below says where/);
  // Which choice the course's server makes is its implementation, not MCP's: the lesson leaves it out.
  assert.doesNotMatch(markdown, /Our `serve --http` does so/);
  assert.doesNotMatch(markdown, /refuses one whose `_meta`/);
});

test("section 5 in bullets: each feature as 2025-11-25 has it, then what 2026-07-28 does instead; the early close explained", () => {
  // 2025-11-25 basic/transports.mdx: "Session Management" (MCP-Session-Id on the InitializeResult's response,
  // MUST on later requests, DELETE SHOULD), "Listening for Messages from the Server" (GET MAY), "Sending
  // Messages to the Server" (requests on a POST's SSE stream MAY; disconnection SHOULD NOT be cancellation;
  // after an event with an id the server MAY close the connection "without terminating the SSE stream",
  // SHOULD send `retry` first), "Resumability and Redelivery" (event ids MAY, GET with Last-Event-ID, replay
  // MAY). The early close is 2025-11-25's alone (not in 2025-03-26 or 2025-06-18). 2026-07-28
  // streamable-http.mdx, "Earlier Streamable HTTP Revisions": 405 to GET or DELETE, ignore Mcp-Session-Id
  // and Last-Event-ID; changelog.mdx, Major changes, item 9: a broken stream loses the request, re-issued
  // under a new id.
  const five = markdown.slice(markdown.indexOf("## 5 · "), markdown.indexOf("## Summary"));
  assert.doesNotMatch(five, /\| feature \|/);
  for (const bullet of ["Session", "Server requests", "Cancelling", "Resuming"])
    assert.match(five, new RegExp(`- \\*\\*${bullet}\\.\\*\\* ((?!- \\*\\*).)* In 2026-07-28 `), bullet);
  assert.match(markdown, /until either side ends it, usually the client\./);
  assert.match(markdown, /differs from 2026-07-28's in these ways, among others:/);
  assert.match(
    five,
    /- \*\*Resuming\.\*\* A client could resume a broken stream with a `GET` naming, in `Last-Event-ID`, the last event it got\. In 2026-07-28 a broken stream cannot be resumed \(section 3\)\./,
  );
  // 2025-11-25 basic/transports.mdx, "Sending Messages to the Server": disconnection SHOULD NOT be taken as
  // the client cancelling; to cancel, the client SHOULD send a CancelledNotification.
  assert.match(
    five,
    /- \*\*Cancelling\.\*\* A server SHOULD NOT take a broken stream as cancelling\. To cancel, the client SHOULD send `notifications\/cancelled`\. In 2026-07-28 the client's close cancels \(section 3\)\./,
  );
  assert.doesNotMatch(five, /cancels nothing/);
  // Resumption is one sentence: 2026-07-28 removed it, so its 2025-11-25 details (the early close, `retry`)
  // stay out.
  assert.match(
    five,
    /All four date from 2025-03-26\. A server that speaks only 2026-07-28 SHOULD answer an older client's `GET` or `DELETE` with `405`, and ignore its `MCP-Session-Id` and `Last-Event-ID`/,
  );
  assert.doesNotMatch(five, /drop the connection on purpose|SSE `retry` field/);
  assert.doesNotMatch(five, /All but the early close date from 2025-03-26|though not the stream/);
  assert.doesNotMatch(markdown, /minding `retry`|the client polls after `retry`|had these features/);
});

test("section 3's resend rule: the rule to follow in the list, the changelog's MUST placed as the changelog's alone in one short note, the pages' can, no re-issue after a cancel, and the course's caution labelled", () => {
  // 2026-07-28 changelog.mdx, Major changes, item 9: "A broken response stream loses the in-flight request;
  // clients **MUST** re-issue it as a new request with a new request ID". The transport pages say less:
  // streamable-http.mdx "Resumable SSE streams via `Last-Event-ID` are not supported"; stdio.mdx "Unexpected
  // Termination": in-flight requests "are simply lost and the client can retry them". A stream the client
  // closed is a cancellation (cancellation.mdx), not re-issued. The caution about writes is the course's.
  // Three bullets, after the HTTP example: the client's close (a cancellation), the network's break (the
  // changelog's MUST, the resumption streamable-http.mdx does not support), and the course's caution.
  const http = markdown.indexOf("Below, the host sends the task's third call to `tarife` over HTTP");
  const early = markdown.indexOf("### A stream that ends early - *The client closed it.*");
  assert.ok(http > 0 && early > http, "the paragraph follows the HTTP example");
  assert.match(markdown, /- \*The client closed it\.\* That cancels the request, which is not sent again\./);
  // The student: "I need to know what to do, not that two pages of the spec disagree." The rule first; the
  // pages' difference in a note after the paragraph.
  assert.match(
    markdown,
    /- \*The network broke it\.\* The stream cannot be resumed \(`basic\/transports\/streamable-http\.mdx`\), so the request is lost\. Clients MUST re-issue it as a new request with a new id \(`changelog\.mdx`, Major changes 9\); the course adds: if it is still needed\. The server cannot tell/,
  );
  // The changelog's MUST as it stands (no condition), and the course's "if it is still needed" apart from it.
  assert.doesNotMatch(flat(markdown), /The changelog, not that page/);
  // A student's reading: the *extension* parenthesis inside a hypothetical is cut.
  assert.doesNotMatch(flat(markdown), /say one an \*extension\* defines/);
  // An expert's review: the MUST is the changelog's summary (Major changes 9);
  // streamable-http.mdx says only "Resumable SSE streams via `Last-Event-ID` are not supported" ("Receiving
  // Messages"), and the re-issue is for a request the client still needs, not an unconditional duty.
  assert.doesNotMatch(flat(markdown), /The stream cannot be resumed, so the request is lost: "clients MUST/);
  assert.doesNotMatch(
    flat(markdown),
    /since a client must re-issue|After a network break, re-issue the request with a new id(?! \(the changelog's MUST)/,
  );
  // An expert's review: 2026-07-28 changelog.mdx, Major changes 9: "clients MUST re-issue it as a new request with a new
  // request ID". The verifying expert: the MUST covers the re-issue itself, so it is quoted whole, and
  // what to do about a non-idempotent write is labelled the course's reading, not MCP's.
  assert.doesNotMatch(markdown, /A client that still wants it MUST send it again/);
  assert.doesNotMatch(markdown, /A request sent again\s+MUST be|is the application's call/);
  // The student: where in the spec a rule lives is not teaching; the rule, one citation.
  assert.doesNotMatch(markdown, /a MUST of the changelog alone|which the transport pages do not repeat/);
  assert.doesNotMatch(markdown, /> \*\*Note\.\*\* Only the changelog makes sending it again/);
  assert.doesNotMatch(markdown, /The changelog adds that the request is lost/);
  // Two ways, two bullets: the third was a consequence, now a paragraph after the list.
  assert.doesNotMatch(markdown, /- \*So a write may run twice/);
  assert.match(
    markdown,
    /`changelog\.mdx`, Major changes 9\); the course adds: if it is still needed\. The server cannot tell a break from the client's close\. It MUST treat either as cancelling the request, and SHOULD stop work on it as soon as practical \(`basic\/transports\/streamable-http\.mdx`, "Cancellation"\)\. So a re-issued write may run twice: the server may have acted before the break\. \*The course's reading, not MCP's:\* before re-issuing a write that is not \*idempotent\* \(same effect however often it runs\), make it safe to repeat, say by a key the server keeps\./,
  );
  // The expert: MCP's MUST and the course's advice met unreconciled ("re-issue … only once it is safe").
  assert.doesNotMatch(markdown, /only once it is safe to repeat/);
  // The stdio page's "can" is section 2's (the restart); it is not cited for an HTTP stream.
  assert.doesNotMatch(markdown, /"can" be retried \(`basic\/transports\/stdio\.mdx`/);
  assert.doesNotMatch(markdown, /The MUST has no exception/);
  assert.doesNotMatch(markdown, /only if running it twice does no harm/);
  assert.doesNotMatch(markdown, /MUST send again|only if it accepts that risk/);
});

test("section 1 holds no aside lesson 2 does not use: no extensions, no list of revisions; capabilities glossed where used", () => {
  // The student: the extensions paragraph and the list of five revisions had nothing to do with transports.
  assert.doesNotMatch(markdown, /\*Extensions\*|MCP's revisions so far are/);
  assert.match(
    markdown,
    /or its \*capabilities\*, the optional features it declares \(`basic\/index\.mdx`, "Statelessness"\)\./,
  );
});

test("the summary dates the dropped features by the Streamable HTTP that had them, and the seed note speaks to the notebook", () => {
  // 2026-07-28 streamable-http.mdx, "Earlier Streamable HTTP Revisions": protocol versions 2025-03-26 through
  // 2025-11-25 used Streamable HTTP with sessions, a GET stream, server requests on SSE and resumption.
  assert.match(
    markdown,
    /- Sessions, a GET stream, server requests and resumption belong to the Streamable HTTP of 2025-03-26 to 2025-11-25; 2026-07-28 dropped them\./,
  );
  assert.doesNotMatch(markdown, /resumption are 2025-11-25's/);
  // An export's reader cannot run cells: the sentence is addressed to someone running the notebook.
  assert.match(
    markdown,
    /In the notebook, change `SEED` in the next cell and run all cells again to see another run\./,
  );
  assert.doesNotMatch(markdown, /Everything printed is counted\./);
});

test("both exports: section 5 has no table, and the Solutions code is left out (remove-input)", () => {
  for (const file of ["lessons/02-the-transport.md", "lessons/seed-20260219/02-the-transport.md"]) {
    const text = readFileSync(`${PACKAGE_ROOT}/${file}`, "utf8");
    assert.ok(!text.includes("| feature | 2025-11-25 | 2026-07-28 |"), file);
    assert.ok(!text.includes("show.markdown(transportSolutions(lesson));"), file);
    assert.ok(!text.includes("minding `retry`"), file);
  }
});

test("Origin may be the value null (the Fetch standard): MCP names no rule for it; the course's server refuses it, as SDK 2.4.0's validateOriginHeader does", () => {
  for (const file of ["lessons/02-the-transport.md", "lessons/seed-20260219/02-the-transport.md"]) {
    const text = readFileSync(`${PACKAGE_ROOT}/${file}`, "utf8").replace(/\s+/g, " ");
    assert.ok(
      text.includes(
        "at times the value `null`. MCP does not name that value; the course's server refuses it, as the SDK's check does.",
      ),
      file,
    );
    assert.ok(!text.includes("which a local server should refuse too"), file);
  }
});

test("the one client-sent 2026-07-28 notification is one only in the core protocol; extensions may add others (2026-07-28 basic/transports/streamable-http.mdx, Sending Messages, note)", () => {
  for (const file of ["lessons/02-the-transport.md", "lessons/seed-20260219/02-the-transport.md"]) {
    const text = readFileSync(`${PACKAGE_ROOT}/${file}`, "utf8").replace(/\s+/g, " ");
    assert.ok(
      text.includes(
        "A 2026-07-28 client sends one notification in the core protocol, `notifications/cancelled`, to call off a request",
      ),
      file,
    );
    assert.ok(!text.includes("may add others (`basic/versioning.mdx`)"), file);
    assert.ok(!text.includes("sends one kind of notification"), file);
  }
});

test("the readers' stumbles in lesson 2: progress named, the headers' pointer, section 1 split, a client's list", () => {
  // The SSE events' example is a named notification (2026-07-28 basic/patterns/progress.mdx).
  assert.match(
    markdown,
    /here notifications such as `notifications\/progress` \(how far the request's work has got\), then its answer;/,
  );
  // "its mcp- headers come after it" read as "after the body": the pointer names the subsection.
  assert.match(
    markdown,
    /Below, the host sends the task's third call to `tarife` over HTTP; "Headers" explains its `mcp-` headers\./,
  );
  assert.doesNotMatch(markdown, /headers come after it/);
  // 2026-07-28 cancellation.mdx, "Transport-Specific Cancellation", and stdio.mdx, "Cancellation": "To cancel
  // an in-flight request, the client MUST send a notifications/cancelled notification". The MUST holds when
  // the client cancels; the old "on stdio a client MUST use it" read as always.
  assert.match(
    markdown,
    /to call off a request\. To cancel on stdio, a client MUST send it; over HTTP none is required/,
  );
  assert.doesNotMatch(markdown, /on stdio a client MUST use it/);
  // The student: "The course reads this as covering a connection awaiting a JSON answer too" was an author's
  // note that changed nothing for a reader; the bullet keeps cancellation.mdx's rule alone.
  assert.match(
    markdown,
    /the server MUST treat a client's disconnect as cancelling the request \(`basic\/patterns\/cancellation\.mdx`\)\. Below, the host sends/,
  );
  assert.doesNotMatch(markdown, /The course reads this as/);
  // The student: which round-trip columns are measured and which computed. The rule's column applies the
  // convention; the wire columns count the run's requests and the TCP connections it opened (roundTrips.ts).
  assert.match(
    markdown,
    /In the table, \*by the rule\* applies the convention\. The wire columns count two real runs: a round trip per request, plus one per TCP connection each opened\./,
  );
  // A student's reading: section 3's call kept one connection, so "the run itself" read as if the
  // new-connection column were computed; the host's tasks ran twice on the wire, once each way.
  assert.doesNotMatch(markdown, /The wire columns count the run itself/);
  assert.doesNotMatch(markdown, /The table counts the run's round trips by the rule and on the wire/);
  // Only the changelog says MUST of the re-issue; the client's list says what to do without it.
  assert.match(
    markdown,
    /4\. Close the answer's stream to cancel\. After a network break, re-issue the request with a new id \(the changelog's MUST, above; the course's reading: make a non-idempotent write safe to repeat\)\./,
  );
  // A student's reading: the tangled sentence split; the old one is gone.
  assert.doesNotMatch(markdown, /The MUST asks the client to send it again|is the application's risk to manage/);
});

test("section 2 glosses `server/discover` where it first appears", () => {
  // 2026-07-28 server/discover.mdx: "lets a client query a server's supported protocol versions,
  // capabilities"; the student met the name here with no word on what it asks.
  const first = markdown.indexOf("`server/discover`");
  assert.ok(first > 0);
  assert.ok(
    markdown
      .slice(0, first + "`server/discover`".length)
      .endsWith("a client SHOULD first ask the server which revisions it supports, with `server/discover`"),
  );
});

test("section 3 says the spec leaves a valid Origin to the server, and gives the course's rule (the SDK's loopback hosts)", () => {
  // 2026-07-28 streamable-http.mdx, "Security & Endpoint" (2025-11-25 transports.mdx, "Security Warning"):
  // servers MUST validate Origin and answer 403 when it is "present and invalid"; what is valid is not
  // defined. serve --http checks it with SDK 2.4.0's validateOriginHeader and localhostAllowedOrigins():
  // localhost, 127.0.0.1 and [::1]; no Origin passes.
  assert.match(
    markdown,
    /The specification leaves to the server which `Origin` is valid \(`basic\/transports\/streamable-http\.mdx`, "Security & Endpoint"\); the course's server accepts only a loopback one \(host `localhost`, `127\.0\.0\.1` or `\[::1\]`\)\./,
  );
});

test("exercise 1 builds the headers of another call, its answer read off section 3's POST", () => {
  // Lesson 1 keeps the course's one "which numbers would another seed move?" exercise; this one builds
  // from the lesson ("Request Metadata"; "Server Validation": a header unlike its body is 400, -32020).
  for (const folder of ["lessons", "lessons/seed-20260219"]) {
    const text = readFileSync(`${PACKAGE_ROOT}/${folder}/02-the-transport.md`, "utf8").replace(/\s+/g, " ");
    assert.ok(!text.includes("which figures would change with another `SEED`"), folder);
    assert.ok(
      text.includes(
        "Section 3's lines with the name changed: `mcp-method: tools/call`, `mcp-name: kayit_yaz`, `mcp-protocol-version: 2026-07-28`.",
      ),
      folder,
    );
    assert.ok(text.includes("`400 Bad Request` with -32020 (`HeaderMismatchError`)"), folder);
  }
});

test("DNS rebinding in three steps, then why checking Origin and Host stops it", () => {
  // A student's reading: the attack was one compressed paragraph. 2026-07-28 streamable-http.mdx,
  // "Security & Endpoint": servers MUST validate Origin "to prevent DNS rebinding attacks".
  for (const step of [
    "1. The user opens a page from the attacker's site, `attacker.example`.",
    "2. The attacker points the name `attacker.example` at `127.0.0.1`.",
    "3. The page's next requests to its own site now reach a server on the user's machine.",
  ])
    assert.ok(markdownLines().includes(step), step);
  assert.match(
    markdown,
    /Those requests still say `Origin: http:\/\/attacker\.example`, and their `Host`, the header naming the server asked for, still says `attacker\.example`\. A server that accepts only loopback names in both refuses them\./,
  );
  assert.doesNotMatch(markdown, /once a page from an attacker's site is loaded, the attacker points/);
});

test("section 3's sub-headings carry one idea each, in the reading order", () => {
  // An expert's review: section 3 carried ten ideas under two headings; one `###` each, no prose added.
  const three = markdown.slice(markdown.indexOf("## 3 · "), markdown.indexOf("## 4 · "));
  const headings = [
    "### A stream that ends early - ",
    "### Headers The POST",
    "### Refusals A server",
    "### Loopback and `Origin` `127.0.0.1`",
    "### What a Streamable HTTP client must do (2026-07-28) 1. POST",
  ].map((heading) => three.indexOf(heading));
  assert.ok(
    headings.every((at, i) => at > 0 && (i === 0 || at > headings[i - 1])),
    String(headings),
  );
  assert.equal(three.split("### ").length - 1, headings.length);
  assert.doesNotMatch(markdown, /\*\*A stream that ends early\.\*\*|\*\*Refusals\.\*\*|### Headers and refusals/);
});
