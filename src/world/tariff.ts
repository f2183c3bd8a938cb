/**
 * The fictional water tariff: tiered unit prices, and a factor for businesses.
 *
 * Source: reference lesson 004, "Handler and Declaration", `TIERS`, `ABOVE`, `COMMERCIAL_FACTOR`
 * and `_charge`: the first 10 m³ cost 4 each, up to 25 m³ cost 7, up to 40 m³ cost 11, and every
 * m³ above 40 costs 16; a business (`isyeri`) pays twice the household amount.
 */
import type { SubscriberType } from "./subscribers";

/** Tiers as (upper bound in m³, unit price). Source: reference lesson 004, `TIERS`. */
export const TIERS: readonly (readonly [upper: number, unitPrice: number])[] = [
  [10, 4],
  [25, 7],
  [40, 11],
];

/** Unit price above the last tier. Source: reference lesson 004, `ABOVE`. */
export const ABOVE_TOP_TIER = 16;

/** Multiplier for business subscribers. Source: reference lesson 004, `COMMERCIAL_FACTOR`. */
export const COMMERCIAL_FACTOR = 2;

/**
 * The amount (`tutar`) owed for a consumption.
 *
 * @param m3 consumption in m³, a non-negative integer.
 * @param tip the subscriber type; anything but `isyeri` pays the household amount.
 * @returns the amount, an integer in the world's currency units.
 */
export function charge(m3: number, tip: SubscriberType | string): number {
  let remaining = m3;
  let lower = 0;
  let total = 0;
  for (const [upper, unitPrice] of TIERS) {
    const band = Math.min(remaining, upper - lower);
    if (band <= 0) break;
    total += band * unitPrice;
    remaining -= band;
    lower = upper;
  }
  return (total + remaining * ABOVE_TOP_TIER) * (tip === "isyeri" ? COMMERCIAL_FACTOR : 1);
}
