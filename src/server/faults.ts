/**
 * The faults a real server can be started with (`--fault`), reproducing the seed's for real.
 *
 * Source: seed document 000, "Faults" (`mcp-slow`, `mcp-crash`, `console.log` and
 * `process.stdout.write` on the server's stdout) and `fleet/conditions.ts`, which simulates the
 * same four on a virtual clock under other names (`SERVE_FAULT_OF` there); their names are
 * `protocol/faults.ts`'s:
 * - `slow`: the first `top_devices` call sleeps {@link DEFAULT_SLOW_MS} ms (`--slow-ms`) before answering;
 * - `crash[:N]`: the process exits while handling its Nth `tools/call` (default {@link CRASH_ON_CALL}),
 *   writing no response;
 * - `noisy-line`: a stray newline-terminated line on stdout at every `tools/call`;
 * - `noisy-raw`: stray text with no newline on stdout before every `tools/call` response, so the
 *   response is glued to it.
 * A `tools/call` counts here once the SDK has accepted it (it names a tool). This module decides
 * what a fault does at a call; the writing and the exiting are the caller's (`stdioServer.ts`).
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { RequestId } from "@modelcontextprotocol/server";
import { CRASH_ON_CALL, LATENCY_MICROS } from "../fleet/conditions";

/** A fault with its figures: `slow` its delay in ms, `crash` the call it exits on (1-based). */
export type ServeFault =
  | { kind: "none" }
  | { kind: "slow"; delayMs: number }
  | { kind: "crash"; onCall: number }
  | { kind: "noisy-line" }
  | { kind: "noisy-raw" };

/** No fault. */
export const NO_FAULT: ServeFault = { kind: "none" };

/** The slow tool's delay in ms: the seed's 3 s (`LATENCY_MICROS.slowTool` / 1000). Source: seed document 000. */
export const DEFAULT_SLOW_MS = LATENCY_MICROS.slowTool / 1000;

/** The exit code of a crash. This project's choice: any non-zero code; the client sees only a closed pipe. */
export const CRASH_EXIT_CODE = 1;

/** The tool the `slow` fault delays. Source: seed document 000 (`mcp-slow`: "the first `top_devices` call"). */
export const SLOW_TOOL = "top_devices";

/** The stray text a noisy fault writes at a call: what a forgotten `console.log` would print. */
export function strayText(tool: string): string {
  return `[debug] handling tools/call ${tool}`;
}

/**
 * Parses a `--fault` word: `none`, `slow`, `crash`, `crash:N` (N a whole number ≥ 1),
 * `noisy-line`, `noisy-raw`.
 *
 * @param slowMs the delay for `slow`, in ms.
 * @throws RangeError for anything else.
 */
export function parseFault(text: string, slowMs: number = DEFAULT_SLOW_MS): ServeFault {
  const crash = /^crash(?::([0-9]{1,9}))?$/.exec(text);
  if (crash) {
    const onCall = crash[1] === undefined ? CRASH_ON_CALL : Number(crash[1]);
    if (onCall >= 1) return { kind: "crash", onCall };
  }
  if (text === "none") return NO_FAULT;
  if (text === "slow") return { kind: "slow", delayMs: slowMs };
  if (text === "noisy-line" || text === "noisy-raw") return { kind: text };
  throw new RangeError(`unknown fault '${text}'`);
}

/** A fault written back as its `--fault` word: `crash:6`, `slow`, `none`. */
export function faultWord(fault: ServeFault): string {
  if (fault.kind === "crash") return `crash:${fault.onCall}`;
  return fault.kind === "slow" ? `slow:${fault.delayMs}ms` : fault.kind;
}

/** What a fault may do to the process: write raw text to stdout, now or just before a response, or end it. */
export interface FaultEffects {
  writeRaw(text: string): void;
  /** Writes `text` on stdout immediately before the response to request `id`, on the same line. */
  writeBeforeResponse(id: RequestId, text: string): void;
  /** Ends the process (exit code {@link CRASH_EXIT_CODE}); responses already made are written first. */
  crash(): void;
}

/**
 * How many progress notifications the slow tool sends when its request carries a
 * `progressToken`: its sleep is cut into this many equal parts, and a notification follows each.
 * A fixed count, not a clock, so the lines are the same on every run.
 */
export const SLOW_PROGRESS_STEPS = 3;

/**
 * Sends one `notifications/progress` for the request being served: `progress` so far, of `total`,
 * with a human-readable `message`. Source: 2025-11-25 `basic/utilities/progress.mdx` and
 * 2026-07-28 `basic/patterns/progress.mdx` (the receiver of a request with a `progressToken`
 * MAY send progress notifications; `progress` MUST increase with each).
 */
export type ProgressReporter = (progress: number, total: number, message: string) => Promise<void>;

/**
 * The slow tool's sleep of `delayMs`, cut into {@link SLOW_PROGRESS_STEPS} parts with a progress
 * notification after each: 1 of 3, 2 of 3, 3 of 3, the last just before the response.
 */
async function sleepReporting(delayMs: number, report: ProgressReporter): Promise<void> {
  for (let step = 1; step <= SLOW_PROGRESS_STEPS; step += 1) {
    await sleep(delayMs / SLOW_PROGRESS_STEPS);
    await report(
      step,
      SLOW_PROGRESS_STEPS,
      `${SLOW_TOOL}: part ${step} of ${SLOW_PROGRESS_STEPS} done`,
    );
  }
}

/** A promise that never settles: the call the process dies in, and any after it, never answer. */
const NEVER = new Promise<never>(() => {});

/**
 * Runs a fault at each `tools/call`, before the tool is served: counts the call, crashes on the
 * Nth (that call and any later one never resolve), writes the stray text, or sleeps on the first
 * `top_devices`, reporting progress when the request asked for it ({@link ProgressReporter}).
 */
export class FaultInjector {
  private calls = 0;
  private slept = false;
  private crashed = false;

  constructor(
    private readonly fault: ServeFault,
    private readonly effects: FaultEffects,
  ) {}

  /**
   * Call before serving `tool` for request `id`. Returns a promise when the call must wait (the
   * slow tool's sleep; a crash's call, never settling), else nothing: the call goes on at once,
   * without a turn through the microtask queue.
   *
   * @param report sends a progress notification for this request; given only when the request
   *   carried a `progressToken`. Only the slow tool's sleep reports progress.
   */
  beforeCall(tool: string, id: RequestId, report?: ProgressReporter): Promise<void> | undefined {
    this.calls += 1;
    const fault = this.fault;
    switch (fault.kind) {
      case "crash":
        if (this.crashed) return NEVER;
        if (this.calls === fault.onCall) {
          this.crashed = true;
          this.effects.crash();
          return NEVER;
        }
        return;
      case "noisy-line":
        this.effects.writeRaw(strayText(tool) + "\n");
        return;
      case "noisy-raw":
        this.effects.writeBeforeResponse(id, strayText(tool));
        return;
      case "slow":
        if (tool === SLOW_TOOL && !this.slept) {
          this.slept = true;
          return report ? sleepReporting(fault.delayMs, report) : sleep(fault.delayMs);
        }
        return;
      case "none":
        return;
    }
  }
}
