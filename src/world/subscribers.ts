/**
 * The fictional subscribers of the metering world.
 *
 * Source: reference lesson 004, "Handler and Declaration": 60 subscribers `A001`–`A060`; for
 * subscriber i (0-based) the generator is seeded with `seed + 31 * i` and drawn four times, in
 * this order: the previous reading (10000 + ⌊r·80000⌋), the region (⌊r·5⌋), the type (⌊r·2⌋),
 * and the current reading (previous + ⌊r·70⌋). Readings are in cubic metres.
 */
import { derivedSeed, referenceGenerator } from "../sim/generator";

/** The five regions, in the reference's order. Source: reference lesson 004, `REGION`. */
export const REGIONS = ["dogu", "bati", "kuzey", "guney", "merkez"] as const;

/** The two subscriber types: household and business. Source: reference lesson 004, `TYPE`. */
export const SUBSCRIBER_TYPES = ["mesken", "isyeri"] as const;

/** How many subscribers the world holds. Source: reference lesson 004, IM1 and `range(60)`. */
export const SUBSCRIBER_COUNT = 60;

/** A region name (`bolge`). */
export type Region = (typeof REGIONS)[number];

/** A subscriber type (`tip`): `mesken` household or `isyeri` business. */
export type SubscriberType = (typeof SUBSCRIBER_TYPES)[number];

/** One subscriber: region, type, and the previous and current meter readings in m³. */
export interface Subscriber {
  bolge: Region;
  tip: SubscriberType;
  onceki: number;
  simdiki: number;
}

/** Subscribers keyed by id, `"A001"` … `"A060"`, in that order. */
export type Subscribers = Readonly<Record<string, Readonly<Subscriber>>>;

/** Step between subscriber seeds: subscriber i draws from `seed + 31 * i`. Source: reference lesson 004. */
export const SUBSCRIBER_SEED_STEP = 31;

/** Subscribers per region, for every region (zero where none live). */
export type RegionCounts = Readonly<Record<Region, number>>;

/**
 * How many subscribers live in each region: the answer of `bolge_ozet` and of a region task.
 * Source: reference lesson 004, `t_region` and `expected`. Computed once per world.
 *
 * @returns a new record with every region, in {@link REGIONS} order.
 */
export function countByRegion(subscribers: Iterable<Readonly<Subscriber>>): RegionCounts {
  const counts: Record<Region, number> = { dogu: 0, bati: 0, kuzey: 0, guney: 0, merkez: 0 };
  for (const subscriber of subscribers) counts[subscriber.bolge] += 1;
  return counts;
}

/** The id of the i-th subscriber (0-based): `A001` for 0. Source: reference lesson 004 (`f"A{i + 1:03d}"`). */
export function subscriberId(index: number): string {
  return `A${String(index + 1).padStart(3, "0")}`;
}

/** The subscriber ids in order: `A001` … `A060`, written once. */
export const SUBSCRIBER_IDS: readonly string[] = Array.from({ length: SUBSCRIBER_COUNT }, (_, i) =>
  subscriberId(i),
);

/**
 * Draws the subscriber table for a world seed.
 *
 * @param seed a world seed (0 … 2^53 − 1).
 * @returns 60 subscribers keyed `A001` … `A060`, in that order (a new plain object).
 */
export function drawSubscribers(seed: number): Subscribers {
  const subscribers: Record<string, Subscriber> = {};
  for (let i = 0; i < SUBSCRIBER_IDS.length; i++) {
    const draw = referenceGenerator(derivedSeed(seed, SUBSCRIBER_SEED_STEP, i));
    const onceki = 10000 + Math.floor(draw() * 80000);
    const bolge = REGIONS[Math.floor(draw() * REGIONS.length)];
    const tip = SUBSCRIBER_TYPES[Math.floor(draw() * SUBSCRIBER_TYPES.length)];
    subscribers[SUBSCRIBER_IDS[i]] = {
      bolge,
      tip,
      onceki,
      simdiki: onceki + Math.floor(draw() * 70),
    };
  }
  return subscribers;
}

/**
 * Consumption in m³ between two readings; a meter that rolled over past 99999 wraps around.
 * Source: reference lesson 004, `t_consumption` and `expected` (`f + 100000 if f < 0`).
 */
export function consumption(onceki: number, simdiki: number): number {
  const difference = simdiki - onceki;
  return difference < 0 ? difference + 100000 : difference;
}
