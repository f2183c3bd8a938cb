/**
 * The five handlers: the functions that serve a tool call inside a server.
 *
 * A handler is the half of a tool that the client never sees; what the client sees is the
 * declaration (see `sim/declaration.ts`). Source: reference lesson 004, "Handler and Declaration",
 * `t_meter`, `t_consumption`, `t_tariff`, `t_region`, `t_record`. Each takes named arguments,
 * ignores any it does not know, and returns either a result or `{hata: …}` (an error): `abone yok`
 * (no such subscriber), `eksik alan` (missing field), `bolge yok` (no such region).
 *
 * Each handler is written once, over the world's numbered keys ({@link WORLD_HANDLERS}, as lesson
 * 6's simulated client calls them); {@link createHandlers} gives the same handlers by name, as a
 * server over the wire and every other client call them.
 */
import { fieldsOf, valuesOf, type Values } from "../sim/keys";
import type { Handler } from "../sim/server";
import type { Fields, Value } from "../sim/values";
import { answerValues, Key, refusal, WORLD_KEYS } from "./keys";
import { charge } from "./tariff";
import { REGIONS, SUBSCRIBER_IDS, consumption, countByRegion, subscriberIndex, type Region, type RegionCounts, type Subscriber, type Subscribers } from "./subscribers";

export { ANSWER_KEYS } from "./keys";

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

const missing = (value: Value | undefined): value is null | undefined => value === null || value === undefined;

/** Python's truthiness for the values a handler receives. */
const truthy = (value: Value | undefined): boolean => !missing(value) && value !== "" && value !== 0 && value !== false;

/** What a handler reads of its world: the subscribers, and how many live in each region. */
export interface HandlerWorld {
  /** The subscribers as a list: index i holds `SUBSCRIBER_IDS[i]`'s (undefined where the table has none). */
  subscriberList: readonly (Readonly<Subscriber> | undefined)[];
  regionCounts: RegionCounts;
}

/**
 * A handler over the world's numbered keys (`Key`): the arguments by key number in, the answer or
 * `hata` by key number out (a new array, as long as its last key needs: `answerValues`); it never
 * throws.
 */
export type WorldHandler = (args: Values, world: HandlerWorld) => Values;

/**
 * The five handlers over the world's numbered keys, each reading the world it is given:
 *
 * - `sayac_oku(abone)` → `onceki, simdiki, tip`, or `hata: "abone yok"`.
 * - `tuketim(onceki, simdiki)` → `m3` (wrapping at 100000), or `hata: "eksik alan"`.
 * - `tarife(m3, tip = "mesken")` → `tutar`, or `hata: "eksik alan"`.
 * - `bolge_ozet(bolge)` → `bolge, abone: count`, or `hata: "bolge yok"`.
 * - `kayit_yaz(abone, sutun, deger)` → `yazildi: true`, or `hata: "eksik alan"`; the record is
 *   not kept anywhere (the world is fictional), only acknowledged.
 */
export const WORLD_HANDLERS: Readonly<Record<keyof Handlers, WorldHandler>> = Object.freeze({
  sayac_oku(args: Values, world: HandlerWorld): Values {
    // The table's keys are the ids `A001` …, so anything else is no subscriber.
    const found = world.subscriberList[subscriberIndex(args[Key.abone])];
    if (!found) return refusal(NO_SUBSCRIBER);
    const answer = answerValues(Key.tip);
    answer[Key.onceki] = found.onceki;
    answer[Key.simdiki] = found.simdiki;
    answer[Key.tip] = found.tip;
    return answer;
  },
  tuketim(args: Values): Values {
    const onceki = args[Key.onceki];
    const simdiki = args[Key.simdiki];
    if (missing(onceki) || missing(simdiki)) return refusal(MISSING_FIELD);
    const answer = answerValues(Key.m3);
    answer[Key.m3] = consumption(Number(onceki), Number(simdiki));
    return answer;
  },
  tarife(args: Values): Values {
    const m3 = args[Key.m3];
    const tip = args[Key.tip];
    if (missing(m3)) return refusal(MISSING_FIELD);
    const answer = answerValues(Key.tutar);
    answer[Key.tutar] = charge(Number(m3), missing(tip) ? "mesken" : String(tip));
    return answer;
  },
  bolge_ozet(args: Values, world: HandlerWorld): Values {
    const bolge = args[Key.bolge];
    if (!(REGIONS as readonly Value[]).includes(bolge ?? null)) return refusal(NO_REGION);
    const answer = answerValues(Key.abone);
    answer[Key.bolge] = bolge as Region;
    answer[Key.abone] = world.regionCounts[bolge as Region];
    return answer;
  },
  kayit_yaz(args: Values): Values {
    if (!(truthy(args[Key.abone]) && truthy(args[Key.sutun]) && !missing(args[Key.deger]))) return refusal(MISSING_FIELD);
    const answer = answerValues(Key.yazildi);
    answer[Key.yazildi] = true;
    return answer;
  },
});

/**
 * Builds the handlers by name over one subscriber table (and its per-region counts, computed from
 * the table when not given): {@link handlersByName} of that world.
 *
 * - `sayac_oku({abone})` → `{onceki, simdiki, tip}` or `{hata: "abone yok"}`.
 * - `tuketim({onceki, simdiki})` → `{m3}` (wrapping at 100000) or `{hata: "eksik alan"}`.
 * - `tarife({m3, tip = "mesken"})` → `{tutar}` or `{hata: "eksik alan"}`.
 * - `bolge_ozet({bolge})` → `{bolge, abone: count}` or `{hata: "bolge yok"}`.
 * - `kayit_yaz({abone, sutun, deger})` → `{yazildi: true}` or `{hata: "eksik alan"}`.
 */
export function createHandlers(subscribers: Subscribers, regionCounts: RegionCounts = countByRegion(Object.values(subscribers))): Handlers {
  return handlersByName({ subscriberList: SUBSCRIBER_IDS.map((id) => subscribers[id]), regionCounts });
}

/**
 * {@link WORLD_HANDLERS} over one world, by name: each takes its arguments by name (a name that is
 * no world key is ignored) and answers by name, its keys in {@link ANSWER_KEYS} order.
 */
export function handlersByName(world: HandlerWorld): Handlers {
  const byName = (handler: WorldHandler): Handler => (args: Fields): Fields => fieldsOf(WORLD_KEYS, handler(valuesOf(WORLD_KEYS, args), world));
  return {
    sayac_oku: byName(WORLD_HANDLERS.sayac_oku),
    tuketim: byName(WORLD_HANDLERS.tuketim),
    tarife: byName(WORLD_HANDLERS.tarife),
    bolge_ozet: byName(WORLD_HANDLERS.bolge_ozet),
    kayit_yaz: byName(WORLD_HANDLERS.kayit_yaz),
  };
}
