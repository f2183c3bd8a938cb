/**
 * The real wire, in one fresh process (run by bench/run.ts, or alone:
 * `npm run build && node --import tsx bench/wire.ts`). Two parts, each with its baselines
 * measured in the same run, so the ratios mean the same on any machine:
 *
 * Both protocol eras, each against baselines of its own era: *legacy* opens with
 * `initialize` and `notifications/initialized` (2025-11-25); *stateless* (2026-07-28) sends no
 * opening, and every request carries its `_meta` (protocol version, client capabilities, client
 * info: `docs/specification/2026-07-28/basic/index.mdx`, "Per-request protocol fields"), in bare
 * lines as through the clients.
 *
 * Start-up: spawn → the era's opening → `tools/list` answered, spoken to in bare lines, for the
 *   command `mcp-course register` prints (`node <abs>/dist/serve.js fleet`, the bundled server
 *   compiled from its code cache) in each era (legacy: `initialize`, `notifications/initialized`,
 *   `tools/list`; stateless: one `tools/list` with its `_meta`), and, legacy, `node
 *   dist/cli/main.js serve fleet` and `npx mcp-course serve fleet`, and `serve fleet --http` from
 *   spawn to its `listening` line, beside a bare `node -e ""` from spawn to exit. The six are
 *   started in turn, round after round (STARTS rounds), so a machine's
 *   load reaches all of them alike. The target, per era: the registered command within
 *   STARTUP_MARGIN_MS of a bare Node start (medians). It is meant for a quiet machine (one-minute
 *   load average under 1), so the load averages before and after the starts are printed beside it.
 *
 * Warm calls: ways of making the same fleet calls (cycling one per tool), all open at once and
 *   interleaved call by call, WARMUP untimed calls each (enough for V8 to optimise both ends),
 *   then CALLS timed ones; 2–6 once per era:
 *   1. direct: the fleet's handlers in-process (createFleetHandlers), each result as a tool
 *      result's JSON text; no process boundary at all;
 *   2. the floor: a bare newline-delimited JSON echo between this process and a child Node process
 *      over a pipe (echoChild.ts), with the era's request lines for the fleet;
 *   3. `serve fleet` (the registered command) spoken to in bare lines, which splits what ours adds
 *      to the floor into the server's share and the client's;
 *   4. ours: `serve fleet` through our client (WireConnection: the SDK v2's stock `Client` over
 *      `StdioLineTransport`, the SDK `StdioClientTransport`'s behaviour;
 *      every message counted, the server's log read; stateless from the known discover result,
 *      as for every server of ours);
 *   5. the SDK baseline: a minimal SDK low-level `Server` on the SDK's `StdioServerTransport`,
 *      one trivial tool (sdkBaselineServer.ts), called through the SDK v2's `Client` and
 *      `StdioClientTransport` (`@modelcontextprotocol/client`), with the same arguments; stateless
 *      from the baseline's discover result (`connect(transport, { prior })`, no probe);
 *   6. the same SDK baseline server spoken to in bare lines: what the SDK alone costs a server
 *      before any work, against the floor (printed for reference: a server answering through
 *      SDK v2 pays at least that).
 *   Each gets its wall time per call (mean, p95) and its CPU time per call: the server process's
 *   (`/proc/<pid>/schedstat`, its first field, ns on CPU, read at the edges of each block of timed
 *   calls, while every server waits for input) and this process's around each of its calls (see
 *   {@link clientNs}, less the cost of reading it). Target, per era: ours within WARM_FACTOR of
 *   the SDK baseline (a server of ours does real work per call, and logs it; the baseline answers
 *   `ok`), judged on wall time and on CPU time, each as the median of BLOCKS blocks' ratios (a
 *   shared machine's load drifts: pinning cannot help two processes that take turns, and one
 *   block's ratio can be any figure).
 *
 * The seed's absolute figures (seed document 000, its no-model probe) are printed for reference.
 * Not pinned to a core: client and server are two processes that wake each other, and pinning
 * both to one core would measure the scheduler instead of the pipe. Nothing here is asserted.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { Client, LATEST_PROTOCOL_VERSION, type DiscoverResult } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
// The built library, as the CLI runs it (`npm run bench` builds first).
import { DEFAULT_SEED, LATENCY_MICROS, createFleetHandlers, generateFleet } from "../dist/index";
import { WireConnection } from "../dist/wireClient/connection";
import { knownDiscover } from "../dist/server/knownDiscover";
import { SERVE_SCRIPT } from "../dist/serve";
import { serverLaunch } from "../dist/wireClient/registration";
import {
  CLIENT_CAPABILITIES_KEY,
  CLIENT_INFO_KEY,
  PROTOCOL_VERSION_KEY,
  STATELESS_REVISION,
} from "../dist/protocol/revisions";

const ROOT = join(__dirname, "..");
const CLI = join(ROOT, "dist", "cli", "main.js");
const WARMUP = Number(process.env.BENCH_WIRE_WARMUP ?? 3000);
const CALLS = Number(process.env.BENCH_WIRE_CALLS ?? 1000);
const STARTS = Number(process.env.BENCH_WIRE_STARTS ?? 10);
/** Blocks the timed calls are split into (CALLS must be a multiple). */
const BLOCKS = 5;

