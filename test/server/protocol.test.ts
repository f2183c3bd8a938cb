// Invariant: a real `mcp-course serve` subprocess speaks JSON-RPC as MCP asks — every request answered once (errors with their codes), no notification answered, hostile input answered or dropped while the next request is still served, stdout protocol only, stderr JSON lines, exit 0 when stdin closes.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { ROOT } from "../helpers";
import { answer, call, eventsOf, messages, notification, OPENING, request, runServer, type ServerRun } from "./wire";

describe("serve: the protocol over a real pipe", () => {
  let run: ServerRun;
  before(async () => {
    run = await runServer(
      ["olcum"],
      [
        OPENING,
        request(2, "tools/list"),
        call(3, "sayac_oku", { abone: "A001" }),
        notification("notifications/whatever", { note: "no reply" }),
        request(4, "no/such/method"),
        "{this is not json\n",
        request(5, "tools/call", { arguments: {} }), // no name
        call(6, "sayac_oku", { abone: "A999" }), // the handler answers {hata: "abone yok"}
        call(7, "no_such_tool"),
        request(8, "ping"),
      ],
    );
  });

  it("answers initialize with the server's name, version and capabilities, and exits 0 when stdin closes", () => {
    assert.equal(run.code, 0);
    const init = answer(run, 1)!;
    assert.deepEqual(init.result.serverInfo, { name: "olcum", version: "2" });
    assert.deepEqual(init.result.capabilities, { tools: {}, resources: {} });
    assert.equal(init.result.protocolVersion, "2025-06-18");
  });

  it("lists tools and serves a call with the simulator's handler", () => {
    assert.deepEqual(
      answer(run, 2)!.result.tools.map((tool: { name: string }) => tool.name),
      ["sayac_oku", "tuketim"],
    );
    const result = answer(run, 3)!.result;
    assert.equal(result.isError, false);
    assert.deepEqual(Object.keys(JSON.parse(result.content[0].text)), ["onceki", "simdiki", "tip"]);
  });

  it("writes one line per request and none for a notification: stdout is JSON-RPC only", () => {
    const all = messages(run); // throws on a line that is not JSON
    for (const message of all) assert.equal(message.jsonrpc, "2.0");
    assert.ok(
      all.every((message) => "id" in message && ("result" in message || "error" in message)),
      "only responses on stdout",
    );
    // 8 requests (ids 1–8) plus the one −32700 reply; the two notifications got nothing.
    assert.equal(all.length, 9);
    assert.deepEqual(all.map((m) => m.id).sort(), [1, 2, 3, 4, 5, 6, 7, 8, null].sort());
  });

  it("answers an unknown method −32601, malformed JSON −32700 with id null, a tools/call without a name −32602", () => {
    assert.equal(answer(run, 4)!.error.code, -32601);
    const parseError = messages(run).find((m) => m.id === null)!;
    assert.equal(parseError.error.code, -32700);
    // Our own sentence, not V8's, whose wording changes between Node releases.
    assert.equal(parseError.error.message, "Parse error: the line is not valid JSON.");
    assert.equal(answer(run, 5)!.error.code, -32602);
  });

  it("answers a failing tool with a result carrying isError, an unknown tool with −32602 and an unprefixed message", () => {
    const failing = answer(run, 6)!.result;
    assert.equal(failing.isError, true);
    assert.deepEqual(JSON.parse(failing.content[0].text), { hata: "abone yok" });
    assert.deepEqual(answer(run, 7)!.error, { code: -32602, message: "Unknown tool: no_such_tool" });
    assert.deepEqual(answer(run, 8)!.result, {});
  });

  it("logs JSON lines on stderr: serving, one call line per served call, rejected, stopping with a per-tool summary", () => {
    assert.deepEqual(run.events[0], {
      event: "serving",
      server: "olcum",
      level: 3,
      seed: 20260218,
      fault: "none",
      path: null,
    });
    const calls = eventsOf(run, "call");
    assert.deepEqual(
      calls.map((c) => [c.tool, c.isError]),
      [
        ["sayac_oku", false],
        ["sayac_oku", true],
        ["no_such_tool", true],
      ],
    );
    for (const c of calls) {
      assert.equal(typeof c.duration_ms, "number");
      assert.equal(typeof c.argument_bytes, "object");
    }
    assert.deepEqual(calls[0].argument_bytes, { abone: 6 });
    assert.equal(eventsOf(run, "rejected")[0].code, -32700);
    const stop = run.events.at(-1)!;
    assert.equal(stop.event, "stopping");
    assert.equal(stop.reason, "end of input");
    assert.deepEqual(stop.tools, { sayac_oku: { calls: 2, errors: 1 }, no_such_tool: { calls: 1, errors: 1 } });
    assert.equal(stop.messages_out, 9);
    assert.equal(stop.messages_in, 10); // 8 requests + 2 notifications; the malformed line is not a message
    assert.equal(stop.bytes_out, run.stdout.length);
  });
});

