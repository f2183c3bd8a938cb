/**
 * Declarations as real MCP: the `tools/list` result and the server's `version` at each level.
 *
 * On top of `sim/declaration.ts` (reference lesson 004, `LEVELS`): the level decides only what the client is told.
 * - level 0 `name`: `{name, inputSchema: {"type":"object"}}`, no properties;
 * - level 1 `fields`: world tools get `properties` and `required` (every field the handler needs,
 *   in declared order; a field the handler defaults is not required, {@link DEFAULTED_FIELDS});
 *   the fleet's tools are exactly `FLEET_TOOL_DEFINITIONS` (`name`, `description`, `inputSchema`);
 * - level 2 `side-effect`: each tool also carries `annotations` ({@link annotationsOf});
 * - level 3 `full`: and the server's `version` is its own instead of `undeclared`.
 * World tools have no description: the fictional servers never had one.
 *
 * Where each level's fields travel in each era: levels 0–2 live in `tools/list`,
 * identical bytes in both eras (`Tool.name` and `Tool.inputSchema` are required by `Tool` in every
 * revision's `schema.ts`, `annotations` optional). Level 3's `version` is the `version` of the
 * server's `Implementation` (`name` and `version` both required by `Implementation`): in the
 * legacy era it is `InitializeResult.serverInfo` (required), in the stateless era it moves to
 * `_meta["io.modelcontextprotocol/serverInfo"]` of `server/discover`'s result and of every other
 * result (SHOULD, 2026-07-28 `server/discover.mdx` and `basic/index.mdx` "Per-response protocol
 * fields"), which the SDK fills from the same `Implementation` (`mcpServer.ts`). So a stateless
 * client that skips `server/discover` still learns the version from any result.
 *
 * These are plain objects handed to the SDK's low-level `Server` as they are, so `tools/list`
 * carries exactly these bytes (JSON.stringify order): no zod conversion, which is what rewrote the
 * seed's schemas (seed document 000, probe table). This module builds lists; it serves nothing.
 */
import type { Tool } from "@modelcontextprotocol/server";
import type { Level } from "../sim/declaration";
import type { WorldServer, ToolFacts } from "../sim/server";
import { FLEET_TOOL_DEFINITIONS, type JsonSchema } from "../fleet/tools";
import { REGIONS } from "../world/subscribers";

/** The `--level` words, indexed by level: `name`, `fields`, `side-effect`, `full` (reference lesson 004's levels). */
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

/**
 * The fields a world handler fills in itself when absent, by tool: `tarife`'s `tip`, which is
 * `mesken` unless given (`world/handlers.ts`, `tarife({m3, tip = "mesken"})`). They are listed in
 * `properties` but not in `required`.
 */
export const DEFAULTED_FIELDS: Readonly<Record<string, readonly string[]>> = { tarife: ["tip"] };

/**
 * What a tool with a side effect tells beyond `readOnlyHint: false`, by tool, decided from its
 * handler: `kayit_yaz` writes `deger` into the subscriber's `sutun`, replacing what was there
 * (`destructiveHint: true`), and writing the same value again changes nothing more
 * (`idempotentHint: true`; the handler only acknowledges, so repeats have no further effect).
 */
export const SIDE_EFFECT_HINTS: Readonly<
  Record<string, { destructiveHint: boolean; idempotentHint: boolean }>
> = {
  kayit_yaz: { destructiveHint: true, idempotentHint: true },
};

/** The input schema of a tool whose fields are not declared (level 0). */
const NAME_ONLY_SCHEMA = { type: "object" } as const;

/** MCP tool annotations, as level 2 and 3 declare them. */
export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint: boolean;
}

/**
 * A tool's annotations (level ≥ 2). The hints and their defaults (`ToolAnnotations`, 2025-11-25
 * and 2026-07-28 `schema.ts`): `readOnlyHint` default false; `destructiveHint` default true and
 * `idempotentHint` default false, both "meaningful only when readOnlyHint == false", so a
 * read-only tool carries neither; `openWorldHint` default true, false here for every tool: the
 * world and the fleet are fixed, closed domains ("If false, the tool's domain of interaction is
 * closed").
 *
 * @throws Error for a side-effect tool without an entry in {@link SIDE_EFFECT_HINTS}.
 */
export function annotationsOf(name: string, sideEffect: boolean): ToolHints {
  if (!sideEffect) return { readOnlyHint: true, openWorldHint: false };
  const hints = SIDE_EFFECT_HINTS[name];
  if (!hints) throw new Error(`no side-effect hints decided for tool ${name}`);
  return { readOnlyHint: false, ...hints, openWorldHint: false };
}

/**
 * A world tool's input schema from level 1 on: `{type: "object", properties, required}`, each
 * field's schema from {@link WORLD_FIELD_SCHEMAS} (`{}` when it has none), every field required but
 * the {@link DEFAULTED_FIELDS}. What the world servers validate arguments against (`worldValidation.ts`).
 */
export function worldInputSchema(tool: Pick<ToolFacts, "name" | "fields">): JsonSchema {
  const schemas = WORLD_FIELD_SCHEMAS[tool.name] ?? {};
  const defaulted = DEFAULTED_FIELDS[tool.name] ?? [];
  const properties = Object.fromEntries(tool.fields.map((field) => [field, schemas[field] ?? {}]));
  return {
    type: "object",
    properties,
    required: tool.fields.filter((field) => !defaulted.includes(field)),
  };
}

/**
 * A world server's `tools/list` result at a level, tools in the server's fixed order. Level 0
 * lists each name with an `inputSchema` of `{"type": "object"}`; from level 1 the schema names
 * the tool's fields; from level 2 the tool carries `annotations`.
 *
 * @param server one of `world/servers.ts`'s servers.
 * @returns new objects.
 *
 * @remarks Source: 2026-07-28 `server/tools.mdx`, "Servers SHOULD return tools in a
 * deterministic order".
 */
export function worldToolList(server: WorldServer, level: Level): Tool[] {
  return server.tools.map((tool) => {
    if (level === 0) return { name: tool.name, inputSchema: { ...NAME_ONLY_SCHEMA } };
    const inputSchema = worldInputSchema(tool) as Tool["inputSchema"];
    const listed: Tool = { name: tool.name, inputSchema };
    if (level >= 2) listed.annotations = annotationsOf(tool.name, tool.sideEffect);
    return listed;
  });
}

/**
 * The fleet's `tools/list` result at a level, in `FLEET_TOOL_DEFINITIONS`' order: from level 1
 * the very `FLEET_TOOL_DEFINITIONS` objects (key order kept), from level 2 with annotations from
 * the simulator's fleet server.
 *
 * @param server the simulator's fleet server (`createFleetServer`), for each tool's side effect.
 */
export function fleetToolList(server: WorldServer, level: Level): Tool[] {
  return FLEET_TOOL_DEFINITIONS.map((definition) => {
    if (level === 0) return { name: definition.name, inputSchema: { ...NAME_ONLY_SCHEMA } };
    if (level === 1) return definition as unknown as Tool;
    const sideEffect =
      server.tools.find((tool) => tool.name === definition.name)?.sideEffect ?? false;
    return {
      ...(definition as unknown as Tool),
      annotations: annotationsOf(definition.name, sideEffect),
    };
  });
}

/** The server's `version` at a level: its own, as text, at level 3; else `undeclared`. */
export function declaredVersion(version: number, level: Level): string {
  return level >= 3 ? String(version) : UNDECLARED_VERSION;
}
