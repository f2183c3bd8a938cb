/**
 * The four real servers as {@link ServedServer}s: `olcum`, `tarife`, `kayit` over a world, and
 * `fleet` over a fleet and one of its JSON-RPC paths.
 *
 * The tools are the simulator's own, not copies. In every case an unknown tool is the protocol error −32602 `Unknown tool:
 * <name>` ("Protocol Errors … Unknown tool", `server/tools.mdx` "Error Handling" in every revision):
 * - world servers: arguments are validated with ajv against the tool's declared `inputSchema`
 *   (`worldValidation.ts`; from level 1, where the schema names fields; at level 0 it is
 *   `{"type":"object"}`, which the SDK's parse already holds them to), then the handler of
 *   `world/servers.ts` runs; the result is
 *   `{content: [{type: "text", text: JSON.stringify(fields)}], isError: fields.hata !== undefined}`;
 * - fleet: the simulator's path server (`fleet/paths.ts`) answers each `tools/call`: `validating`
 *   checks the arguments with ajv, `raw` checks nothing (lesson 8's contrast, opt-in with
 *   `--path raw`); a path's error response is rethrown as `ProtocolError` with the same code and
 *   message, its result returned as it is.
 * Arguments that fail the schema get the sentence of `invalidArgumentsMessage` (naming each
 * argument and what it should be), as a tool execution error from 2025-11-25 on and as −32602
 * before (`argumentErrorsAreResults`, `revisions.ts`): `invalidArguments` for the world servers,
 * the validating path itself for the fleet.
 */
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { Fleet } from "../fleet/generator";
import { createPathServer, invalidArgumentsMessage } from "../fleet/paths";
import { createFleetServer } from "../fleet/server";
import { FLEET_TOOL_NAMES } from "../fleet/tools";
import type { Level } from "../sim/declaration";
import type { WorldServer } from "../sim/server";
import type { Fields } from "../sim/values";
import type { World } from "../world/world";
import { declaredVersion, fleetToolList, worldInputSchema, worldToolList } from "./declarations";
import { ProtocolError, type ServedPrompt, type ServedServer } from "./mcpServer";
import { CHARGE_PROMPT, CHARGE_PROMPT_LISTING, chargePrompt } from "./prompts";
import { servedResources } from "./resources";
import { argumentErrorsAreResults, JSONRPC_ERRORS } from "../protocol/revisions";
import { worldValidators } from "./worldValidation";

import type { SimulatedServedPath } from "./names";
export { SERVER_NAMES, SERVED_PATHS, type ServedPath, type ServerName } from "./names";

/** The protocol error for a tool the server does not have. */
function unknownTool(name: string): ProtocolError {
  return new ProtocolError(JSONRPC_ERRORS.invalidParams, `Unknown tool: ${name}`);
}

/**
 * Arguments that failed the tool's schema, as the revision in use reports them: a result with
 * `isError: true` carrying `message` (2025-11-25, 2026-07-28, or before any revision is known),
 * else a throw of −32602 with it (2025-06-18, 2024-11-05: those revisions list invalid
 * arguments among protocol errors but give them no code; −32602 is JSON-RPC's "Invalid params").
 */
export function invalidArguments(message: string, revision: string | undefined): CallToolResult {
  if (!argumentErrorsAreResults(revision)) {
    throw new ProtocolError(JSONRPC_ERRORS.invalidParams, message);
  }
  return { content: [{ type: "text", text: message }], isError: true };
}

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
  const server: WorldServer | undefined = world.servers.find(
    (candidate) => candidate.name === name,
  );
  if (!server) throw new Error(`the world has no server ${name}`);
  const handlers = new Map(server.tools.map((tool) => [tool.name, tool.handler]));
  const validators = worldValidators();
  const schemas = new Map(server.tools.map((tool) => [tool.name, worldInputSchema(tool)]));
  return {
    name: server.name,
    version: declaredVersion(server.version, level),
    tools: worldToolList(server, level),
    callTool(tool, args, _id, revision): CallToolResult {
      const handler = handlers.get(tool);
      if (!handler) throw unknownTool(tool);
      if (level >= 1) {
        const validate = validators.get(tool)!;
        if (!validate(args))
          return invalidArguments(
            invalidArgumentsMessage(tool, validate.errors ?? [], schemas.get(tool)!),
            revision,
          );
      }
      const fields = handler(args as Fields);
      return {
        content: [{ type: "text", text: JSON.stringify(fields) }],
        isError: fields.hata !== undefined,
      };
    },
    resources: servedResources(server.name, server.resources, { world }),
    prompts: server.prompts.map((prompt) => {
      const served = PROMPTS[prompt];
      if (!served) throw new Error(`no prompt ${prompt}`);
      return served;
    }),
  };
}

/**
 * The fleet server on a path at a declaration level; its resource is the device list.
 *
 * Each `tools/call` goes to the simulator's path server (`raw` or `validating`, made for the
 * revision in use, so that the validating path's refused arguments are an error result from
 * 2025-11-25 on and −32602 before), with one guard of this layer's own: an unknown tool never
 * reaches the path, it is the protocol error −32602 `Unknown tool: <name>`, as either path answers
 * it too. An error response is rethrown with its code and message; a result is
 * returned as it is.
 */
export function fleetServed(fleet: Fleet, path: SimulatedServedPath, level: Level): ServedServer {
  const simulated = createFleetServer(fleet);
  // The revision moves one answer of the validating path, refused arguments
  // (`argumentErrorsAreResults`): one path server for each way of answering, both made here, so
  // that no call waits for a server and its validators to be made (`fleetValidators`).
  const asResults = createPathServer(path, fleet, "2025-11-25");
  const asErrors = createPathServer(path, fleet, "2025-06-18");
  return {
    name: simulated.name,
    version: declaredVersion(simulated.version, level),
    tools: fleetToolList(simulated, level),
    callTool(tool, args, id, revision): CallToolResult {
      if (!(FLEET_TOOL_NAMES as readonly string[]).includes(tool)) throw unknownTool(tool);
      const pathServer = argumentErrorsAreResults(revision) ? asResults : asErrors;
      // The path servers speak numeric ids; the id only labels the response we unwrap here.
      const response = pathServer.handle({
        jsonrpc: "2.0",
        id: typeof id === "number" ? id : 0,
        method: "tools/call",
        params: { name: tool, arguments: args },
      });
      if (!response) {
        throw new ProtocolError(JSONRPC_ERRORS.internalError, "the path server gave no response");
      }
      if ("error" in response) throw new ProtocolError(response.error.code, response.error.message);
      return response.result as unknown as CallToolResult;
    },
    resources: servedResources(simulated.name, simulated.resources, { fleet }),
    prompts: [],
  };
}
