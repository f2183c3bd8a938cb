// Invariant: `mcp-course serve <server> --http` is a real process that serves both eras on /mcp,
// checks Host and Origin before any MCP work, answers bad input with an HTTP status and a JSON-RPC
// error body that 2026-07-28 allows (the request's id, or no id member when none was read; no code
// of the legacy range -32000..-32019) and serves on, tells one story about the revisions it accepts
// in every order of requests, and stops cleanly on SIGINT/SIGTERM.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { createConnection, createServer } from "node:net";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { ROOT } from "../helpers";
import { MAX_BODY_BYTES } from "../../src/server/httpConstants";
import { serveHttp } from "../../src/server/httpServer";
import { messages } from "../../src/cli/messages";
import { SLOW_PROGRESS_STEPS } from "../../src/server/faults";

const MAIN = join(ROOT, "dist", "cli", "main.js");
/** What the endpoint accepts: 2026-07-28 per request, the legacy revisions through initialize. */
const ALL = ["2026-07-28", "2025-11-25", "2025-06-18", "2024-11-05"];
/** What it lists (server/discover, −32022): 2026-07-28 alone, the one version _meta may name. */
const LISTED = ["2026-07-28"];
const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};
const INIT = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } };

/** One served process: its URL, its stderr so far, and how it ended. */
interface Served {
  url: string;
  child: ChildProcess;
  stderr: () => string;
  exit: Promise<number | null>;
}

/** Starts `serve … --http --port 0` and waits for its `listening` line. */
async function startServer(args: string[]): Promise<Served> {
  const child = spawn(process.execPath, [MAIN, "serve", ...args, "--http", "--port", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const line = stderr.split("\n").find((l) => l.includes('"listening"'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    void exit.then((code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  return { url, child, stderr: () => stderr, exit };
}

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The JSON-RPC message of the body: JSON, or the `data:` line of an SSE event. */
  json: Record<string, unknown> | undefined;
}

/** One HTTP request on a connection of its own. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; path?: string } = {},
): Promise<Reply> {
  const target = new URL(options.path ?? "", url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      target,
      {
        method: options.method ?? "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          const data = text.startsWith("{") ? text : /^data: (.*)$/m.exec(text)?.[1];
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            text,
            json: data ? (JSON.parse(data) as Record<string, unknown>) : undefined,
          });
        });
      },
    );
    // A server may answer (413) and close before a large body is all written: the write then
    // fails (EPIPE, ECONNRESET) while the answer is already on its way, so only a connection that
    // closes with no answer is a failure.
    let answered = false;
    req.on("response", () => (answered = true));
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    req.on("close", () => {
      if (!answered) reject(new Error("the connection closed with no answer"));
    });
    req.end(options.body);
  });
}

/** A 2026-07-28 request with its headers; the envelope's `_meta` fields join any `params._meta` gives. */
function modern(
  url: string,
  id: number,
  method: string,
  params: Record<string, unknown> = {},
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = { "mcp-protocol-version": "2026-07-28", "mcp-method": method, ...extra };
  if (typeof params.name === "string") headers["mcp-name"] = params.name;
  return send(url, {
    headers,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method,
      params: { ...params, _meta: { ...META, ...(params._meta as object | undefined) } },
    }),
  });
}

/** A 2025 request: `initialize` with no version header, the rest with 2025-11-25's. */
function legacy(url: string, id: number, method: string, params?: Record<string, unknown>) {
  const headers: Record<string, string> = method === "initialize" ? {} : { "mcp-protocol-version": "2025-11-25" };
  return send(url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) }) });
}

/**
 * An error body as 2026-07-28 allows it (`JSONRPCErrorResponse.id?: RequestId`, never null; no code
 * of the legacy sub-range, `basic/index.mdx` "Error Codes"): `id` is the request's, or absent.
 */
function assertConformingError(reply: Reply, id: number | undefined, name = ""): void {
  const { code } = errorOf(reply);
  assert.ok(!(code >= -32019 && code <= -32000), `${name}: ${code} is in the legacy range`);
  assert.equal(reply.json?.jsonrpc, "2.0", name);
  if (id === undefined) assert.ok(!("id" in reply.json!), `${name}: no id member: ${reply.text}`);
  else assert.equal(reply.json?.id, id, name);
}