/** The warm-call target: our client and server's warm call within this factor of the SDK pair's, wall time and CPU time per call. */
const WARM_FACTOR = 1.15;

/**
 * The start-up target: the registered command answers `tools/list` at most this many ms (median)
 * after a bare Node start would have exited. About what an MCP client's user cannot tell from Node
 * itself; measured here +60 ms on a quiet machine and +84 ms under load.
 */
const STARTUP_MARGIN_MS = 80;

/**
 * Seed document 000, no-model probe: ms per call (270 warm calls) and start-up (mean of 10). The
 * means are the simulator's own latencies (`LATENCY_MICROS`); only the p95s live here.
 */
const SEED = {
  direct: { mean: LATENCY_MICROS.directCall / 1000, p95: 0.048 },
  raw: { mean: LATENCY_MICROS.rawCall / 1000, p95: 0.126 },
  sdk: { mean: LATENCY_MICROS.validatingCall / 1000, p95: 0.139 },
  startRaw: LATENCY_MICROS.rawStartup / 1000,
  startSdk: LATENCY_MICROS.validatingStartup / 1000,
};

/** The three calls every loop cycles through: one per fleet tool. */
const CALLS_CYCLE: { name: "count_devices" | "top_devices" | "get_device"; arguments: Record<string, unknown> }[] = [
  { name: "count_devices", arguments: { max_hours: 500 } },
  { name: "top_devices", arguments: { field: "downtime_min", limit: 10, max_hours: 500 } },
  { name: "get_device", arguments: { device_id: "RP2-001" } },
];

/** The protocol eras measured (src/wireClient/era.ts's spoken eras). */
type Era = "legacy" | "stateless";
const ERAS: readonly Era[] = ["legacy", "stateless"];

const BENCH_CLIENT_INFO = { name: "mcp-course-bench", version: "1" };

/**
 * A stateless request's `_meta`: the two required fields and the client's identity (a SHOULD),
 * as SDK v2's client sends them. Source: 2026-07-28 `basic/index.mdx`, "Per-request protocol fields".
 */
const STATELESS_META = {
  [PROTOCOL_VERSION_KEY]: STATELESS_REVISION,
  [CLIENT_CAPABILITIES_KEY]: {},
  [CLIENT_INFO_KEY]: BENCH_CLIENT_INFO,
};

/** A request line of the era: its params carry the stateless `_meta`. */
function requestLine(era: Era, id: number, method: string, params: Record<string, unknown> = {}): string {
  const withMeta = era === "stateless" ? { ...params, _meta: STATELESS_META } : params;
  return (
    JSON.stringify({ jsonrpc: "2.0", id, method, ...(Object.keys(withMeta).length > 0 ? { params: withMeta } : {}) }) +
    "\n"
  );
}

/** The `tools/call` request lines of CALLS_CYCLE, as a client of each era writes them. */
const REQUEST_LINES: Record<Era, string[]> = {
  legacy: CALLS_CYCLE.map((call, i) => requestLine("legacy", i + 1, "tools/call", call)),
  stateless: CALLS_CYCLE.map((call, i) => requestLine("stateless", i + 1, "tools/call", call)),
};