describe("serve: hostile input is answered or dropped, and the next request is served", () => {
  const MEGABYTE = "x".repeat(1024 * 1024);
  const DEEP = 10_000;
  let run: ServerRun;
  before(async () => {
    run = await runServer(
      ["olcum"],
      [
        OPENING,
        call(2, "sayac_oku", { abone: MEGABYTE }),
        request(3, "ping"),
        `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"sayac_oku","arguments":{"abone":${"[".repeat(DEEP)}${"]".repeat(DEEP)}}}}\n`,
        request(5, "ping"),
        `${"[".repeat(DEEP)}${"]".repeat(DEEP)}\n`,
        request(6, "ping"),
        Buffer.from([0x7b, 0xff, 0xfe, 0x80, 0x7d, 0x0a]), // "{", three bytes that are not UTF-8, "}", newline
        request(7, "ping"),
        '{"jsonrpc":"2.0","id":9,"method":"ping"}\n'.replace("\n", "\r\n"), // CRLF is accepted
        '{"jsonrpc":"1.0","id":8,"method":"ping"}\n', // JSON, but not JSON-RPC 2.0
        request(10, "tools/list"),
        '{"jsonrpc":"2.0","id":11,"method":"ping"}', // no newline before EOF: dropped
      ],
    );
  });

  it("answers a 1 MB string argument with the handler's error result, then serves the next request", () => {
    assert.equal(answer(run, 2)!.result.isError, true);
    assert.deepEqual(answer(run, 3)!.result, {});
    const logged = eventsOf(run, "call")[0];
    assert.deepEqual(logged.argument_bytes, { abone: MEGABYTE.length + 2 });
  });

  it("answers an argument nested 10,000 deep with −32602 (deeper than the screen's limit), and a line nested 10,000 deep with −32600, then serves the next request", () => {
    assert.equal(answer(run, 4)!.error.code, -32602);
    assert.deepEqual(answer(run, 5)!.result, {});
    assert.deepEqual(answer(run, 6)!.result, {});
  });

  it("answers bytes that are not UTF-8 with −32700 and id null, then serves the next request", () => {
    const rejected = eventsOf(run, "rejected");
    assert.deepEqual(
      rejected.map((r) => r.code),
      [-32600, -32700, -32600],
    );
    assert.match(rejected[1].message, /UTF-8/);
    assert.deepEqual(answer(run, 7)!.result, {});
    const nullIds = messages(run).filter((m) => m.id === null);
    assert.deepEqual(nullIds.map((m) => m.error.code).sort(), [-32700, -32600].sort());
  });

  it("answers JSON that is not JSON-RPC with −32600 and its id, and accepts CRLF", () => {
    assert.equal(answer(run, 8)!.error.code, -32600);
    assert.deepEqual(answer(run, 9)!.result, {});
    assert.equal(answer(run, 10)!.result.tools.length, 2);
  });

  it("drops a last line without a newline, reports it, and still exits 0", () => {
    assert.equal(answer(run, 11), undefined);
    assert.deepEqual(
      eventsOf(run, "dropped").map((d) => d.bytes),
      ['{"jsonrpc":"2.0","id":11,"method":"ping"}'.length],
    );
    assert.equal(run.code, 0);
    assert.equal(run.events.at(-1)!.event, "stopping");
  });
});

describe("serve asked to stop by a signal", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`on ${signal} after answering, logs a stopping line naming the signal and exits 0`, async () => {
      const child = spawn(process.execPath, [join(ROOT, "dist", "cli", "main.js"), "serve", "fleet"], {
        stdio: ["pipe", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString("utf8");
        if (stdout.includes('"id":2')) child.kill(signal); // answered: now ask it to stop, stdin still open
      });
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
      child.stdin.write(OPENING + call(2, "count_devices", { max_hours: 500 }));
      const code = await new Promise<number | null>((resolve) => child.on("close", (exit) => resolve(exit)));
      assert.equal(code, 0);
      const events = stderr
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const stop = events.at(-1)!;
      assert.equal(stop.event, "stopping");
      assert.equal(stop.reason, signal);
      assert.deepEqual(stop.tools, { count_devices: { calls: 1, errors: 0 } });
    });
  }
});
