/**
 * The real wire (issue 5 §6), in one fresh process (run by bench/run.ts, or alone:
 * `npm run build && node --import tsx bench/wire.ts`). Side by side, in the same run:
 *   1. direct: the fleet's handlers called in-process (createFleetHandlers), the result turned into
 *      the JSON text a tool result carries — no process boundary at all;
 *   2. the floor: a bare newline-delimited JSON echo between this process and a child Node process
 *      over a pipe (echoChild.ts), with messages the size of the fleet `tools/call` requests below;
 *   3. ours: `mcp-course serve fleet` through our client (WireConnection: the SDK's `Client` over
 *      `StdioClientTransport`, every message counted), warm `tools/call`s; and the same server
 *      spoken to in bare lines (the echo's code, after a handshake), which splits what ours adds to
 *      the floor into the server's share and the client's;
 *   4. start-up: spawn → `initialize` → `tools/list` through our client (closing not timed), beside
 *      a bare `node -e ""` from spawn to exit.
 * Each of 1–3 runs WARMUP untimed calls and then CALLS timed ones (mean and p95 per call), cycling
 * through the same three calls (one per tool); 4 is the mean of STARTS each.
 * Ratios are against the floor measured here, in this run, so they mean the same on any machine;
 * the seed's absolute figures (seed document 000, its no-model probe) are printed for reference.
 * Not pinned to a core: client and server are two processes that wake each other, and pinning
 * both to one core would measure the scheduler instead of the pipe. Nothing here is asserted.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
// The built library, as the CLI runs it (`npm run bench` builds first).
import { DEFAULT_SEED, LATENCY_MICROS, createFleetHandlers, generateFleet } from "../dist/index";
import { WireConnection } from "../dist/client/wireConnection";

const ROOT = join(__dirname, "..");
const CLI = join(ROOT, "dist", "cli", "main.js");
const CALLS = 270;
const WARMUP = 30;
const STARTS = 10;

/** Targets (issue 5 §6). */
const FLOOR_FACTOR = 2;
const STARTUP_MARGIN_MS = 40;

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

/** The three calls every timed loop cycles through: one per fleet tool. */
const CALLS_CYCLE: { name: "count_devices" | "top_devices" | "get_device"; arguments: Record<string, unknown> }[] = [
  { name: "count_devices", arguments: { max_hours: 500 } },
  { name: "top_devices", arguments: { field: "downtime_min", limit: 10, max_hours: 500 } },
  { name: "get_device", arguments: { device_id: "RP2-001" } },
];

interface Timing {
  mean: number;
  p95: number;
}

function summary(ms: number[]): Timing {
  const sorted = [...ms].sort((a, b) => a - b);
  return { mean: ms.reduce((a, b) => a + b, 0) / ms.length, p95: sorted[Math.ceil(sorted.length * 0.95) - 1] };
}

/** Runs `step(i)` WARMUP times untimed, then CALLS times, each timed on its own. */
async function perCall(step: (i: number) => unknown): Promise<Timing> {
  for (let i = 0; i < WARMUP; i++) await step(i);
  const ms: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    await step(i);
    ms.push(performance.now() - start);
  }
  return summary(ms);
}

/** 1. The handlers in-process, each result serialised as a tool result's text. */
function direct(): Promise<Timing> {
  const handlers = createFleetHandlers(generateFleet(DEFAULT_SEED));
  let bytes = 0;
  const timing = perCall((i) => {
    const call = CALLS_CYCLE[i % CALLS_CYCLE.length];
    bytes += JSON.stringify(handlers[call.name](call.arguments)).length;
  });
  return timing.then((t) => {
    if (bytes === 0) throw new Error("direct calls returned nothing");
    return t;
  });
}

/** A child process spoken to in newline-delimited lines: `send` writes one, `exchange` writes one and awaits the next line back. */
function lineChild(args: string[]): { send: (line: string) => void; exchange: (line: string) => Promise<string>; close: () => Promise<void> } {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["pipe", "pipe", "ignore"] });
  child.stdout.setEncoding("utf8");
  let pending = "";
  let waiting: ((line: string) => void) | undefined;
  const deliver = () => {
    const end = pending.indexOf("\n");
    if (end === -1 || !waiting) return;
    const resolve = waiting;
    waiting = undefined;
    resolve(pending.slice(0, end));
    pending = pending.slice(end + 1);
  };
  child.stdout.on("data", (chunk: string) => {
    pending += chunk;
    deliver();
  });
  const send = (line: string) => void child.stdin.write(line);
  return {
    send,
    exchange: (line) =>
      new Promise<string>((resolve) => {
        waiting = resolve;
        send(line);
      }),
    close: async () => {
      child.stdin.end();
      if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/** The `tools/call` request lines of CALLS_CYCLE, as a client writes them. */
const REQUEST_LINES = CALLS_CYCLE.map((call, i) => JSON.stringify({ jsonrpc: "2.0", id: i + 1, method: "tools/call", params: call }) + "\n");

/** Times CALLS_CYCLE's request lines sent to `peer`, each answer parsed as JSON. */
function lineCalls(peer: ReturnType<typeof lineChild>): Promise<Timing> {
  return perCall(async (i) => {
    const answer = JSON.parse(await peer.exchange(REQUEST_LINES[i % REQUEST_LINES.length])) as { error?: unknown; result?: { isError?: boolean } };
    if (answer.error || answer.result?.isError) throw new Error(`tools/call failed: ${JSON.stringify(answer)}`);
  });
}

/** 2. The floor: the same `tools/call` request lines, echoed back by a child Node process. */
async function echoFloor(): Promise<Timing> {
  const echo = lineChild(["--import", "tsx", join(__dirname, "echoChild.ts")]);
  try {
    return await lineCalls(echo);
  } finally {
    await echo.close();
  }
}

/** 3a. `mcp-course serve fleet` spoken to in bare lines, no SDK client: what the server alone adds to the floor. */
async function serverBare(): Promise<Timing> {
  const server = lineChild([CLI, "serve", "fleet"]);
  try {
    const init = { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "mcp-course-bench", version: "1" } };
    await server.exchange(JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: init }) + "\n");
    server.send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
    return await lineCalls(server);
  } finally {
    await server.close();
  }
}

