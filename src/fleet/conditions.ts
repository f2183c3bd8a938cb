/**
 * The conditions of the fleet experiment and the virtual clock's figures.
 *
 * Source: seed document 000, "Experiment design" (the conditions), the probe table (latencies,
 * startup) and the faults table; seed document 001 (why the conditions matter). The condition the
 * seed never managed to run, `crash-explained`, is here too. Time is virtual and counted in whole
 * microseconds, so every run gives the same figures.
 */
import type { ServeFaultName } from "../protocol/faults";
import type { PathName } from "./paths";

/**
 * Latencies on the virtual clock, in whole microseconds, as the experiment measured them:
 * - `directCall` 22: one call to a handler in-process (0.022 ms);
 * - `rawCall` 90 and `validatingCall` 93: one call over stdio to each server (0.090, 0.093 ms);
 * - `rawStartup` 74,500 and `validatingStartup` 78,700: starting a server process, then
 *   `initialize` and `tools/list` (74.5 and 78.7 ms);
 * - `restart` 81,000: a respawn and the retried call's extra time (81 ms);
 * - `slowTool` 3,000,000 and `clientTimeout` 1,500,000: the slow tool takes 3 s, the client
 *   waits 1.5 s.
 *
 * @remarks Source: seed document 000, probe table (per-call means over 270 warm calls, startup
 * the mean of 10) and faults table ("81 ms extra in the probe").
 */
export const LATENCY_MICROS = {
  directCall: 22,
  rawCall: 90,
  validatingCall: 93,
  rawStartup: 74_500,
  validatingStartup: 78_700,
  restart: 81_000,
  slowTool: 3_000_000,
  clientTimeout: 1_500_000,
} as const;

/** The server exits while handling this `tools/call`. Source: seed document 000 (`mcp-crash`: its 6th). */
export const CRASH_ON_CALL = 6;

/**
 * A fault the server has:
 * - `none`;
 * - `slow`: its first `top_devices` call takes longer than the client waits;
 * - `crash`: the process exits while handling its {@link CRASH_ON_CALL}th `tools/call`;
 * - `stdout-line`: it writes a stray newline-terminated line to stdout on every `tools/call`;
 * - `stdout-unterminated`: it writes stray text with no newline before every `tools/call` response.
 */
export type Fault = "none" | "slow" | "crash" | "stdout-line" | "stdout-unterminated";

/** One condition: a path, a fault, and what the client does about a crash. */
export interface Condition {
  name: string;
  path: PathName;
  fault: Fault;
  /** After a crash, say plainly that the server is gone for good (instead of "Not connected"). */
  explainCrash: boolean;
  /** After a crash, respawn the server and retry the failed call once. */
  restart: boolean;
  /** One line for tables and help. */
  description: string;
}

function condition(
  name: string,
  path: PathName,
  fault: Fault,
  description: string,
  client: Partial<Pick<Condition, "explainCrash" | "restart">> = {},
): Condition {
  return {
    name,
    path,
    fault,
    explainCrash: client.explainCrash ?? false,
    restart: client.restart ?? false,
    description,
  };
}

/** The conditions, in table order. Source: seed document 000, "Experiment design" and "Faults". */
export const CONDITIONS: readonly Condition[] = [
  condition("direct", "direct", "none", "handlers called in-process"),
  condition("raw", "raw", "none", "JSON-RPC server with the exact schema, no validation"),
  condition(
    "validating",
    "validating",
    "none",
    "JSON-RPC server that validates arguments with ajv",
  ),
  condition("slow", "validating", "slow", "first top_devices takes 3 s; the client waits 1.5 s"),
  condition("crash", "validating", "crash", "server exits during its 6th tools/call; no recovery"),
  condition(
    "crash-explained",
    "validating",
    "crash",
    "the same crash; the client says the server is gone for good",
    {
      explainCrash: true,
    },
  ),
  condition(
    "crash-restart",
    "validating",
    "crash",
    "the same crash; the client respawns the server and retries once",
    {
      restart: true,
    },
  ),
  condition(
    "stdout-line",
    "validating",
    "stdout-line",
    "server prints a stray line on stdout at every call",
  ),
  condition(
    "stdout-unterminated",
    "validating",
    "stdout-unterminated",
    "server writes stray text with no newline before every tools/call response",
  ),
];

/** Finds a condition by name. @returns undefined for an unknown name. */
export function findCondition(name: string): Condition | undefined {
  return CONDITIONS.find((c) => c.name === name);
}

/** A simulated fault as the real server's `--fault` word (`protocol/faults.ts`); undefined for `none`. */
export const SERVE_FAULT_OF: Readonly<Record<Fault, Exclude<ServeFaultName, "none"> | undefined>> =
  {
    none: undefined,
    slow: "slow",
    crash: "crash",
    "stdout-line": "noisy-line",
    "stdout-unterminated": "noisy-raw",
  };
