/**
 * The simulated client's call to one of the world's tools, with its values by key number.
 *
 * Source: reference lesson 004, "Handler and Declaration", `call`, and assumptions IM3 and IM8,
 * as `callTool` (`sim/client.ts`) has them: the same gates ({@link gateTool}), then only the
 * declared fields go out, each with its value from the client's state, as a counted request; then
 * the handler and a counted response. Lesson 6's runs keep the client's state, each call's
 * arguments and each answer by the world's key numbers (`Key`, `world/keys.ts`) rather than by
 * name: the same values, the same messages and the same counts.
 */
import { gateTool } from "../sim/client";
import type { ToolDeclaration } from "../sim/declaration";
import type { CallForm, Envelope, Transport } from "../sim/envelope";
import type { Values } from "../sim/keys";
import { WORLD_HANDLERS, type HandlerWorld, type Handlers, type WorldHandler } from "./handlers";
import { noWorldValues, refusal } from "./keys";

/** A tool of the world that the client agreed: what was declared, where the call goes, and its handler. */
export interface WorldTool extends ToolDeclaration {
  name: string;
  transport: Transport;
  /** The tool's name and declared fields with their tokens and world key numbers (see `Envelope.sendCallValues`). */
  call: CallForm;
  /** The declared fields as world key numbers, in declared order (`call.keys`); none when none were declared. */
  keys: readonly number[];
  /** The tool's handler over key numbers, reached only through a counted request. */
  handler: WorldHandler;
}

/**
 * What lesson 6's client needs to call: the run's counter (made with the world's key table,
 * `WORLD_KEYS`), the agreed tools, the world their handlers read, and the approval answer.
 */
export interface WorldSession {
  envelope: Envelope;
  tools: ReadonlyMap<string, WorldTool>;
  world: HandlerWorld;
  /** Whether the user approves calls to tools with a declared side effect. */
  approval: boolean;
}

/**
 * An agreed tool of the world as {@link callWorldTool} calls it: its declared fields numbered in
 * `WORLD_KEYS` (a field that is no world key is left out: no state holds it) and its handler.
 *
 * @param tool the agreed tool: its name, what was declared, its transport and its call form,
 *   made with `WORLD_KEYS` (`callForm`).
 * @throws Error when `tool.name` is not one of the world's five tools, or its form has no key numbers.
 */
export function worldTool(tool: { name: string; fields?: readonly string[]; sideEffect?: boolean; transport: Transport; call: CallForm }): WorldTool {
  const { name, fields, sideEffect, transport, call } = tool;
  if (!Object.hasOwn(WORLD_HANDLERS, name)) throw new Error(`'${name}' is not one of the world's tools`);
  if (call.keys === undefined) throw new Error(`the form of a call to '${name}' was made without the world's key table`);
  return { name, fields, sideEffect, transport, call, keys: call.keys, handler: WORLD_HANDLERS[name as keyof Handlers] };
}

/**
 * The arguments of a call: for each declared field, its value in `state`, at the same key number.
 * A field the state holds no value for stays unset, and is not sent.
 *
 * @param keys the tool's declared fields as key numbers; none when none were declared.
 * @param state the client's values by key number.
 * @returns new values by key number.
 */
export function worldArguments(keys: readonly number[], state: Values): Values {
  const args = noWorldValues();
  for (const key of keys) args[key] = state[key];
  return args;
}

/**
 * Calls an agreed tool of the world with the declared fields found in `state`: the gates
 * ({@link gateTool}), then a counted request, the handler, and a counted response.
 *
 * @param session the run's counter, agreed tools, world and approval.
 * @param name the tool's name.
 * @param state the client's values by key number; only the tool's declared fields are read.
 * @returns the handler's answer by key number, or `hata` alone from the client
 *   (`arac bildirilmedi`, `onay yok`) or from the handler.
 */
export function callWorldTool(session: WorldSession, name: string, state: Values): Values {
  const tool = gateTool(session.tools, session.approval, name);
  if (typeof tool === "string") return refusal(tool);
  const args = worldArguments(tool.keys, state);
  session.envelope.sendCallValues(tool.call, args, tool.transport);
  const answer = tool.handler(args, session.world);
  session.envelope.sendAnswerValues(answer);
  return answer;
}