function errorOf(reply: Reply): { code: number; message: string; data?: { supported?: string[] } } {
  const error = reply.json?.error as { code: number; message: string; data?: { supported?: string[] } } | undefined;
  assert.ok(error, `expected an error: ${reply.status} ${reply.text}`);
  return error;
}

function resultOf(reply: Reply): Record<string, unknown> {
  const result = reply.json?.result as Record<string, unknown> | undefined;
  assert.ok(result, `expected a result: ${reply.status} ${reply.text}`);
  return result;
}

async function stop(served: Served, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  if (served.child.exitCode === null) served.child.kill(signal);
  return served.exit;
}

describe("serve --http, both eras (tarife)", () => {
  let served: Served;
  before(async () => (served = await startServer(["tarife"])));
  after(() => stop(served));

  it("logs one listening line with the URL on loopback, endpoint /mcp", () => {
    assert.match(served.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const lines = served
      .stderr()
      .split("\n")
      .filter((line) => line.includes('"listening"'));
    assert.equal(lines.length, 1);
  });

  it("2026-07-28: tools/list and tools/call, each one POST, with the envelope fields", async () => {
    const list = resultOf(await modern(served.url, 1, "tools/list"));
    assert.deepEqual(
      (list.tools as { name: string }[]).map((tool) => tool.name),
      ["tarife"],
    );
    assert.equal(list.resultType, "complete");
    const call = await modern(served.url, 2, "tools/call", { name: "tarife", arguments: { m3: 12, tip: "mesken" } });
    const result = resultOf(call);
    assert.notEqual(result.isError, true, call.text);
    assert.deepEqual(result._meta, { "io.modelcontextprotocol/serverInfo": { name: "tarife", version: "1" } });
  });

  it("2025-11-25: initialize, then a tools/call on a POST of its own, with no session issued", async () => {
    const init = await legacy(served.url, 1, "initialize", INIT);
    assert.equal(resultOf(init).protocolVersion, "2025-11-25");
    assert.equal(init.headers["mcp-session-id"], undefined);
    const call = await legacy(served.url, 2, "tools/call", { name: "tarife", arguments: { m3: 12, tip: "mesken" } });
    assert.ok(Array.isArray(resultOf(call).content));
  });

  it("one story in every order: discover and -32022 list 2026-07-28 alone, and initialize serves every legacy revision", async () => {
    const orders: (() => Promise<void>)[] = [
      async () => {
        const discover = resultOf(await modern(served.url, 1, "server/discover"));
        assert.deepEqual(discover.supportedVersions, LISTED);
        assert.equal(resultOf(await legacy(served.url, 2, "initialize", INIT)).protocolVersion, "2025-11-25");
      },
      async () => {
        assert.ok(resultOf(await legacy(served.url, 1, "initialize", INIT)));
        assert.ok(resultOf(await legacy(served.url, 2, "tools/list")));
        assert.ok(resultOf(await modern(served.url, 3, "tools/list")));
        assert.deepEqual(resultOf(await modern(served.url, 4, "server/discover")).supportedVersions, LISTED);
      },
      async () => {
        const refused = await send(served.url, {
          headers: { "mcp-protocol-version": "1999-01-01", "mcp-method": "tools/list" },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 5,
            method: "tools/list",
            params: { _meta: { ...META, "io.modelcontextprotocol/protocolVersion": "1999-01-01" } },
          }),
        });
        assert.equal(refused.status, 400);
        assert.equal(errorOf(refused).code, -32022);
        assert.deepEqual(errorOf(refused).data?.supported, LISTED);
        for (const version of ALL.slice(1))
          assert.equal(
            resultOf(await legacy(served.url, 6, "initialize", { ...INIT, protocolVersion: version })).protocolVersion,
            version,
          );
      },
    ];
    for (const order of orders) await order();
    for (const order of [...orders].reverse()) await order();
  });

  it("headers: a mismatched MCP-Protocol-Version is 400 -32020; a missing Mcp-Name is -32020; a stale Mcp-Session-Id is ignored", async () => {
    const mismatch = await send(served.url, {
      headers: { "mcp-protocol-version": "2025-11-25", "mcp-method": "tools/list" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } }),
    });
    assert.equal(mismatch.status, 400);
    assert.equal(errorOf(mismatch).code, -32020);
    const noName = await send(served.url, {
      headers: { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "tarife", _meta: META } }),
    });
    assert.equal(errorOf(noName).code, -32020);
    const stale = await modern(served.url, 3, "tools/list", {}, { "mcp-session-id": "from-an-old-client" });
    assert.equal(stale.status, 200);
    assert.ok(resultOf(stale).tools);
  });

  it("no MCP-Protocol-Version: 400 -32020 when _meta names 2026-07-28; served on the legacy path with no _meta (lesson 2, section 3)", async () => {
    // 2026-07-28 streamable-http.mdx, "Protocol Version Header": a server that supports clients earlier than
    // 2025-06-18 MAY treat a request that omits the header as 2025-03-26. The era is read from the body.
    const modernBody = await send(served.url, {
      headers: { "mcp-method": "tools/list" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } }),
    });
    assert.equal(modernBody.status, 400, modernBody.text);
    assert.equal(errorOf(modernBody).code, -32020);
    const older = await send(served.url, {
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} }),
    });
    assert.equal(older.status, 200, older.text);
    assert.ok(resultOf(older).tools);
  });

  it("a 2026-07-28 request whose _meta lacks or mistypes a required field is 400 with -32602, as with no _meta at all", async () => {
    const version = { "io.modelcontextprotocol/protocolVersion": "2026-07-28" };
    const metas: [string, Record<string, unknown> | undefined][] = [
      ["no _meta", undefined],
      ["no clientCapabilities", version],
      ["clientCapabilities an array", { ...version, "io.modelcontextprotocol/clientCapabilities": [] }],
      ["clientInfo without a version", { ...META, "io.modelcontextprotocol/clientInfo": { name: "t" } }],
    ];
    for (const [name, meta] of metas) {
      const reply = await send(served.url, {
        headers: { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list", params: meta ? { _meta: meta } : {} }),
      });
      assert.equal(reply.status, 400, `${name}: ${reply.text}`);
      assert.equal(errorOf(reply).code, -32602, name);
      if (meta) assertConformingError(reply, 7, name);
    }
    // server/discover is a 2026-07-28 request too, with or without the header.
    const discover = await send(served.url, {
      body: JSON.stringify({ jsonrpc: "2.0", id: 8, method: "server/discover", params: { _meta: version } }),
    });
    assert.equal(discover.status, 400, discover.text);
    assert.equal(errorOf(discover).code, -32602);
  });

  it("GET and DELETE are 405 (Allow: POST); an unknown method 404 with -32601; another path 404, -32600 and no id", async () => {
    for (const method of ["GET", "DELETE"]) {
      const refused = await send(served.url, { method });
      assert.equal(refused.status, 405);
      assert.equal(refused.headers.allow, "POST");
      assert.deepEqual(errorOf(refused).code, -32600);
      assertConformingError(refused, undefined, method);
    }
    const unknown = await modern(served.url, 1, "nothing/here");
    assert.equal(unknown.status, 404);
    assert.equal(errorOf(unknown).code, -32601);
    assertConformingError(unknown, 1, "unknown method");
    const elsewhere = await send(served.url, { path: "/other", body: "{}" });
    assert.equal(elsewhere.status, 404);
    assert.equal(
      elsewhere.text,
      '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Not Found: the MCP endpoint is /mcp."}}',
      "no request was read: no id member, and JSON-RPC's Invalid Request",
    );
    // A request target in absolute form (RFC 9112 §3.2.2) names the same endpoint.
    const { hostname, port } = new URL(served.url);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = httpRequest({
        host: hostname,
        port,
        path: served.url,
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": "tools/list",
        },
      });
      req.once("response", (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.once("error", reject);
      req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } }));
    });
    assert.equal(status, 200);
  });

  it("a foreign Origin and a rebinding Host are 403, before any MCP work", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } });
    const origin = await send(served.url, { headers: { origin: "http://evil.example" }, body });
    assert.equal(origin.status, 403);
    assert.equal(
      origin.text,
      '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Origin: evil.example"}}',
      "the spec's body for this 403: a JSON-RPC error with no id",
    );
    const host = await send(served.url, { headers: { host: "evil.example" }, body });
    assert.equal(host.status, 403);
    assert.equal(host.text, '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Host: evil.example"}}');
    const garbled = await send(served.url, { headers: { origin: "not a url" }, body });
    assert.equal(garbled.status, 403);
    assertConformingError(garbled, undefined, "an Origin that is no URL");
    const local = await modern(served.url, 2, "tools/list", {}, { origin: "http://localhost:3000" });
    assert.equal(local.status, 200);
  });

  it("the SDK's own error answers get the same rules; a 2025-06-18 request keeps JSON-RPC's id null", async () => {
    // The legacy fallback's 406 (an Accept without text/event-stream): the SDK writes -32000 and id null.
    const notAcceptable = await send(served.url, {
      headers: { accept: "application/json", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/list" }),
    });
    assert.equal(notAcceptable.status, 406);
    assert.equal(errorOf(notAcceptable).code, -32600);
    assertConformingError(notAcceptable, undefined, "406");
    // A notification whose headers disagree with its body: -32020, which has no id to echo.
    const mismatch = await send(served.url, {
      headers: { "mcp-protocol-version": "2026-07-28", "mcp-method": "notifications/other" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: 1, _meta: META },
      }),
    });
    assert.equal(mismatch.status, 400);
    assert.equal(errorOf(mismatch).code, -32020);
    assertConformingError(mismatch, undefined, "a notification's -32020");
    // 2025-06-18's schema requires an id member on every error and has no value for an id not read
    // (`RequestId` is a string or a number): JSON-RPC 2.0's null, as stdio answers it.
    const older = await send(served.url, { headers: { "mcp-protocol-version": "2025-06-18" }, body: "{oops" });
    assert.equal(older.status, 400);
    assert.equal(
      older.text,
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the request body is not valid JSON."}}',
    );
  });

  it("bad input gets a status and a JSON-RPC error the spec allows (no id when none was read); the server serves on", async () => {
    const cases: [string, Parameters<typeof send>[1], number, number | undefined][] = [
      ["no body", { body: "" }, 400, -32700],
      ["not JSON", { body: "{oops" }, 400, -32700],
      ["not UTF-8", { body: Buffer.from([0x7b, 0xff, 0x7d]) }, 400, -32700],
      ["wrong Content-Type", { headers: { "content-type": "text/plain" }, body: "{}" }, 415, -32600],
      ["a body over 10 MiB", { body: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) }, 413, -32600],
      [
        "a chunked body over 10 MiB",
        { headers: { "transfer-encoding": "chunked" }, body: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) },
        413,
        -32600,
      ],
      ["JSON that is no message", { body: "5" }, 400, -32600],
      [
        "a request whose id is null",
        { body: JSON.stringify({ jsonrpc: "2.0", id: null, method: "tools/list", params: { _meta: META } }) },
        400,
        -32600,
      ],
      [
        "a notification nested 2,000 deep",
        {
          body: `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"x":${"[".repeat(2000)}${"]".repeat(2000)}}}`,
        },
        400,
        -32600,
      ],
      [
        "a batch",
        { body: JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } }]) },
        400,
        -32600,
      ],
      [
        "a legacy batch",
        {
          headers: { "mcp-protocol-version": "2025-11-25" },
          body: JSON.stringify([
            { jsonrpc: "2.0", id: 1, method: "ping" },
            { jsonrpc: "2.0", id: 2, method: "ping" },
          ]),
        },
        400,
        -32600,
      ],
      [
        "a batch holding initialize",
        { body: JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "initialize", params: INIT }]) },
        400,
        -32600,
      ],
      ["a response object", { body: JSON.stringify({ jsonrpc: "2.0", id: 1, result: {} }) }, 202, undefined],
      [
        "100,000-deep nesting",
        {
          body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tarife","arguments":${'{"a":'.repeat(100000)}1${"}".repeat(100000)}}}`,
        },
        200,
        -32602,
      ],
      [
        "initialize with bad params",
        {
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "initialize",
            params: { protocolVersion: "2025-11-25" },
          }),
        },
        200,
        -32602,
      ],
    ];
    for (const [name, options, status, code] of cases) {
      const reply = await send(served.url, options).catch((error: Error) => {
        throw new Error(`${name}: ${error.message}`);
      });
      assert.equal(reply.status, status, `${name}: ${reply.text}`);
      if (code !== undefined) assert.equal(errorOf(reply).code, code, name);
      if (code !== undefined) assertConformingError(reply, status === 200 ? 1 : undefined, name);
      if (status === 202) assert.equal(reply.text, "", name);
      if (code !== undefined) assert.ok(!errorOf(reply).message.includes("\n"), `${name}: one line`);
      assert.ok(resultOf(await modern(served.url, 9, "tools/list")).tools, `serves on after ${name}`);
    }
  });
});

