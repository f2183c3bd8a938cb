/** A whole client in 2026-07-28: it starts a server, lists its tools, calls them, and closes. */
import { Client, ProtocolError, type Transport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { dirname, join } from "node:path";

/** The `mcp-course` command: `dist/cli/main.js` in the installed package. */
const MCP_COURSE = join(dirname(require.resolve("mcp-course/package.json")), "dist/cli/main.js");

/** A stdio transport for `mcp-course serve <server> --era stateless`: 2026-07-28 only. */
export function currentServer(server: string): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath, // node
    args: [MCP_COURSE, "serve", server, "--era", "stateless"],
    stderr: "ignore", // the server's log lines are not the client's to read
  });
}

/** Lists the server's tools, makes each call in turn, closes, and says what each call returned. */
export async function callInCurrentRevision(
  transport: Transport,
  calls: { name: string; arguments: Record<string, unknown> }[],
): Promise<string[]> {
  const client = new Client(
    { name: "mcp-course", version: "0" }, // clientInfo
    { capabilities: {}, versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(transport); // server/discover on a probe process, then spawns the server
  const said: string[] = [];
  try {
    const { tools } = await client.listTools(); // tools/list
    said.push(`listed: ${tools.map((tool) => tool.name).join(" ")}`);
    for (const call of calls) {
      try {
        const result = await client.callTool(call); // tools/call
        const first = result.content[0];
        const text = first?.type === "text" ? first.text : "";
        said.push(`${call.name}: isError ${result.isError === true}, ${text}`);
      } catch (error) {
        if (!(error instanceof ProtocolError)) throw error; // an SdkError: a timeout, a closed pipe
        // a JSON-RPC error, such as the server's answer to an unknown tool
        said.push(`${call.name}: ProtocolError ${error.code}, ${error.message}`);
      }
    }
  } finally {
    await client.close(); // closes the server's stdin; the server exits
  }
  return said;
}
