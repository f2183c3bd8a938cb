/**
 * The SDK's own floor for a server on Streamable HTTP (run by bench/agents.ts): SDK v2's
 * `createMcpHandler` (`@modelcontextprotocol/server` 2.4.0) behind `node:http` through
 * `toNodeHandler` (`@modelcontextprotocol/node` 2.1.2), serving the very tool and handler that
 * `serve tarife --http` serves (`tarife` of the default seed's world, level 3, one stock `Server`
 * per request), with nothing of ours around it: no request screen, no Host or Origin guard, no
 * log, no faults, no body-size check of our own. Listens on 127.0.0.1, a free port, and prints
 * its endpoint on stdout as one line; ends on SIGTERM.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { DEFAULT_SEED } from "../dist/sim/seed";
import { createWorld } from "../dist/world/world";
import { createMcpServer } from "../dist/server/mcpServer";
import { worldServed } from "../dist/server/servedServers";
import { STATELESS_REVISION, supportedRevisions } from "../dist/protocol/revisions";

const served = worldServed(createWorld(DEFAULT_SEED), "tarife", 3);
const supported = supportedRevisions("both");
const handler = createMcpHandler(() => createMcpServer(served, {}, () => STATELESS_REVISION, supported), {
  legacy: "stateless",
});
const server = createServer(toNodeHandler(handler));
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`http://127.0.0.1:${port}/mcp\n`);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