describe("serve --http, one era only", () => {
  it("--era stateless refuses initialize -32022 and lists 2026-07-28 alone", async () => {
    const served = await startServer(["kayit", "--era", "stateless"]);
    try {
      const init = await legacy(served.url, 1, "initialize", INIT);
      assert.equal(errorOf(init).code, -32022);
      assert.deepEqual(errorOf(init).data?.supported, ["2026-07-28"]);
      assert.deepEqual(resultOf(await modern(served.url, 2, "server/discover")).supportedVersions, ["2026-07-28"]);
    } finally {
      await stop(served);
    }
  });

  it("--era legacy: a 2026 header is 400 with no modern error (-32600), server/discover -32601, initialize served", async () => {
    const served = await startServer(["olcum", "--era", "legacy"]);
    try {
      const discover = await modern(served.url, 1, "server/discover");
      assert.equal(discover.status, 400);
      assert.equal(errorOf(discover).code, -32600);
      assertConformingError(discover, 1, "a 2026 header on a legacy endpoint");
      const unheaded = await send(served.url, {
        body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "server/discover", params: { _meta: META } }),
      });
      assert.equal(errorOf(unheaded).code, -32601);
      assert.equal(resultOf(await legacy(served.url, 2, "initialize", INIT)).protocolVersion, "2025-11-25");
    } finally {
      await stop(served);
    }
  });
});

