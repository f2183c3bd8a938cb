/**
 * The client's call by name: the road from a caller's state to a handler.
 *
 * Source: reference lesson 004, "Handler and Declaration", `call`, and assumptions IM3 and IM8.
 * The client fills in only the fields that were declared, taking their values from its state. A
 * tool that was not negotiated ends in the client with `arac bildirilmedi` (tool not declared), and a
 * tool with a declared side effect ends with `onay yok` (no approval) unless approval was given:
 * neither sends a message. Everything else is a counted request, the handler, and a counted
 * response.
 */
import type { ToolDeclaration } from "./declaration";
import type { Envelope } from "./envelope";
import type { NegotiatedTool } from "./negotiation";
import { pyStr, type Fields } from "./values";

/** What a client needs to call: the run's counter, the negotiated tools, and the approval answer. */
export interface Session {
  envelope: Envelope;
  negotiated: ReadonlyMap<string, NegotiatedTool>;
  /** Whether the user approves calls to tools with a declared side effect. */
  approval: boolean;
}

/**
 * `session` as a host that reads a missing hint by MCP's default holds it: a tool that declares no
 * side effect either way counts as one that may write, so the approval gate holds it as it holds a
 * declared side effect (`readOnlyHint` defaults to false: 2026-07-28 `schema.mdx`,
 * `ToolAnnotations`). The reference's gate, which passes such a tool, is `session` itself.
 */
export function readByMcpDefaults(session: Session): Session {
  const negotiated = new Map(
    [...session.negotiated].map(([name, tool]) => [
      name,
      { ...tool, sideEffect: tool.sideEffect ?? true },
    ]),
  );
  return { ...session, negotiated };
}

/** The error a call to a tool that was not negotiated ends with. Source: reference lesson 004, `call`. */
export const NOT_DECLARED = "arac bildirilmedi";

/** The error a call stopped at the approval gate ends with. Source: reference lesson 004, `call`. */
export const NO_APPROVAL = "onay yok";

/** The fields of a tool that declared none. */
const NO_FIELDS: readonly string[] = [];

/**
 * The client's gates, before anything is sent. Every call the course's clients make passes them,
 * so all refuse alike.
 *
 * @param negotiated the negotiated tools by name; only `sideEffect` is read.
 * @param approval whether calls with a declared side effect are approved.
 * @param name the tool's name.
 * @returns the negotiated tool, or the error the call ends with in the client: {@link NOT_DECLARED}
 *   (tool not negotiated) or {@link NO_APPROVAL} (declared side effect, no approval).
 *
 * @remarks Source: the reference lesson's gates. Callers: the simulated call ({@link callTool})
 * and the wire client over stdio (through {@link gateCall}).
 */
export function gateTool<T extends ToolDeclaration>(
  negotiated: ReadonlyMap<string, T>,
  approval: boolean,
  name: string,
): T | string {
  const tool = negotiated.get(name);
  if (tool === undefined) return NOT_DECLARED;
  if (tool.sideEffect && !approval) return NO_APPROVAL;
  return tool;
}

/**
 * The arguments of a call: the declared fields present in `state`, in declared order.
 *
 * @param fields the tool's declared fields; none when none were declared.
 * @param state the client's known values. A field it lacks, or holds as `undefined`, is not sent;
 *   one it holds, even as `null` or `false`, is.
 * @returns a new object.
 */
export function callArguments(fields: readonly string[] | undefined, state: Fields): Fields {
  const args: Fields = {};
  for (const field of fields ?? NO_FIELDS) {
    // The state's own fields only: a field named `constructor` is not inherited from Object.
    if (Object.hasOwn(state, field) && state[field] !== undefined) args[field] = state[field];
  }
  return args;
}

/**
 * The client's gates and its arguments, before anything is sent ({@link gateTool},
 * {@link callArguments}), as one answer: what the real client over stdio
 * (`wireClient/negotiation.ts`) sends or refuses.
 *
 * @returns `{refused: {hata}}` to be returned without sending; else `{tool, args}`, the negotiated
 *   tool and the arguments to send.
 */
export function gateCall<T extends ToolDeclaration>(
  negotiated: ReadonlyMap<string, T>,
  approval: boolean,
  name: string,
  state: Fields,
): GateResult<T> {
  const tool = gateTool(negotiated, approval, name);
  if (typeof tool === "string") return { refused: { hata: tool } };
  return { tool, args: callArguments(tool.fields, state) };
}

/** What {@link gateCall} decides: refused in the client, or the tool and the arguments to send. */
export type GateResult<T> =
  | { refused: Fields; tool?: undefined; args?: undefined }
  | { refused?: undefined; tool: T; args: Fields };

/**
 * Calls an negotiated tool with the declared fields found in `state`: the gates ({@link gateTool}),
 * then a counted request, the handler, and a counted response.
 *
 * @param session the run's counter, negotiated tools and approval.
 * @param name the tool's name.
 * @param state the client's known values; only the tool's declared fields are read from it.
 * @returns the handler's result, or `{hata}` from the client (`arac bildirilmedi`, `onay yok`)
 *   or from the handler.
 */
export function callTool(session: Session, name: string, state: Fields): Fields {
  const tool = gateTool(session.negotiated, session.approval, name);
  if (typeof tool === "string") return { hata: tool };
  const args = callArguments(tool.fields, state);
  // The request's body is `name field value …` (Envelope.sendCall), the response's `key value`.
  session.envelope.sendCall(tool.call, args, tool.transport);
  const result = tool.handler(args);
  session.envelope.sendFields("response", "", result);
  return result;
}

/** A body as the reference writes it: `key value` pairs joined by spaces (for reading, not counting). */
export function describeFields(fields: Fields): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${pyStr(value)}`)
    .join(" ");
}
