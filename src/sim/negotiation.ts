/**
 * Capability negotiation: the client keeps only what it can check and allows.
 *
 * Source: reference lesson 004, "Handler and Declaration", `negotiate`, and assumptions IM3 and
 * IM5. For each server, in order, the client sends one request (`yetenek sor`, ask capabilities)
 * and receives one response (`yetenek bildir`, declare capabilities) naming the server's version,
 * tools and resources. Then, using the declaration only:
 * - a declared version above the one the client knows drops the whole server (reason `version`);
 * - a tool whose name is not on the allowlist is dropped (reason `allowlist`);
 * - every other tool is negotiated, carrying exactly what was declared about it.
 * What is not declared cannot be compared, so a server that says less keeps more tools.
 */
import { declare, type Level, type ServerDeclaration, type ToolDeclaration } from "./declaration";
import { callForm, type CallForm, type Envelope, type Transport } from "./envelope";
import type { Handler, WorldServer, ServerFacts } from "./server";
import type { WordTokens } from "./tokenizer";
import type { Value } from "./values";

/** The client's side of negotiation: which tool names it allows, which server versions it knows. */
export interface ClientPolicy {
  allowlist: readonly string[];
  /** Known version per server name; a server missing here counts as version 0. */
  knownVersions: Readonly<Record<string, number>>;
}

/**
 * `policy` without its version rule: the same allowlist, and each server's own version known, so
 * that no server is dropped for its version (the host lessons 7 and 10 lead with).
 */
export function knowingOwnVersions(
  policy: ClientPolicy,
  servers: readonly WorldServer[],
): ClientPolicy {
  return {
    allowlist: policy.allowlist,
    knownVersions: Object.fromEntries(servers.map((s) => [s.name, s.version])),
  };
}

/** A tool the client negotiated to use: what was declared, plus where to send the call. */
export interface NegotiatedTool extends ToolDeclaration {
  name: string;
  server: string;
  transport: Transport;
  /** The server's handler, reached only through a counted request (see `callTool`). */
  handler: Handler;
  /** The tool's name and declared fields (none if not declared), with their tokens: see `Envelope.sendCall`. */
  call: CallForm;
}

/** Why a tool was dropped: its server's version is unknown, or its name is not allowed. */
export type DropReason = "version" | "allowlist";

/** A dropped tool, its server, and the reason. */
export interface DroppedTool {
  tool: string;
  server: string;
  reason: DropReason;
}

/** The outcome of negotiation: negotiated tools by name (in server order) and dropped tools. */
export interface Negotiation {
  negotiated: ReadonlyMap<string, NegotiatedTool>;
  dropped: readonly DroppedTool[];
}

/**
 * Negotiates with every server at one declaration level, counting the handshake on `envelope`:
 * the handshake and the decision ({@link handshake}), then each negotiated tool gets its server's
 * handler ({@link bindHandlers}). Handlers play no part in the decision, so lesson 6, whose
 * servers have the same facts at every seed, does the handshake once per level and policy for
 * all its worlds (`world/handshakes.ts`) and binds each world's handlers to it.
 *
 * @param servers the servers, negotiated in this order.
 * @param level the declaration level the servers answer with.
 * @param policy the client's allowlist and known versions.
 * @param envelope the run's counter; gains one request and one response per server.
 */
export function negotiate(
  servers: readonly WorldServer[],
  level: Level,
  policy: ClientPolicy,
  envelope: Envelope,
): Negotiation {
  const decision = handshake(servers, level, policy, envelope);
  return bindHandlers(servers, decision, callForms(decision, envelope.words));
}

/**
 * The handshake, counted on `envelope`, and the client's decision: for each server, in order,
 * one request (`yetenek sor`) and one response (`yetenek bildir`) naming its version, tools and
 * resources; then {@link decideOn} on each server's declaration at `level`. Reads only the
 * servers' facts, never a handler.
 */
export function handshake(
  servers: readonly ServerFacts[],
  level: Level,
  policy: ClientPolicy,
  envelope: Envelope,
): Decision {
  for (const server of servers) {
    // `yetenek sor olcum` / `yetenek bildir olcum surum 2 sayac_oku tuketim abone_listesi`
    envelope.send("request", ["yetenek", "sor", server.name], server.transport);
    const answer: Value[] = ["yetenek", "bildir", server.name, "surum", server.version];
    for (const tool of server.tools) answer.push(tool.name);
    envelope.send("response", answer.concat(server.resources));
  }
  return decideAt(servers, level, policy);
}

/** {@link decideOn} on each server's declaration at `level`. */
function decideAt(servers: readonly ServerFacts[], level: Level, policy: ClientPolicy): Decision {
  return decideOn(
    servers.map((server) => ({ name: server.name, declaration: declare(server, level) })),
    policy,
  );
}

