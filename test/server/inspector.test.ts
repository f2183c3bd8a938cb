// An independent client, the MCP Inspector's CLI, lists the tools of `mcp-course serve fleet` and calls one, in both protocol eras (its default, legacy, and `--protocol-era modern`), and reads what our declarations and handlers say.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { generateFleet } from "../../src/fleet/generator";
import { FLEET_TOOL_DEFINITIONS, FLEET_TOOL_NAMES, createFleetHandlers } from "../../src/fleet/tools";
import { SERVER_INFO_KEY } from "../../src/protocol/revisions";
import { DEFAULT_SEED } from "../../src/sim/seed";
import { ROOT } from "../helpers";
import { npxPackageRequirement } from "../requirements";

/**
 * The Inspector, pinned. It is not a dependency of this project (its own tree is some 130 packages
 * and it needs a newer Node than the course does), so npx fetches it once into npm's cache.
 */
const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";

/** The oldest Node the Inspector runs on: its package.json's `engines.node`, `>=22.19.0`, for 2.12.0. */
const INSPECTOR_NODE = "22.19.0";

/**
 * The Inspector's CLI on a Node new enough for it (the one running the tests when it is, else the
 * one `MCP_COURSE_NEWER_NODE` names), or why it cannot run here.
 */
const inspector = npxPackageRequirement(INSPECTOR, INSPECTOR_NODE);
const skip = inspector.skip;

/**
 * The protocol eras the Inspector is run in: its default (legacy: `initialize`, 2025-11-25) and
 * `--protocol-era modern` (2026-07-28, stateless), as its CLI's `--help` names the flag.
 */
const ERAS = [
  { era: "legacy (its default)", flags: [] as string[] },
  { era: "modern", flags: ["--protocol-era", "modern"] },
] as const;

/** A line of the server's stderr log, which the Inspector passes through on its own stderr. */
interface ServerEvent {
  event: string;
  [field: string]: unknown;
}

/**
 * Runs the Inspector's CLI mode against the built `mcp-course serve fleet`, in the era `flags`
 * ask for, with `args` after the server command; returns its stdout parsed and the server's
 * `stopping` line (its counts of messages in and out).
 */
function inspect(flags: readonly string[], args: string[]): { output: unknown; stopping: ServerEvent } {
  inspector.check();
  const run = spawnSync(
    inspector.command,
    [
      ...inspector.args,
      "--cli",
      ...flags,
      process.execPath,
      join(ROOT, "dist", "cli", "main.js"),
      "serve",
      "fleet",
      ...args,
    ],
    {
      cwd: ROOT,
      encoding: "utf8",
      env: inspector.env,
      timeout: 60_000,
    },
  );
  assert.equal(run.status, 0, `inspector exited with ${run.status}: ${run.stderr}${run.stdout}`);
  const events = run.stderr.split("\n").flatMap((line) => {
    try {
      const value = JSON.parse(line) as ServerEvent;
      return typeof value?.event === "string" ? [value] : [];
    } catch {
      return [];
    }
  });
  const stopping = events.find((event) => event.event === "stopping");
  assert.ok(stopping, `the server's stopping line on the Inspector's stderr: ${run.stderr}`);
  return { output: JSON.parse(run.stdout), stopping };
}

/**
 * What says which era was spoken, from the server's side: a legacy session sends one notification
 * (`notifications/initialized`) beside its requests, so the server read one message more than it
 * wrote; a stateless one sends requests only (no `initialize`, no `notifications/initialized`:
 * 2026-07-28 `changelog.mdx`, "Major changes").
 */
function checkEra(era: string, stopping: ServerEvent): void {
  const unanswered = (stopping.messages_in as number) - (stopping.messages_out as number);
  assert.equal(
    unanswered,
    era === "modern" ? 0 : 1,
    `${era}: messages in ${String(stopping.messages_in)}, out ${String(stopping.messages_out)}`,
  );
}

for (const { era, flags } of ERAS) {
  test(
    `the Inspector, ${era}: tools/list shows the fleet's three tools, in order, with the declared schemas`,
    { skip },
    (t) => {
      t.diagnostic(`the Inspector ran on Node ${inspector.version}`);
      const { output, stopping } = inspect(flags, ["--method", "tools/list"]);
      const listed = output as { tools: { name: string; description?: string; inputSchema: unknown }[] };
      checkEra(era, stopping);
      assert.deepEqual(
        listed.tools.map((tool) => tool.name),
        [...FLEET_TOOL_NAMES],
      );
      for (const definition of FLEET_TOOL_DEFINITIONS) {
        const tool = listed.tools.find((t) => t.name === definition.name)!;
        assert.equal(tool.description, definition.description);
        assert.deepEqual(
          tool.inputSchema,
          definition.inputSchema,
          `${definition.name}: the schema another client reads is the one we declared`,
        );
      }
    },
  );

  test(
    `the Inspector, ${era}: tools/call count_devices max_hours=500 reads the count the library computes for the default seed`,
    { skip },
    (t) => {
      t.diagnostic(`the Inspector ran on Node ${inspector.version}`);
      const expected = JSON.stringify(
        createFleetHandlers(generateFleet(DEFAULT_SEED)).count_devices({ max_hours: 500 }),
      );
      const { output, stopping } = inspect(flags, [
        "--method",
        "tools/call",
        "--tool-name",
        "count_devices",
        "--tool-arg",
        "max_hours=500",
      ]);
      const result = output as {
        content: { type: string; text: string }[];
        isError?: boolean;
        _meta?: Record<string, unknown>;
      };
      checkEra(era, stopping);
      assert.deepEqual(stopping.tools, { count_devices: { calls: 1, errors: 0 } });
      assert.notEqual(result.isError, true);
      assert.deepEqual(result.content, [{ type: "text", text: expected }]);
      // The stateless era's result names the server in its _meta (2026-07-28 basic/index.mdx, "Per-response protocol fields"); a legacy result has no _meta.
      assert.deepEqual(result._meta?.[SERVER_INFO_KEY], era === "modern" ? { name: "fleet", version: "1" } : undefined);
    },
  );
}
