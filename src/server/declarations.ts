/**
 * Declarations as real MCP: the `tools/list` result and `serverInfo.version` at each level.
 *
 * Source: issue 5 §1 and the contract of issue 5 (`/work/plan`), on top of `sim/declaration.ts`
 * (reference lesson 004, `LEVELS`): the level decides only what the client is told.
 * - level 0 `name`: `{name, inputSchema: {"type":"object"}}`, no properties;
 * - level 1 `fields`: world tools get `properties` and `required` (every field, in declared order);
 *   the fleet's tools are exactly `FLEET_TOOL_DEFINITIONS` (`name`, `description`, `inputSchema`);
 * - level 2 `side-effect`: each tool also carries `annotations` (`readOnlyHint`, `destructiveHint`);
 * - level 3 `full`: and `serverInfo.version` is the server's version instead of `undeclared`.
 * World tools have no description: the fictional servers never had one.
 *
 * These are plain objects handed to the SDK's low-level `Server` as they are, so `tools/list`
 * carries exactly these bytes (JSON.stringify order): no zod conversion, which is what rewrote the
 * seed's schemas (seed document 000, probe table). This module builds lists; it serves nothing.
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Level } from "../sim/declaration";
import type { Server } from "../sim/server";
import { FLEET_TOOL_DEFINITIONS, type JsonSchema } from "../fleet/tools";
import { REGIONS } from "../world/subscribers";

/** The `--level` words, indexed by level: `name`, `fields`, `side-effect`, `full`. Source: issue 5 §1. */
export const LEVEL_FLAGS = ["name", "fields", "side-effect", "full"] as const;

/** `serverInfo.version` below level 3, where the version is not declared. This project's choice. */
export const UNDECLARED_VERSION = "undeclared";

/**
 * The JSON Schema of each world tool's fields, by tool and field. Types follow what each handler
 * does with the value (`world/handlers.ts`): `abone` must be a string to be found; readings and
 * `m3` are whole m³ (`Number(...)`); `bolge` must be one of the five regions, so it lists them;
 * `tip` is text, anything but `isyeri` paying the household amount, so it lists nothing; `sutun` is
 * text; `deger` may hold any value, so its schema has no `type`.
 */
export const WORLD_FIELD_SCHEMAS: Readonly<Record<string, Readonly<Record<string, JsonSchema>>>> = {
  sayac_oku: { abone: { type: "string" } },
  tuketim: { onceki: { type: "integer" }, simdiki: { type: "integer" } },
  tarife: { m3: { type: "integer" }, tip: { type: "string" } },
  bolge_ozet: { bolge: { type: "string", enum: REGIONS } },
  kayit_yaz: { abone: { type: "string" }, sutun: { type: "string" }, deger: {} },
};

/** The input schema of a tool whose fields are not declared (level 0). */
const NAME_ONLY_SCHEMA = { type: "object" } as const;

/** MCP tool annotations for a tool with or without a side effect (level ≥ 2). */
export function annotationsOf(sideEffect: boolean): { readOnlyHint: boolean; destructiveHint: boolean } {
  return { readOnlyHint: !sideEffect, destructiveHint: sideEffect };
}

/**
 * A world server's `tools/list` result at a level, tools in the server's order.
 *
 * @param server one of `world/servers.ts`'s servers.
 * @returns new objects; a field without an entry in {@link WORLD_FIELD_SCHEMAS} gets `{}`.
 */
export function worldToolList(server: Server, level: Level): Tool[] {
  return server.tools.map((tool) => {
    if (level === 0) return { name: tool.name, inputSchema: { ...NAME_ONLY_SCHEMA } };
    const schemas = WORLD_FIELD_SCHEMAS[tool.name] ?? {};
    const properties = Object.fromEntries(tool.fields.map((field) => [field, schemas[field] ?? {}]));
    const listed: Tool = { name: tool.name, inputSchema: { type: "object", properties, required: [...tool.fields] } };
    if (level >= 2) listed.annotations = annotationsOf(tool.sideEffect);
    return listed;
  });
}

/**
 * The fleet's `tools/list` result at a level: from level 1 the very `FLEET_TOOL_DEFINITIONS`
 * objects (key order kept), from level 2 with annotations from the simulator's fleet server.
 *
 * @param server the simulator's fleet server (`createFleetServer`), for each tool's side effect.
 */
export function fleetToolList(server: Server, level: Level): Tool[] {
  return FLEET_TOOL_DEFINITIONS.map((definition) => {
    if (level === 0) return { name: definition.name, inputSchema: { ...NAME_ONLY_SCHEMA } };
    if (level === 1) return definition as unknown as Tool;
    const sideEffect = server.tools.find((tool) => tool.name === definition.name)?.sideEffect ?? false;
    return { ...(definition as unknown as Tool), annotations: annotationsOf(sideEffect) };
  });
}

/** `serverInfo.version` at a level: the version as text at level 3, else {@link UNDECLARED_VERSION}. */
export function declaredVersion(version: number, level: Level): string {
  return level >= 3 ? String(version) : UNDECLARED_VERSION;
}