// Each test starts and stops its own server; they run side by side, as most of their time is spent
// waiting (a slow tool, a stop that waits for a stalled client).
describe("serve --http: the fleet, faults and stopping", { concurrency: true }, () => {
  it("the fleet's validating path over HTTP: an invalid argument is a tool error in 2026-07-28", async () => {
    const served = await startServer(["fleet"]);
    try {
      const call = await modern(served.url, 1, "tools/call", { name: "top_devices", arguments: { limit: "ten" } });
      assert.equal(resultOf(call).isError, true);
      const ok = await modern(served.url, 2, "tools/call", { name: "count_devices", arguments: {} });
      assert.notEqual(resultOf(ok).isError, true, ok.text);
    } finally {
      await stop(served);
    }
  });

  it("--fault crash:2 ends the process during the second tools/call (exit 1)", async () => {
    const served = await startServer(["fleet", "--fault", "crash:2"]);
    const first = await modern(served.url, 1, "tools/call", { name: "count_devices", arguments: {} });
    assert.ok(resultOf(first));
    await modern(served.url, 2, "tools/call", { name: "count_devices", arguments: {} }).catch(() => undefined);
    assert.equal(await served.exit, 1);
    assert.match(served.stderr(), /"event":"stopping","reason":"crash"/);
  });

  it("slow with a progressToken, in either era: the POST is answered by an SSE stream, the progress notifications first, then the response", async () => {
    const served = await startServer(["fleet", "--fault", "slow", "--slow-ms", "150"]);
    /** Every JSON-RPC message of an SSE body, in order (each event's `data:` line). */
    const events = (reply: Reply) =>
      [...reply.text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
    const expected = (token: string) =>
      Array.from({ length: SLOW_PROGRESS_STEPS }, (_, k) => ({
        progressToken: token,
        progress: k + 1,
        total: SLOW_PROGRESS_STEPS,
        message: `top_devices: part ${k + 1} of ${SLOW_PROGRESS_STEPS} done`,
      }));
    try {
      // The fault sleeps only on the first top_devices: one call, in 2026-07-28, carries the token.
      const reply = await modern(served.url, 1, "tools/call", {
        name: "top_devices",
        arguments: { field: "alerts" },
        _meta: { progressToken: "p-1" },
      });
      assert.equal(reply.status, 200);
      assert.match(String(reply.headers["content-type"]), /^text\/event-stream/);
      const all = events(reply);
      const progress = all.filter((m) => m.method === "notifications/progress");
      assert.deepEqual(
        progress.map((m) => m.params),
        expected("p-1"),
      );
      assert.ok(
        progress.every((m) => !("id" in m)),
        "notifications carry no id",
      );
      assert.equal(all.length, SLOW_PROGRESS_STEPS + 1, reply.text);
      assert.equal(all.at(-1)!.id, 1, "the response comes last, after the progress");
      assert.ok((all.at(-1)!.result as { content?: unknown }).content, reply.text);
    } finally {
      await stop(served);
    }
    // A 2025-11-25 request on a fresh process: the same notifications, on its stream.
    const legacyServed = await startServer(["fleet", "--fault", "slow", "--slow-ms", "150"]);
    try {
      const reply = await legacy(legacyServed.url, 2, "tools/call", {
        name: "top_devices",
        arguments: { field: "alerts" },
        _meta: { progressToken: 7 },
      });
      const all = events(reply);
      assert.deepEqual(
        all.filter((m) => m.method === "notifications/progress").map((m) => m.params),
        expected(7 as unknown as string),
      );
      assert.equal(all.at(-1)!.id, 2, reply.text);
    } finally {
      await stop(legacyServed);
    }
  });

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`${signal}: a request in flight is answered, then exit 0 with a stopping line`, async () => {
      const served = await startServer(["fleet", "--fault", "slow", "--slow-ms", "3000"]);
      const slow = modern(served.url, 1, "tools/call", { name: "top_devices", arguments: {} });
      // The call has reached the tool once its log shows nothing yet but the server is busy: wait
      // for the request to be read before signalling (the slow tool sleeps 3 s; a second leaves a
      // loaded machine room to read it).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      served.child.kill(signal);
      const reply = await slow;
      assert.equal(reply.status, 200);
      assert.ok(resultOf(reply).content);
      assert.equal(await served.exit, 0);
      assert.match(served.stderr(), new RegExp(`"event":"stopping","reason":"${signal}"`));
    });
  }

  it("--host beyond loopback with --allow-remote: it serves, with one warning line once listening", async () => {
    const served = await startServer(["tarife", "--host", "0.0.0.0", "--allow-remote"]);
    try {
      const url = served.url.replace("0.0.0.0", "127.0.0.1");
      assert.ok(resultOf(await modern(url, 1, "tools/list")).tools);
      const warnings = served
        .stderr()
        .split("\n")
        .filter((line) => line.startsWith("warning:"));
      assert.deepEqual(warnings, [messages.remoteWarning("0.0.0.0")]);
    } finally {
      await stop(served);
    }
  });

  it(
    "a client stalled halfway through its request holds neither the stop nor the process",
    { timeout: 120_000 },
    async () => {
      const served = await startServer(["tarife"]);
      const { port } = new URL(served.url);
      const socket = createConnection(Number(port), "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      socket.on("error", () => {});
      // A Content-Length of 100, and only 10 bytes of body, never more.
      socket.write(
        'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"jsonrpc"',
      );
      try {
        assert.equal(await stop(served), 0);
        assert.match(served.stderr(), /"event":"stopping","reason":"SIGTERM"/);
      } finally {
        socket.destroy();
      }
    },
  );

  it("a port in use is one line on stderr and exit 1", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const child = spawn(process.execPath, [MAIN, "serve", "tarife", "--http", "--port", String(port)], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      assert.equal(code, 1);
      const lines = stderr
        .trimEnd()
        .split("\n")
        .filter((line) => !line.startsWith("{"));
      assert.deepEqual(lines, [`mcp-course: ${messages.portInUse("127.0.0.1", port)}`]);
    } finally {
      blocker.close();
    }
  });
});

describe("serveHttp in process", () => {
  it("has written the listening line, with its URL, by the time it resolves: whoever waits on it is not kept waiting", async () => {
    const lines: string[] = [];
    const serving = await serveHttp(
      { server: "tarife", port: 0 },
      { log: (text) => lines.push(text), onStopSignal: () => {} },
    );
    try {
      const events = lines
        .join("")
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line) as { event: string; url?: string });
      assert.deepEqual(
        events.map((event) => event.event),
        ["serving", "listening"],
      );
      assert.equal(events[1].url, serving.url);
    } finally {
      await serving.close();
    }
  });
});
