/**
 * `mcp-course serve <olcum|tarife|kayit|fleet>`: one real MCP server on stdin/stdout until stdin
 * ends. Argument parsing only; the server is the library's (`src/server/stdioServer.ts`).
 *
 * Every option is checked before the server starts, so bad input ends with one line on stderr and
 * exit code 2 and nothing on stdout. While serving, stdout carries protocol messages only: even a
 * stray `console.log` (the seed's `stdout-line` fault, by accident) is sent to stderr.
 */
import { InvalidArgumentError, type Command } from "commander";
import { DEFAULT_SEED } from "../../sim/seed";
import { ALL_LEVELS, type Level } from "../../sim/declaration";
import { LEVEL_FLAGS } from "../../server/declarations";
import { DEFAULT_SLOW_MS, parseFault, type ServeFault } from "../../server/faults";
import {
  SERVE_ERAS,
  SERVED_PATHS,
  SERVER_NAMES,
  type ServeEra,
  type ServedPath,
  type ServerName,
} from "../../server/names";
import { CliError, messages } from "../messages";
import { stateKey } from "../../protocol/requestState";
import { DEFAULT_HOST, isLoopbackHost, LOOPBACK_NAMES, MCP_PATH } from "../../server/httpConstants";
import { seedOption } from "../options";

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

/** `--era E`: both, legacy or stateless. */
export function eraOption(text: string): ServeEra {
  if ((SERVE_ERAS as readonly string[]).includes(text)) return text as ServeEra;
  throw new InvalidArgumentError(messages.badEra(SERVE_ERAS));
}

/** `--port N`: a TCP port, 0 for any free one. */
export function portOption(text: string): number {
  const port = /^[0-9]{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port <= 65535)) throw new InvalidArgumentError(messages.badPort());
  return port;
}

/** Help for `--era`. */
export const ERA_HELP =
  "the eras answered: both (initialize for 2025-11-25, 2025-06-18, 2024-11-05, or 2026-07-28 statelessly), " +
  "legacy (initialize only; server/discover is an unknown method), stateless (2026-07-28 only; initialize is refused -32022)";

/** Options of `serve`, as commander hands them over. */
export interface ServeCommandOptions {
  level: Level;
  seed: number;
  fault: string;
  path?: ServedPath;
  era: ServeEra;
  /** Set only when `--slow-ms` was given; `--fault slow` then sleeps this long, else {@link SLOW_MS_DEFAULT}. */
  slowMs?: number;
  /** Serve over Streamable HTTP instead of stdio. */
  http?: boolean;
  port?: number;
  host?: string;
  allowRemote?: boolean;
  /** A side-effect tool asks the user to confirm first (2026-07-28 multi round-trip). */
  confirmWrites?: boolean;
}

/** Help for `--level`. */
export const LEVEL_HELP = `declaration level: 0|name (tool names), 1|fields (+ input schemas), 2|side-effect (+ annotations), 3|full (+ serverInfo.version)`;

/** The default `--slow-ms`, for help. */
export const SLOW_MS_DEFAULT = DEFAULT_SLOW_MS;

/**
 * Checks the combination, keeps stdout for the protocol, and serves until stdin ends.
 *
 * @throws CliError (exit 2) for `--path` on a world server, `--fault slow` on one, a fault on the
 *   `high-level` path, or `--confirm-writes` with `--era legacy` (no 2026-07-28 request to ask in).
 */
export async function runServeCommand(
  server: ServerName,
  options: ServeCommandOptions,
): Promise<void> {
  if (options.path !== undefined && server !== "fleet")
    throw new CliError(messages.pathNotFleet(server));
  const fault: ServeFault = parseFault(options.fault, options.slowMs ?? SLOW_MS_DEFAULT);
  if (options.slowMs !== undefined && fault.kind !== "slow")
    throw new CliError(messages.slowMsWithoutSlow());
  if (fault.kind === "slow" && server !== "fleet")
    throw new CliError(messages.slowNotFleet(server));
  if (fault.kind !== "none" && options.path === "high-level")
    throw new CliError(messages.faultNotHighLevel());
  if (options.confirmWrites && options.era === "legacy")
    throw new CliError(messages.confirmWritesLegacy());
  if (options.http) return runHttp(server, options, fault);
  for (const [given, flag] of [
    [options.port, "--port"],
    [options.host, "--host"],
    [options.allowRemote, "--allow-remote"],
  ] as const)
    if (given !== undefined) throw new CliError(messages.httpOnly(flag));
  const signing = options.confirmWrites ? signingKey() : undefined;
  // Stdout is the protocol's: anything logged through the console goes to stderr instead.
  console.log = console.info = console.debug = console.error;
  // Loaded here, not at the top: the SDK behind it costs every other command its start-up time.
  const { serve } = await import("../../server/stdioServer");
  await serve({
    server,
    level: options.level,
    seed: options.seed,
    fault,
    path: options.path,
    era: options.era,
    confirmWrites: options.confirmWrites,
    stateKey: signing,
  });
}

