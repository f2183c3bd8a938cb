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
  assert.ok(http.includes("server → client (163 + 218 bytes)"));
  assert.equal(
    formatPlacementTrips(first).split("\n")[4],
    "tarife  remote     per-request           7              7                7           14   6308",
  );
  assert.match(readStdioCall(first), /one line of 292 bytes: 291 bytes of\s+JSON/);
  assert.match(readHttpCall(first), /`tutar` 470/);
  assert.match(
    flat(readHttpCall(first)),
    /207 for the answer\. HTTP put header blocks of 243 and 163 bytes around them, and 11 bytes of chunked coding round the answer, sent in one piece \(`cf\\r\\n` before it/,
  );
  assert.match(
    formatRefused(first),
    /^ {2}\{"jsonrpc":"2\.0","error":\{"code":-32600,"message":"Invalid Origin: attacker\.example"\}\}$/m,
  );
  assert.match(
    flat(readRefused(first)),
    /a JSON-RPC error with no `id`, which MCP's schema allows since 2025-11-25, departing from JSON-RPC 2\.0's `"id": null`: the server refused before reading the body\./,
  );
  assert.match(
    flat(readRefused(first)),
    /Its code, -32600 \(JSON-RPC's "Invalid Request"\), is the course's choice: the specification names none\./,
  );
  assert.match(
    flat(readStdioCall(first)),
    /Its `"resultType":"complete"` marks it as the final answer, not a request for input \(`basic\/index\.mdx`, "ResultType"\)\./,
  );
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
    assert.match(markdown, /1 request in, 1 answer out\. None of the 3 lines on stderr was one/);
    assert.deepEqual(
      stdio.log.map((entry) => entry.event),
      ["serving", "call", "stopping"],
    );
    assert.equal(stdio.log[1].detail, "sayac_oku");
    assert.match(markdown, /one as it began serving, one for the call .*, one as it stopped/);
    const lines = stdio.call.steps.filter(isTranscriptLine);
    for (const line of lines) {
      assert.equal(line.line.includes("\n"), false, "no newline inside a message");
      assert.equal(line.bytes, Buffer.byteLength(line.line) + 1, "the line and its newline");
    }
    assert.ok(stdio.call.steps.some((step) => !isTranscriptLine(step) && step.event === "exits with code 0"));
    assert.ok(stdio.crash.steps.some((step) => !isTranscriptLine(step) && step.event === "exits with code 1"));
    assert.ok(stdio.retry.steps.some((step) => !isTranscriptLine(step) && step.event === "exits with code 0"));
    assert.match(readRestart(result), /In all, 2 processes, 2 requests written and 1 answer\./);
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
      /sends the call again under a new `id`: an id MUST NOT match that of any request the sender has issued and had no answer for/,
    );

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
      /A client learns what a server offers with a `tools\/list` request, whose answer lists each tool's name and the arguments it takes; the course's host sends one to each server before its first call\./,
    );
    assert.match(
      markdown,
      /The first was the host's `tools\/list` request \(id 0\), which is why section 4 counts a request more per server than lesson 1's calls\./,
    );
    assert.match(
      markdown,
      /Its keys are ordered otherwise than section 2's line, which a script wrote: JSON keys have no order\./,
    );
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
    assert.match(markdown, /The server, with no notification to send\s+first, answered in JSON\./);
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
    assert.match(
      markdown,
      /19 to `olcum` \(18 calls and the list\), 7 each to `tarife` and `kayit` \(6 calls and the list\), 33 in all/,
    );
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
    assert.match(markdown, /14 round trips, exactly the rule's 2 per request/);
    assert.match(markdown, /8 round trips/);
    assert.deepEqual([sum(trips("simulator")), sum(trips("per-request")), sum(trips("keep-alive"))], [47, 47, 35]);
    assert.match(
      markdown,
      /the run costs 47 round trips by the rule and with a connection per request, 35 with keep-alive/,
    );
    assert.match(markdown, /\(14\s+round trips for 7 requests\), not with keep-alive \(8\)/);
    // The bytes taken apart: JSON + newlines = stdio lines; JSON + chunked framing + header blocks = HTTP.
    const bytes = tarifeBytes(result);
    assert.equal(bytes.json + bytes.messages, bytes.perRequest.messageBytes);
    assert.equal(bytes.json + bytes.framing + bytes.perRequest.headerBytes!, bytes.perRequest.bytes);
    assert.equal(bytes.framing, 11 * 7 + bytes.longer);
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
  assert.match(
    flat(solutions),
    /puts a value into a column: sent again with the same value, it leaves the same record/,
  );
  assert.match(flat(solutions), /A tool that added something each time it ran .* would add it twice/);
});

