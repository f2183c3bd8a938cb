/**
 * The keys of lesson 6's world, numbered: every name a task's state can hold, a call can carry and
 * a handler can answer with.
 *
 * Source: reference lesson 004, `run` (the state starts from `abone`, `bolge` and `sutun`, gains
 * `deger` before every call and each answer's keys) and the handlers `t_meter` … `t_record` (the
 * keys they answer with). The names are few and known before any seed is drawn, so each gets a
 * number once ({@link Key}); the simulated client then keeps its state, a call's arguments and a
 * handler's answer as values by number (`Values`, `sim/keys.ts`), and the envelope counts them by
 * the same table ({@link WORLD_KEYS}). A declared field that is not one of these keys can never be
 * filled: no state holds it.
 */
import { keyTable, type KeyTable, type Values } from "../sim/keys";
import type { Value } from "../sim/values";

/**
 * Every key a handler answers with, `hata` included: words the response bodies repeat (see
 * `WORLD_WORDS` in `servers.ts`), and keys a chain's state keeps (`TaskWalk` in `run.ts`). A
 * handler's answer holds its keys in this order (`sayac_oku`: `onceki`, `simdiki`, `tip`;
 * `bolge_ozet`: `bolge`, `abone`); the keys answered alone come first, so that such an answer
 * needs only a short array ({@link answerValues}).
 */
export const ANSWER_KEYS = ["hata", "m3", "tutar", "yazildi", "onceki", "simdiki", "tip", "bolge", "abone"] as const;

/** The keys only the client writes: the column a record task writes to (`sutun`), and the value it writes (`deger`). */
export const CLIENT_KEYS = ["sutun", "deger"] as const;

/** A key of the world: one of {@link ANSWER_KEYS} or {@link CLIENT_KEYS}. */
export type WorldKey = (typeof ANSWER_KEYS)[number] | (typeof CLIENT_KEYS)[number];

/** The world's keys, numbered: {@link ANSWER_KEYS}, then {@link CLIENT_KEYS}. */
export const WORLD_KEYS: KeyTable = keyTable([...ANSWER_KEYS, ...CLIENT_KEYS]);

/**
 * Each world key's number, by name: its place in {@link WORLD_KEYS} (`Key.hata` is 0, `Key.m3`
 * 1, …, `Key.deger` 10). A `const enum`: the compiler writes each `Key.abone` as its number.
 */
export const enum Key {
  hata,
  m3,
  tutar,
  yazildi,
  onceki,
  simdiki,
  tip,
  bolge,
  abone,
  sutun,
  deger,
}

/** How many keys the world numbers: {@link ANSWER_KEYS} and {@link CLIENT_KEYS}. */
export const WORLD_KEY_COUNT = ANSWER_KEYS.length + CLIENT_KEYS.length;

/**
 * New values by world key number, none of them set: what `noValues(WORLD_KEYS)` gives. Written as
 * a literal of {@link WORLD_KEY_COUNT} `undefined`s (test/world/keys.test.ts holds the count): V8
 * copies a literal array in one step and keeps it without holes, so every state and argument array
 * has the same element kind, where `new Array(n)` would give holey ones and a loop of `push` costs
 * a step per key; lesson 6 makes one such array per call and one per task.
 */
export function noWorldValues(): Values {
  return [undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined];
}

/**
 * New values for an answer whose last key is `last`: room for world keys 0 to `last`, none of them
 * set (`Values` has no value past its end, so an answer needs no room for later keys).
 */
export function answerValues(last: number): Values {
  return new Array<Value | undefined>(last + 1);
}

/** An answer that is an error alone: `hata` and its text, by world key number. */
export function refusal(hata: string): Values {
  const answer = answerValues(Key.hata);
  answer[Key.hata] = hata;
  return answer;
}
