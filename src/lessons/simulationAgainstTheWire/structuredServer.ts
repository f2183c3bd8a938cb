/**
 * Lesson 9's structured-results server: one tool, `tuketim_oku` (read consumption), written with the SDK's
 * `McpServer.registerTool`, declaring an `outputSchema` (in zod) beside its `inputSchema`. It
 * answers a subscriber's consumption between two meter readings as `structuredContent` and, as MCP
 * asks for backwards compatibility, as the same JSON serialized in a text block. One subscriber's
 * current reading is missing, so its answer does not conform to the `outputSchema`: the SDK's
 * `McpServer` checks its handler's result against that schema and answers with a tool execution
 * error instead. Run as a program (`node structuredServer.js`) it serves one client on stdio.
 *
 * @remarks Source: 2025-06-18, 2025-11-25 and 2026-07-28 `server/tools.mdx` ("Structured
 * Content", "Output Schema": servers MUST provide structured results that conform to it; a tool
 * that returns structured content SHOULD also return the serialized JSON in a TextContent block);
 * `@modelcontextprotocol/server` 2.4.0 (`McpServer.registerTool`'s `outputSchema`, and its
 * `validateToolOutput`, which turns a non-conforming result into a result with `isError: true`).
 */
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import * as z from "zod/v4";

/** Each subscriber's previous and current reading, in m³; `null` where a reading is missing. */
export const STRUCTURED_METERS: Readonly<
  Record<string, { onceki: number; simdiki: number | null }>
> = {
  A001: { onceki: 41230, simdiki: 41262 },
  A002: { onceki: 18004, simdiki: null },
};

/** The one tool's name: `tuketim_oku` (read consumption). */
export const STRUCTURED_TOOL = "tuketim_oku";

/**
 * The server `olcum-yapisal`, its one tool declaring an `outputSchema`.
 *
 * For a subscriber (`abone`), `tuketim_oku` answers the consumption `m3` between the two readings,
 * as `{ abone, m3 }`, in `structuredContent` and as text.
 */
export function createStructuredServer(): McpServer {
  const server = new McpServer({ name: "olcum-yapisal", version: "1" });
  server.registerTool(
    STRUCTURED_TOOL,
    {
      title: "Consumption",
      description: "A subscriber's consumption between the last two meter readings, in m³.",
      inputSchema: z.object({ abone: z.string().describe("Subscriber id, e.g. A001") }),
      outputSchema: z.object({
        abone: z.string(),
        m3: z.number().describe("Consumption in m³"),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ abone }) => {
      const meter = STRUCTURED_METERS[abone];
      if (meter === undefined) {
        return { content: [{ type: "text", text: `no subscriber ${abone}` }], isError: true };
      }
      // A missing reading gives `m3: null`, which the outputSchema refuses: the SDK checks it.
      const m3 = meter.simdiki === null ? null : meter.simdiki - meter.onceki;
      const structured = { abone, m3 };
      return {
        content: [{ type: "text", text: JSON.stringify(structured) }],
        structuredContent: structured,
      };
    },
  );
  return server;
}

// Run as a program (`node structuredServer.js`), not imported: serve one client on stdin/stdout.
if (require.main === module) serveStdio(createStructuredServer);
