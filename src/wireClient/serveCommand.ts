/**
 * How the real client starts a server: the `mcp-course serve …` command line, built from a plain
 * description of the server wanted.
 *
 * The servers' command line is `mcp-course serve <olcum|tarife|kayit|fleet> [--level] [--seed]
 * [--fault] [--path] [--slow-ms] [--confirm-writes]`. The client runs the bundled server with the running Node
 * (`process.execPath <PACKAGE_ROOT>/dist/serve.js <server> …`, the same command line as
 * `mcp-course serve`, started without loading the CLI's other modules: `src/serve.ts`), so it
 * needs `dist/` built (`npm run build`) and no `npx` or shell. This module only writes the
 * command; `connection.ts` spawns it, and `registration.ts` prints it for an MCP client.
 */
import { join } from "node:path";
import type { Level } from "../sim/declaration";
import { PACKAGE_ROOT } from "../packageRoot";
import type { ServeFaultName } from "../protocol/faults";
import { SERVE_SCRIPT } from "../serve";

export { SERVE_SCRIPT };

/** The servers `mcp-course serve` knows: lesson 6's three and lesson 8's fleet. */
export type ServedName = "olcum" | "tarife" | "kayit" | "fleet";

/** A real fault, as its `--fault` word (the server's `SERVE_FAULT_NAMES`); the simulator calls the last two `stdout-line` and `stdout-unterminated`. */
export type ServeFaultWord = Exclude<ServeFaultName, "none">;

/** The server to start. Unset options take the server's defaults (level 3, the default seed, no fault, path validating). */
export interface ServeSpec {
  server: ServedName;
  /** Declaration level, 0–3. */
  level?: Level;
  /** An integer from 0 to 2^53 − 1: the world's seed (olcum, tarife, kayit) or the fleet's. */
  seed?: number;
  fault?: ServeFaultWord;
  /** With `fault: "crash"`: the `tools/call` the process exits on (server default 6, `CRASH_ON_CALL`). */
  crashOn?: number;
  /** The fleet's path (fleet only): lesson 8's `raw` or `validating`, or `high-level`, the SDK's `McpServer` with zod schemas. */
  path?: "raw" | "validating" | "high-level";
  /** With `fault: "slow"`: how long the first `top_devices` sleeps, ms (server default 3000). */
  slowMs?: number;
  /** `--confirm-writes`: a side-effect tool asks the user to confirm first (2026-07-28 multi round-trip). */
  confirmWrites?: boolean;
}

/** The built CLI (`mcp-course`); the client runs {@link SERVE_SCRIPT}, its `serve` alone. */
export const CLI_SCRIPT = join(PACKAGE_ROOT, "dist", "cli", "main.js");

/**
 * The arguments after `node`: the launcher's absolute path ({@link SERVE_SCRIPT}), the server,
 * then one flag per option set.
 *
 * @returns e.g. `["/home/you/mcp-course/dist/serve.js", "fleet", "--level", "3", "--fault", "crash:6"]`.
 */
export function serveArgs(spec: ServeSpec): string[] {
  return [SERVE_SCRIPT, ...serverArgs(spec)];
}

/** The arguments of `mcp-course serve` for `spec`: the server, then one flag per option set (`["fleet", "--level", "3"]`). */
export function serverArgs(spec: ServeSpec): string[] {
  const args: string[] = [spec.server];
  if (spec.level !== undefined) args.push("--level", String(spec.level));
  if (spec.seed !== undefined) args.push("--seed", String(spec.seed));
  if (spec.fault !== undefined)
    args.push(
      "--fault",
      spec.fault === "crash" && spec.crashOn !== undefined ? `crash:${spec.crashOn}` : spec.fault,
    );
  if (spec.path !== undefined) args.push("--path", spec.path);
  if (spec.slowMs !== undefined) args.push("--slow-ms", String(spec.slowMs));
  if (spec.confirmWrites === true) args.push("--confirm-writes");
  return args;
}

/** The command line as a reader would type it (`mcp-course serve fleet --fault crash:6`), for tables and logs. */
export function describeServe(spec: ServeSpec): string {
  return ["mcp-course", "serve", ...serverArgs(spec)].join(" ");
}