/** 3b. Ours: warm `tools/call`s to the real server through our client (src/client/wireConnection.ts). */
async function oursWarm(): Promise<Timing> {
  const connection = await WireConnection.open({ server: "fleet" });
  try {
    return await perCall(async (i) => {
      const outcome = await connection.callTool(CALLS_CYCLE[i % CALLS_CYCLE.length]);
      if (outcome.isError) throw new Error(`tools/call failed: ${outcome.text}`);
    });
  } finally {
    await connection.close();
  }
}

/** 4a. Spawn → `initialize` → `tools/list` through our client, ms, mean of STARTS (closing is not timed). */
async function oursStart(): Promise<number> {
  let total = 0;
  for (let i = 0; i < STARTS; i++) {
    const start = performance.now();
    const connection = await WireConnection.open({ server: "fleet" });
    total += performance.now() - start;
    const listed = connection.tools.length;
    await connection.close();
    if (listed !== 3) throw new Error(`tools/list listed ${listed} tools`);
  }
  return total / STARTS;
}

/** 4b. A bare Node process start: spawn `node -e ""` until it exits, ms, mean of STARTS. */
async function bareStart(): Promise<number> {
  let total = 0;
  for (let i = 0; i < STARTS; i++) {
    const start = performance.now();
    await new Promise<void>((resolve, reject) => {
      spawn(process.execPath, ["-e", ""], { stdio: "ignore" })
        .once("error", reject)
        .once("exit", () => resolve());
    });
    total += performance.now() - start;
  }
  return total / STARTS;
}

const ms = (value: number) => `${value.toFixed(3).padStart(8)} ms`;
const ratio = (value: number) => `${value.toFixed(2).padStart(6)}×`;

async function main(): Promise<void> {
  const started = performance.now();
  const directTiming = await direct();
  const floor = await echoFloor();
  const serverLines = await serverBare();
  const ours = await oursWarm();
  const bare = await bareStart();
  const start = await oursStart();
  console.log(`the wire: ${CALLS} warm calls each (after ${WARMUP} untimed), cycling count_devices, top_devices, get_device; fleet seed ${DEFAULT_SEED}`);
  console.log("                                                     mean          p95   mean × floor   seed (000): mean / p95");
  const row = (label: string, t: Timing, seed: string) => console.log(`  ${label.padEnd(46)} ${ms(t.mean)} ${ms(t.p95)}   ${ratio(t.mean / floor.mean)}        ${seed}`);
  row("direct (handlers in-process)", directTiming, `${SEED.direct.mean} / ${SEED.direct.p95} ms`);
  row("floor (newline JSON echo, two processes)", floor, "-");
  row("`serve fleet`, bare lines (no SDK client)", serverLines, "-");
  row("ours (`serve fleet` through our SDK client)", ours, `${SEED.sdk.mean} / ${SEED.sdk.p95} ms (McpServer + zod); raw ${SEED.raw.mean} / ${SEED.raw.p95}`);
  console.log(`  target: a warm call within ${FLOOR_FACTOR}× of the floor: ${ours.mean <= FLOOR_FACTOR * floor.mean ? "met" : "NOT met"} (${ratio(ours.mean / floor.mean).trim()}; ${ms(ours.mean - floor.mean).trim()} above it per call)`);
  console.log(`start-up, mean of ${STARTS}`);
  console.log(`  bare Node start (\`node -e ""\`, spawn to exit)   ${ms(bare)}`);
  console.log(`  ours (spawn → initialize → tools/list)         ${ms(start)}   ${ms(start - bare).trim()} above a bare start   seed (000): ${SEED.startSdk} ms (SDK), ${SEED.startRaw} ms (raw)`);
  console.log(`  target: within ${STARTUP_MARGIN_MS} ms of a bare Node start: ${start - bare <= STARTUP_MARGIN_MS ? "met" : "NOT met"}`);
  console.log(`  (this section took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

main().catch((error: unknown) => {
  console.error(`wire bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
