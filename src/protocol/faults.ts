/**
 * The names of the faults a real server can be started with (`mcp-course serve --fault`): the
 * words both ends use, the server when it parses its command line and the real client when it
 * starts a server with one. What each fault does is the server's (`server/faults.ts`).
 *
 * Source: seed document 000, "Faults" (`mcp-slow`, `mcp-crash`, `console.log` and
 * `process.stdout.write` on the server's stdout). This module holds names only; it imports nothing.
 */

/** The `--fault` words, without `none`: `slow`, `crash`, `noisy-line`, `noisy-raw` (seed document 000, "Faults"). */
export const SERVE_FAULT_NAMES = ["slow", "crash", "noisy-line", "noisy-raw"] as const;

/** One of {@link SERVE_FAULT_NAMES}, or `none`. */
export type ServeFaultName = (typeof SERVE_FAULT_NAMES)[number] | "none";
