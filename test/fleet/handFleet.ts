// Hand-built fleets for the fleet tests: small enough that every expected answer is written out.
import type { Device, Fleet } from "../../src/fleet/generator";

/** A device from its fields in record order: id, model, site, firmware, hours, alerts, risk, downtime. */
export function dev(
  device_id: string,
  model: string,
  site: string,
  firmware: string,
  operating_hours: number,
  alerts: number,
  risk_score: number,
  downtime_min: number,
): Device {
  return { device_id, model, site, firmware, operating_hours, alerts, risk_score, downtime_min };
}

/** A fleet over exactly these devices, in this order (seed -1 marks it as hand-built). */
export function handFleet(devices: readonly Device[], seed = -1): Fleet {
  return { seed, devices, byId: new Map(devices.map((d) => [d.device_id, d])) };
}

/**
 * Twelve devices, not in id order. Hours sit on both sides of 500 (499, 500, 501); IL7-002 and
 * CT5-001 tie on downtime (25) with IL7-002 listed first, so a ranking must break the tie by id.
 *
 * By downtime: IL7-001 400, IL4-001 150, AV3-002 60, RP2-002 41, AV3-001 30, CT5-001 25,
 * IL7-002 25, CT5-003 18, RP2-001 12, AV3-003 9, IL4-002 4, CT5-002 0.
 */
export const TWELVE: readonly Device[] = [
  dev("IL7-002", "InfusaLine 700", "WRC", "3.2.4", 120, 4, 55, 25),
  dev("CT5-001", "CardioTrack M5", "BRD", "5.0.3", 480, 2, 61, 25),
  dev("AV3-001", "Aeris V3", "BRD", "1.8.2", 499, 3, 40, 30),
  dev("AV3-002", "Aeris V3", "CHC", "1.9.0", 500, 5, 70, 60),
  dev("AV3-003", "Aeris V3", "BRD", "1.9.0", 10, 1, 12, 9),
  dev("IL4-001", "InfusaLine 400", "EVN", "2.4.1", 3000, 9, 33, 150),
  dev("IL4-002", "InfusaLine 400", "EVN", "2.6.0", 250, 0, 90, 4),
  dev("RP2-001", "RenalPure D2", "LKV", "4.0.7", 75, 2, 8, 12),
  dev("RP2-002", "RenalPure D2", "NGH", "4.1.2", 501, 6, 15, 41),
  dev("CT5-002", "CardioTrack M5", "STM", "5.2.0", 1, 0, 99, 0),
  dev("IL7-001", "InfusaLine 700", "PDM", "3.1.0", 7999, 11, 20, 400),
  dev("CT5-003", "CardioTrack M5", "WRC", "5.1.1", 360, 3, 47, 18),
];