test("the spec points the markdown states with their limits: the stdio probe, TLS", () => {
  // No message need open a 2026-07-28 connection, yet stdio.mdx ("Backward Compatibility") RECOMMENDS probing.
  assert.match(
    markdown,
    /no message need open the connection \(though on stdio a first `server\/discover` request, which asks the server which revisions and optional features it supports, is RECOMMENDED, and a SHOULD for a client that also speaks older revisions: `stdio\.mdx`, "Backward Compatibility"\)/,
  );
  // The doubled round trip models a worst case: HTTP/1.1 connections persist by default (RFC 9112, 9.3).
  assert.match(
    markdown.replace(/ > /g, " "),
    /HTTP\/1\.1 keeps a connection open for later requests by default \(\*keep-alive\*\), so the rule models a worst case\./,
  );
  // The doubled round trip leaves TLS out, and says so.
  assert.match(
    markdown,
    /a new `https:\/\/` connection would add a handshake of TLS, the encryption under `https:\/\/` \(one more round trip in TLS 1\.3\), which the rule leaves out/,
  );
});

test("section 3's header table: each header, the body field it copies, when it is required, what a mismatch gets", () => {
  // 2026-07-28 streamable-http.mdx, "Request Metadata": MCP-Protocol-Version on every POST, equal to _meta's
  // revision; Mcp-Method on all requests; Mcp-Name (params.name or params.uri) on tools/call, resources/read,
  // prompts/get. "Server Validation": a missing, malformed or mismatched header is 400 with -32020, whose
  // schema.mdx constant is HEADER_MISMATCH; an unsupported revision is 400 with -32022. "Custom Headers from
  // Tool Parameters": a property marked `x-mcp-header` is mirrored as Mcp-Param-{Name} (clients MUST), omitted
  // for a null or absent value, checked by a server that reads the body (400, -32020); HTTP clients MUST
  // exclude from tools/list's result a tool whose x-mcp-header breaks the constraints; "Value Encoding": an
  // unsafe value, in Mcp-Name too, goes as the Base64 sentinel =?base64?…?=.
  const raw = parseNotebook(readFileSync(`${PACKAGE_ROOT}/notebooks/02-the-transport.ipynb`, "utf8"))
    .cells.filter((cell) => cell.cell_type === "markdown")
    .map((cell) => cell.source)
    .join("\n")
    .split("\n");
  const header = raw.indexOf("| header | copies from the body | required on | a mismatch gets |");
  assert.ok(header >= 0, "the table's header row");
  assert.deepEqual(raw.slice(header + 1, header + 6), [
    "|:---|:---|:---|:---|",
    "| `MCP-Protocol-Version` | `_meta`'s revision | every POST | `400 Bad Request`, -32020 (`HEADER_MISMATCH`) |",
    "| `Mcp-Method` | `method` | every request | `400`, -32020 |",
    "| `Mcp-Name` | `params.name` or `params.uri` | `tools/call`, `resources/read`, `prompts/get` | `400`, -32020 |",
    '| `Mcp-Param-{Name}` | an argument whose schema has `"x-mcp-header": "{Name}"` | a `tools/call` that sets that argument, not to `null` | `400`, -32020 |',
  ]);
  assert.match(
    markdown,
    /Clients MUST mirror every argument a tool marks with `x-mcp-header`, MUST exclude from `tools\/list`'s result a tool whose mark breaks the page's constraints, and MUST send a value that is unsafe in a header, in `Mcp-Name` too, Base64-encoded as `=\?base64\?…\?=` \("Custom Headers from Tool Parameters"\)\./,
  );
  assert.match(
    markdown,
    /A server that reads the body MUST refuse a request whose header is missing, malformed or disagrees with the body:/,
  );
  assert.match(
    markdown,
    /A revision the server does not support gets `400` and -32022 \(`UNSUPPORTED_PROTOCOL_VERSION`, `schema\.mdx`\), with the revisions it supports\./,
  );
});

test("section 3's missing-header exception, and which choice serve --http makes", () => {
  // 2026-07-28 streamable-http.mdx, "Protocol Version Header": a server that supports clients earlier than
  // 2025-06-18 MAY treat a request that omits the header as 2025-03-26. serve --http classifies by the body
  // (SDK 2.4.0's body-primary router): a 2026-07-28 `_meta` without the header is 400, -32020
  // ("version-header-missing"); a body with no `_meta` goes to the stateless legacy path and is served.
  assert.match(
    markdown,
    /A server that still serves clients older than 2025-06-18 MAY take a request without `MCP-Protocol-Version` as 2025-03-26 \("Protocol Version Header"\)\./,
  );
  assert.match(
    markdown,
    /Our `serve --http` refuses one whose `_meta` names 2026-07-28 \(`400`, -32020\), and serves one without `_meta` as an older client's \(section 5\)\./,
  );
});

