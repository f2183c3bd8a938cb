// Lesson 6's real lines: the `olcum` server `mcp-course serve` runs, a process of its own, declares at level 0 and level 3 what the
// simulator's `declare` declares, answers the level-0 empty call with the tool execution error the level-0 run counts, and the
// exports print those very lines.
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { PassThrough } from "node:stream";
import { test } from "node:test";
import { createMcpHandler, isLegacyRequest, McpServer } from "@modelcontextprotocol/server";
import { serveStdio, StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as library from "../../src/index";
import { findLesson } from "../../src/lessons/catalog";
import { SHOWN_SERVER, SHOWN_TOOL, simulateWritingAServer } from "../../src/lessons/writingAServer/simulate";
import {
  captureServerLines,
  emptyCallLines,
  lastReply,
  minimalHttpRun,
  minimalServerRun,
  startMinimalHttpServer,
  type MinimalServerRun,
} from "../../src/lessons/writingAServer/wire";
import { statelessPostHeaders } from "../../src/wireClient/statelessPost";
import { declaredVersion, worldToolList } from "../../src/server/declarations";
import { declare, type Level } from "../../src/sim/declaration";
import { isTranscriptLine, type Transcript } from "../../src/wireClient/lineExchange";
import { SERVER_FACTS } from "../../src/world/servers";
import { createWorld } from "../../src/world/world";
import { lessonExports } from "./lessonText";

const LESSON_6 = findLesson("06")!;

/** The JSON-RPC messages one side wrote, parsed, in order. */
function sent(transcript: Transcript, from: "client" | "server"): Record<string, any>[] {
  return transcript.steps
    .filter((step) => isTranscriptLine(step) && step.from === from)
    .map((step) => JSON.parse((step as { line: string }).line));
}

test("the real server's tools/list at levels 0 and 3 is worldToolList's, with the version declaredVersion gives", async () => {
  const wire = await captureServerLines(20260218);
  const server = createWorld(20260218).servers.find((s) => s.name === SHOWN_SERVER)!;
  for (const [level, transcript] of [
    [0, wire.level0],
    [3, wire.level3],
  ] as const) {
    const [list] = sent(transcript, "server");
    assert.deepEqual(list.result.tools, worldToolList(server, level), `level ${level}`);
    assert.equal(list.result.resultType, "complete");
    const info = list.result._meta["io.modelcontextprotocol/serverInfo"];
    assert.deepEqual(info, { name: SHOWN_SERVER, version: declaredVersion(server.version, level) });
    const [request] = sent(transcript, "client");
    assert.equal(request.method, "tools/list");
    assert.equal(request.params._meta["io.modelcontextprotocol/protocolVersion"], "2026-07-28");
  }
});

test("level for level, the real declaration carries the facts declare gives: fields, side effect, version", async () => {
  const wire = await captureServerLines(7);
  const facts = SERVER_FACTS.find((s) => s.name === SHOWN_SERVER)!;
  for (const [level, transcript] of [
    [0, wire.level0],
    [3, wire.level3],
  ] as [Level, Transcript][]) {
    const declared = declare(facts, level);
    const [list] = sent(transcript, "server");
    for (const tool of list.result.tools) {
      const face = declared.tools[tool.name];
      assert.ok(face, tool.name);
      assert.deepEqual(Object.keys(tool.inputSchema.properties ?? {}), [...(face.fields ?? [])]);
      assert.equal(tool.annotations === undefined ? undefined : !tool.annotations.readOnlyHint, face.sideEffect);
    }
    const version = list.result._meta["io.modelcontextprotocol/serverInfo"].version;
    assert.equal(version, declared.version === undefined ? "undeclared" : String(declared.version));
  }
});

test("at level 0 the empty call reaches the handler: the tool execution error the level-0 run counts", async () => {
  for (const seed of [20260218, 20260219]) {
    const wire = await captureServerLines(seed);
    const [, call] = sent(wire.level0, "client");
    assert.deepEqual(call.params.name, SHOWN_TOOL);
    assert.deepEqual(call.params.arguments, {});
    const reply = lastReply(wire.level0);
    assert.deepEqual(reply, { member: "result", isError: true, text: JSON.stringify({ hata: "abone yok" }) });
    const run = simulateWritingAServer(seed).runs[0];
    assert.ok(run.failures[`${SHOWN_TOOL}: abone yok`] > 0, "the simulator's level-0 run counts the same failure");
    // At level 1 the server's schema check answers first, and the handler never runs.
    const level1 = lastReply(wire.level1Call);
    assert.equal(level1.member, "result");
    assert.equal(level1.isError, true);
    assert.match(level1.text, /abone: required/);
  }
});

test("the lines are the same on every capture, and no seed changes them", async () => {
  const a = await captureServerLines(20260218);
  const b = await captureServerLines(20260218);
  const c = await captureServerLines(0);
  assert.deepEqual(a, b);
  for (const key of ["level0", "level3", "level1Call"] as const) assert.deepEqual(a[key].steps, c[key].steps, key);
});

test("lesson 6's exports print the real server's lines of their own seed", async () => {
  const exported = lessonExports().filter((e) => e.lesson.name === LESSON_6.name);
  assert.equal(exported.length, 2);
  for (const { path, text } of exported) {
    const seed = Number(/with seed (\d+)/.exec(text)![1]);
    const wire = await captureServerLines(seed);
    assert.ok(text.includes(library.formatServedLines(wire.level0)), `${path}: level 0`);
    // Level 3's `tools/list` is lesson 5's line: named by its size, measured here, not printed again.
    const shown = [{ transcript: wire.level0, where: "the level-0 exchange" }];
    assert.ok(!text.includes(library.formatServedLines(wire.level3, shown)), `${path}: level 3 not re-printed`);
    const list = wire.level3.steps.find((step) => isTranscriptLine(step) && step.from === "server");
    const bytes = (list as { bytes: number }).bytes;
    assert.match(
      text.replace(/\s+/g, " "),
      new RegExp(`the same \`tools/list\` is lesson 5's ${bytes}-byte line`),
      path,
    );
    assert.ok(text.includes(`$ mcp-course serve olcum --level 0 --seed ${seed}`), path);
    assert.doesNotMatch(text, /Nothing here runs a server/, path);
  }
  assert.equal(LESSON_6.startsServers, false, "no call is timed against a client timeout");
});

test("the lesson prints what level 1 answers the empty call, as the server words it, and tells the transcript's bytes from the table's", async () => {
  for (const { path, text } of lessonExports().filter((e) => e.lesson.name === LESSON_6.name)) {
    const seed = Number(/with seed (\d+)/.exec(text)![1]);
    const wire = await captureServerLines(seed);
    const spaced = text.replace(/\s+/g, " ");
    // Exercise 3 asks with what text level 1 refuses: the lesson shows it in the level-0 transcript's
    // reading (the old lesson gave only its opening, `Input validation error: …`).
    const level1 = lastReply(wire.level1Call);
    const shown = spaced.indexOf(
      `At level 1 the same call never reaches the handler: \`olcum\`'s check answers, on the same ` +
        `channel, \`${level1.text}\`.`,
    );
    assert.ok(shown !== -1 && shown < spaced.indexOf("## Level 0 against level 1"), `${path}: level 1's text`);
    // 299 bytes are one server's whole 2026-07-28 line (its level-0 tools/list, newline counted);
    // the table's level-0 bytes are the three servers' 2025-11-25 `{"tools": […]}` results. The two
    // are no longer set side by side in one sentence (a student's reading): the table's
    // measure is said on its own, and the transcript's bytes are left to its own line.
    const list = wire.level0.steps.find((step) => isTranscriptLine(step) && step.from === "server");
    const lineBytes = (list as { bytes: number }).bytes;
    const [tableBytes] = library.mcpToolListBytes(simulateWritingAServer(seed));
    assert.ok(spaced.includes(`server → client (${lineBytes} bytes)`), `${path}: ${lineBytes} on its line`);
    assert.ok(
      spaced.includes(
        // Why 2025-11-25's form: to weigh the declaration without _meta (a student's reading).
        `The table below counts each server's \`{"tools": […]}\` alone, as 2025-11-25 sends it, to weigh ` +
          `the declaration without 2026-07-28's \`_meta\` and caching fields, summed over the three servers.`,
      ),
      `${path}: what the table measures`,
    );
    assert.ok(spaced.includes(`come to ${tableBytes} bytes at level 0`), `${path}: ${tableBytes}`);
    assert.ok(!spaced.includes("the transcript's"), `${path}: no side-by-side comparison`);
  }
});

test("exercise 3's answer quotes the level-1 lines a reader gets from the package's own function", async () => {
  // The question is asked on paper; the lines its folded answer quotes are the ones the package's
  // `emptyCallLines` prints, the same as the lesson's own capture.
  const level1 = await emptyCallLines(20260218, 1);
  assert.deepEqual(level1, (await captureServerLines(20260218)).level1Call);
  assert.equal(library.emptyCallLines, emptyCallLines);
});

// ---- The minimal server (`olcumServer.ts`), run once as a process of its own ----

/** The minimal server's one run, started once for the tests below (and once more to compare). */
let minimalRunOnce: Promise<MinimalServerRun> | undefined;
function minimalRun(): Promise<MinimalServerRun> {
  return (minimalRunOnce ??= minimalServerRun());
}

test("the minimal server's lines: its declaration, a text result, the SDK's schema check; the same on every run, and printed in both exports", async () => {
  const run = await minimalRun();
  assert.deepEqual(run, await minimalServerRun(), "no id, time or seed changes a byte");
  const a = run.tool;
  // One process, its ids running on from part to part, as they did on the wire.
  const ids = [run.tool, run.resourceAndPrompt, run.exercise4, run.sdkAnswers].flatMap((part) =>
    sent(part, "client").map((request) => request.id),
  );
  assert.deepEqual(ids, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  const [list, call, empty] = sent(a, "server");
  const requests = sent(a, "client");
  for (const request of requests) {
    assert.equal(request.params._meta["io.modelcontextprotocol/protocolVersion"], "2026-07-28");
    assert.ok(request.params._meta["io.modelcontextprotocol/clientInfo"], "2026-07-28's required clientInfo");
  }
  const [tool] = list.result.tools;
  assert.equal(tool.name, SHOWN_TOOL);
  assert.equal(tool.title, "Read meter");
  assert.match(tool.description, /meter readings/);
  assert.deepEqual(tool.inputSchema.required, ["abone"]);
  assert.deepEqual(tool.annotations, { readOnlyHint: true, openWorldHint: false });
  for (const message of [list, call, empty]) {
    assert.equal(message.result.resultType, "complete");
    assert.deepEqual(message.result._meta["io.modelcontextprotocol/serverInfo"], { name: "olcum", version: "2" });
  }
  assert.ok(
    list.result.ttlMs >= 0 && typeof list.result.cacheScope === "string",
    "the caching fields a server MUST send",
  );
  assert.deepEqual(call.result.content, [{ type: "text", text: '{"onceki":41230,"simdiki":41262}' }]);
  assert.equal(call.result.isError, undefined);
  assert.equal(empty.result.isError, true, "the SDK's check: a tool execution error");
  assert.match(empty.result.content[0].text, /^Input validation error: Invalid arguments for tool sayac_oku: abone/);
  for (const { path, text } of lessonExports().filter((e) => e.lesson.name === LESSON_6.name))
    assert.ok(text.includes(library.formatMinimalServerLines(a)), `${path}: the minimal server's lines`);
});

test("the minimal server's resource and prompt: a real resources/read and prompts/get, printed in both exports as the same process going on", async () => {
  const a = (await minimalRun()).resourceAndPrompt;
  const [read, prompt] = sent(a, "server");
  assert.deepEqual(read.result.contents, [
    { uri: "olcum://sayaclar", mimeType: "application/json", text: '{"A001":{"onceki":41230,"simdiki":41262}}' },
  ]);
  assert.ok(
    read.result.ttlMs >= 0 && typeof read.result.cacheScope === "string",
    "resources/read carries the caching fields",
  );
  assert.deepEqual(prompt.result.messages, [
    { role: "user", content: { type: "text", text: "How much did A001 use?" } },
  ]);
  for (const message of [read, prompt]) {
    assert.equal(message.result.resultType, "complete");
    assert.deepEqual(message.result._meta["io.modelcontextprotocol/serverInfo"], { name: "olcum", version: "2" });
  }
  for (const { path, text } of lessonExports().filter((e) => e.lesson.name === LESSON_6.name)) {
    const printed = library.formatMinimalServerLines(a, { continued: true });
    assert.ok(!printed.startsWith("$ "), "no second command: the same process");
    assert.ok(text.includes(printed), `${path}: the resource's and the prompt's lines`);
    const prose = text.replace(/```[\s\S]*?```/g, "").replace(/\s+/g, " ");
    assert.match(
      prose,
      /`registerResource\(name, uri, config, read\)` offers the meters at the URI `olcum:\/\/sayaclar`/,
      path,
    );
    assert.match(prose, /`registerPrompt\(name, config, handler\)` offers `tuketim_sor`/, path);
  }
});

test("what the lesson says the SDK answers for the minimal server, it answers in the same run: -32601 for a method with no handler, -32602 for an unknown tool, server/discover", async () => {
  const { sdkAnswers } = await minimalRun();
  assert.deepEqual(
    sent(sdkAnswers, "client").map((request) => request.method),
    ["server/discover", "logging/setLevel", "tools/call"],
  );
  const answers = sent(sdkAnswers, "server");
  assert.deepEqual(answers[0].result.supportedVersions, ["2026-07-28"]);
  // McpServer declares each registered primitive with listChanged: true by itself.
  assert.deepEqual(answers[0].result.capabilities, {
    tools: { listChanged: true },
    resources: { listChanged: true },
    prompts: { listChanged: true },
  });
  // ...unless the author turns it off through the constructor's `capabilities` option, as the lesson says.
  const quiet = new McpServer({ name: "t", version: "1" }, { capabilities: { tools: { listChanged: false } } });
  quiet.registerTool("t", { description: "t" }, () => ({ content: [] }));
  assert.deepEqual(quiet.server.getCapabilities().tools, { listChanged: false });
  assert.equal(answers[1].error.code, -32601, "no logging registered: Method not found");
  assert.equal(answers[2].error.code, -32602);
  assert.equal(answers[2].error.message, "Tool yok_boyle not found");
  for (const { path, text } of lessonExports().filter((e) => e.lesson.name === LESSON_6.name)) {
    const prose = text.replace(/```[\s\S]*?```/g, "").replace(/\s+/g, " ");
    assert.match(prose, /a method it has no handler for with -32601 \(Method not found\)/, path);
    assert.match(
      prose,
      /a call to a tool it lacks with -32602 \(Invalid params\), with the message `Tool <name> not found`\./,
      path,
    );
    // Why lesson 3's servers said `Unknown tool: …`: their own handler copies the tools page's
    // example (2026-07-28 server/tools.mdx, "Error Handling"). MCP only shows the code: that
    // example, and in 2026-07-28 a schema comment (InvalidParamsError); no MUST.
    // And why the two texts differ: the world servers answer it in their own `tools/call` handler
    // (src/server/servedServers.ts `unknownTool`), not McpServer's.
    assert.match(
      prose,
      /No MUST fixes code or text\. Lesson 3's `Unknown tool: tarife` came from the course's servers: their own `tools\/call` handler words it after the tools page's example\./,
      path,
    );
    assert.doesNotMatch(prose, /MCP fixes the code/, path);
    // listChanged as a short boxed note after the list, not a bullet inside it (a
    // student's reading). What the promise is: each primitive's own notification, 2026-07-28 server/tools.mdx,
    // "List Changed Notification" (a SHOULD); in 2026-07-28 only to clients whose
    // subscriptions/listen asked for it (basic/patterns/subscriptions.mdx, "Notification Filter").
    // The default is McpServer's (SDK 2.4: `listChanged: ... ?? true` when a primitive registers);
    // the option that turns it off is checked above.
    assert.match(
      prose,
      /> \*\*`listChanged` is on by default\.\*\* For each primitive the file registers, `McpServer` declares > `"listChanged":true` in both: a promise to send `notifications\/tools\/list_changed` \(or its > resources and prompts kin\) when that list changes, a SHOULD \(`server\/tools\.mdx`, "List Changed > Notification"\), in 2026-07-28 only on a stream the client opened with `subscriptions\/listen` > \(`basic\/patterns\/subscriptions\.mdx`\)\. This server's lists never change, so it never sends one\. > Declare only what you send: `McpServer` takes `listChanged: false` in its `capabilities` option\./,
      path,
    );
    assert.doesNotMatch(prose, /- in both, for each primitive/, `${path}: not a bullet of "It also answers"`);
    // 2026-07-28 server/discover.mdx, "DiscoverResult": `supportedVersions` is "Protocol versions
    // the server supports"; SDK 2.4's stock serveStdio lists the modern ones alone, on purpose (its
    // comment: 2025-era versions are negotiated via `initialize`), yet the same process answers
    // `initialize`.
    // How a dual-era server lists versions: 2026-07-28 basic/versioning.mdx, "Protocol Version
    // Negotiation" (its -32022 example lists 2025-11-25) against stdio.mdx's "Do not fall back".
    assert.match(
      prose,
      /`initialize` in 2025-11-25, and `server\/discover`, whose `supportedVersions` lists `2026-07-28` alone, SDK 2\.4's list, which the course's servers keep \(lesson 5 weighs that choice\);/,
      path,
    );
    assert.doesNotMatch(prose, /leaves open/, path);
    // Lesson 5 holds the clash with basic/versioning.mdx; lesson 6 does not repeat it.
    assert.doesNotMatch(prose, /arguably against/, path);
    assert.doesNotMatch(
      prose,
      /the example in `server\/tools\.mdx` leaves it out/,
      `${path}: no aside on the spec's example`,
    );
    // 2026-07-28 server/discover.mdx: the discover result carries the capabilities too.
    assert.match(
      prose,
      /\(lesson 5 weighs that choice\); - a method it has no handler for with -32601 \(Method not found\);/,
      path,
    );
    // serveStdio calls the factory once per connection (the test below counts the calls).
    assert.match(
      prose,
      /It takes a \*factory\*, a function that builds a server, and calls it once per connection\./,
      path,
    );
    assert.doesNotMatch(prose, /may build one to answer a first `server\/discover`/, path);
    // McpServer answers a handler's throw as a tool execution error (the test below throws one;
    // SDK 2.4 McpServer's tools/call handler catches and returns createToolError(message)).
    assert.match(
      prose,
      /\*\*Throw or return `isError`\.\*\* A tool handler fails in one of two ways\. It returns a result with `isError: true` and text of its own, as `sayac_oku` does for an unknown subscriber\. Or it throws an `Error`, and `McpServer` answers the same kind of result, the error's message its only text: after `throw new Error\("patladi"\)` \(it blew up\), the result holds `"content":\[\{"type":"text","text":"patladi"\}\],"isError":true`\. Either way the client gets a tool execution error, not a JSON-RPC error, and SHOULD hand it to its model \(2026-07-28 `server\/tools\.mdx`, "Error Handling"\)\./,
      path,
    );
    // The world servers' caching values are the course's (its `cacheHints` option), not the SDK's.
    assert.match(
      prose,
      /The SDK wrote `resultType` and `_meta`, here saying `undeclared`\. `ttlMs` and `cacheScope` are the course's hour and `"public"` \(lesson 4\)\. The empty call/,
      path,
    );
  }
});

/** A factory that counts its calls, for a server whose one tool throws. */
function countingFactory(): { factory: () => McpServer; calls: () => number } {
  let calls = 0;
  const factory = () => {
    calls += 1;
    const server = new McpServer({ name: "t", version: "1" });
    server.registerTool("patla", { description: "throws" }, () => {
      throw new Error("patladi");
    });
    return server;
  };
  return { factory, calls: () => calls };
}

/** Serves `factory` on in-memory stdio, writes `messages` one at a time, and returns the parsed answers. */
async function overStdio(factory: () => McpServer, messages: object[]): Promise<Record<string, any>[]> {
  const [input, output] = [new PassThrough(), new PassThrough()];
  const answers: Record<string, any>[] = [];
  output.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) answers.push(JSON.parse(line));
  });
  const served = serveStdio(factory, { transport: new StdioServerTransport(input, output) });
  for (const message of messages) {
    const before = answers.length;
    input.write(`${JSON.stringify(message)}\n`);
    for (let i = 0; i < 200 && answers.length === before; i++) await new Promise((r) => setTimeout(r, 5));
  }
  await served.close();
  return answers;
}