/**
 * The client's decision alone, from each server's declaration at `level`: which tools it keeps
 * and which it drops, and why. Sends nothing; {@link negotiate} counts the handshake, and lesson
 * 7's client, which discovers servers with MCP's own messages, decides with this directly. The
 * decision itself is {@link decideOn}; this adds each simulated server's handler and transport.
 */
export function agreeOn(
  servers: readonly WorldServer[],
  level: Level,
  policy: ClientPolicy,
): Negotiation {
  return bindHandlers(servers, decideAt(servers, level, policy));
}

/**
 * The form of a call to each tool a decision negotiated: its name and declared fields (none if not
 * declared), with their tokens counted once (`callForm`), and the server that answers it; by
 * tool name.
 *
 * @param words token counts of words the calls repeat (a word not in it is counted); default none.
 */
export function callForms(decision: Decision, words?: WordTokens): ReadonlyMap<string, CallForm> {
  const forms = new Map<string, CallForm>();
  for (const [name, { fields, server }] of decision.negotiated) {
    forms.set(name, callForm(name, fields ?? NO_FIELDS, words, server));
  }
  return forms;
}

/** The fields of a tool that declared none. */
const NO_FIELDS: readonly string[] = [];

/**
 * A decision made on these servers' facts (by {@link handshake} or {@link decideOn}), with each
 * negotiated tool given its server's handler and transport, and the form of a call to it: the
 * session's negotiated tools.
 *
 * @param servers the servers the decision was made on, or servers with the same facts (another
 *   seed's world); a tool whose name and server are not found among them is left out.
 * @param forms the form of a call to each negotiated tool ({@link callForms}); default counted here.
 * @returns a new negotiation; `dropped` is the decision's own list.
 */
export function bindHandlers(
  servers: readonly WorldServer[],
  decision: Decision,
  forms: ReadonlyMap<string, CallForm> = callForms(decision),
): Negotiation {
  // The decision keeps server and tool order, so walking the servers' tools in order rebuilds it with handlers.
  const negotiated = new Map<string, NegotiatedTool>();
  for (const server of servers) {
    for (const { name, handler } of server.tools) {
      const face = decision.negotiated.get(name);
      const call = forms.get(name);
      if (face?.server !== server.name || call === undefined) continue;
      negotiated.set(name, {
        name,
        server: server.name,
        transport: server.transport,
        handler,
        fields: face.fields,
        sideEffect: face.sideEffect,
        call,
      });
    }
  }
  return { negotiated, dropped: decision.dropped };
}

/** A server as the client knows it: its name and what it declared (e.g. read off the wire). */
export interface DeclaredServer {
  name: string;
  declaration: ServerDeclaration;
}

/** A tool negotiated from a declaration alone: its name, its server, and what was declared about it. */
export interface NegotiatedDeclaration extends ToolDeclaration {
  name: string;
  server: string;
}

/** The decision from declarations alone: negotiated tools by name (in server order) and dropped tools. */
export interface Decision {
  negotiated: ReadonlyMap<string, NegotiatedDeclaration>;
  dropped: readonly DroppedTool[];
}

/**
 * The client's decision, from the servers' declarations alone (no handler plays a part). The rules:
 * - a declared version above the one the policy knows (missing: 0) drops every tool of the server
 *   (reason `version`); an undeclared version cannot be compared and drops nothing;
 * - a tool whose name is not on the allowlist is dropped (reason `allowlist`);
 * - every other tool is negotiated, carrying exactly what was declared about it.
 *
 * @param servers the servers, decided in this order; each declaration's tools in its own order.
 * @param policy the client's allowlist and known versions.
 *
 * @remarks Source: the reference lesson's negotiation. {@link agreeOn} decides with it for the
 * simulated servers, and the wire client (`wireClient/negotiation.ts`) from what discovery brought
 * back: `initialize` and `tools/list` in the legacy era, the discover result given in advance and
 * `tools/list` in the stateless one. `for…in` keeps each declaration's order, as tool names are
 * never integer-like.
 */
export function decideOn(servers: readonly DeclaredServer[], policy: ClientPolicy): Decision {
  const negotiated = new Map<string, NegotiatedDeclaration>();
  const dropped: DroppedTool[] = [];
  for (const { name: server, declaration } of servers) {
    const known = policy.knownVersions[server] ?? 0;
    if (declaration.version !== undefined && known < declaration.version) {
      for (const tool in declaration.tools) dropped.push({ tool, server, reason: "version" });
      continue;
    }
    for (const name in declaration.tools) {
      const face = declaration.tools[name];
      if (!policy.allowlist.includes(name)) {
        dropped.push({ tool: name, server, reason: "allowlist" });
        continue;
      }
      negotiated.set(name, { name, server, fields: face.fields, sideEffect: face.sideEffect });
    }
  }
  return { negotiated, dropped };
}
