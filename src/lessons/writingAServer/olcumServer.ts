/**
 * @remarks Source: 2026-07-28 `server/tools.mdx` ("Listing Tools", "Calling Tools", "Tool
 * Result", "Error Handling"), `server/resources.mdx` ("Reading Resources"), `server/prompts.mdx`
 * ("Getting a Prompt"); the SDK's `McpServer.registerTool`, `registerResource`, `registerPrompt`
 * and `serveStdio` documentation (`@modelcontextprotocol/server` 2.4.0, `dist/index.d.cts`,
 * `dist/stdio.d.cts`).
 */
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import * as z from "zod/v4";

/** Each subscriber's meter: the previous and the current reading, in m³. */
const METERS: Readonly<Record<string, { onceki: number; simdiki: number }>> = {
  A001: { onceki: 41230, simdiki: 41262 },
};

/**
 * A new `olcum` (metering) server with one tool, `sayac_oku` (read meter), one resource, the
 * meters, and one prompt, `tuketim_sor` (ask for consumption).
 */
export function createOlcumServer(): McpServer {
  const server = new McpServer({ name: "olcum", version: "2" });
  server.registerTool(
    "sayac_oku",
    {
      title: "Read meter",
      description: "A subscriber's previous and current meter readings (onceki, simdiki), in m³.",
      inputSchema: z.object({ abone: z.string().describe("Subscriber id, e.g. A001") }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ abone }) => {
      const meter = METERS[abone];
      if (meter === undefined) {
        return { content: [{ type: "text", text: `no subscriber ${abone}` }], isError: true };
      }
      return { content: [{ type: "text", text: JSON.stringify(meter) }] };
    },
  );
  server.registerResource(
    "sayaclar",
    "olcum://sayaclar",
    { mimeType: "application/json" },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(METERS) }],
    }),
  );
  server.registerPrompt(
    "tuketim_sor",
    {
      description: "Ask for a subscriber's consumption",
      argsSchema: z.object({ abone: z.string() }),
    },
    ({ abone }) => ({
      messages: [{ role: "user", content: { type: "text", text: `How much did ${abone} use?` } }],
    }),
  );
  return server;
}

// Run as a program (`node olcumServer.js`), not imported: serve one client on stdin/stdout.
if (require.main === module) serveStdio(createOlcumServer);
