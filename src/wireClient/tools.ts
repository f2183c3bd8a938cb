/**
 * What the real client reads off the wire about a server's tools: plain tool definitions for a
 * model, and the lesson's declaration for negotiation.
 *
 * The four declaration levels as MCP fields (`inputSchema` properties and `required` for
 * `fields`, `annotations` for `side-effect`, `serverInfo.version` for `full`), MCP tools turned
 * into plain definitions, and annotations read with MCP's defaults (`ToolAnnotations` in
 * 2025-11-25 `schema.ts`). This module only reads what `initialize` and
 * `tools/list` brought back; it sends nothing and decides nothing (`decideOn` in
 * `sim/negotiation.ts` decides).
 */
import type { ServerDeclaration, ToolDeclaration } from "../sim/declaration";

/** A tool as `tools/list` lists it, reduced to the fields the course reads (plain JSON, no SDK types). */
export interface WireTool {
  name: string;
  description?: string;
  /** The tool's JSON Schema: `{"type": "object"}`, with `properties` and `required` from level 1. */
  inputSchema: { [key: string]: unknown };
  /** MCP tool annotations (from level 2): `readOnlyHint`, `destructiveHint`, … */
  annotations?: { [key: string]: unknown };
  /** Anything else MCP lists (`title`, `outputSchema`, `_meta`, …), kept as received. */
  [key: string]: unknown;
}

/**
 * A tool as a model's API takes it (the shape of Anthropic's Messages API `tools`): name,
 * description, and the JSON Schema under `input_schema`. MCP-only fields (`annotations`,
 * `title`, `outputSchema`, `_meta`, …) are dropped.
 */
export interface PlainToolDefinition {
  name: string;
  /** The tool's description; `""` when the server gave none (the lesson-6 servers give none). */
  description: string;
  input_schema: { [key: string]: unknown };
}

/** Turns MCP tools into plain definitions, in the order listed; the schema object is copied, not shared. */
export function plainDefinitions(tools: readonly WireTool[]): PlainToolDefinition[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description ?? "",
    input_schema: structuredClone(tool.inputSchema),
  }));
}

/**
 * The version a server declares in `serverInfo.version`, as the lesson counts versions: a string
 * of decimal digits is that integer; anything else (the servers answer `"undeclared"` below level
 * 3) means the version was not declared.
 */
export function versionFromWire(version: string | undefined): number | undefined {
  return version !== undefined && /^\d+$/.test(version) ? Number(version) : undefined;
}

/**
 * How the client's approval gate reads a tool's `annotations`:
 * - `specification`, MCP's defaults: `readOnlyHint` is false unless the server says true, so a
 *   tool without annotations, or with annotations that leave `readOnlyHint` out, is presumed to
 *   write, and the gate stops it without approval. The real client's default.
 * - `reference`, the course's simulated client: a tool without annotations declares no side
 *   effect, and the gate stops only a declared one (`readOnlyHint` not true).
 */
export type GateRule = "specification" | "reference";

/** The gate rules, the real client's default first. */
export const GATE_RULES: readonly GateRule[] = ["specification", "reference"];

/**
 * What one listed tool declares, in the lesson's terms:
 * - `fields`: the names of `inputSchema.properties`, in the schema's order, when it has
 *   `properties` (level ≥ 1); not declared when the schema is a bare `{"type": "object"}`;
 * - `sideEffect`: true unless `annotations.readOnlyHint` is true. Under the `reference` rule a
 *   tool without `annotations` declares nothing about it (see {@link GateRule}).
 *
 * @param gate how annotations are read; default `specification`.
 */
export function toolDeclaration(tool: WireTool, gate: GateRule = "specification"): ToolDeclaration {
  const face: ToolDeclaration = {};
  const properties = tool.inputSchema.properties;
  if (properties !== undefined && properties !== null && typeof properties === "object") {
    face.fields = Object.keys(properties);
  }
  if (gate === "specification" || tool.annotations !== undefined) {
    face.sideEffect = tool.annotations?.readOnlyHint !== true;
  }
  return face;
}

/**
 * A server's declaration read off the wire: its tools in listed order (see {@link toolDeclaration})
 * and its version (see {@link versionFromWire}). The same shape `declare` gives the simulator, so
 * the same decision applies.
 *
 * @param gate how annotations are read; default `specification`.
 */
export function declarationFromWire(
  serverVersion: string | undefined,
  tools: readonly WireTool[],
  gate: GateRule = "specification",
): ServerDeclaration {
  const declaration: ServerDeclaration = { tools: {} };
  for (const tool of tools) declaration.tools[tool.name] = toolDeclaration(tool, gate);
  const version = versionFromWire(serverVersion);
  if (version !== undefined) declaration.version = version;
  return declaration;
}