const INITIALIZE_LINE = requestLine("legacy", 0, "initialize", {
  protocolVersion: LATEST_PROTOCOL_VERSION,
  capabilities: {},
  clientInfo: BENCH_CLIENT_INFO,
});
const INITIALIZED_LINE = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n";
const TOOLS_LIST_LINES: Record<Era, string> = {
  legacy: requestLine("legacy", 1, "tools/list"),
  stateless: requestLine("stateless", 1, "tools/list"),
};

/** The SDK baseline server's `server/discover` result, as a client that knows it holds it (sdkBaselineServer.ts: one tool, no other capability). */
const SDK_BASELINE_DISCOVER: DiscoverResult = { supportedVersions: [STATELESS_REVISION], capabilities: { tools: {} } };

// ——— CPU time from /proc ———

/** Reads the first field of a schedstat file (ns on CPU) through an open descriptor, re-read from offset 0. */
class SchedStat {
  private readonly buffer = Buffer.alloc(128);
  private constructor(private readonly fd: number) {}

  /** A reader of `/proc/<pid>/schedstat` (or `thread-self`), or undefined where /proc has none (not Linux). */
  static open(pid: number | "thread-self"): SchedStat | undefined {
    try {
      return new SchedStat(openSync(`/proc/${pid}/schedstat`, "r"));
    } catch {
      return undefined;
    }
  }

  /** Nanoseconds on CPU so far. */
  ns(): number {
    const length = readSync(this.fd, this.buffer, 0, this.buffer.length, 0);
    return Number(this.buffer.toString("latin1", 0, length).split(" ")[0]);
  }

  close(): void {
    closeSync(this.fd);
  }
}

/**
 * This process's CPU time so far, ns (`process.cpuUsage()`, i.e. getrusage: user + system, every
 * thread). Not this thread's schedstat: the kernel brings a running thread's figure up to date only
 * when it is switched out or a tick lands, so deltas over a call of a few µs read as 0 or as a
 * whole tick. getrusage is up to date, at the price of counting V8's helper threads too.
 */
function clientNs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
}

/** What two readings of {@link clientNs} cost, ns (mean of many), subtracted from each call's. */
function readCost(): number {
  const rounds = 20000;
  const before = clientNs();
  for (let i = 0; i < rounds; i++) clientNs();
  return ((clientNs() - before) / rounds) * 2;
}

// ——— statistics ———

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];

// ——— processes spoken to in lines ———

/** A child process spoken to in newline-delimited lines: `send` writes one, `exchange` writes one and awaits the next line back. */
interface LineChild {
  child: ChildProcess;
  send(line: string): void;
  exchange(line: string): Promise<string>;
  close(): Promise<void>;
}

