/**
 * The SDK's own floor for a stdio server (run by bench/wire.ts): the SDK's low-level `Server` on
 * the SDK's `StdioServerTransport`, serving one trivial tool, `trivial`, that answers `ok` whatever
 * its arguments. No logging, no faults, no validation of our own, no handlers behind it: what any
 * server on SDK 1.x pays per call before doing any work. The bench speaks to it with the SDK's
 * `Client` over `StdioClientTransport`, so the pair is the SDK alone at both ends.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

/** The one tool's name (the bench reads it off `tools/list`). */
const TRIVIAL_TOOL = "trivial";

const server = new Server({ name: "sdk-baseline", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: TRIVIAL_TOOL, inputSchema: { type: "object" } }] }));
server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: "text", text: "ok" }] }));
void server.connect(new StdioServerTransport());
