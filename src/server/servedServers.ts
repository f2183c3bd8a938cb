/**
 * The four real servers as {@link ServedServer}s: `olcum`, `tarife`, `kayit` over a world, and
 * `fleet` over a fleet and one of its JSON-RPC paths.
 *
 * Source: issue 5 §1 and the contract of issue 5. The tools are the simulator's own, not copies:
 * - world servers: `world/servers.ts`'s handlers, called with the arguments as they arrived (no
 *   validation: the handler is the contract, as in the simulator); the result is
 *   `{content: [{type: "text", text: JSON.stringify(fields)}], isError: fields.hata !== undefined}`;
 *   an unknown tool is JSON-RPC error −32602 `Unknown tool: <name>`;
 * - fleet: the simulator's path server (`fleet/paths.ts`, `raw` or `validating`) answers each
 *   `tools/call`; its error response is rethrown as {@link ProtocolError} with the same code and
 *   message, its result returned as it is.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import type { Fleet } from "../fleet/generator";
import { createPathServer } from "../fleet/paths";
import { createFleetServer } from "../fleet/server";
import type { Level } from "../sim/declaration";
import type { Server } from "../sim/server";
import type { Fields } from "../sim/values";
import type { World } from "../world/world";
import { declaredVersion, fleetToolList, worldToolList } from "./declarations";
import { ProtocolError, type ServedPrompt, type ServedServer } from "./mcpServer";
import { CHARGE_PROMPT, CHARGE_PROMPT_LISTING, chargePrompt } from "./prompts";
import { servedResources } from "./resources";

import type { ServedPath } from "./names";
export { SERVER_NAMES, SERVED_PATHS, type ServedPath, type ServerName } from "./names";

/** The prompts a world server lists, by name. */
const PROMPTS: Readonly<Record<string, ServedPrompt>> = {
  [CHARGE_PROMPT]: { listing: CHARGE_PROMPT_LISTING, get: chargePrompt },
};

/**
 * A world server (`olcum`, `tarife`, `kayit`) at a declaration level.
 *
 * @throws Error when the world has no server of that name.
 */
export function worldServed(world: World, name: string, level: Level): ServedServer {
  const server: Server | undefined = world.servers.find((candidate) => candidate.name === name);
  if (!server) throw new Error(`the world has no server ${name}`);
  const handlers = new Map(server.tools.map((tool) => [tool.name, tool.handler]));
  return {
    name: server.name,
    version: declaredVersion(server.version, level),
    tools: worldToolList(server, level),
    callTool(tool, args): CallToolResult {
      const handler = handlers.get(tool);
      if (!handler) throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool: ${tool}`);
      const fields = handler(args as Fields);
      return { content: [{ type: "text", text: JSON.stringify(fields) }], isError: fields.hata !== undefined };
    },
    resources: servedResources(server.name, server.resources, { world }),
    prompts: server.prompts.map((prompt) => {
      const served = PROMPTS[prompt];
      if (!served) throw new Error(`no prompt ${prompt}`);
      return served;
    }),
  };
}

/** The fleet server on a path at a declaration level; its resource is the device list. */
export function fleetServed(fleet: Fleet, path: ServedPath, level: Level): ServedServer {
  const simulated = createFleetServer(fleet);
  const pathServer = createPathServer(path, fleet);
  return {
    name: simulated.name,
    version: declaredVersion(simulated.version, level),
    tools: fleetToolList(simulated, level),
    callTool(tool, args, id): CallToolResult {
      // The path servers speak numeric ids; the id only labels the response we unwrap here.
      const response = pathServer.handle({ jsonrpc: "2.0", id: typeof id === "number" ? id : 0, method: "tools/call", params: { name: tool, arguments: args } });
      if (!response) throw new ProtocolError(ErrorCode.InternalError, "the path server gave no response");
      if ("error" in response) throw new ProtocolError(response.error.code, response.error.message);
      return response.result as unknown as CallToolResult;
    },
    resources: servedResources(simulated.name, simulated.resources, { fleet }),
    prompts: [],
  };
}
