/**
 * Scripted agents: deterministic policies that stand where the seed's model stood.
 *
 * The policies' behaviour mirrors what seed document 000 reports of the
 * model (a turn is a batch of tool calls sent together; a failed call is reissued unchanged in the
 * next turn; a weaker reader ranks raw downtime and stops). An agent is a generator: it yields
 * one turn's calls, receives their outcomes in the same order, and finally returns its answer
 * (`"X vs Y"`, or `null` for none). It sees the fleet only through tool results.
 *
 * - `shortcut`: ranks raw downtime under 500 hours, takes the top device, asks for its model's
 *   highest risk score. Two calls; wrong whenever the rate and the raw figure disagree, which the
 *   fleet generator makes certain.
 * - `thorough`: works around the 10-row cap. It starts from the bottom of the hour range and
 *   pages 25-hour bands, four per turn, twice each (by downtime and by hours, so every rate is
 *   exact); a band with more devices than a page holds is halved and paged again. It stops when
 *   no device it has not read can win: such a device has at least as many hours as the bands
 *   read so far cover, and no more downtime than the raw-downtime leader under 500 hours. Then
 *   it fetches the winner's record and ranks risk within its model.
 *
 * Both reissue a failed call up to {@link MAX_RETRIES} times, stop at once when an error says the
 * server is gone for good ({@link SERVER_GONE}), and otherwise give up and answer with what they
 * have: the thorough agent names the raw-downtime leader it saw first and no risk leader.
 */
import { LOW_HOURS, MAX_ROWS } from "./catalog";
import { SERVER_GONE } from "./client";
import type { ToolCall, ToolOutcome } from "./paths";

/**
 * Times a failed call is reissued before the agent gives up. This project's choice (the seed's
 * model reissued a timed-out call once).
 */
export const MAX_RETRIES = 2;

/** Width of the bands the thorough agent pages, in hours, and how many it pages per turn (ours). */
export const BAND_HOURS = 25;
export const WAVE_BANDS = 4;

/** An agent run in progress: yields turns of calls, receives outcomes, returns the answer. */
export type AgentRun = Generator<readonly ToolCall[], string | null, readonly ToolOutcome[]>;

/** A named policy. */
export interface AgentPolicy {
  name: string;
  description: string;
  start(): AgentRun;
}

/** A `top_devices` row as the agents read it. */
interface Row {
  device_id: string;
  model: string;
  [field: string]: string | number;
}

interface TopResult {
  total_matching: number;
  returned: number;
  devices: Row[];
}

/** What {@link ask} is: a run of turns that ends with every result, or `null` for none. */
type Asking = Generator<readonly ToolCall[], unknown[] | null, readonly ToolOutcome[]>;

/**
 * Sends a turn of calls and reissues the failed ones in the following turns.
 *
 * @returns the parsed results in call order, or `null` when the agent gives up (a call still
 *   failing after {@link MAX_RETRIES} reissues, or any error saying the server is gone).
 */
function* ask(calls: readonly ToolCall[]): Asking {
  const results: unknown[] = new Array(calls.length);
  let pending = calls.map((_, index) => index);
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > MAX_RETRIES) return null;
    const outcomes = yield pending.map((index) => calls[index]);
    const failed: number[] = [];
    for (let k = 0; k < pending.length; k++) {
      const outcome = outcomes[k];
      if (outcome.text === SERVER_GONE) return null;
      if (outcome.isError) failed.push(pending[k]);
      else results[pending[k]] = JSON.parse(outcome.text);
    }
    pending = failed;
  }
  return results;
}

/** `top_devices` ranking raw downtime under 500 hours. */
function downtimeLeaders(limit: number): ToolCall {
  return { name: "top_devices", arguments: { field: "downtime_min", max_hours: LOW_HOURS, limit } };
}

/** `top_devices` for the highest risk score of a model. */
function riskLeader(model: string): ToolCall {
  return { name: "top_devices", arguments: { field: "risk_score", model, limit: 1 } };
}

/** The shortcut policy: rank raw downtime, take the top device, look up its model's risk leader. */
export const SHORTCUT: AgentPolicy = {
  name: "shortcut",
  description: "ranks raw downtime under 500 hours and stops",
  *start(): AgentRun {
    const first = yield* ask([downtimeLeaders(1)]);
    if (!first) return null;
    const top = (first[0] as TopResult).devices[0];
    const second = yield* ask([riskLeader(top.model)]);
    if (!second) return null;
    return `${top.device_id} vs ${(second[0] as TopResult).devices[0].device_id}`;
  },
};

