/**
 * The three fictional servers, and the client policy that meets them.
 *
 * Source: reference lesson 004, "Handler and Declaration", `SERVERS`, `CLIENT_VERSION`, `ALLOW`,
 * and assumption IM5:
 * - `olcum` (metering), version 2, local: `sayac_oku` (read meter), `tuketim` (consumption);
 *   resource `abone_listesi`.
 * - `tarife` (tariff), version 1, remote: `tarife`; resource `basamak_tablosu`, prompt
 *   `bedel_aciklamasi`.
 * - `kayit` (records), version 3, remote: `bolge_ozet` (region summary) and `kayit_yaz` (write
 *   record, the one tool with a side effect).
 * The client knows versions olcum 2, tarife 1, kayit 2 (one behind), and its allowlist names
 * four tools, leaving out `kayit_yaz`.
 *
 * The servers' facts ({@link SERVER_FACTS}) are the same at every seed; only the handlers, which
 * read a seed's subscribers, differ. The words their bodies repeat are counted once here
 * ({@link WORLD_WORDS}).
 */
import type { WorldServer, ServerFacts, ServerTool, ToolFacts } from "../sim/server";
import type { ClientPolicy } from "../sim/negotiation";
import { wordTokens, type WordTokens } from "../sim/tokenizer";
import { ANSWER_KEYS, HANDLER_ERRORS, type Handlers } from "./handlers";
import { REGIONS, SUBSCRIBER_IDS, SUBSCRIBER_TYPES } from "./subscribers";
import { RECORD_COLUMN } from "./tasks";

/** The allowlist of the lesson: four tools, not `kayit_yaz`. Source: reference lesson 004, `ALLOW`. */
export const ALLOWLIST: readonly string[] = ["sayac_oku", "tuketim", "tarife", "bolge_ozet"];

/** The allowlist with `kayit_yaz` added. Source: reference lesson 004, `WIDE`. */
export const WIDE_ALLOWLIST: readonly string[] = [...ALLOWLIST, "kayit_yaz"];

/** Server versions the client knows. Source: reference lesson 004, `CLIENT_VERSION`. */
export const KNOWN_VERSIONS: Readonly<Record<string, number>> = { olcum: 2, tarife: 1, kayit: 2 };

/** The lesson's client policy: {@link ALLOWLIST} and {@link KNOWN_VERSIONS}. */
export const LESSON_POLICY: ClientPolicy = { allowlist: ALLOWLIST, knownVersions: KNOWN_VERSIONS };

/** The lesson's wide policy: {@link WIDE_ALLOWLIST} and {@link KNOWN_VERSIONS}. Source: reference lesson 004, `WIDE`. */
export const WIDE_POLICY: ClientPolicy = {
  allowlist: WIDE_ALLOWLIST,
  knownVersions: KNOWN_VERSIONS,
};

/** The facts of one of the world's servers: its tools are named as their handlers in {@link Handlers}. */
export interface WorldServerFacts extends ServerFacts {
  tools: readonly (ToolFacts & { name: keyof Handlers })[];
}

/**
 * The three servers' facts, in the reference's order (olcum, tarife, kayit): the order in which
 * they are negotiated and counted. They hold no handler and no seed changes them, so they are
 * frozen, and every world's servers ({@link createServers}) share them.
 */
export const SERVER_FACTS: readonly WorldServerFacts[] = deepFreeze([
  {
    name: "olcum",
    version: 2,
    transport: "local",
    tools: [
      { name: "sayac_oku", fields: ["abone"], sideEffect: false },
      { name: "tuketim", fields: ["onceki", "simdiki"], sideEffect: false },
    ],
    resources: ["abone_listesi"],
    prompts: [],
  },
  {
    name: "tarife",
    version: 1,
    transport: "remote",
    tools: [{ name: "tarife", fields: ["m3", "tip"], sideEffect: false }],
    resources: ["basamak_tablosu"],
    prompts: ["bedel_aciklamasi"],
  },
  {
    name: "kayit",
    version: 3,
    transport: "remote",
    tools: [
      { name: "bolge_ozet", fields: ["bolge"], sideEffect: false },
      { name: "kayit_yaz", fields: ["abone", "sutun", "deger"], sideEffect: true },
    ],
    resources: [],
    prompts: [],
  },
] as const);

/**
 * A client with no policy of its own: every tool the servers declare is on its allowlist, every
 * server's own version is one it knows, so nothing is dropped (with approval given, nothing is
 * refused either). For the runs that come before the course's policy is taught: each of the
 * twelve tasks' 30 calls goes out. Built from {@link SERVER_FACTS}, so it names what they name.
 */
export const OPEN_POLICY: ClientPolicy = Object.freeze({
  allowlist: Object.freeze(SERVER_FACTS.flatMap(({ tools }) => tools.map(({ name }) => name))),
  knownVersions: Object.freeze(
    Object.fromEntries(SERVER_FACTS.map(({ name, version }) => [name, version])),
  ),
});

/** Freezes every object and array in a value, however deep. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * The words the world's bodies repeat, with their token counts, counted once: every tool's name
 * and fields, every key and error a handler answers with, and the world's fixed texts (subscriber
 * ids, regions, subscriber types, the record column). The lesson's envelopes count with it (see
 * `Envelope`); a constant table, the same for every seed.
 */
export const WORLD_WORDS: WordTokens = wordTokens([
  ...SERVER_FACTS.flatMap(({ tools }) => tools.flatMap(({ name, fields }) => [name, ...fields])),
  ...ANSWER_KEYS,
  ...HANDLER_ERRORS,
  ...SUBSCRIBER_IDS,
  ...REGIONS,
  ...SUBSCRIBER_TYPES,
  RECORD_COLUMN,
]);

/** Builds the three servers around a world's handlers: {@link SERVER_FACTS}, each tool with its handler. */
export function createServers(handlers: Handlers): readonly WorldServer[] {
  return SERVER_FACTS.map((facts) => ({
    ...facts,
    tools: facts.tools.map(({ name, fields, sideEffect }): ServerTool => ({
      name,
      handler: handlers[name],
      fields,
      sideEffect,
    })),
  }));
}