function lineChild(command: string, args: string[]): LineChild {
  const child = spawn(command, args, { cwd: ROOT, stdio: ["pipe", "pipe", "ignore"] });
  child.stdout!.setEncoding("utf8");
  let pending = "";
  let waiting: ((line: string) => void) | undefined;
  const deliver = () => {
    const end = pending.indexOf("\n");
    if (end === -1 || !waiting) return;
    const resolve = waiting;
    waiting = undefined;
    const line = pending.slice(0, end);
    pending = pending.slice(end + 1);
    resolve(line);
  };
  child.stdout!.on("data", (chunk: string) => {
    pending += chunk;
    deliver();
  });
  const send = (line: string) => void child.stdin!.write(line);
  return {
    child,
    send,
    exchange: (line) =>
      new Promise<string>((resolve) => {
        waiting = resolve;
        send(line);
        deliver();
      }),
    close: async () => {
      child.stdin!.end();
      if (child.exitCode === null && child.signalCode === null)
        await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/**
 * Opens an MCP session in bare lines and lists the tools; resolves with the list's line. Legacy:
 * `initialize`, then `notifications/initialized`, then `tools/list`; stateless: `tools/list`
 * with its `_meta`, nothing before it.
 */
async function handshake(peer: LineChild, era: Era): Promise<string> {
  if (era === "legacy") {
    await peer.exchange(INITIALIZE_LINE);
    peer.send(INITIALIZED_LINE);
  }
  return peer.exchange(TOOLS_LIST_LINES[era]);
}

// ——— start-up ———

interface StartCommand {
  label: string;
  command: string;
  args: string[];
  /**
   * `exit`: timed from spawn to exit (the bare Node); `tools/list`: to the answer of `tools/list`;
   * `listening`: to the line `serve --http` writes on stderr once it listens.
   */
  until: "exit" | "tools/list" | "listening";
  /** The era spoken (with `tools/list`). */
  era?: Era;
}

/** One start, ms: spawn → the command's end point (see {@link StartCommand}); the process is ended after, untimed. */
async function startOnce(start: StartCommand): Promise<number> {
  const began = performance.now();
  if (start.until === "exit") {
    await new Promise<void>((resolve, reject) =>
      spawn(start.command, start.args, { stdio: "ignore" })
        .once("error", reject)
        .once("exit", () => resolve()),
    );
    return performance.now() - began;
  }
  if (start.until === "listening") {
    const child = spawn(start.command, start.args, { stdio: ["ignore", "ignore", "pipe"] });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await new Promise<void>((resolve, reject) => {
      let text = "";
      child.once("error", reject);
      child.once("exit", () => reject(new Error(`${start.label}: exited before listening: ${text}`)));
      child.stderr.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('"event":"listening"')) resolve();
      });
    });
    const took = performance.now() - began;
    child.kill("SIGTERM");
    await exited;
    return took;
  }
  const peer = lineChild(start.command, start.args);
  const listed = await handshake(peer, start.era ?? "legacy");
  const took = performance.now() - began;
  await peer.close();
  if (!listed.includes('"count_devices"'))
    throw new Error(`${start.label}: tools/list answered ${listed.slice(0, 200)}`);
  return took;
}

/** STARTS rounds, each starting every command once, in turn (the order rotating round by round). */
async function startUps(starts: StartCommand[]): Promise<Map<StartCommand, number[]>> {
  const times = new Map(starts.map((start) => [start, [] as number[]]));
  for (const start of starts) await startOnce(start); // one untimed start each: files in the page cache, npx's own caches warm
  for (let round = 0; round < STARTS; round++) {
    for (let k = 0; k < starts.length; k++) {
      const start = starts[(round + k) % starts.length];
      times.get(start)!.push(await startOnce(start));
    }
  }
  return times;
}

// ——— warm calls ———

/** One way of making the calls: `call(i)` makes the i-th; `serverPid` the process whose CPU is the server's. */
interface Variant {
  label: string;
  call(i: number): Promise<unknown> | unknown;
  serverPid?: number;
  close(): Promise<unknown>;
  /** Each timed call's wall time, ms, in order. */
  wall: number[];
  /** Per block of timed calls: this process's CPU time and the server's, ns (see {@link warmCalls}). */
  clientNs: number[];
  serverNs?: number[];
}

/** A new variant's empty measurements. */
const unmeasured = () => ({ wall: [] as number[], clientNs: new Array<number>(BLOCKS).fill(0) });

/** Sends CALLS_CYCLE's request lines of the era to a peer, each answer parsed and checked. */
function lineCalls(label: string, peer: LineChild, check: boolean, era: Era): Variant {
  const lines = REQUEST_LINES[era];
  return {
    label,
    serverPid: peer.child.pid,
    call: async (i) => {
      const answer = await peer.exchange(lines[i % lines.length]);
      const parsed = JSON.parse(answer) as { error?: unknown; result?: { isError?: boolean } };
      if (check && (parsed.error || parsed.result?.isError)) throw new Error(`${label}: tools/call failed: ${answer}`);
    },
    close: () => peer.close(),
    ...unmeasured(),
  };
}

/** 1. The handlers in-process, each result serialised as a tool result's text. */
function direct(): Variant {
  const handlers = createFleetHandlers(generateFleet(DEFAULT_SEED));
  let bytes = 0;
  return {
    label: "direct (handlers in-process)",
    call: (i) => {
      const call = CALLS_CYCLE[i % CALLS_CYCLE.length];
      bytes += JSON.stringify({
        content: [{ type: "text", text: JSON.stringify(handlers[call.name](call.arguments)) }],
      }).length;
    },
    close: async () => {
      if (bytes === 0) throw new Error("direct calls returned nothing");
    },
    ...unmeasured(),
  };
}

