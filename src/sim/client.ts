/**
 * The client's call: the one road from a task to a handler.
 *
 * Source: reference lesson 004, "Handler and Declaration", `call`, and assumptions IM3 and IM8.
 * The client fills in only the fields that were declared, taking their values from its state. A
 * tool that was not agreed ends in the client with `arac bildirilmedi` (tool not declared), and a
 * tool with a declared side effect ends with `onay yok` (no approval) unless approval was given:
 * neither sends a message. Everything else is a counted request, the handler, and a counted
 * response.
 */
import type { ToolDeclaration } from "./declaration";
import type { Envelope } from "./envelope";
import type { AgreedTool } from "./negotiation";
import { pyStr, type Fields } from "./values";

/** What a client needs to call: the run's counter, the agreed tools, and the approval answer. */
export interface Session {
  envelope: Envelope;
  agreed: ReadonlyMap<string, AgreedTool>;
  /** Whether the user approves calls to tools with a declared side effect. */
  approval: boolean;
}

/** The error a call to a tool that was not agreed ends with. Source: reference lesson 004, `call`. */
export const NOT_DECLARED = "arac bildirilmedi";

/** The error a call stopped at the approval gate ends with. Source: reference lesson 004, `call`. */
export const NO_APPROVAL = "onay yok";

/** The fields of a tool that declared none. */
const NO_FIELDS: readonly string[] = [];

/**
 * The client's gates, before anything is sent: shared by the simulated call ({@link callTool})
 * and the real client over stdio (`client/wireClient.ts`), so both refuse and fill in exactly
 * alike. Source: reference lesson 004, `call` (IM3, IM8).
 *
 * @param agreed the agreed tools by name; only `fields` and `sideEffect` are read.
 * @param approval whether calls with a declared side effect are approved.
 * @param name the tool's name.
 * @param state the client's known values; only the tool's declared fields are read from it, and
 *   one that reads as `undefined` is not known.
 * @returns `{refused: {hata}}` with {@link NOT_DECLARED} (tool not agreed) or {@link NO_APPROVAL}
 *   (declared side effect, no approval), to be returned without sending; else `{tool, args}`, the
 *   agreed tool and the arguments to send: the declared fields present in `state`, in declared
 *   order (none when no fields were declared).
 */
export function gateCall<T extends ToolDeclaration>(agreed: ReadonlyMap<string, T>, approval: boolean, name: string, state: Fields): GateResult<T> {
  const tool = agreed.get(name);
  // Every result has the same three keys, so the simulator's hot loop sees one object shape.
  if (!tool) return { refused: { hata: NOT_DECLARED }, tool: undefined, args: undefined };
  if (tool.sideEffect && !approval) return { refused: { hata: NO_APPROVAL }, tool: undefined, args: undefined };
  const args: Fields = {};
  const fields = tool.fields ?? NO_FIELDS;
  for (let i = 0; i < fields.length; i++) {
    // Python's `a in state`: a key the state lacks, or holds unset (a chain's state keeps a slot for
    // every key a handler answers, see TaskWalk), reads as undefined; no value is undefined.
    const value = state[fields[i]];
    if (value !== undefined) args[fields[i]] = value;
  }
  return { refused: undefined, tool, args };
}

/** What {@link gateCall} decides: refused in the client, or the tool and the arguments to send. */
export type GateResult<T> = { refused: Fields; tool?: undefined; args?: undefined } | { refused?: undefined; tool: T; args: Fields };

/**
 * Calls an agreed tool with the declared fields found in `state`.
 *
 * @param session the run's counter, agreed tools and approval.
 * @param name the tool's name.
 * @param state the client's known values; only the tool's declared fields are read from it.
 * @returns the handler's result, or `{hata}` from the client (`arac bildirilmedi`, `onay yok`,
 *   see {@link gateCall}) or from the handler.
 */
export function callTool(session: Session, name: string, state: Fields): Fields {
  const gate = gateCall(session.agreed, session.approval, name, state);
  if (gate.refused) return gate.refused;
  const { tool, args } = gate;
  // Request body `name field value …`, response body `key value …`: see Envelope.sendFields.
  session.envelope.sendFields("request", name, args, tool.transport);
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