test("section 5's table: 2025-11-25 against 2026-07-28, row by row, with every difference the brief names", () => {
  // 2025-11-25 basic/transports.mdx: "Session Management" 1-5 (MCP-Session-Id, 404, DELETE), "Listening for
  // Messages from the Server" (GET), "Sending Messages to the Server" 3 and 6 (a response in the body; requests
  // and notifications before the response; disconnection SHOULD NOT be cancellation), "Resumability and
  // Redelivery" (Last-Event-ID), "Protocol Version Header". 2026-07-28 streamable-http.mdx: "Earlier Streamable
  // HTTP Revisions" (405, ignore Mcp-Session-Id), "Receiving Messages" (MUST NOT send requests), "Sending
  // Messages" 4 (MUST NOT send responses); cancellation.mdx; changelog Minor 4 (Mcp-Method, Mcp-Name).
  const raw = parseNotebook(readFileSync(`${PACKAGE_ROOT}/notebooks/02-the-transport.ipynb`, "utf8"))
    .cells.filter((cell) => cell.cell_type === "markdown")
    .map((cell) => cell.source)
    .join("\n")
    .split("\n");
  const header = raw.indexOf("| feature | 2025-11-25 | 2026-07-28 |");
  assert.ok(header >= 0, "the table's header row");
  const after = raw.slice(header + 2);
  const rows = after.slice(
    0,
    after.findIndex((line) => !line.startsWith("|")),
  );
  assert.deepEqual(
    rows.map((row) => row.split(" | ")[0].slice(2)),
    [
      "session",
      "a stream opened with `GET`",
      "a POST's SSE stream",
      "a POST's body",
      "a broken stream",
      "resumption",
      "headers",
    ],
  );
  const row = (name: string) => rows.find((r) => r.startsWith(`| ${name} |`))!;
  assert.match(
    row("session"),
    /`MCP-Session-Id`.*SHOULD end it with a `DELETE`.*gets `404`.*MUST start over with `initialize`/,
  );
  assert.match(row("session"), /SHOULD ignore the header and answer a `DELETE` `405`/);
  assert.match(
    row("a stream opened with `GET`"),
    /a client MAY open one; the server MAY send its own requests and notifications on it/,
  );
  assert.match(
    row("a POST's SSE stream"),
    /the server MAY send requests and notifications before its answer \| notifications only; the server MUST NOT send requests/,
  );
  assert.match(
    row("a POST's body"),
    /a response to a server's request \| a request or a notification; a client MUST NOT send a response/,
  );
  assert.match(
    row("a broken stream"),
    /SHOULD NOT count as cancellation; to cancel, the client SHOULD send `notifications\/cancelled` \| counts as cancellation/,
  );
  assert.match(row("resumption"), /`Last-Event-ID` \| none; the client re-issues the request/);
  assert.match(
    row("headers"),
    /no `Mcp-Method`, `Mcp-Name` or `Mcp-Param-\{Name\}`, no -32020 or -32022 \| all four, -32020 and -32022/,
  );
  assert.match(markdown, /differs from 2026-07-28's in these ways, among others/);
  assert.doesNotMatch(markdown, /differs in three ways/);
});

test("section 3's resend rule: the changelog's MUST quoted at its strength and placed, and the course's caution labelled", () => {
  // 2026-07-28 changelog.mdx, Major changes, item 9: "A broken response stream loses the in-flight request;
  // clients **MUST** re-issue it as a new request with a new request ID". The transport page has only
  // "Resumable SSE streams via `Last-Event-ID` are not supported". The caution about writes is the course's:
  // a closed stream counts as cancellation (cancellation.mdx), yet the server may already have acted.
  assert.match(
    markdown,
    /\*\*A broken stream\*\* loses its request\. The transport page says only that streams cannot be resumed; the rule is in the changelog's summary: clients "MUST re-issue it as a new request with a new request ID" \(2026-07-28 `changelog\.mdx`, Major changes, item 9\)\./,
  );
  assert.match(
    markdown,
    /\*The course's reading, not MCP's:\* re-issue a write that is not \*idempotent\* \(same effect however often it runs\) only if it may run twice\. A closed stream counts as cancellation, yet the server may already have acted\./,
  );
  assert.doesNotMatch(markdown, /MUST send again|only if it accepts that risk/);
});
