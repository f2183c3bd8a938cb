/**
 * The fleet's three tools: their exact JSON Schema declarations and their handlers.
 *
 * Source: seed document 000 (count, rank by one stored field, fetch one device; the 10-row cap)
 * Names, arguments, results and descriptions are this project's own.
 *
 * Handlers are the in-process contract: they read loosely typed arguments, throw an `Error` whose
 * message says what would have been valid, and otherwise return a JSON-ready record. They do not
 * check what the schema alone can check (a model name's case, a whole number of hours): that is
 * exactly where the paths in `paths.ts` come to disagree, as the seed's probe table shows.
 */
import {
  DEFAULT_ROWS,
  MAX_ROWS,
  MODEL_NAMES,
  RANKABLE_FIELDS,
  SITES,
  type RankableField,
} from "./catalog";
import type { Device, Fleet } from "./generator";
import type { Fields } from "../sim/values";

/** A JSON Schema object, as sent in `tools/list` (draft 2020-12 subset: no `$schema` key). */
export type JsonSchema = { readonly [key: string]: unknown };

/** A tool as MCP's `tools/list` lists it: `name`, `description`, `inputSchema`. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

/** Arguments as they arrive: parsed JSON, not yet checked. */
export type ToolArguments = { readonly [key: string]: unknown };

/** A fleet handler: arguments in, a JSON-ready record out. Throws `Error` on bad arguments. */
export type FleetHandler = (args: ToolArguments) => Fields;

/** The three tool names, in declaration order. */
export const FLEET_TOOL_NAMES = ["count_devices", "top_devices", "get_device"] as const;

/** One of {@link FLEET_TOOL_NAMES}. */
export type FleetToolName = (typeof FLEET_TOOL_NAMES)[number];

/** The filter properties shared by `count_devices` and `top_devices`. */
const FILTER_PROPERTIES = {
  model: {
    type: "string",
    enum: MODEL_NAMES,
    description: "Keep only this device model, spelled exactly as listed.",
  },
  site: {
    type: "string",
    enum: SITES,
    description: "Keep only devices at this site (three-letter code).",
  },
  firmware: {
    type: "string",
    description: 'Keep only devices running this firmware version, e.g. "3.2.4".',
  },
  min_hours: {
    type: "integer",
    minimum: 0,
    description: "Keep only devices with at least this many operating hours (inclusive).",
  },
  max_hours: {
    type: "integer",
    minimum: 0,
    description: "Keep only devices with fewer than this many operating hours (exclusive).",
  },
} as const;

/**
 * The declarations, exactly as every path lists them (in MCP: the `tools/list` result).
 * The `limit` bounds are the 10-row cap of seed document 000.
 */
export const FLEET_TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  {
    name: "count_devices",
    description:
      "Count the devices that match every filter given. With no filters, counts the whole fleet.",
    inputSchema: { type: "object", properties: FILTER_PROPERTIES },
  },
  {
    name: "top_devices",
    description:
      "Rank the matching devices by one stored field, highest first (equal values in device-id order), and return at most 10 of them. " +
      "Each row has the device id, its model and the ranked field; total_matching says how many matched in all.",
    inputSchema: {
      type: "object",
      properties: {
        field: {
          type: "string",
          enum: RANKABLE_FIELDS,
          description: "The stored field to rank by.",
        },
        limit: {
          type: "integer",
          minimum: 1,
          maximum: MAX_ROWS,
          default: DEFAULT_ROWS,
          description: "How many rows to return, 1 to 10 (default 5).",
        },
        ...FILTER_PROPERTIES,
      },
      required: ["field"],
    },
  },
  {
    name: "get_device",
    description:
      "Fetch one device's full record: model, site, firmware and all four stored fields.",
    inputSchema: {
      type: "object",
      properties: {
        device_id: {
          type: "string",
          description: 'The device id: model prefix, dash, three digits, e.g. "AV3-007".',
        },
      },
      required: ["device_id"],
    },
  },
];

/** The error text for a `limit` outside the cap. */
function limitError(limit: unknown): Error {
  return new Error(`limit must be an integer from 1 to ${MAX_ROWS}, got ${JSON.stringify(limit)}.`);
}

/** Reads an optional numeric filter; a value that is not a number is an error. */
function hoursFilter(args: ToolArguments, key: "min_hours" | "max_hours"): number | undefined {
  const value = args[key];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value))
    throw new Error(`${key} must be a number of operating hours, got ${JSON.stringify(value)}.`);
  return value;
}

/**
 * The devices matching the filters in `args`: exact text for `model`, `site`, `firmware`;
 * `min_hours` inclusive, `max_hours` exclusive. Unknown keys are ignored.
 */
export function matchingDevices(fleet: Fleet, args: ToolArguments): Device[] {
  const filters = filtersOf(args);
  return fleet.devices.filter((device) => keeps(device, filters));
}

/** The filters a call gives, read once: each undefined when not given. */
interface Filters {
  readonly model: unknown;
  readonly site: unknown;
  readonly firmware: unknown;
  readonly min: number | undefined;
  readonly max: number | undefined;
}