/** A POST of a 2025-11-25 client's message to an HTTP handler's endpoint, as Streamable HTTP sends it. */
function legacyPost(body: object): Request {
  return new Request("http://127.0.0.1/mcp", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
    },
    body: JSON.stringify(body),
  });
}

test("what lesson 6 says of SDK 2.4: the factory's calls under serveStdio, a handler's throw, and 2025 over HTTP without a session", async () => {
  const meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "t", version: "0" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  const discover = { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: meta } };
  const call = { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "patla", arguments: {}, _meta: meta } };
  const initialize = {
    jsonrpc: "2.0",
    id: 2,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "0" } },
  };
  // Once per connection, even after a server/discover, while the client stays in 2026-07-28.
  const modern = countingFactory();
  const answers = await overStdio(modern.factory, [discover, call]);
  assert.equal(modern.calls(), 1);
  // McpServer answers the throw as a tool execution error, the message as its text.
  assert.deepEqual(answers[1].result.content, [{ type: "text", text: "patladi" }]);
  assert.equal(answers[1].result.isError, true);
  // Once more when server/discover is followed by 2025's initialize.
  const fallback = countingFactory();
  const [, opened] = await overStdio(fallback.factory, [discover, initialize]);
  assert.equal(opened.result.protocolVersion, "2025-11-25");
  assert.equal(fallback.calls(), 2);
  // Why twice: the factory is told the era of each server it builds; the probe's was built for
  // 2026-07-28, so the SDK discards it and builds a fresh one for the 2025-11-25 initialize.
  const eras: unknown[] = [];
  const byEra = (context: { era?: unknown }) => {
    eras.push(context.era);
    return countingFactory().factory();
  };
  await overStdio(byEra as () => McpServer, [discover, initialize]);
  assert.deepEqual(eras, ["modern", "legacy"]);
  // Over HTTP, by default, a 2025 initialize is answered with no MCP-Session-Id, one server per request.
  const http = countingFactory();
  const handler = createMcpHandler(http.factory);
  const post = (body: object) => handler.fetch(legacyPost(body));
  const first = await post(initialize);
  assert.equal(first.status, 200);
  assert.equal(first.headers.get("mcp-session-id"), null);
  await first.text();
  const second = await post({ jsonrpc: "2.0", id: 3, method: "tools/list", params: {} });
  assert.match(await second.text(), /"name":"patla"/);
  assert.equal(http.calls(), 2, "a new server for each POST");
  // `legacy: 'reject'` turns 2025 off (-32022, the error for an unsupported version), and
  // `isLegacyRequest` picks out the 2025 request a program would route elsewhere.
  const strict = createMcpHandler(countingFactory().factory, { legacy: "reject" });
  const refused = await strict.fetch(legacyPost(initialize));
  assert.equal(refused.status, 400);
  assert.equal(JSON.parse(await refused.text()).error.code, -32022);
  assert.equal(await isLegacyRequest(legacyPost(initialize)), true);
  // The later POST's server never saw the client's capabilities (2025-11-25 basic/lifecycle.mdx,
  // "Operation": only capabilities successfully negotiated may be used), so SDK 2.4 refuses to ask
  // it for elicitation, even from a client that declared it in its initialize.
  const seen: McpServer[] = [];
  const asking = createMcpHandler(() => {
    const server = new McpServer({ name: "t", version: "1" });
    server.registerTool("sor", { description: "asks the user" }, async () => {
      await server.server.elicitInput({ message: "ok?", requestedSchema: { type: "object", properties: {} } });
      return { content: [{ type: "text", text: "asked" }] };
    });
    seen.push(server);
    return server;
  });
  const postTo = (body: object) => asking.fetch(legacyPost(body));
  const withElicitation = { ...initialize, params: { ...initialize.params, capabilities: { elicitation: {} } } };
  await (await postTo(withElicitation)).text();
  assert.ok(seen[0].server.getClientCapabilities()?.elicitation, "the initialize POST's server saw it");
  const asked = await (
    await postTo({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "sor", arguments: {} } })
  ).text();
  assert.equal(seen[1].server.getClientCapabilities(), undefined, "the POST's server never saw initialize");
  assert.match(asked, /"isError":true/);
  assert.match(asked, /Client does not support form elicitation/);
});

