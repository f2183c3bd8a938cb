/**
 * @remarks Source: 2026-07-28 `basic/transports/streamable-http.mdx` ("Streamable HTTP": one MCP
 * endpoint for every POST; "Security Warning": servers MUST validate `Origin`, SHOULD bind only to
 * localhost when running locally); the SDK's `createMcpHandler` documentation
 * (`@modelcontextprotocol/server` 2.4.0: a server from the factory per HTTP request, 2025-era
 * requests served statelessly by default, Origin and Host checks left to the caller), and
 * `toNodeHandler`, `localhostHostValidation` and `localhostOriginValidation`
 * (`@modelcontextprotocol/node` 2.1.2, `dist/index.d.mts`). A program, not a module: nothing
 * imports it.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import * as node from "@modelcontextprotocol/node";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { createOlcumServer } from "./olcumServer";

const mcp = node.toNodeHandler(createMcpHandler(createOlcumServer));
const hostIsLocal = node.localhostHostValidation();
const originIsLocal = node.localhostOriginValidation();

// Each request to /mcp from this machine; a guard that says no has already answered 403.
const server = createServer((req, res) => {
  if (!hostIsLocal(req, res) || !originIsLocal(req, res)) return;
  if (req.url === "/mcp") void mcp(req, res);
  else res.writeHead(404).end();
});
// `node olcumHttpServer.js [port]`; port 0 lets the system pick one.
server.listen(Number(process.argv[2] ?? 3000), "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  console.error(`olcum: listening on http://127.0.0.1:${port}/mcp`);
});
