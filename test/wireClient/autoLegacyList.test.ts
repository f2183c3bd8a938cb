// A -32022 whose `supported` list holds legacy versions alone, met by both `auto`s: ours stops with
// an error, as 2026-07-28 basic/transports/stdio.mdx ("Backward Compatibility") says of a
// recognized modern error ("Do **not** fall back to `initialize`"); SDK 2.4.0's
// `versionNegotiation: { mode: "auto" }` falls back to `initialize` all the same (its probe
// classifier calls such a list legacy when the client can fall back). Lesson 10 says both.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { NoSharedVersionError, probeEra } from "../../src/wireClient/probe";

/**
 * A server that answers `initialize` in 2025-11-25 and every other request -32022, listing
 * 2025-11-25 alone.
 */
const SCRIPT =
  'let buf = "";' +
  'process.stdin.on("data", (d) => { buf += d; let i;' +
  ' while ((i = buf.indexOf("\\n")) >= 0) { const line = buf.slice(0, i); buf = buf.slice(i + 1);' +
  " const m = JSON.parse(line); if (m.id === undefined) continue;" +
  ' const reply = m.method === "initialize"' +
  ' ? { result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "x", version: "1" } } }' +
  ' : { error: { code: -32022, message: "Unsupported protocol version", data: { supported: ["2025-11-25"],' +
  ' requested: m.params?._meta?.["io.modelcontextprotocol/protocolVersion"] } } };' +
  ' process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id: m.id, ...reply }) + "\\n"); } });';

test("our auto stops on a -32022 listing legacy versions alone; SDK 2.4.0's auto falls back to initialize", async () => {
  await assert.rejects(
    probeEra({ command: process.execPath, args: ["-e", SCRIPT] }, 5_000),
    (error: unknown) => error instanceof NoSharedVersionError,
  );
  const client = new Client({ name: "t", version: "0" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: ["-e", SCRIPT] }));
  assert.equal(client.getNegotiatedProtocolVersion(), "2025-11-25");
  await client.close();
});
