/**
 * Lesson 6's handshakes, done once for every seed.
 *
 * Negotiation reads only what the servers declare, never a handler (`handshake` in
 * `sim/negotiation.ts`), and the world's servers declare the same at every seed
 * ({@link SERVER_FACTS}). So the handshake at each level, under the lesson's policy and under the
 * wide one, is measured once, each on a fresh envelope, when this module loads, and frozen: every
 * world starts its runs from these same counts and the same decision, with its own handlers bound
 * to the negotiated tools (`openSharedSession` in `runTasks.ts`). They are constants: nothing here changes
 * after loading.
 */
import { ALL_LEVELS, type Level } from "../sim/declaration";
import { Envelope, type CallForm } from "../sim/envelope";
import { callForms, handshake, type ClientPolicy, type Decision } from "../sim/negotiation";
import type { ServerFacts } from "../sim/server";
import type { WordTokens } from "../sim/tokenizer";
import { LESSON_POLICY, SERVER_FACTS, WIDE_POLICY, WORLD_WORDS } from "./servers";

/** The handshake of one level: tools negotiated and dropped, and what negotiation cost. */
export interface HandshakeRow {
  level: Level;
  negotiated: number;
  dropped: number;
  request: number;
  response: number;
  tokens: number;
  round_trips: number;
}

/** Whether two handshakes cost the same: requests, responses, tokens and round trips. */
export const sameHandshakeCost = (a: HandshakeRow, b: HandshakeRow): boolean =>
  a.request === b.request &&
  a.response === b.response &&
  a.tokens === b.tokens &&
  a.round_trips === b.round_trips;

/**
 * A handshake row from its parts: the tools the decision negotiated and dropped, and the counts of the
 * envelope the handshake was counted on (as `handshakeRow` in `runTasks.ts`).
 */
export function handshakeCounts(
  level: Level,
  decision: Pick<Decision, "negotiated" | "dropped">,
  envelope: Envelope,
): HandshakeRow {
  const { request, response, tokens, round_trips } = envelope.counts();
  return {
    level,
    negotiated: decision.negotiated.size,
    dropped: decision.dropped.length,
    request,
    response,
    tokens,
    round_trips,
  };
}

/** One level's handshake under one policy: the client's decision, and the envelope it leaves. */
export interface Handshake {
  level: Level;
  policy: ClientPolicy;
  /** Which tools were negotiated (with what was declared about them) and which were dropped, and why. */
  decision: Decision;
  /** The counts after the handshake; frozen, so a run starts from a copy (`Envelope.clone`). */
  envelope: Envelope;
  /** The form of a call to each negotiated tool, counted with the envelope's words (`callForms`). */
  calls: ReadonlyMap<string, CallForm>;
  /** The handshake's row: tools negotiated and dropped, and what it cost (`handshakeRow`). */
  row: HandshakeRow;
}

/**
 * The handshake of `servers` at `level` under `policy`, on a fresh envelope, frozen. A pure
 * function of its arguments: the same facts, level and policy give an equal handshake.
 *
 * @param words the token counts of the words bodies repeat, for the envelope (see `Envelope`).
 */
export function frozenHandshake(
  servers: readonly ServerFacts[],
  level: Level,
  policy: ClientPolicy,
  words?: WordTokens,
): Handshake {
  const envelope = new Envelope(words);
  const decision = handshake(servers, level, policy, envelope);
  // Frozen through: the negotiated tools, the dropped list, the envelope (counting on it throws: a run
  // counts on its own copy), the call forms, the row. `decision.negotiated` and `calls` are Maps, which
  // cannot be frozen: they are typed read-only.
  for (const tool of decision.negotiated.values()) Object.freeze(tool);
  for (const dropped of decision.dropped) Object.freeze(dropped);
  Object.freeze(decision.dropped);
  Object.freeze(envelope);
  const calls = callForms(decision, words);
  for (const form of calls.values()) Object.freeze(form);
  const row = Object.freeze(handshakeCounts(level, decision, envelope));
  return Object.freeze({ level, policy, decision: Object.freeze(decision), envelope, calls, row });
}

/**
 * The handshake of the world's servers ({@link SERVER_FACTS}) at `level` under `policy`, frozen:
 * {@link frozenHandshake} with the world's words.
 */
export function worldHandshake(level: Level, policy: ClientPolicy): Handshake {
  return frozenHandshake(SERVER_FACTS, level, policy, WORLD_WORDS);
}

/** The lesson's handshakes under {@link LESSON_POLICY}, indexed by level (0–3). */
export const LESSON_HANDSHAKES: readonly Handshake[] = Object.freeze(
  ALL_LEVELS.map((level) => worldHandshake(level, LESSON_POLICY)),
);

/** The lesson's handshakes under {@link WIDE_POLICY} (`kayit_yaz` allowed), indexed by level (0–3). */
export const WIDE_HANDSHAKES: readonly Handshake[] = Object.freeze(
  ALL_LEVELS.map((level) => worldHandshake(level, WIDE_POLICY)),
);