// ---- The minimal server over Streamable HTTP (`olcumHttpServer.ts`), a process of its own ----

test("the minimal server over HTTP answers the stdio call with the stdio answer's JSON, in lesson 2's framing, printed in both exports", async () => {
  const http = await minimalHttpRun();
  assert.deepEqual(http, await minimalHttpRun(), "no port, time or seed changes a byte");
  const request = http.exchange.request;
  for (const field of ["mcp-method: tools/call", "mcp-name: sayac_oku", "mcp-protocol-version: 2026-07-28"])
    assert.ok(request.head.includes(field), field);
  const response = http.exchange.response;
  assert.equal(response.head[0], "HTTP/1.1 200 OK");
  assert.ok(response.head.includes("content-type: application/json"));
  // The stdio answer to the same call (id 2 there), with this POST's id.
  const [, stdioCall] = sent((await minimalRun()).tool, "server");
  assert.deepEqual(JSON.parse(response.content), { ...stdioCall, id: 1 });
  assert.equal(request.content, lineOf(2, (await minimalRun()).tool, 1));
  for (const { path, text } of lessonExports().filter((e) => e.lesson.name === LESSON_6.name)) {
    assert.ok(text.includes(library.formatMinimalHttp(http)), `${path}: the exchange as it crossed`);
    // One bullet per piece of the SDK, each saying what it does; the program uses three of them.
    const spaced = text.replace(/```[\s\S]*?```/g, "").replace(/\s+/g, " ");
    for (const piece of [
      /- \*\*`createMcpHandler\(factory\)`\*\* calls the factory once per HTTP request: each POST meets a new server object\. By default it also serves 2025-11-25 clients, but gives them no session: it answers `initialize` without an `MCP-Session-Id`, and the server that answered is gone by the next POST\./,
      // The default stateless legacy fallback forgets the client between POSTs (each POST a new
      // server, tested above), so a server that needs the client's capabilities across requests
      // needs legacy: 'reject' or a sessionful legacy route (2025-11-25 transports.mdx, "Session
      // Management"; SDK 2.4 createMcpHandler's `legacy` option docs). Said in the student's terms:
      // no server A / server B / third server, which needed lesson 10's server requests.
      /- \*\*`legacy: 'reject'`\*\*, a `createMcpHandler` option, turns 2025-11-25 clients away \(see below\)\./,
      // Its reason in a paragraph of its own, with what breaks (a student's reading; tested above).
      /Why reject them\? By default a 2025-11-25 client's requests each meet a new server object:/,
      /A server MUST use only capabilities negotiated \(2025-11-25 `basic\/lifecycle\.mdx`, "Operation"\), so B refuses what the client declared\. A server that needs the client's capabilities across requests needs `legacy: 'reject'`, or a stateful legacy route/,
      /- \*\*`toNodeHandler\(handler\)`\*\* fits it to Node's `http`, checking neither `Origin` nor `Host`\./,
      // 2026-07-28 streamable-http.mdx, "Security & Endpoint": servers MUST validate Origin; they
      // SHOULD bind only to localhost when running locally.
      // The MUST binds every server, so the fix names a guard for both: loopback and remote.
      /- \*\*`localhostHostValidation\(\)`\*\* and \*\*`localhostOriginValidation\(\)`\*\*, the loopback guards, answer 403 to a `Host` or `Origin` that is not this machine\. Only the `Origin` check is MCP's: every server MUST make it \(2026-07-28 `basic\/transports\/streamable-http\.mdx`, "Security & Endpoint"\)\. So `toNodeHandler` alone breaks that MUST\. A local server needs `localhostOriginValidation\(\)`; a remote one, `originValidation\(\)` with its allowed origins\./,
      /The program below uses `createMcpHandler`, `toNodeHandler` and both guards, and listens on `127\.0\.0\.1`, as the same section SHOULD\. Then its answer to the stdio call: the same JSON, but for the `id`, in lesson 2's header block and chunked coding:/,
    ])
      assert.match(spaced, piece, path);
    // isLegacyRequest is not used by the program, so it is not listed.
    assert.doesNotMatch(spaced, /`isLegacyRequest/, path);
  }
});

test("the minimal HTTP server refuses what lesson 2's rules refuse: another site's Origin and a Host that is not loopback (403), and any path but /mcp (404)", async () => {
  const served = await startMinimalHttpServer();

  try {
    const body = JSON.parse(lineOf(2, (await minimalRun()).tool, 1)) as unknown;
    const post = (url: string, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          url,
          { method: "POST", headers: { ...statelessPostHeaders(JSON.stringify(body)), ...headers } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.once("error", reject);
        req.end(JSON.stringify(body));
      });
    assert.equal(await post(served.url, { origin: "https://attacker.example" }), 403);
    assert.equal(await post(served.url, { host: "attacker.example" }), 403);
    assert.equal(await post(served.url.replace(/\/mcp$/, "/other"), {}), 404);
    assert.equal(await post(served.url, { origin: "http://localhost:8080" }), 200, "a loopback Origin passes");
  } finally {
    await served.stop();
  }
});

/** The `n`th line the client wrote in a transcript, with its `id` set to `id`. */
function lineOf(n: number, transcript: Transcript, id: number): string {
  const line = transcript.steps.filter((step) => isTranscriptLine(step) && step.from === "client")[n - 1] as {
    line: string;
  };
  return JSON.stringify({ ...JSON.parse(line.line), id });
}
