/**
 * Lesson 8 as one JSON object: what `mcp-course simulate --lesson fleet --json` prints and
 * `data/fleet-20260218.json` keeps.
 *
 * Keys, in this order: `lesson`, `seed`; `devices`, 400 device records in draw order;
 * `ground_truth` `{answer, device, risk_leader, rate_per_100h, low_hour_count,
 * raw_downtime_rank, more_raw_downtime, shortcut: {answer, device, risk_leader}}`; `levels` and
 * `lesson_client_levels`, 4 rows each `{level, negotiated, dropped, calls, failed, count,
 * fetched, failure, request, response, tokens, round_trips}`; `malformed_calls`, 8 ×
 * `{label, call: {name, arguments}, outcomes: {direct|raw|validating: {channel, is_error, text}}}`;
 * `conditions`, a row per condition × policy `{condition, policy, answer, correct, turns,
 * tool_calls, tool_errors, restarts, transport_errors, envelope: {request, response,
 * notification, tokens, round_trips}, call_micros, startup_micros}`. Times are virtual µs.
 */
import type { Device } from "../../fleet/generator";
import type { AgentRunRecord } from "../../fleet/runAgents";
import type { FleetLevelRow } from "../../fleet/server";
import type { ToolCall } from "../../fleet/paths";
import type { EnvelopeCounts } from "../../sim/envelope";
import type { FleetLessonResult } from "./simulate";

/** An outcome as JSON. */
export interface OutcomeJson {
  channel: string;
  is_error: boolean;
  text: string;
}

/** A condition × policy row as JSON. */
export interface ConditionRowJson {
  condition: string;
  policy: string;
  answer: string | null;
  correct: boolean;
  turns: number;
  tool_calls: number;
  tool_errors: number;
  restarts: number;
  transport_errors: number;
  envelope: EnvelopeCounts;
  call_micros: number;
  startup_micros: number;
}

/** The JSON shape of lesson 8; see the module comment. */
export interface FleetLessonJson {
  lesson: string;
  seed: number;
  devices: readonly Device[];
  ground_truth: {
    answer: string;
    device: string;
    risk_leader: string;
    rate_per_100h: number;
    low_hour_count: number;
    raw_downtime_rank: number;
    more_raw_downtime: number;
    shortcut: { answer: string; device: string; risk_leader: string };
  };
  levels: FleetLevelRow[];
  lesson_client_levels: FleetLevelRow[];
  malformed_calls: { label: string; call: ToolCall; outcomes: Record<string, OutcomeJson> }[];
  conditions: ConditionRowJson[];
}

function conditionRow(r: AgentRunRecord): ConditionRowJson {
  return {
    condition: r.condition,
    policy: r.policy,
    answer: r.answer,
    correct: r.correct,
    turns: r.turns,
    tool_calls: r.toolCalls,
    tool_errors: r.toolErrors,
    restarts: r.restarts,
    transport_errors: r.transportErrors,
    envelope: r.envelope,
    call_micros: r.callMicros,
    startup_micros: r.startupMicros,
  };
}

/** Lesson 8's figures as a JSON-ready object. */
export function fleetLessonJson(result: FleetLessonResult): FleetLessonJson {
  const { truth } = result;
  return {
    lesson: "08-the-fleet-behind-the-boundary",
    seed: result.seed,
    devices: result.fleet.devices,
    ground_truth: {
      answer: truth.answer,
      device: truth.device.device_id,
      risk_leader: truth.riskLeader.device_id,
      rate_per_100h: truth.rate,
      low_hour_count: truth.lowHourCount,
      raw_downtime_rank: truth.rawDowntimeRank,
      more_raw_downtime: truth.moreRawDowntime,
      shortcut: {
        answer: truth.shortcut.answer,
        device: truth.shortcut.device.device_id,
        risk_leader: truth.shortcut.riskLeader.device_id,
      },
    },
    levels: result.levels,
    lesson_client_levels: result.lessonClientLevels,
    malformed_calls: result.malformed.map(({ label, call, outcomes }) => ({
      label,
      call,
      outcomes: Object.fromEntries(
        Object.entries(outcomes).map(([path, o]) => [
          path,
          { channel: o.channel, is_error: o.isError, text: o.text },
        ]),
      ),
    })),
    conditions: result.matrix.map(conditionRow),
  };
}
