/**
 * The names `mcp-course serve` takes: its servers and, for the fleet, its paths.
 *
 * Kept apart from `servedServers.ts` so that the command line can list them in its help without
 * loading the MCP SDK, which only `serve` itself needs.
 */
import type { PathName } from "../fleet/paths";

/** The servers `serve` can start: lesson 6's three (reference lesson 004, `SERVERS`) and the device fleet. */
export const SERVER_NAMES = ["olcum", "tarife", "kayit", "fleet"] as const;

/** One of {@link SERVER_NAMES}. */
export type ServerName = (typeof SERVER_NAMES)[number];

/**
 * The fleet's paths that cross a real wire: lesson 8's `raw` and `validating` (`direct` has no
 * server), and `high-level`, the fleet built on the SDK's `McpServer` with zod schemas
 * (`highLevelFleet.ts`). Source: seed document 000, "Experiment design".
 */
export const SERVED_PATHS = ["raw", "validating", "high-level"] as const;

/** One of {@link SERVED_PATHS}. */
export type ServedPath = (typeof SERVED_PATHS)[number];

/** The served paths that are also the simulator's (lesson 8's `raw` and `validating`). */
export type SimulatedServedPath = Extract<ServedPath, PathName>;

/**
 * The eras `serve --era` answers: `both`, a dual-era process (2026-07-28
 * `basic/versioning.mdx`, "Terminology"); `legacy`, a server of the legacy era only (2025-11-25
 * and earlier, through `initialize`); `stateless`, a server of the modern era only (2026-07-28).
 */
export const SERVE_ERAS = ["both", "legacy", "stateless"] as const;

/** One of {@link SERVE_ERAS}. */
export type ServeEra = (typeof SERVE_ERAS)[number];
