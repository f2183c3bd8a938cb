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
import { declaredMinimumNode, nodeRequirement, requirement, type Requirement } from "../requirements";

/** The Inspector as package.json pins it (a devDependency; `npm ci` installs it). */
const PACKAGE_DIR = join(ROOT, "node_modules", "@modelcontextprotocol", "inspector");

/**
 * The Inspector's `mcp-inspector` script and the Node to run it on, or why it cannot run here.
 * The Inspector declares the Node it needs (`engines`, ≥ 22.19 for 2.12): it runs on the Node
 * running the tests when that is new enough, else on the one `MCP_COURSE_NEWER_NODE` names.
 */
function inspectorRequirement(): Requirement & { script: string; node: string; version: string } {
  const manifest = join(PACKAGE_DIR, "package.json");
  if (!existsSync(manifest)) return { ...requirement("@modelcontextprotocol/inspector is not installed (run `npm ci`)"), script: "", node: "", version: "" };
  const { bin, version } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string>; version: string };
  const node = nodeRequirement(declaredMinimumNode(join("@modelcontextprotocol", "inspector")), `@modelcontextprotocol/inspector ${version}`);
  return { ...node, script: join(PACKAGE_DIR, bin["mcp-inspector"]), node: node.path };
}

const inspector = inspectorRequirement();
const skip = inspector.skip;

/** Runs the Inspector's CLI mode against the built `mcp-course serve fleet`, with `args` after the server command; returns its stdout parsed. */
function inspect(args: string[]): unknown {
  inspector.check();
  const run = spawnSync(inspector.node, [inspector.script, "--cli", process.execPath, join(ROOT, "dist", "cli", "main.js"), "serve", "fleet", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 60_000,
  });
  assert.equal(run.status, 0, `inspector exited with ${run.status}: ${run.stderr}${run.stdout}`);
  return JSON.parse(run.stdout);
}

test("the Inspector's tools/list shows the fleet's three tools, in order, with the declared schemas", { skip }, (t) => {
  t.diagnostic(`the Inspector ran on Node ${inspector.version}`);
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

test("the Inspector's tools/call count_devices max_hours=500 reads the count the library computes for the default seed", { skip }, (t) => {
  t.diagnostic(`the Inspector ran on Node ${inspector.version}`);
  const expected = JSON.stringify(createFleetHandlers(generateFleet(DEFAULT_SEED)).count_devices({ max_hours: 500 }));
  const result = inspect(["--method", "tools/call", "--tool-name", "count_devices", "--tool-arg", "max_hours=500"]) as {
    content: { type: string; text: string }[];
    isError?: boolean;
  };
  assert.notEqual(result.isError, true);
  assert.deepEqual(result.content, [{ type: "text", text: expected }]);
});