/** 4. Ours: the registered server through our client (src/wireClient/connection.ts), in the era. */
async function ours(era: Era): Promise<Variant> {
  const connection = await WireConnection.open({ server: "fleet" }, { era, discover: knownDiscover });
  if (connection.era().spoken !== era) throw new Error(`our client spoke ${connection.era().spoken}, not ${era}`);
  return {
    label: `\`serve fleet\` through our client, ${era}`,
    serverPid: connection.serverPid(),
    call: async (i) => {
      const outcome = await connection.callTool(CALLS_CYCLE[i % CALLS_CYCLE.length]);
      if (outcome.isError) throw new Error(`tools/call failed: ${outcome.text}`);
    },
    close: () => connection.close(),
    ...unmeasured(),
  };
}

/** 5. The SDK alone at both ends: sdkBaselineServer.ts through the SDK's Client, in the era. */
async function sdkBaseline(era: Era): Promise<Variant> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", join(__dirname, "sdkBaselineServer.ts")],
    cwd: ROOT,
    stderr: "ignore",
  });
  const client = new Client({ ...BENCH_CLIENT_INFO }, { capabilities: {} });
  await client.connect(
    transport,
    era === "stateless" ? { prior: { kind: "modern", discover: SDK_BASELINE_DISCOVER } } : undefined,
  );
  const spoken = client.getNegotiatedProtocolVersion();
  if ((spoken === STATELESS_REVISION) !== (era === "stateless"))
    throw new Error(`the SDK baseline's client spoke ${spoken} for ${era}`);
  const [tool] = (await client.listTools()).tools;
  return {
    label: `SDK baseline (SDK Server + Client), ${era}`,
    serverPid: transport.pid ?? undefined,
    call: async (i) => {
      const result = await client.callTool({
        name: tool.name,
        arguments: CALLS_CYCLE[i % CALLS_CYCLE.length].arguments,
      });
      if (result.isError) throw new Error("the SDK baseline's tool failed");
    },
    close: () => client.close(),
    ...unmeasured(),
  };
}

/**
 * Runs every variant WARMUP + CALLS times, interleaved call by call (the order turning with each
 * round), and times and meters the last CALLS, in BLOCKS blocks: a machine's load drifts over
 * seconds, so the ratios are taken block by block and their median reported, as the other
 * sections take the median of their rounds. The servers' CPU time is read at each block's edges,
 * while every server waits for input.
 */
async function warmCalls(variants: Variant[]): Promise<void> {
  const cost = readCost();
  const servers = variants.map((v) => (v.serverPid === undefined ? undefined : SchedStat.open(v.serverPid)));
  variants.forEach((v, k) => {
    if (servers[k]) v.serverNs = new Array<number>(BLOCKS).fill(0);
  });
  let edge: number[] = [];
  const blockSize = CALLS / BLOCKS;
  for (let i = 0; i < WARMUP + CALLS; i++) {
    const timed = i - WARMUP;
    if (timed >= 0 && timed % blockSize === 0) {
      const now = servers.map((server) => server?.ns() ?? 0);
      if (timed > 0) variants.forEach((v, k) => v.serverNs && (v.serverNs[timed / blockSize - 1] = now[k] - edge[k]));
      edge = now;
    }
    for (let k = 0; k < variants.length; k++) {
      const variant = variants[(i + k) % variants.length];
      if (timed < 0) {
        await variant.call(i);
        continue;
      }
      const cpuBefore = clientNs();
      const began = performance.now();
      await variant.call(i);
      variant.wall.push(performance.now() - began);
      variant.clientNs[Math.floor(timed / blockSize)] += clientNs() - cpuBefore - cost;
    }
  }
  const now = servers.map((server) => server?.ns() ?? 0);
  variants.forEach((v, k) => v.serverNs && (v.serverNs[BLOCKS - 1] = now[k] - edge[k]));
  for (const server of servers) server?.close();
}

/** A variant's wall time in block `b`, ms. */
const blockWall = (v: Variant, b: number) => mean(v.wall.slice((b * CALLS) / BLOCKS, ((b + 1) * CALLS) / BLOCKS));

/** A variant's CPU time in block `b`, server's and this process's, ns. */
const blockCpu = (v: Variant, b: number) => (v.serverNs?.[b] ?? 0) + v.clientNs[b];

