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
import {
  REGIONS,
  consumption,
  countByRegion,
  type Region,
  type RegionCounts,
  type Subscribers,
} from "./subscribers";

/**
 * Every key a handler answers with, `hata` included, in the order the handlers below answer them:
 * words the response bodies repeat (see `WORLD_WORDS` in `servers.ts`), and keys a task's state
 * gains (`TaskWalk` in `runTasks.ts`).
 */
export const ANSWER_KEYS = [
  "hata",
  "onceki",
  "simdiki",
  "tip",
  "m3",
  "tutar",
  "bolge",
  "abone",
  "yazildi",
] as const;

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

const missing = (value: Value | undefined): value is null | undefined =>
  value === null || value === undefined;

/** Python's truthiness for the values a handler receives. */
const truthy = (value: Value | undefined): boolean =>
  !missing(value) && value !== "" && value !== 0 && value !== false;

/** Whether a value is one of the five region names. */
function isRegion(value: Value | undefined): value is Region {
  return typeof value === "string" && (REGIONS as readonly string[]).includes(value);
}

/**
 * Builds the five handlers over one subscriber table (and its per-region counts, computed from
 * the table when not given). Each takes its arguments by name and answers by name:
 *
 * - `sayac_oku({abone})` → `{onceki, simdiki, tip}` or `{hata: "abone yok"}`.
 * - `tuketim({onceki, simdiki})` → `{m3}` (wrapping at 100000) or `{hata: "eksik alan"}`.
 * - `tarife({m3, tip = "mesken"})` → `{tutar}` or `{hata: "eksik alan"}`.
 * - `bolge_ozet({bolge})` → `{bolge, abone: count}` or `{hata: "bolge yok"}`.
 * - `kayit_yaz({abone, sutun, deger})` → `{yazildi: true}` or `{hata: "eksik alan"}`; the record
 *   is not kept anywhere (the world is fictional), only acknowledged.
 */
export function createHandlers(
  subscribers: Subscribers,
  regionCounts: RegionCounts = countByRegion(Object.values(subscribers)),
): Handlers {
  return {
    sayac_oku({ abone }): Fields {
      const found =
        typeof abone === "string" && Object.hasOwn(subscribers, abone)
          ? subscribers[abone]
          : undefined;
      if (found === undefined) return { hata: NO_SUBSCRIBER };
      return { onceki: found.onceki, simdiki: found.simdiki, tip: found.tip };
    },
    tuketim({ onceki, simdiki }): Fields {
      if (missing(onceki) || missing(simdiki)) return { hata: MISSING_FIELD };
      return { m3: consumption(Number(onceki), Number(simdiki)) };
    },
    tarife({ m3, tip }): Fields {
      if (missing(m3)) return { hata: MISSING_FIELD };
      return { tutar: charge(Number(m3), missing(tip) ? "mesken" : String(tip)) };
    },
    bolge_ozet({ bolge }): Fields {
      if (!isRegion(bolge)) return { hata: NO_REGION };
      return { bolge, abone: regionCounts[bolge] };
    },
    kayit_yaz({ abone, sutun, deger }): Fields {
      if (!(truthy(abone) && truthy(sutun) && !missing(deger))) return { hata: MISSING_FIELD };
      return { yazildi: true };
    },
  };
}