/**
 * The key `--confirm-writes` signs its states with: `MCP_COURSE_STATE_KEY`, else the course's
 * published one (`COURSE_STATE_KEY`).
 *
 * @throws CliError (exit 2) when the variable is set and too short.
 */
function signingKey(): string {
  try {
    return stateKey(process.env);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
}

/**
 * `serve --http`: checks the host, then serves until a stop signal (exit 0). A port in use is one
 * line and exit 1; a host beyond loopback needs `--allow-remote`, and then one warning line.
 *
 * @throws CliError (exit 2) for a noisy fault, a host that is not loopback without `--allow-remote`,
 *   or a host this machine cannot listen on; CliError with exit code 1 when the port is in use.
 */
async function runHttp(
  server: ServerName,
  options: ServeCommandOptions,
  fault: ServeFault,
): Promise<void> {
  const { serveHttp } = await import("../../server/httpServer");
  const host = options.host ?? DEFAULT_HOST;
  if (fault.kind === "noisy-line" || fault.kind === "noisy-raw")
    throw new CliError(messages.noisyOverHttp());
  const remote = !isLoopbackHost(host);
  if (remote && !options.allowRemote) throw new CliError(messages.remoteHost(host, LOOPBACK_NAMES));
  const port = options.port ?? 0;
  let serving;
  try {
    serving = await serveHttp({
      server,
      level: options.level,
      seed: options.seed,
      fault,
      path: options.path,
      era: options.era,
      confirmWrites: options.confirmWrites,
      stateKey: options.confirmWrites ? signingKey() : undefined,
      port,
      host,
      allowRemote: options.allowRemote,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") throw new CliError(messages.portInUse(host, port), 1);
    if (code === "EADDRNOTAVAIL")
      throw new CliError(messages.hostUnavailable(host, "no interface of this machine has it"));
    if (code === "ENOTFOUND" || code === "EAI_AGAIN")
      throw new CliError(messages.hostUnavailable(host, "no such host name"));
    throw error;
  }
  // Once listening, so that the warning is only ever about a server that is there.
  if (remote) process.stderr.write(`${messages.remoteWarning(host)}\n`);
  await serving.closed;
}

/**
 * Gives `command` everything `serve` is: its summary and description, `<server>`, its options
 * with their parsers, and its action. The whole CLI applies it to its `serve` subcommand, and the
 * server's bundle to its one command (`serveMain.ts`), so both parse and answer alike.
 */
export function defineServe(command: Command): Command {
  return command
    .summary("serve a course server as a real MCP server (stdio or HTTP)")
    .description(
      "Serve one of the course's servers as a real MCP server over stdio (newline-delimited JSON-RPC) until stdin closes. " +
        "Stdout carries protocol messages only; logs are JSON lines on stderr. " +
        `With --http, over Streamable HTTP on one endpoint, ${MCP_PATH}, until SIGINT or SIGTERM: every 2026-07-28 request its own POST, ` +
        "and 2025-11-25 clients served statelessly (each POST, initialize included, meets a fresh server and no Mcp-Session-Id is issued, " +
        "since the servers keep nothing between calls); the URL is logged on stderr once listening.",
    )
    .argument("<server>", `which server: ${SERVER_NAMES.join(", ")}`, serverArgument)
    .option("--level <level>", LEVEL_HELP, levelOption, 3 as Level)
    .option(
      "--seed <n>",
      "world seed (olcum, tarife, kayit) or fleet seed (fleet), an integer from 0 to 2^53-1",
      seedOption,
      DEFAULT_SEED,
    )
    .option(
      "--fault <fault>",
      "a real fault: slow (first top_devices sleeps --slow-ms), crash[:N] (exit during the Nth tools/call, default 6), noisy-line (a stray stdout line per call), noisy-raw (stray stdout text with no newline per call), none",
      faultOption,
      "none",
    )
    .option(
      "--path <path>",
      "fleet only: which path answers tools/call, raw (no checks), validating (ajv against the schema) " +
        "or high-level (the SDK's McpServer with zod schemas; no --fault) (default: validating)",
      pathOption,
    )
    .option("--era <era>", ERA_HELP, eraOption, "both" as ServeEra)
    .option(
      "--slow-ms <ms>",
      `with --fault slow: the delay in milliseconds (default: ${SLOW_MS_DEFAULT})`,
      slowMsOption,
    )
    .option(
      "--confirm-writes",
      "2026-07-28 only: a tool with a side effect (kayit_yaz) asks the user to confirm first, by a multi round-trip request",
    )
    .option("--http", "serve over Streamable HTTP instead of stdio")
    .option("--port <n>", "with --http: the TCP port, 0 for any free one (default: 0)", portOption)
    .option(`--host <host>`, `with --http: the address to listen on (default: ${DEFAULT_HOST})`)
    .option("--allow-remote", "with --http: allow a --host beyond loopback (nothing authenticates)")
    .action((server: ServerName, options: ServeCommandOptions) => runServeCommand(server, options));
}
