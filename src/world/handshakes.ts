/**
 * Lesson 6's handshakes, done once for every seed.
 *
 * Negotiation reads only what the servers declare, never a handler (`handshake` in
 * `sim/negotiation.ts`), and the world's servers declare the same at every seed
 * ({@link SERVER_FACTS}). So the handshake at each level, under the lesson's policy and under the
 * wide one, is measured once, each on a fresh envelope, when this module loads, and frozen: every
 * world starts its runs from these same values: the counts, and the agreed tools as the simulated
 * client calls them (`tools`, whose handlers read the world they are given), or bound to its own
 * handlers by name (`openSharedSession` in `run.ts`). They are constants: nothing here changes
 * after loading.
 */
import { ALL_LEVELS, type Level } from "../sim/declaration";
import { Envelope } from "../sim/envelope";
import type { CallForm } from "../sim/envelope";
import type { KeyTable } from "../sim/keys";
import { callForms, handshake, type ClientPolicy, type Decision } from "../sim/negotiation";
import type { ServerFacts } from "../sim/server";
import type { WordTokens } from "../sim/tokenizer";
import { worldTool, type WorldTool } from "./call";
import { WORLD_KEYS } from "./keys";
import { handshakeCounts, type HandshakeRow } from "./run";
import { LESSON_POLICY, SERVER_FACTS, WIDE_POLICY, WORLD_WORDS } from "./servers";

/** One level's handshake under one policy: the client's decision, and the envelope it leaves. */
export interface Handshake {
  level: Level;
  policy: ClientPolicy;
  /** Which tools were agreed (with what was declared about them) and which were dropped, and why. */
  decision: Decision;
  /** The counts after the handshake; frozen, so a run starts from a copy (`Envelope.clone`). */
  envelope: Envelope;
  /** The form of a call to each agreed tool, counted with the envelope's words (`callForms`). */
  calls: ReadonlyMap<string, CallForm>;
  /** The handshake's row: tools agreed and dropped, and what it cost (`handshakeRow`). */
  row: HandshakeRow;
}

/** {@link Handshake} on the world's servers: with each agreed tool as lesson 6's simulated client calls it. */
export interface WorldHandshake extends Handshake {
  /** The agreed tools, by name, in the decision's order (`worldTool`). */
  tools: ReadonlyMap<string, WorldTool>;
}

/**
 * The handshake of `servers` at `level` under `policy`, on a fresh envelope, frozen. A pure
 * function of its arguments: the same facts, level and policy give an equal handshake.
 *
 * @param words the token counts of the words bodies repeat, for the envelope (see `Envelope`).
 * @param keys the numbered keys of bodies sent by key number, for the envelope (see `Envelope`).
 */
export function frozenHandshake(servers: readonly ServerFacts[], level: Level, policy: ClientPolicy, words?: WordTokens, keys?: KeyTable): Handshake {
  const envelope = new Envelope(words, keys);
  const decision = handshake(servers, level, policy, envelope);
  // Frozen through: the agreed tools, the dropped list, the envelope (counting on it throws: a run
  // counts on its own copy), the call forms, the row. `decision.agreed` and `calls` are Maps, which
  // cannot be frozen: they are typed read-only.
  for (const tool of decision.agreed.values()) Object.freeze(tool);
  for (const dropped of decision.dropped) Object.freeze(dropped);
  Object.freeze(decision.dropped);
  Object.freeze(envelope);
  const calls = callForms(decision, words, keys);
  for (const form of calls.values()) Object.freeze(form);
  const row = Object.freeze(handshakeCounts(level, decision, envelope));
  return Object.freeze({ level, policy, decision: Object.freeze(decision), envelope, calls, row });
}

/**
 * The handshake of the world's servers ({@link SERVER_FACTS}) at `level` under `policy`, frozen:
 * {@link frozenHandshake} with the world's words and keys, and each agreed tool as lesson 6's
 * simulated client calls it.
 */
export function worldHandshake(level: Level, policy: ClientPolicy): WorldHandshake {
  const shared = frozenHandshake(SERVER_FACTS, level, policy, WORLD_WORDS, WORLD_KEYS);
  const tools = new Map<string, WorldTool>();
  for (const [name, { fields, sideEffect, server }] of shared.decision.agreed) {
    const transport = SERVER_FACTS.find((facts) => facts.name === server)!.transport;
    const tool = worldTool({ name, fields, sideEffect, transport, call: shared.calls.get(name)! });
    tools.set(name, Object.freeze(tool));
  }
  return Object.freeze({ ...shared, tools });
}

/** The lesson's handshakes under {@link LESSON_POLICY}, indexed by level (0–3). */
export const LESSON_HANDSHAKES: readonly WorldHandshake[] = Object.freeze(ALL_LEVELS.map((level) => worldHandshake(level, LESSON_POLICY)));

/** The lesson's handshakes under {@link WIDE_POLICY} (`kayit_yaz` allowed), indexed by level (0–3). */
export const WIDE_HANDSHAKES: readonly WorldHandshake[] = Object.freeze(ALL_LEVELS.map((level) => worldHandshake(level, WIDE_POLICY)));
