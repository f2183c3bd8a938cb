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

/** The handler's error for an unknown subscriber. Source: reference lesson 004, `t_meter`. */
export const NO_SUBSCRIBER = "abone yok";

/** The handler's error for a missing argument. Source: reference lesson 004, `t_consumption`, `t_tariff`, `t_record`. */
export const MISSING_FIELD = "eksik alan";

/** The handler's error for an unknown region. Source: reference lesson 004, `t_region`. */
export const NO_REGION = "bolge yok";

/** Every error a handler answers with (as `{hata}`). */
export const HANDLER_ERRORS: readonly string[] = [NO_SUBSCRIBER, MISSING_FIELD, NO_REGION];

/**
 * Every key a handler answers with, `hata` included: words the response bodies repeat (see
 * `WORLD_WORDS` in `servers.ts`), and the slots a chain's state keeps (`TaskWalk` in `run.ts`).
 * A key missing here would only be counted when sent, and grow the state when answered.
 */
export const ANSWER_KEYS: readonly string[] = ["onceki", "simdiki", "tip", "m3", "tutar", "bolge", "abone", "yazildi", "hata"];

/**
 * Whether `value` has the form of a subscriber id: `A` and digits (`A001`; see `subscriberId`).
 * No such text names a property every object inherits, so one lookup in the table settles it.
 */
function isSubscriberId(value: Value | undefined): value is string {
  if (typeof value !== "string" || value.length < 2 || value.charCodeAt(0) !== 65) return false;
  for (let i = 1; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
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
      // The table's keys are all ids (`A001` …), so anything else is no subscriber.
      const found = isSubscriberId(abone) ? subscribers[abone] : undefined;
      return found ? { onceki: found.onceki, simdiki: found.simdiki, tip: found.tip } : { hata: NO_SUBSCRIBER };
    },
    tuketim: ({ onceki, simdiki }): Fields =>
      missing(onceki) || missing(simdiki) ? { hata: MISSING_FIELD } : { m3: consumption(Number(onceki), Number(simdiki)) },
    tarife: ({ m3, tip }): Fields =>
      missing(m3) ? { hata: MISSING_FIELD } : { tutar: charge(Number(m3), missing(tip) ? "mesken" : String(tip)) },
    bolge_ozet: ({ bolge }): Fields => {
      if (!(REGIONS as readonly Value[]).includes(bolge ?? null)) return { hata: NO_REGION };
      return { bolge: bolge as string, abone: regionCounts[bolge as Region] };
    },
    kayit_yaz: ({ abone, sutun, deger }): Fields =>
      truthy(abone) && truthy(sutun) && !missing(deger) ? { yazildi: true } : { hata: MISSING_FIELD },
  };
}
