// Clients no one here wrote against `mcp-course serve tarife --http`: the legacy SDK 1.x `Client` on its own `StreamableHTTPClientTransport` (legacy era), and the MCP Inspector's CLI over `--transport http` in both eras; each lists the tools we declare and reads the answer the library computes.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { after, before, test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SERVER_INFO_KEY } from "../../src/protocol/revisions";
import { worldServed } from "../../src/server/servedServers";
import { DEFAULT_SEED } from "../../src/sim/seed";
import { createWorld } from "../../src/world/world";
import { ROOT } from "../helpers";
import { serveOverHttp, type HttpServe } from "../../src/wireClient/httpServe";
import { npxPackageRequirement } from "../requirements";

/** The Inspector, pinned, and the oldest Node it runs on (its `engines.node`), as in `inspector.test.ts`. */
const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";
const INSPECTOR_NODE = "22.19.0";

/** The call both clients make, and what the library answers it with for the default seed. */
const CALL = { name: "tarife", arguments: { m3: 25, tip: "isyeri" } } as const;
const served = worldServed(createWorld(DEFAULT_SEED), "tarife", 3);
const EXPECTED = served.callTool(CALL.name, { ...CALL.arguments }, 1, "2025-11-25");

const inspector = npxPackageRequirement(INSPECTOR, INSPECTOR_NODE);

/** One `serve tarife --http` for the whole file (each legacy POST meets a fresh server instance anyway). */
let serving: HttpServe | undefined;
before(async () => {
  serving = await serveOverHttp({ server: "tarife" });
});
after(async () => {
  await serving?.stop();
});

test(
  "the SDK 1.x Client over its StreamableHTTPClientTransport: initialize at 2025-11-25, no session, tools/list and tools/call as declared",
  { timeout: 60_000 },
  async () => {
    const transport = new StreamableHTTPClientTransport(new URL(serving!.url));
    const client = new Client({ name: "sdk-1.x-http-client", version: "1.32.2" });
    try {
      await client.connect(transport);
      assert.equal(transport.protocolVersion, "2025-11-25");
      assert.deepEqual(client.getServerVersion(), { name: "tarife", version: "1" });
      // The legacy era over HTTP is served statelessly: no Mcp-Session-Id comes back (2025-11-25
      // basic/transports.mdx, "Session Management": a server MAY assign one).
      assert.equal(transport.sessionId, undefined);
      const listed = await client.listTools();
      assert.deepEqual(listed.tools, served.tools);
      const result = await client.callTool({ name: CALL.name, arguments: { ...CALL.arguments } });
      assert.deepEqual(result, EXPECTED);
    } finally {
      await client.close();
    }
  },
);

/** The eras the Inspector is run in: its default (legacy) and `--protocol-era modern` (2026-07-28, stateless). */
const ERAS = [
  { era: "legacy (its default)", flags: [] as string[] },
  { era: "modern", flags: ["--protocol-era", "modern"] },
] as const;

/** Runs the Inspector's CLI against the server's URL over `--transport http`; resolves with its stdout parsed. */
function inspect(flags: readonly string[], args: readonly string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      inspector.command,
      [...inspector.args, "--cli", serving!.url, "--transport", "http", ...flags, ...args],
      { cwd: ROOT, env: inspector.env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => (stdout += chunk));
    child.stderr.on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (status) => {
      if (status !== 0) return reject(new Error(`inspector exited with ${status}: ${stderr}${stdout}`));
      resolve(JSON.parse(stdout));
    });
  });
}

for (const { era, flags } of ERAS) {
  test(
    `the Inspector over --transport http, ${era}: tools/list shows tarife's tool as declared`,
    { skip: inspector.skip, timeout: 120_000 },
    async (t) => {
      inspector.check();
      t.diagnostic(`the Inspector ran on Node ${inspector.version}`);
      const listed = (await inspect(flags, ["--method", "tools/list"])) as { tools: unknown[] };
      assert.deepEqual(listed.tools, served.tools);
    },
  );

  test(
    `the Inspector over --transport http, ${era}: tools/call tarife m3=25 tip=isyeri reads the library's answer`,
    { skip: inspector.skip, timeout: 120_000 },
    async (t) => {
      inspector.check();
      t.diagnostic(`the Inspector ran on Node ${inspector.version}`);
      const result = (await inspect(flags, [
        "--method",
        "tools/call",
        "--tool-name",
        CALL.name,
        "--tool-arg",
        `m3=${CALL.arguments.m3}`,
        "--tool-arg",
        `tip=${CALL.arguments.tip}`,
      ])) as { content: unknown; isError?: boolean; _meta?: Record<string, unknown> };
      assert.deepEqual(result.content, EXPECTED.content);
      assert.equal(result.isError, EXPECTED.isError);
      // Which era was spoken, from the answer: a stateless result names the server in its _meta
      // (2026-07-28 basic/index.mdx, "Per-response protocol fields"); a legacy one has no _meta.
      assert.deepEqual(
        result._meta?.[SERVER_INFO_KEY],
        era === "modern" ? { name: "tarife", version: "1" } : undefined,
      );
    },
  );
}