/** The median over the blocks of `a`'s figure over `b`'s. */
function blockRatio(a: Variant, b: Variant, figure: (v: Variant, block: number) => number): number {
  return median(Array.from({ length: BLOCKS }, (_, block) => figure(a, block) / figure(b, block)));
}

/** Total over the blocks, ns. */
const sum = (values: readonly number[] | undefined) =>
  values === undefined ? undefined : values.reduce((a, b) => a + b, 0);

// ——— report ———

const ms = (value: number) => `${value.toFixed(3).padStart(8)} ms`;
const times = (value: number) => `${value.toFixed(2)}×`;
const cpu = (ns: number | undefined) =>
  ns === undefined ? "       -   " : `${(ns / CALLS / 1e6).toFixed(3).padStart(8)} ms`;

async function main(): Promise<void> {
  const started = performance.now();
  if (CALLS % BLOCKS !== 0) throw new Error(`BENCH_WIRE_CALLS must be a multiple of ${BLOCKS}`);

  const bare: StartCommand = {
    label: 'bare Node start (`node -e ""`, spawn to exit)',
    command: process.execPath,
    args: ["-e", ""],
    until: "exit",
  };
  // What `mcp-course register` prints: this Node and the bundle's launcher, `node <abs>/dist/serve.js fleet`.
  const launch = serverLaunch({ client: "claude-desktop", server: "fleet" });
  const shown = launch.args.map((arg) => (isAbsolute(arg) ? relative(ROOT, arg) : arg)).join(" ");
  const registered: Record<Era, StartCommand> = {
    legacy: {
      label: `registered: \`node ${shown}\`, legacy`,
      command: launch.command,
      args: launch.args,
      until: "tools/list",
      era: "legacy",
    },
    stateless: {
      label: `registered: \`node ${shown}\`, stateless`,
      command: launch.command,
      args: launch.args,
      until: "tools/list",
      era: "stateless",
    },
  };
  const cli: StartCommand = {
    label: "`node dist/cli/main.js serve fleet`, legacy",
    command: process.execPath,
    args: [CLI, "serve", "fleet"],
    until: "tools/list",
  };
  const npx: StartCommand = {
    label: "`npx mcp-course serve fleet`, legacy",
    command: "npx",
    args: ["mcp-course", "serve", "fleet"],
    until: "tools/list",
  };
  const http: StartCommand = {
    label: "`node dist/serve.js fleet --http --port 0`, to listening",
    command: process.execPath,
    args: [SERVE_SCRIPT, "fleet", "--http", "--port", "0"],
    until: "listening",
  };
  const loadBefore = loadavg()[0];
  const starts = await startUps([bare, registered.legacy, registered.stateless, cli, npx, http]);
  const loadAfter = loadavg()[0];

  const baselineArgs = ["--import", "tsx", join(__dirname, "sdkBaselineServer.ts")];
  const opened = async (label: string, command: string, args: string[], era: Era) => {
    const server = lineChild(command, args);
    await handshake(server, era);
    return lineCalls(label, server, true, era);
  };
  const perEra = async (era: Era) => ({
    floor: lineCalls(
      `floor (newline JSON echo), ${era} lines`,
      lineChild(process.execPath, ["--import", "tsx", join(__dirname, "echoChild.ts")]),
      false,
      era,
    ),
    serverLines: await opened(`\`serve fleet\`, bare lines, ${era}`, process.execPath, [SERVE_SCRIPT, "fleet"], era),
    ours: await ours(era),
    sdk: await sdkBaseline(era),
    sdkLines: await opened(`SDK baseline server, bare lines, ${era}`, process.execPath, baselineArgs, era),
  });
  const eras = { legacy: await perEra("legacy"), stateless: await perEra("stateless") };
  const variants = [direct(), ...ERAS.flatMap((era) => Object.values(eras[era]))];
  try {
    await warmCalls(variants);
  } finally {
    for (const variant of variants) await variant.close();
  }

  const bareMedian = median(starts.get(bare)!);
  console.log(
    `start-up: spawn → the era's opening → tools/list (bare lines), ${STARTS} interleaved rounds; median and mean, and the median's margin over a bare Node start`,
  );
  for (const [start, values] of starts) {
    const over = start === bare ? "" : `   ${("+" + (median(values) - bareMedian).toFixed(1)).padStart(7)} ms`;
    console.log(`  ${start.label.padEnd(62)} ${ms(median(values))} ${ms(mean(values))}${over}`);
  }
  console.log(`  seed (000): ${SEED.startSdk} ms (SDK), ${SEED.startRaw} ms (raw)`);
  for (const era of ERAS) {
    const margin = median(starts.get(registered[era])!) - bareMedian;
    const others =
      era === "legacy"
        ? `; \`serve fleet\` through the CLI +${(median(starts.get(cli)!) - bareMedian).toFixed(1)} ms, through npx +${(median(starts.get(npx)!) - bareMedian).toFixed(1)} ms`
        : "";
    console.log(
      `  target (${era}): the registered command within ${STARTUP_MARGIN_MS} ms of a bare Node start: ${margin <= STARTUP_MARGIN_MS ? "met" : "NOT met"} (+${margin.toFixed(1)} ms${others})`,
    );
  }
  const quiet =
    Math.max(loadBefore, loadAfter) < 1 ? "a quiet machine" : "NOT a quiet machine: the target is for a load under 1";
  console.log(
    `  load average (1 min) ${loadBefore.toFixed(2)} before the starts, ${loadAfter.toFixed(2)} after, on ${availableParallelism()} cores: ${quiet}`,
  );

  console.log(
    `warm calls: ${CALLS} timed calls each after ${WARMUP} untimed, the ${variants.length} interleaved call by call, cycling count_devices, top_devices, get_device; fleet seed ${DEFAULT_SEED}; ` +
      `× floor against the era's floor; ratios in the targets are medians over ${BLOCKS} blocks of ${CALLS / BLOCKS} calls`,
  );
  console.log(`  ${"".padEnd(52)}      mean          p95  × floor   server CPU/call  client CPU/call`);
  for (const variant of variants) {
    const m = mean(variant.wall);
    const floorOf =
      ERAS.map((era) => eras[era]).find((set) => Object.values(set).includes(variant))?.floor ?? eras.legacy.floor;
    console.log(
      `  ${variant.label.padEnd(52)} ${ms(m)} ${ms(p95(variant.wall))} ${times(m / mean(floorOf.wall)).padStart(7)}     ${cpu(sum(variant.serverNs))}      ${cpu(sum(variant.clientNs))}`,
    );
  }
  console.log(
    `  seed (000): direct ${SEED.direct.mean} / ${SEED.direct.p95} ms, raw ${SEED.raw.mean} / ${SEED.raw.p95} ms, SDK ${SEED.sdk.mean} / ${SEED.sdk.p95} ms (mean / p95)`,
  );
  const verdict = (ratio: number, limit: number) => `${ratio <= limit ? "met" : "NOT met"} (${times(ratio)})`;
  const totalCpu = (v: Variant) => cpu((sum(v.serverNs) ?? 0) + sum(v.clientNs)!).trim();
  for (const era of ERAS) {
    const { floor, serverLines, ours: ourCalls, sdk, sdkLines } = eras[era];
    console.log(
      `  target (${era}): \`serve fleet\` through our client within ${WARM_FACTOR}× the SDK pair: wall ${verdict(blockRatio(ourCalls, sdk, blockWall), WARM_FACTOR)}, ` +
        `CPU per call, server + client, ${verdict(blockRatio(ourCalls, sdk, blockCpu), WARM_FACTOR)}; ${ms(mean(ourCalls.wall)).trim()} and ${totalCpu(ourCalls)} against ${ms(mean(sdk.wall)).trim()} and ${totalCpu(sdk)}`,
    );
    console.log(
      `  for reference (${era}), against the floor: \`serve fleet\` in bare lines wall ${times(blockRatio(serverLines, floor, blockWall))}, CPU ${times(blockRatio(serverLines, floor, blockCpu))}; ` +
        `the SDK v2's own trivial server in bare lines wall ${times(blockRatio(sdkLines, floor, blockWall))}, CPU ${times(blockRatio(sdkLines, floor, blockCpu))}`,
    );
  }
  console.log(`  (this section took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

main().catch((error: unknown) => {
  console.error(`wire bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
