/**
 * The eight malformed calls, sent down each path: where the two error contracts part.
 *
 * Source: seed document 000, the probe table ("The same malformed calls down each path"). Each call goes to a fresh connection per path (`direct`, `raw`, `validating`, with
 * no fault), so one call's outcome cannot depend on another's.
 */
import { CONDITIONS } from "./conditions";
import { FleetClient } from "./client";
import type { Fleet } from "./generator";
import { PATH_NAMES, type PathName, type ToolCall, type ToolOutcome } from "./paths";

/** A malformed call and what it gets wrong. */
export interface MalformedCall {
  /** Short label for tables, e.g. `limit as a string`. */
  label: string;
  call: ToolCall;
}

/**
 * The eight calls, in the seed's order. The unknown id has the right shape but a number no model
 * reaches (every model has fewer than 999 devices); `rank_by_rate` is a tool nobody declared.
 */
export const MALFORMED_CALLS: readonly MalformedCall[] = [
  { label: "unknown device id", call: { name: "get_device", arguments: { device_id: "AV3-999" } } },
  {
    label: "limit as a string",
    call: { name: "top_devices", arguments: { field: "downtime_min", limit: "5" } },
  },
  {
    label: "limit 50",
    call: { name: "top_devices", arguments: { field: "downtime_min", limit: 50 } },
  },
  { label: "missing field", call: { name: "top_devices", arguments: { limit: 5 } } },
  {
    label: "model in the wrong case",
    call: { name: "count_devices", arguments: { model: "Aeris v3" } },
  },
  { label: "max_hours 499.5", call: { name: "count_devices", arguments: { max_hours: 499.5 } } },
  {
    label: "unknown property",
    call: { name: "count_devices", arguments: { max_hours: 500, status: "active" } },
  },
  { label: "unknown tool", call: { name: "rank_by_rate", arguments: { field: "downtime_min" } } },
];

/** One malformed call and its outcome on every path. */
export interface MalformedRow {
  label: string;
  call: ToolCall;
  outcomes: Record<PathName, ToolOutcome>;
}

/** Sends every call in {@link MALFORMED_CALLS} down every path. */
export function probeMalformedCalls(fleet: Fleet): MalformedRow[] {
  return MALFORMED_CALLS.map(({ label, call }) => {
    const outcomes = {} as Record<PathName, ToolOutcome>;
    for (const path of PATH_NAMES) {
      const condition = CONDITIONS.find((c) => c.path === path && c.fault === "none")!;
      outcomes[path] = new FleetClient(fleet, condition).callTool(call);
    }
    return { label, call, outcomes };
  });
}
