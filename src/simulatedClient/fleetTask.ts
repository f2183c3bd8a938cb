/**
 * The fleet task: lesson 8's count → rank → fetch chain, run on a session the client already holds.
 *
 * Source: lesson 8's `runFleetChain` (`fleet/server.ts`): from `FLEET_STATE`
 * (under 500 hours, rank by `downtime_min`, a full page of 10) the client calls `count_devices`,
 * `top_devices`, then `get_device` on the first row's id; an error cuts the chain. `runFleetChain`
 * opens its own session with lesson 6's handshake; this runs the same walk (`walkFleetChain`) on a
 * session the client already holds, as one task among many.
 *
 * The chain asks the shortcut question of lesson 8 — which device under 500 hours has the most raw
 * downtime — so its expected answer is the ground truth's shortcut device (`solveTask`).
 */
import type { Session } from "../sim/client";
import { walkFleetChain } from "../fleet/server";
import type { TaskOutcome } from "../world/runTasks";

/**
 * Walks the fleet chain through `session`.
 *
 * @param session the client's session (its envelope gains the calls that reach the wire).
 * @param expected the device id the chain should fetch (the shortcut device of the fleet).
 * @returns the outcome in lesson 6's shape: `result` is the fetched device id (null if the chain
 *   was cut), `completed` when it equals `expected`; `written` is always 0 (the tools only read).
 */
export function runFleetTask(session: Session, expected: string): TaskOutcome {
  const { calls, failed, blocked, fetched, failure } = walkFleetChain(session);
  return {
    calls,
    failed,
    blocked,
    written: 0,
    completed: fetched === expected,
    result: fetched,
    failure,
  };
}
