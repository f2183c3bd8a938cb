/**
 * Negotiation over the wire: the real client connects to each server, reads its declaration off
 * `initialize` and `tools/list`, and decides with lesson 6's decision; then every call passes the
 * client's gates before it is sent.
 *
 * Source: reference lesson 004, `negotiate` and `call` (IM3, IM5, IM8), through the shared
 * functions `decideOn` (`sim/negotiation.ts`) and `gateCall` (`sim/client.ts`): the simulator
 * and the real client decide and gate with the same code, so a tool that was not negotiated ends in
 * the client with `arac bildirilmedi` and never reaches a process, a side effect without approval
 * ends with `onay yok`, and only declared fields are sent. Each drop keeps its reason (`version`
 * or `allowlist`). Which tools have a side effect depends on the session's gate rule
 * (`tools.ts`, `GateRule`): by default MCP's, where any tool not marked read-only has one.
 */
import { gateCall } from "../sim/client";
import { decideOn, type ClientPolicy, type Decision } from "../sim/negotiation";
import type { Fields } from "../sim/values";
import {
  WireConnection,
  type OpenToolConnection,
  type ServerEvent,
  type ToolConnection,
  type WireClientOptions,
} from "./connection";
import type { ServeSpec } from "./serveCommand";
import type { GateRule } from "./tools";

/** Connections to several servers, in negotiation order, and what the client decided about their tools. */
export interface WireSession {
  /** The connections by server name (`serverInfo.name` is not trusted for routing: the spec's name is). */
  connections: ReadonlyMap<string, ToolConnection>;
  decision: Decision;
  /** Whether calls with a side effect are approved. */
  approval: boolean;
  /** How the decision read each tool's annotations (see `GateRule`). */
  gate: GateRule;
  /** The servers, in negotiation order (the decision's order). */
  order: readonly string[];
}

/**
 * Opens a connection to every server (all at once), then decides on their declarations in the
 * order given. If any connection fails, the others are closed before the error is thrown.
 *
 * @param specs the servers to start, in negotiation order.
 * @param policy allowlist and known versions (lesson 6's: `LESSON_POLICY`).
 * @param approval whether side effects are approved (lesson 6's runs: false).
 * @param options timeout, restart, explained, the era; each connection counts its own traffic;
 *   `gate`, how the decision reads annotations (default `specification`).
 * @param open how each connection is opened; default the real client's ({@link WireConnection.open}).
 */
export async function openWireSession(
  specs: readonly ServeSpec[],
  policy: ClientPolicy,
  approval = false,
  options: WireClientOptions = {},
  open: OpenToolConnection = (spec, connectionOptions) =>
    WireConnection.open(spec, connectionOptions),
): Promise<WireSession> {
  const opened = await Promise.allSettled(
    specs.map((spec) => open(spec, { ...options, meter: undefined })),
  );
  const failure = opened.find(
    (result): result is PromiseRejectedResult => result.status === "rejected",
  );
  if (failure) {
    await Promise.all(
      opened.map((result) => (result.status === "fulfilled" ? result.value.close() : undefined)),
    );
    throw failure.reason;
  }
  const connections = new Map<string, ToolConnection>();
  opened.forEach((result, k) =>
    connections.set(specs[k].server, (result as PromiseFulfilledResult<ToolConnection>).value),
  );
  return redecide(
    { connections, order: specs.map((spec) => spec.server) },
    policy,
    approval,
    options.gate,
  );
}

/**
 * A session over the same connections (the same server processes) with the client's decision
 * made again, from the declarations already read, under another policy, approval or gate rule.
 * Nothing is sent; the connections are shared, so closing either session closes both.
 *
 * @param gate how annotations are read; default `specification`.
 */
export function redecide(
  session: Pick<WireSession, "connections" | "order">,
  policy: ClientPolicy,
  approval = false,
  gate: GateRule = "specification",
): WireSession {
  const { connections, order } = session;
  const decision = decideOn(
    order.map((name) => ({ name, declaration: connections.get(name)!.declaration(gate) })),
    policy,
  );
  return { connections, order, decision, approval, gate };
}

/**
 * Calls a tool as the simulator's `callTool` does, over the wire: the gates first (nothing is
 * sent for a refused call), then the declared fields from `state` to the tool's server.
 *
 * @returns the tool's fields (the result's text parsed as JSON, an error result's `{hata}`
 *   included), the gate's `{hata}`, or `{hata: <text>}` for a JSON-RPC error or a failed call.
 */
export async function callOverWire(
  session: WireSession,
  name: string,
  state: Fields,
): Promise<Fields> {
  const gate = gateCall(session.decision.negotiated, session.approval, name, state);
  if (gate.refused) return gate.refused;
  const outcome = await session.connections
    .get(gate.tool.server)!
    .callTool({ name, arguments: gate.args });
  if (outcome.channel === "result" || outcome.channel === "error result") {
    try {
      const fields: unknown = JSON.parse(outcome.text);
      if (fields !== null && typeof fields === "object" && !Array.isArray(fields))
        return fields as Fields;
    } catch {
      // Not a JSON object: the text itself is the error.
    }
  }
  return { hata: outcome.text };
}

/** Closes every connection of a session; returns each server's stderr events by server name. */
export async function closeWireSession(session: WireSession): Promise<Map<string, ServerEvent[]>> {
  const names = [...session.connections.keys()];
  const events = await Promise.all(names.map((name) => session.connections.get(name)!.close()));
  return new Map(names.map((name, k) => [name, events[k]]));
}