/** No filter: every device is kept. */
const NO_FILTERS: Filters = {
  model: undefined,
  site: undefined,
  firmware: undefined,
  min: undefined,
  max: undefined,
};

/** The filters in `args` (see {@link matchingDevices}); throws as it does, before any device is tested. */
function filtersOf(args: ToolArguments): Filters {
  const { model, site, firmware } = args;
  return {
    model,
    site,
    firmware,
    min: hoursFilter(args, "min_hours"),
    max: hoursFilter(args, "max_hours"),
  };
}

/** Whether a device passes every filter given (see {@link matchingDevices}). */
function keeps(d: Device, f: Filters): boolean {
  return (
    (f.model === undefined || d.model === f.model) &&
    (f.site === undefined || d.site === f.site) &&
    (f.firmware === undefined || d.firmware === f.firmware) &&
    (f.min === undefined || d.operating_hours >= f.min) &&
    (f.max === undefined || d.operating_hours < f.max)
  );
}

/** How many devices match the filters in `args`: `matchingDevices(fleet, args).length`, without making the list. */
export function countMatching(fleet: Fleet, args: ToolArguments): number {
  const filters = filtersOf(args);
  let count = 0;
  for (const device of fleet.devices) if (keeps(device, filters)) count += 1;
  return count;
}

/**
 * The ranking order: highest `field` first, equal values in device-id order; negative when `a`
 * ranks before `b`. Device ids are unique, so the order is total: any two devices compare
 * unequal, and every ranking is one list.
 */
function compareRank(a: Device, b: Device, field: RankableField): number {
  return (
    b[field] - a[field] || (a.device_id < b.device_id ? -1 : a.device_id > b.device_id ? 1 : 0)
  );
}

/** Highest first; equal values in device-id order, so every ranking is total and stable. */
export function rankBy(devices: readonly Device[], field: RankableField): Device[] {
  return [...devices].sort((a, b) => compareRank(a, b, field));
}

/**
 * The first `count` devices of {@link rankBy}`(devices, field)`, without sorting them all: one
 * pass keeps the best `count` seen so far in order (insertion into a list of at most `count`).
 * The order is total (see {@link compareRank}), so the rows and their order, ties included, are
 * exactly `rankBy(devices, field).slice(0, count)`'s.
 *
 * @param count how many rows, at least 0.
 */
export function topBy(devices: readonly Device[], field: RankableField, count: number): Device[] {
  return topMatching(devices, NO_FILTERS, field, count).top;
}

/**
 * {@link topBy} over the devices that pass `filters`, and how many pass, in one pass over
 * `devices` with no list of the matches: `top` is `topBy(matching, field, count)` and `matched`
 * is `matching.length`, for `matching` the devices {@link keeps} keeps, in order.
 */
function topMatching(
  devices: readonly Device[],
  filters: Filters,
  field: RankableField,
  count: number,
): { top: Device[]; matched: number } {
  const top: Device[] = [];
  let matched = 0;
  for (const device of devices) {
    if (!keeps(device, filters)) continue;
    matched += 1;
    if (count <= 0 || (top.length === count && compareRank(device, top[count - 1], field) >= 0))
      continue;
    let at = top.length === count ? count - 1 : top.length;
    while (at > 0 && compareRank(device, top[at - 1], field) < 0) {
      top[at] = top[at - 1];
      at -= 1;
    }
    top[at] = device;
  }
  return { top, matched };
}

/**
 * The handlers over one fleet, by tool name.
 * - `count_devices(filters)` → `{count}`.
 * - `top_devices({field, limit = 5, ...filters})` → `{total_matching, returned, devices: [{device_id, model, <field>}]}`.
 * - `get_device({device_id})` → the {@link Device} record.
 */
export function createFleetHandlers(fleet: Fleet): Readonly<Record<FleetToolName, FleetHandler>> {
  return {
    count_devices: (args) => ({ count: countMatching(fleet, args) }),
    top_devices: (args) => {
      const { field } = args;
      if (field === undefined)
        throw new Error(`field is required: rank by one of ${RANKABLE_FIELDS.join(", ")}.`);
      if (!(RANKABLE_FIELDS as readonly unknown[]).includes(field)) {
        throw new Error(
          `Cannot rank by ${JSON.stringify(field)}: field must be one of ${RANKABLE_FIELDS.join(", ")}.`,
        );
      }
      const rankable = field as RankableField;
      const limit = args.limit ?? DEFAULT_ROWS;
      if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > MAX_ROWS)
        throw limitError(args.limit);
      const { top, matched } = topMatching(fleet.devices, filtersOf(args), rankable, limit);
      const rows = top.map((d) => ({
        device_id: d.device_id,
        model: d.model,
        [rankable]: d[rankable],
      }));
      return { total_matching: matched, returned: rows.length, devices: rows };
    },
    get_device: (args) => {
      const id = args.device_id;
      const device = typeof id === "string" ? fleet.byId.get(id) : undefined;
      if (!device) {
        throw new Error(
          `No device ${JSON.stringify(id)}. Device ids are a model prefix (IL4, IL7, CT5, AV3, RP2), a dash and three digits, e.g. "AV3-007".`,
        );
      }
      return { ...device };
    },
  };
}
