// Invariant: `mcp-course register` prints JSON a client can paste, naming this Node and the bundled server by absolute paths that exist, and running exactly that command serves tools/list (with --http, VS Code's entry naming the URL of a running server, where tools/list is served); bad input is one catalog line and exit 2.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { isAbsolute } from "node:path";
import { describe, it } from "node:test";
import { messages } from "../../src/cli/messages";
import { SERVE_SCRIPT } from "../../src/serve";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { assertBadInput, cli } from "../helpers";
import { serveOverHttp } from "../../src/wireClient/httpServe";

interface Launch {
  command: string;
  args: string[];
  type?: string;
}

/** Runs a registered command as a client would (no shell, no cwd of ours), speaks the handshake and `tools/list`, and returns the tools' names. */
function listTools(launch: Launch): Promise<string[]> {
  const child = spawn(launch.command, launch.args, { cwd: "/", stdio: ["pipe", "pipe", "ignore"] });
  let text = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => (text += chunk));
  const line = (message: unknown) => JSON.stringify(message) + "\n";
  child.stdin.end(
    line({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "register-test", version: "0" } },
    }) +
      line({ jsonrpc: "2.0", method: "notifications/initialized" }) +
      line({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
  );
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`exit ${code}`));
      const listed = text
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { id?: number; result?: { tools: { name: string }[] } })
        .find((message) => message.id === 2);
      resolve(listed?.result?.tools.map((tool) => tool.name) ?? []);
    });
  });
}

/** Checks the entry is `node <abs>/dist/serve.js …`: this Node and the bundle's launcher, both absolute and present, and no Node flag before the script. */
function checkPaths(launch: Launch): void {
  assert.equal(launch.command, process.execPath);
  assert.ok(isAbsolute(launch.command) && existsSync(launch.command), launch.command);
  assert.equal(launch.args[0], SERVE_SCRIPT);
  assert.match(launch.args[0], /\/dist\/serve\.js$/);
  assert.ok(isAbsolute(launch.args[0]) && existsSync(launch.args[0]), launch.args[0]);
}

describe("mcp-course register", () => {
  it("default: a claude_desktop_config.json entry for the fleet, whose command serves the fleet's three tools", async () => {
    const run = cli(["register"]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr, "");
    const entry = JSON.parse(run.stdout) as { mcpServers: Record<string, Launch> };
    assert.deepEqual(Object.keys(entry), ["mcpServers"]);
    const fleet = entry.mcpServers.fleet;
    assert.deepEqual(Object.keys(fleet), ["command", "args"]);
    checkPaths(fleet);
    assert.deepEqual(fleet.args.slice(1), ["fleet"]);
    assert.deepEqual(await listTools(fleet), ["count_devices", "top_devices", "get_device"]);
  });

  it("--client vscode --server tarife --level side-effect --seed 7: a .vscode/mcp.json entry of type stdio, the options passed on", async () => {
    const run = cli(["register", "--client", "vscode", "--server", "tarife", "--level", "side-effect", "--seed", "7"]);
    assert.equal(run.status, 0, run.stderr);
    const entry = JSON.parse(run.stdout) as { servers: Record<string, Launch> };
    assert.deepEqual(Object.keys(entry), ["servers"]);
    const tarife = entry.servers.tarife;
    assert.deepEqual(Object.keys(tarife), ["type", "command", "args"]);
    assert.equal(tarife.type, "stdio");
    checkPaths(tarife);
    assert.deepEqual(tarife.args.slice(1), ["tarife", "--level", "2", "--seed", "7"]);
    assert.deepEqual(await listTools(tarife), ["tarife"]);
  });

  it("--client vscode --http URL: a .vscode/mcp.json entry of type http naming the URL, with no command", () => {
    for (const url of ["http://127.0.0.1:8931/mcp", "https://mcp.example.org/mcp"]) {
      const run = cli(["register", "--client", "vscode", "--server", "tarife", "--http", url]);
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stderr, "");
      assert.deepEqual(JSON.parse(run.stdout), { servers: { tarife: { type: "http", url } } });
    }
    const fleet = cli(["register", "--client", "vscode", "--http", "http://localhost:8931/mcp"]);
    assert.deepEqual(JSON.parse(fleet.stdout), {
      servers: { fleet: { type: "http", url: "http://localhost:8931/mcp" } },
    });
  });

  it("--client vscode --http: the URL of a running serve tarife --http, at which another client lists tarife's tool", async () => {
    const serving = await serveOverHttp({ server: "tarife" });
    try {
      const run = cli(["register", "--client", "vscode", "--server", "tarife", "--http", serving.url]);
      assert.equal(run.status, 0, run.stderr);
      const entry = JSON.parse(run.stdout) as { servers: { tarife: { type: string; url: string } } };
      assert.equal(entry.servers.tarife.type, "http");
      const client = new Client({ name: "register-test", version: "0" });
      try {
        await client.connect(new StreamableHTTPClientTransport(new URL(entry.servers.tarife.url)));
        assert.deepEqual(
          (await client.listTools()).tools.map((tool) => tool.name),
          ["tarife"],
        );
      } finally {
        await client.close();
      }
    } finally {
      await serving.stop();
    }
  });

  it("--http: a bad URL, Claude Desktop (whose file has no HTTP entry) or the server's own options are one line and exit 2", () => {
    const badUrl = new RegExp(messages.badHttpUrl().replace(/[.]/g, "\\."));
    for (const url of ["nope", "ftp://127.0.0.1/mcp", "127.0.0.1:8931/mcp", "http://"])
      assertBadInput(["register", "--client", "vscode", "--http", url], badUrl);
    assertBadInput(
      ["register", "--http", "http://127.0.0.1:8931/mcp"],
      /claude_desktop_config\.json has no entry for a server over HTTP/,
    );
    assertBadInput(
      ["register", "--client", "claude-desktop", "--http", "http://127.0.0.1:8931/mcp"],
      /use --client vscode$/m,
    );
    assertBadInput(
      ["register", "--client", "vscode", "--http", "http://127.0.0.1:8931/mcp", "--level", "2"],
      /mcp-course serve fleet --http/,
    );
    assertBadInput(
      ["register", "--client", "vscode", "--server", "tarife", "--http", "http://127.0.0.1:8931/mcp", "--seed", "7"],
      /mcp-course serve tarife --http/,
    );
  });

  it("bad input: one catalog line, exit 2, nothing on stdout", () => {
    assertBadInput(
      ["register", "--client", "cursor"],
      new RegExp(messages.unknownClient(["claude-desktop", "vscode"]).replace(/[.]/g, "\\.")),
    );
    assertBadInput(
      ["register", "--server", "nope"],
      new RegExp(messages.unknownServer(["olcum", "tarife", "kayit", "fleet"]).replace(/[.]/g, "\\.")),
    );
    assertBadInput(["register", "--level", "9"], /Choose 0, 1, 2, 3/);
    assertBadInput(["register", "--seed", "-1"], /Expected an integer/);
    assertBadInput(["register", "fleet"], /too many arguments/);
  });

  it("help names the clients, the options, where each entry goes and the launcher it runs", () => {
    const run = cli(["register", "--help"]);
    assert.equal(run.status, 0);
    for (const word of [
      "--client",
      "claude-desktop",
      "vscode",
      "claude_desktop_config.json",
      ".vscode/mcp.json",
      "dist/serve.js",
      "--server",
      "--level",
      "--seed",
      "--http",
      "mcp-course serve <server> --http",
    ])
      assert.ok(run.stdout.includes(word), word);
  });
});