/** A band of operating hours, `[min, max)`. */
export interface Band {
  min: number;
  max: number;
}

/** A device whose downtime and hours the thorough agent has read. */
interface Known {
  device_id: string;
  model: string;
  downtime: number;
  hours: number;
}

/** `top_devices` for one band, ranked by one field, a full page. */
function page(field: string, band: Band): ToolCall {
  const filters = { min_hours: band.min, max_hours: band.max };
  return { name: "top_devices", arguments: { field, ...filters, limit: MAX_ROWS } };
}

/**
 * The devices of one band, read from its two pages: downtime from the page ranked by downtime,
 * hours from the page ranked by hours (the same devices when the band fits on a page).
 */
function readBand(byDowntime: TopResult, byHours: TopResult, band: Band): Known[] {
  const hours = new Map(byHours.devices.map((row) => [row.device_id, Number(row.operating_hours)]));
  return byDowntime.devices.map((row) => ({
    device_id: row.device_id,
    model: row.model,
    downtime: Number(row.downtime_min),
    hours: hours.get(row.device_id) ?? band.max,
  }));
}

/**
 * Whether no device the agent has not read can beat `best`. The bands read so far cover every
 * hour from 0 up to `covered`, so an unread device has run at least `covered` hours, and no
 * device under 500 hours has more than `mostDowntime` minutes: its rate is at most
 * `mostDowntime / covered`.
 */
function canStop(done: readonly Band[], best: Known, mostDowntime: number): boolean {
  const covered = coveredHours(done);
  return covered >= LOW_HOURS || mostDowntime * best.hours < best.downtime * covered;
}

/** How far the bands `done` cover the hours from 0 without a gap: the end of that run, in hours. */
export function coveredHours(done: readonly Band[]): number {
  let covered = 0;
  for (const band of [...done].sort((a, b) => a.min - b.min)) {
    if (band.min === covered) covered = band.max;
  }
  return covered;
}

/** The thorough policy: pages low-hour bands around the cap, until no unread device can win. */
export const THOROUGH: AgentPolicy = {
  name: "thorough",
  description:
    "pages hour bands around the 10-row cap, computes every rate, " +
    "stops when no unseen device can win",
  *start(): AgentRun {
    const count: ToolCall = { name: "count_devices", arguments: { max_hours: LOW_HOURS } };
    const opening = yield* ask([count, downtimeLeaders(MAX_ROWS)]);
    if (!opening) return null;
    const leaders = (opening[1] as TopResult).devices;
    if (leaders.length === 0) return null;
    const mostDowntime = Number(leaders[0].downtime_min);
    const giveUp = () => `${leaders[0].device_id} vs unknown`;

    const done: Band[] = [];
    let best: Known | undefined;
    let nextEdge = 0;
    let wave: Band[] = [];
    for (;;) {
      while (wave.length < WAVE_BANDS && nextEdge < LOW_HOURS) {
        wave.push({ min: nextEdge, max: Math.min(nextEdge + BAND_HOURS, LOW_HOURS) });
        nextEdge += BAND_HOURS;
      }
      if (wave.length === 0) break;
      // Two pages per band: downtime and hours of the same (at most ten) devices.
      const turn = wave.flatMap((band) => [
        page("downtime_min", band),
        page("operating_hours", band),
      ]);
      const pages = yield* ask(turn);
      if (!pages) return giveUp();
      const split: Band[] = [];
      wave.forEach((band, k) => {
        const byDowntime = pages[2 * k] as TopResult;
        if (byDowntime.total_matching > byDowntime.returned && band.max - band.min > 1) {
          const middle = Math.floor((band.min + band.max) / 2);
          split.push({ min: band.min, max: middle }, { min: middle, max: band.max });
          return;
        }
        for (const device of readBand(byDowntime, pages[2 * k + 1] as TopResult, band)) {
          if (!best || device.downtime * best.hours > best.downtime * device.hours) best = device;
        }
        done.push(band);
      });
      wave = split;
      if (best && canStop(done, best, mostDowntime)) break;
    }
    if (!best) return giveUp();

    // Fetch the winner's full record and its model's risk leader together.
    const fetch: ToolCall = { name: "get_device", arguments: { device_id: best.device_id } };
    const last = yield* ask([fetch, riskLeader(best.model)]);
    if (!last) return `${best.device_id} vs unknown`;
    const record = last[0] as { device_id: string };
    return `${record.device_id} vs ${(last[1] as TopResult).devices[0].device_id}`;
  },
};

/** The policies, in table order. */
export const AGENT_POLICIES: readonly AgentPolicy[] = [SHORTCUT, THOROUGH];
