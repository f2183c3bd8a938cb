/**
 * The fleet task: lesson 8's count → rank → fetch chain, run on a session the client already holds.
 *
 * Source: lesson 8's `runFleetChain` (`fleet/server.ts`, issue 3 §4): from `FLEET_STATE`
 * (under 500 hours, rank by `downtime_min`, a full page of 10) the client calls `count_devices`,
 * `top_devices`, then `get_device` on the first row's id; an error cuts the chain. `runFleetChain`
 * opens its own session with lesson 6's handshake, so it cannot be one task among many in a
 * session; this is the same walk on a given session (a test holds the two together, call by call).
 *
 * The chain asks the shortcut question of lesson 8 — which device under 500 hours has the most raw
 * downtime — so its expected answer is the ground truth's shortcut device (`solveTask`).
 */
import { callTool, NO_APPROVAL, type Session } from "../sim/client";
import type { Fields, Value } from "../sim/values";
import { FLEET_CHAIN, FLEET_STATE } from "../fleet/server";
import type { TaskOutcome } from "../world/run";

/**
 * Walks the fleet chain through `session`.
 *
 * @param session the client's session (its envelope gains the calls that reach the wire).
 * @param expected the device id the chain should fetch (the shortcut device of the fleet).
 * @returns the outcome in lesson 6's shape: `result` is the fetched device id (null if the chain
 *   was cut), `completed` when it equals `expected`; `written` is always 0 (the tools only read).
 */
export function runFleetTask(session: Session, expected: string): TaskOutcome {
  const state: Fields = { ...FLEET_STATE };
  let calls = 0;
  let failed = 0;
  let blocked = 0;
  let result: Value = null;
  let failure: TaskOutcome["failure"];
  for (const name of FLEET_CHAIN) {
    const answer = callTool(session, name, state);
    calls += 1;
    if (answer.hata !== undefined) {
      failed += 1;
      if (answer.hata === NO_APPROVAL) blocked += 1;
      failure = { tool: name, hata: String(answer.hata) };
      break;
    }
    if (name === "top_devices") state.device_id = (answer.devices as readonly Fields[])[0]?.device_id ?? null;
    if (name === "get_device") result = answer.device_id;
  }
  return { calls, failed, blocked, written: 0, completed: result === expected, result, failure };
}
