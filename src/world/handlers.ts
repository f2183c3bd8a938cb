/**
 * The five handlers: the functions that serve a tool call inside a server.
 *
 * A handler is the half of a tool that the client never sees; what the client sees is the
 * declaration (see `sim/declaration.ts`). Source: reference lesson 004, "Handler and Declaration",
 * `t_meter`, `t_consumption`, `t_tariff`, `t_region`, `t_record`. Each takes named arguments,
 * ignores any it does not know, and returns either a result or `{hata: …}` (an error): `abone yok`
 * (no such subscriber), `eksik alan` (missing field), `bolge yok` (no such region).
 */
import type { Handler } from "../sim/server";
import type { Fields, Value } from "../sim/values";
import { charge } from "./tariff";
import { REGIONS, consumption, countByRegion, type Region, type RegionCounts, type Subscribers } from "./subscribers";


/** The five handlers of the world, by the tool that serves them. */
export interface Handlers {
  sayac_oku: Handler;
  tuketim: Handler;
  tarife: Handler;
  bolge_ozet: Handler;
  kayit_yaz: Handler;
}

const missing = (value: Value | undefined): value is null | undefined => value === null || value === undefined;

/** Python's truthiness for the values a handler receives. */
const truthy = (value: Value | undefined): boolean => !missing(value) && value !== "" && value !== 0 && value !== false;

/**
 * Builds the handlers over one subscriber table (and its per-region counts, computed from the
 * table when not given).
 *
 * - `sayac_oku({abone})` → `{onceki, simdiki, tip}` or `{hata: "abone yok"}`.
 * - `tuketim({onceki, simdiki})` → `{m3}` (wrapping at 100000) or `{hata: "eksik alan"}`.
 * - `tarife({m3, tip = "mesken"})` → `{tutar}` or `{hata: "eksik alan"}`.
 * - `bolge_ozet({bolge})` → `{bolge, abone: count}` or `{hata: "bolge yok"}`.
 * - `kayit_yaz({abone, sutun, deger})` → `{yazildi: true}` or `{hata: "eksik alan"}`; the record
 *   is not kept anywhere (the world is fictional), only acknowledged.
 */
export function createHandlers(subscribers: Subscribers, regionCounts: RegionCounts = countByRegion(Object.values(subscribers))): Handlers {
  return {
    sayac_oku: ({ abone }): Fields => {
      const found = typeof abone === "string" && Object.hasOwn(subscribers, abone) ? subscribers[abone] : undefined;
      return found ? { onceki: found.onceki, simdiki: found.simdiki, tip: found.tip } : { hata: "abone yok" };
    },
    tuketim: ({ onceki, simdiki }): Fields =>
      missing(onceki) || missing(simdiki) ? { hata: "eksik alan" } : { m3: consumption(Number(onceki), Number(simdiki)) },
    tarife: ({ m3, tip }): Fields =>
      missing(m3) ? { hata: "eksik alan" } : { tutar: charge(Number(m3), missing(tip) ? "mesken" : String(tip)) },
    bolge_ozet: ({ bolge }): Fields => {
      if (!(REGIONS as readonly Value[]).includes(bolge ?? null)) return { hata: "bolge yok" };
      return { bolge: bolge as string, abone: regionCounts[bolge as Region] };
    },
    kayit_yaz: ({ abone, sutun, deger }): Fields =>
      truthy(abone) && truthy(sutun) && !missing(deger) ? { yazildi: true } : { hata: "eksik alan" },
  };
}
