/**
 * The fleet's vocabulary: device models, sites, firmware, the stored fields, and the figures that
 * shape a generated fleet.
 *
 * Source: seed document 000 (README of the MCP server authoring experiment), "Experiment design"
 * and its results (a fleet of 400 connected medical devices, three tools, a 10-row cap, 254 of 400
 * devices under 500 operating hours). The models, id prefixes, sites, fields, firmware versions
 * and distributions are this project's own, chosen to resemble such a fleet; nothing here is the
 * source experiment's data.
 */

/** A device model: its name as tools take it, and the prefix of its device ids (`AV3-007`). */
export interface DeviceModel {
  name: string;
  prefix: string;
  /** Firmware versions this model ships with, oldest first. This project's own invention. */
  firmware: readonly string[];
}

/** The five models: this project's own names and firmware versions. */
export const DEVICE_MODELS: readonly DeviceModel[] = [
  { name: "InfusaLine 400", prefix: "IL4", firmware: ["2.4.1", "2.6.0", "3.0.2"] },
  { name: "InfusaLine 700", prefix: "IL7", firmware: ["3.1.0", "3.2.4"] },
  { name: "CardioTrack M5", prefix: "CT5", firmware: ["5.0.3", "5.1.1", "5.2.0"] },
  { name: "Aeris V3", prefix: "AV3", firmware: ["1.8.2", "1.9.0"] },
  { name: "RenalPure D2", prefix: "RP2", firmware: ["4.0.0", "4.0.7", "4.1.2"] },
];

/** Model names, in {@link DEVICE_MODELS} order (the `enum` of the tools' `model` property). */
export const MODEL_NAMES: readonly string[] = DEVICE_MODELS.map((model) => model.name);

/** The eight sites, by code: this project's own. */
export const SITES: readonly string[] = ["BRD", "CHC", "EVN", "LKV", "NGH", "PDM", "STM", "WRC"];

/** Number of devices in a fleet. Source: seed document 000, "400 connected medical devices". */
export const FLEET_SIZE = 400;

/**
 * The stored fields `top_devices` can rank by, all integers (this project's choice, after the
 * experiment's "rank by one stored field"):
 * - `operating_hours`: hours in service over the window;
 * - `alerts`: alerts raised over the window;
 * - `risk_score`: the vendor's failure-risk score, 1–99, assigned in advance (not computed from
 *   the other fields);
 * - `downtime_min`: unplanned downtime over the window, in minutes.
 */
export const RANKABLE_FIELDS = ["operating_hours", "alerts", "risk_score", "downtime_min"] as const;

/** One of {@link RANKABLE_FIELDS}. */
export type RankableField = (typeof RANKABLE_FIELDS)[number];

/** The task's threshold: devices under this many operating hours. Source: seed document 000, the task. */
export const LOW_HOURS = 500;

/**
 * Share of devices under {@link LOW_HOURS}: the source fleet had 254 of 400 (seed document 000,
 * probe table: `max_hours: 499.5` → `{"count":254}`), so a device is drawn under 500 hours with
 * probability 254/400.
 */
export const LOW_HOURS_SHARE = 254 / 400;

/** The most rows `top_devices` returns, and its default. Source: seed document 000 (the 10-row cap); the default is ours. */
export const MAX_ROWS = 10;
export const DEFAULT_ROWS = 5;

/** Lowest and highest risk score: an integer 1–99, this project's choice. */
export const MIN_RISK = 1;
export const MAX_RISK = 99;

/** A device id: a model prefix, a dash and three digits, e.g. `AV3-007`. */
export const DEVICE_ID_PATTERN = /^(IL4|IL7|CT5|AV3|RP2)-\d{3}$/;
