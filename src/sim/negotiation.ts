/**
 * Capability negotiation: the client keeps only what it can check and allows.
 *
 * Source: reference lesson 004, "Handler and Declaration", `negotiate`, and assumptions IM3 and
 * IM5. For each server, in order, the client sends one request (`yetenek sor`, ask capabilities)
 * and receives one response (`yetenek bildir`, declare capabilities) naming the server's version,
 * tools and resources. Then, using the declaration only:
 * - a declared version above the one the client knows drops the whole server (reason `version`);
 * - a tool whose name is not on the allowlist is dropped (reason `allowlist`);
 * - every other tool is agreed, carrying exactly what was declared about it.
 * What is not declared cannot be compared, so a server that says less keeps more tools.
 */
import { declare, type Level, type ToolDeclaration } from "./declaration";
import type { Envelope, Transport } from "./envelope";
import type { Handler, Server } from "./server";
import type { Value } from "./values";

/** The client's side of negotiation: which tool names it allows, which server versions it knows. */
export interface ClientPolicy {
  allowlist: readonly string[];
  /** Known version per server name; a server missing here counts as version 0. */
  knownVersions: Readonly<Record<string, number>>;
}

/** A tool the client agreed to use: what was declared, plus where to send the call. */
export interface AgreedTool extends ToolDeclaration {
  name: string;
  server: string;
  transport: Transport;
  /** The server's handler, reached only through a counted request (see `callTool`). */
  handler: Handler;
}

/** Why a tool was dropped: its server's version is unknown, or its name is not allowed. */
export type DropReason = "version" | "allowlist";

/** A dropped tool, its server, and the reason. */
export interface DroppedTool {
  tool: string;
  server: string;
  reason: DropReason;
}

/** The outcome of negotiation: agreed tools by name (in server order) and dropped tools. */
export interface Negotiation {
  agreed: ReadonlyMap<string, AgreedTool>;
  dropped: readonly DroppedTool[];
}

/**
 * Negotiates with every server at one declaration level, counting the handshake on `envelope`.
 *
 * @param servers the servers, negotiated in this order.
 * @param level the declaration level the servers answer with.
 * @param policy the client's allowlist and known versions.
 * @param envelope the run's counter; gains one request and one response per server.
 */
export function negotiate(servers: readonly Server[], level: Level, policy: ClientPolicy, envelope: Envelope): Negotiation {
  for (const server of servers) {
    // `yetenek sor olcum` / `yetenek bildir olcum surum 2 sayac_oku tuketim abone_listesi`
    envelope.send("request", ["yetenek", "sor", server.name], server.transport);
    const answer: Value[] = ["yetenek", "bildir", server.name, "surum", server.version];
    for (const tool of server.tools) answer.push(tool.name);
    envelope.send("response", answer.concat(server.resources));
  }
  return agreeOn(servers, level, policy);
}

/**
 * The client's decision alone, from each server's declaration at `level`: which tools it keeps
 * and which it drops, and why. Sends nothing; {@link negotiate} counts the handshake, and lesson
 * 7's client, which discovers servers with MCP's own messages, decides with this directly.
 */
export function agreeOn(servers: readonly Server[], level: Level, policy: ClientPolicy): Negotiation {
  const agreed = new Map<string, AgreedTool>();
  const dropped: DroppedTool[] = [];
  for (const server of servers) {
    const declaration = declare(server, level);
    const known = policy.knownVersions[server.name] ?? 0;
    if (declaration.version !== undefined && known < declaration.version) {
      for (const tool of Object.keys(declaration.tools)) dropped.push({ tool, server: server.name, reason: "version" });
      continue;
    }
    for (const { name, handler } of server.tools) {
      if (!policy.allowlist.includes(name)) {
        dropped.push({ tool: name, server: server.name, reason: "allowlist" });
        continue;
      }
      const face = declaration.tools[name];
      agreed.set(name, { name, server: server.name, transport: server.transport, handler, fields: face.fields, sideEffect: face.sideEffect });
    }
  }
  return { agreed, dropped };
}
