// An independent client, the MCP Inspector's CLI, lists the tools of `mcp-course serve fleet` and calls one, and reads what our declarations and handlers say.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { generateFleet } from "../../src/fleet/generator";
import { FLEET_TOOL_DEFINITIONS, FLEET_TOOL_NAMES, createFleetHandlers } from "../../src/fleet/tools";
import { DEFAULT_SEED } from "../../src/sim/seed";
import { ROOT } from "../helpers";

/** The Inspector as package.json pins it (a devDependency; `npm ci` installs it). */
const PACKAGE_DIR = join(ROOT, "node_modules", "@modelcontextprotocol", "inspector");

/** The Inspector's `mcp-inspector` script, or why it cannot run here (then the tests skip, saying so). */
function inspectorScript(): { script: string } | { skip: string } {
  const manifest = join(PACKAGE_DIR, "package.json");
  if (!existsSync(manifest)) return { skip: "@modelcontextprotocol/inspector is not installed (run `npm ci`): the independent-client test is skipped" };
  const { bin, version } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string>; version: string };
  const script = join(PACKAGE_DIR, bin["mcp-inspector"]);
  const probe = spawnSync(process.execPath, [script, "--version"], { encoding: "utf8", timeout: 60_000 });
  if (probe.status !== 0) {
    const why = (probe.error?.message ?? probe.stderr.trim().split("\n").at(-1)) || `exit code ${probe.status}`;
    return { skip: `@modelcontextprotocol/inspector ${version} is installed but cannot start on Node ${process.version} (${why}): the independent-client test is skipped` };
  }
  return { script };
}

const inspector = inspectorScript();
const skip = "skip" in inspector ? inspector.skip : false;

/** Runs the Inspector's CLI mode against the built `mcp-course serve fleet`, with `args` after the server command; returns its stdout parsed. */
function inspect(args: string[]): unknown {
  if (!("script" in inspector)) throw new Error(inspector.skip);
  const run = spawnSync(process.execPath, [inspector.script, "--cli", process.execPath, join(ROOT, "dist", "cli", "main.js"), "serve", "fleet", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 60_000,
  });
  assert.equal(run.status, 0, `inspector exited with ${run.status}: ${run.stderr}${run.stdout}`);
  return JSON.parse(run.stdout);
}

test("the Inspector's tools/list shows the fleet's three tools, in order, with the declared schemas", { skip }, () => {
  const listed = inspect(["--method", "tools/list"]) as { tools: { name: string; description?: string; inputSchema: unknown }[] };
  assert.deepEqual(
    listed.tools.map((tool) => tool.name),
    [...FLEET_TOOL_NAMES],
  );
  for (const definition of FLEET_TOOL_DEFINITIONS) {
    const tool = listed.tools.find((t) => t.name === definition.name)!;
    assert.equal(tool.description, definition.description);
    assert.deepEqual(tool.inputSchema, definition.inputSchema, `${definition.name}: the schema another client reads is the one we declared`);
  }
});

test("the Inspector's tools/call count_devices max_hours=500 reads the count the library computes for the default seed", { skip }, () => {
  const expected = JSON.stringify(createFleetHandlers(generateFleet(DEFAULT_SEED)).count_devices({ max_hours: 500 }));
  const result = inspect(["--method", "tools/call", "--tool-name", "count_devices", "--tool-arg", "max_hours=500"]) as {
    content: { type: string; text: string }[];
    isError?: boolean;
  };
  assert.notEqual(result.isError, true);
  assert.deepEqual(result.content, [{ type: "text", text: expected }]);
});
