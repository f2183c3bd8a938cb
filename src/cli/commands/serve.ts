/**
 * `mcp-course serve <olcum|tarife|kayit|fleet>`: one real MCP server on stdin/stdout until stdin
 * ends. Argument parsing only; the server is the library's (`src/server/serve.ts`).
 *
 * Every option is checked before the server starts, so bad input ends with one line on stderr and
 * exit code 2 and nothing on stdout. While serving, stdout carries protocol messages only: even a
 * stray `console.log` (the seed's `stdout-line` fault, by accident) is sent to stderr.
 */
import { InvalidArgumentError } from "commander";
import { ALL_LEVELS, type Level } from "../../sim/declaration";
import { LEVEL_FLAGS } from "../../server/declarations";
import { DEFAULT_SLOW_MS, parseFault, type ServeFault } from "../../server/faults";
import { SERVED_PATHS, SERVER_NAMES, type ServedPath, type ServerName } from "../../server/names";
import { CliError, messages } from "../messages";

/** `<server>`: one of olcum, tarife, kayit, fleet. */
export function serverArgument(text: string): ServerName {
  if ((SERVER_NAMES as readonly string[]).includes(text)) return text as ServerName;
  throw new InvalidArgumentError(messages.unknownServer(SERVER_NAMES));
}

/** `--level L`: 0–3, or its word (name, fields, side-effect, full). */
export function levelOption(text: string): Level {
  const byWord = (LEVEL_FLAGS as readonly string[]).indexOf(text);
  if (byWord !== -1) return byWord as Level;
  const level = /^[0-3]$/.test(text) ? (Number(text) as Level) : undefined;
  if (level !== undefined && ALL_LEVELS.includes(level)) return level;
  throw new InvalidArgumentError(messages.badLevel(LEVEL_FLAGS));
}

/** `--fault F`: checked here, read with `--slow-ms` once both are known. */
export function faultOption(text: string): string {
  try {
    parseFault(text);
    return text;
  } catch {
    throw new InvalidArgumentError(messages.badFault());
  }
}

/** `--slow-ms N`: a whole number of milliseconds a timer can wait (≤ 2^31 − 1). */
export function slowMsOption(text: string): number {
  const ms = /^[0-9]{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(ms <= 2 ** 31 - 1)) throw new InvalidArgumentError(messages.badSlowMs());
  return ms;
}

/** `--path P`: raw or validating. */
export function pathOption(text: string): ServedPath {
  if ((SERVED_PATHS as readonly string[]).includes(text)) return text as ServedPath;
  throw new InvalidArgumentError(messages.badPath(SERVED_PATHS));
}

/** Options of `serve`, as commander hands them over. */
export interface ServeCommandOptions {
  level: Level;
  seed: number;
  fault: string;
  path?: ServedPath;
  /** Set only when `--slow-ms` was given; `--fault slow` then sleeps this long, else {@link SLOW_MS_DEFAULT}. */
  slowMs?: number;
}

/** Help for `--level`. */
export const LEVEL_HELP = `declaration level: 0|name (tool names), 1|fields (+ input schemas), 2|side-effect (+ annotations), 3|full (+ serverInfo.version)`;

/** The default `--slow-ms`, for help. */
export const SLOW_MS_DEFAULT = DEFAULT_SLOW_MS;

/**
 * Checks the combination, keeps stdout for the protocol, and serves until stdin ends.
 *
 * @throws CliError (exit 2) for `--path` on a world server or `--fault slow` on one.
 */
export async function runServeCommand(server: ServerName, options: ServeCommandOptions): Promise<void> {
  if (options.path !== undefined && server !== "fleet") throw new CliError(messages.pathNotFleet(server));
  const fault: ServeFault = parseFault(options.fault, options.slowMs ?? SLOW_MS_DEFAULT);
  if (options.slowMs !== undefined && fault.kind !== "slow") throw new CliError(messages.slowMsWithoutSlow());
  if (fault.kind === "slow" && server !== "fleet") throw new CliError(messages.slowNotFleet(server));
  // Stdout is the protocol's: anything logged through the console goes to stderr instead.
  console.log = console.info = console.debug = console.error;
  // Loaded here, not at the top: the SDK behind it costs every other command its start-up time.
  const { serve } = await import("../../server/serve");
  await serve({ server, level: options.level, seed: options.seed, fault, path: options.path });
}
