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
 */
import type { Server } from "../sim/server";
import type { ClientPolicy } from "../sim/negotiation";
import type { Handlers } from "./handlers";

/** The allowlist of the lesson: four tools, not `kayit_yaz`. Source: reference lesson 004, `ALLOW`. */
export const ALLOWLIST: readonly string[] = ["sayac_oku", "tuketim", "tarife", "bolge_ozet"];

/** The allowlist with `kayit_yaz` added. Source: reference lesson 004, `WIDE`. */
export const WIDE_ALLOWLIST: readonly string[] = [...ALLOWLIST, "kayit_yaz"];

/** Server versions the client knows. Source: reference lesson 004, `CLIENT_VERSION`. */
export const KNOWN_VERSIONS: Readonly<Record<string, number>> = { olcum: 2, tarife: 1, kayit: 2 };

/** The lesson's client policy: {@link ALLOWLIST} and {@link KNOWN_VERSIONS}. */
export const LESSON_POLICY: ClientPolicy = { allowlist: ALLOWLIST, knownVersions: KNOWN_VERSIONS };

/**
 * Builds the three servers around a world's handlers, in the reference's order
 * (olcum, tarife, kayit): the order in which they are negotiated and counted.
 */
export function createServers(handlers: Handlers): readonly Server[] {
  return [
    {
      name: "olcum",
      version: 2,
      transport: "local",
      tools: [
        { name: "sayac_oku", handler: handlers.sayac_oku, fields: ["abone"], sideEffect: false },
        { name: "tuketim", handler: handlers.tuketim, fields: ["onceki", "simdiki"], sideEffect: false },
      ],
      resources: ["abone_listesi"],
      prompts: [],
    },
    {
      name: "tarife",
      version: 1,
      transport: "remote",
      tools: [{ name: "tarife", handler: handlers.tarife, fields: ["m3", "tip"], sideEffect: false }],
      resources: ["basamak_tablosu"],
      prompts: ["bedel_aciklamasi"],
    },
    {
      name: "kayit",
      version: 3,
      transport: "remote",
      tools: [
        { name: "bolge_ozet", handler: handlers.bolge_ozet, fields: ["bolge"], sideEffect: false },
        { name: "kayit_yaz", handler: handlers.kayit_yaz, fields: ["abone", "sutun", "deger"], sideEffect: true },
      ],
      resources: [],
      prompts: [],
    },
  ];
}
