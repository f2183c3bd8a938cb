/**
 * The SDK's own floor for a stdio server (run by bench/wire.ts): SDK v2's low-level `Server`
 * (`@modelcontextprotocol/server` 2.4.0) served by `serveStdio` on the SDK's own
 * `StdioServerTransport` (its default), serving one trivial tool, `trivial`, that answers `ok`
 * whatever its arguments. No logging, no faults, no validation of our own, no handlers behind
 * it: what any server on SDK v2 pays per call before doing any work, in whichever era its client
 * opens with. The bench speaks to it with the SDK's `Client` over `StdioClientTransport` (the
 * legacy era), so the pair is the SDK alone at both ends.
 */
import { Server } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

/** The one tool's name (the bench reads it off `tools/list`). */
const TRIVIAL_TOOL = "trivial";

serveStdio(() => {
  const server = new Server({ name: "sdk-baseline", version: "1" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", () => ({ tools: [{ name: TRIVIAL_TOOL, inputSchema: { type: "object" } }] }));
  server.setRequestHandler("tools/call", () => ({ content: [{ type: "text", text: "ok" }] }));
  return server;
});
