/**
 * Declarations: the face of a server that the client sees, at four levels of completeness.
 *
 * Source: reference lesson 004, "Handler and Declaration", `LEVELS` and `declare`, and assumption
 * IM2. The handlers are the same at every level; only what the server tells the client changes:
 * - level 0 `name`: tool names only;
 * - level 1 `name + fields`: and each tool's argument names (MCP: `inputSchema`);
 * - level 2 `name + fields + side effect`: and whether a tool changes the world (MCP: `annotations`);
 * - level 3 `full`: and the server's version (MCP: `serverInfo.version`).
 */
import type { ServerFacts } from "./server";

/** The four level names, indexed by level. */
export const LEVELS = ["name", "name + fields", "name + fields + side effect", "full"] as const;

/** A declaration level, 0 to 3. */
export type Level = 0 | 1 | 2 | 3;

/** All levels in order: 0, 1, 2, 3. */
export const ALL_LEVELS: readonly Level[] = [0, 1, 2, 3];

/** What one tool's declaration carries; a missing key was not declared. */
export interface ToolDeclaration {
  fields?: readonly string[];
  sideEffect?: boolean;
}

/** What a server declares: its tools by name, in the server's order, and from level 3 its version. */
export interface ServerDeclaration {
  tools: Record<string, ToolDeclaration>;
  version?: number;
}

/**
 * The declaration a server gives at a level.
 *
 * @param server the server, with all facts about its tools (its handlers play no part).
 * @param level 0–3: 0 gives tool names only, 1 adds their fields, 2 their side effects, 3 the
 *   server's version.
 * @returns a new object; the server is not changed.
 */
export function declare(server: ServerFacts, level: Level): ServerDeclaration {
  const declaration: ServerDeclaration = { tools: {} };
  for (const tool of server.tools) {
    const face: ToolDeclaration = {};
    if (level >= 1) face.fields = tool.fields;
    if (level >= 2) face.sideEffect = tool.sideEffect;
    declaration.tools[tool.name] = face;
  }
  if (level >= 3) declaration.version = server.version;
  return declaration;
}
