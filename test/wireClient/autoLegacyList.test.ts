// A probe answered with no modern version the client speaks (a -32022 whose `supported` list holds
// legacy versions alone, or a `server/discover` result offering only a foreign version), met by
// both `auto`s: ours stops with an error, after 2026-07-28 basic/transports/stdio.mdx ("Backward
// Compatibility": a modern answer means a modern server; "Do **not** fall back to `initialize`");
// SDK 2.4.0's `versionNegotiation: { mode: "auto" }` falls back to `initialize` all the same. On a
// -32022 naming only a modern version neither speaks, both stop. Lesson 10 says all three;
// docs/sdk-gaps.md records them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Client, UnsupportedProtocolVersionError } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { NoSharedVersionError, probeEra } from "../../src/wireClient/probe";

/**
 * A stdio server, as a `node -e` script, that answers `initialize` in 2025-11-25 and every other
 * request with `reply`, a JSON-RPC `result` or `error` member written as JavaScript (it may read the
 * request as `m`).
 */
function serverScript(reply: string): string {
  return (
    'let buf = "";' +
    'process.stdin.on("data", (d) => { buf += d; let i;' +
    ' while ((i = buf.indexOf("\\n")) >= 0) { const line = buf.slice(0, i); buf = buf.slice(i + 1);' +
    " const m = JSON.parse(line); if (m.id === undefined) continue;" +
    ' const reply = m.method === "initialize"' +
    ' ? { result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "x", version: "1" } } }' +
    ` : ${reply};` +
    ' process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id: m.id, ...reply }) + "\\n"); } });'
  );
}

/** Both clients against `script`: ours refuses to fall back, SDK 2.4.0's `auto` opens 2025-11-25. */
async function bothAutos(script: string): Promise<void> {
  await assert.rejects(
    probeEra({ command: process.execPath, args: ["-e", script] }, 5_000),
    (error: unknown) => error instanceof NoSharedVersionError,
  );
  const client = new Client({ name: "t", version: "0" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: ["-e", script] }));
  assert.equal(client.getNegotiatedProtocolVersion(), "2025-11-25");
  await client.close();
}

test("our auto stops on a -32022 listing legacy versions alone; SDK 2.4.0's auto falls back to initialize", () =>
  bothAutos(
    serverScript(
      '{ error: { code: -32022, message: "Unsupported protocol version", data: { supported: ["2025-11-25"],' +
        ' requested: m.params?._meta?.["io.modelcontextprotocol/protocolVersion"] } } }',
    ),
  ));

test("a server/discover result offering no version the client speaks: ours stops; SDK 2.4.0's auto falls back to initialize", () =>
  bothAutos(
    serverScript(
      '{ result: { supportedVersions: ["2099-01-01"], capabilities: {}, serverInfo: { name: "x", version: "1" },' +
        ' resultType: "complete", ttlMs: 0, cacheScope: "private" } }',
    ),
  ));

test("a -32022 listing only a modern version neither client speaks: both stop, SDK 2.4.0's auto too", async () => {
  const script = serverScript(
    '{ error: { code: -32022, message: "Unsupported protocol version", data: { supported: ["2099-01-01"],' +
      ' requested: m.params?._meta?.["io.modelcontextprotocol/protocolVersion"] } } }',
  );
  await assert.rejects(
    probeEra({ command: process.execPath, args: ["-e", script] }, 5_000),
    (error: unknown) => error instanceof NoSharedVersionError,
  );
  const client = new Client({ name: "t", version: "0" }, { versionNegotiation: { mode: "auto" } });
  await assert.rejects(
    client.connect(new StdioClientTransport({ command: process.execPath, args: ["-e", script] })),
    (error: unknown) => error instanceof UnsupportedProtocolVersionError,
  );
  await client.close();
});
