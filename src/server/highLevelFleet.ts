/**
 * The fleet built the way the SDK's high-level API wants a server built: an `McpServer` from
 * `@modelcontextprotocol/server`, each tool registered with `registerTool` and its arguments
 * re-authored as a zod schema, as the source experiment's `mcp` condition did.
 *
 * Nothing here is the course's own server code (`mcpServer.ts`, `servedServers.ts`): no
 * hand-written JSON Schema, no ajv, no path server. The SDK derives each tool's `inputSchema`
 * from the zod schema, validates every call against it, and turns a handler's throw into a
 * result with `isError: true`; whatever it does to the declarations or the answers is the SDK's,
 * which is what lesson 9 measures against the course's own fleet server. The handlers are the
 * fleet's (`fleet/tools.ts`), and the descriptions and annotations are the ones the course's
 * fleet server lists, so any difference on the wire comes from the way the server is built.
 *
 * `mcp-course serve fleet --path high-level` serves it (through `servedFactory.ts`, on the course's
 * own line transport); it takes no `--fault`. `serveHighLevelFleet` serves it the SDK's plain way.
 *
 * @remarks A fleet server built the way the SDK's high-level API wants it (`McpServer` with zod
 * schemas, as the source experiment did), to set beside ours; seed document 000, conditions
 * `mcp` and `mcp-raw`, and its table of what changed in the `mcp` definitions.
 */
import { McpServer, type CallToolResult } from "@modelcontextprotocol/server";
import {
  serveStdio,
  type ServeStdioOptions,
  type StdioServerHandle,
} from "@modelcontextprotocol/server/stdio";
import * as z from "zod/v4";
import { DEFAULT_ROWS, MAX_ROWS, MODEL_NAMES, RANKABLE_FIELDS, SITES } from "../fleet/catalog";
import type { Fleet } from "../fleet/generator";
import { FLEET_SERVER_NAME, FLEET_VERSION } from "../fleet/paths";
import { createFleetServer } from "../fleet/server";
import {
  createFleetHandlers,
  FLEET_TOOL_DEFINITIONS,
  type FleetToolName,
  type ToolArguments,
} from "../fleet/tools";
import type { Level } from "../sim/declaration";
import { annotationsOf, declaredVersion } from "./declarations";

/** The description of one property of a fleet tool, as the course's own declarations word it. */
function described(tool: FleetToolName, property: string): string {
  const schema = FLEET_TOOL_DEFINITIONS.find((definition) => definition.name === tool)!.inputSchema;
  const properties = schema.properties as Record<string, { description: string }>;
  return properties[property].description;
}

/** A tuple of at least one string, as `z.enum` takes it. */
function choices(values: readonly string[]): [string, ...string[]] {
  return [values[0], ...values.slice(1)];
}

/** The filters `count_devices` and `top_devices` share, in zod, optional, each described. */
function filterShape(tool: FleetToolName) {
  return {
    model: z.enum(choices(MODEL_NAMES)).optional().describe(described(tool, "model")),
    site: z.enum(choices(SITES)).optional().describe(described(tool, "site")),
    firmware: z.string().optional().describe(described(tool, "firmware")),
    min_hours: z.number().int().min(0).optional().describe(described(tool, "min_hours")),
    max_hours: z.number().int().min(0).optional().describe(described(tool, "max_hours")),
  };
}

/**
 * Each fleet tool's arguments as a zod schema, one `z.object` per tool.
 *
 * The same properties, types, bounds, defaults and required fields as the course's JSON Schema
 * (`FLEET_TOOL_DEFINITIONS`), written the zod way.
 */
export function fleetZodSchemas() {
  const limit = z.number().int().min(1).max(MAX_ROWS).default(DEFAULT_ROWS);
  return {
    count_devices: z.object(filterShape("count_devices")),
    top_devices: z.object({
      field: z.enum(RANKABLE_FIELDS).describe(described("top_devices", "field")),
      limit: limit.describe(described("top_devices", "limit")),
      ...filterShape("top_devices"),
    }),
    get_device: z.object({ device_id: z.string().describe(described("get_device", "device_id")) }),
  };
}

/** A handler's record as a tool result: its JSON in one text block, as our fleet server sends. */
function textOf(record: unknown): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(record) }] };
}

/**
 * The fleet built the SDK's high-level way: an `McpServer`, one `registerTool` call per tool.
 * Each call carries the tool's description, its arguments as a zod schema, its annotations (from
 * level 2) and its handler. The SDK derives the `inputSchema` it lists from the zod schema,
 * checks every call against it, and turns a handler's throw into a result with `isError: true`.
 * Below level 3, `"undeclared"` stands in for the version MCP requires.
 *
 * @param level 1–3; the high-level API registers a tool's arguments through its schema, so it
 *   has no level 0 (a tool without a schema is called with no arguments at all).
 * @throws RangeError for level 0.
 */
export function createHighLevelFleetServer(fleet: Fleet, level: Level): McpServer {
  if (level === 0) throw new RangeError("the high-level fleet server needs level 1, 2 or 3");
  const handlers = createFleetHandlers(fleet);
  const facts = createFleetServer(fleet).tools;
  const schemas = fleetZodSchemas();
  const version = declaredVersion(FLEET_VERSION, level);
  const server = new McpServer({ name: FLEET_SERVER_NAME, version });
  for (const { name, description } of FLEET_TOOL_DEFINITIONS) {
    const tool = name as FleetToolName;
    const sideEffect = facts.find((fact) => fact.name === tool)!.sideEffect;
    const annotations = level >= 2 ? { annotations: annotationsOf(tool, sideEffect) } : {};
    const config = { description, inputSchema: schemas[tool], ...annotations };
    server.registerTool(tool, config, (args: ToolArguments) => textOf(handlers[tool](args)));
  }
  return server;
}

/**
 * Serves the high-level fleet over stdio the SDK's way: `serveStdio`, handed a factory.
 * The factory builds the `McpServer` for the era the connection's first message opens
 * (2025-11-25's `initialize`, or a 2026-07-28 request with its `_meta`). Without
 * `options.transport` it reads this process's stdin and writes its stdout.
 */
export function serveHighLevelFleet(
  fleet: Fleet,
  level: Level,
  options: ServeStdioOptions = {},
): StdioServerHandle {
  return serveStdio(() => createHighLevelFleetServer(fleet, level), options);
}
