/**
 * Section 7 of `npm run bench` (run by bench/run.ts as its own process; alone: `npm run build &&
 * node --import tsx bench/agents.ts`): many agents on one server. One `serve tarife --http`
 * (its own process, on 127.0.0.1) shared by 1, 16 and 128 concurrent clients, each sending the
 * same stateless `tools/call` of `tarife` in a loop for BENCH_AGENTS_SECONDS (default 10) seconds
 * (agentsLoad.ts); beside it, in the same run and under the same load, the SDK's
 * `createMcpHandler` serving the same tool and handler with nothing of ours around it
 * (sdkBaselineHttpServer.ts, compiled by esbuild like ours). At each client count the two take
 * turns for BENCH_AGENTS_ROUNDS (default 3) rounds, ours first in one round and the baseline
 * first in the next, so neither always meets a machine warmed by the other; a figure is the
 * median of its rounds, and the ratio the median of the rounds' ratios. Then 128
 * clients on ours for BENCH_AGENTS_SOAK_SECONDS (default 60) seconds, the server's resident memory
 * read (`/proc/<pid>/status`, VmRSS) at 5 s and at the end.
 *
 * Targets: at 16 clients at least 0.9× the baseline's requests per second; no error and no
 * dropped request at 128 clients; RSS at the end within 20% of RSS at 5 s. The load generator
 * shares the machine with the server (2 cores here), and with the baseline equally.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { serveOverHttp } from "../dist/wireClient/httpServe";
import { runLoad, type LoadResult } from "./agentsLoad";

const ROOT = join(__dirname, "..");
const SECONDS = Number(process.env.BENCH_AGENTS_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_AGENTS_ROUNDS ?? 3);
const SOAK_SECONDS = Number(process.env.BENCH_AGENTS_SOAK_SECONDS ?? 60);
const CLIENTS = [1, 16, 128] as const;
/** No client sends more than this many requests in a run, whatever the time (far above what 60 s allows here). */
const MAX_PER_CLIENT = 1_000_000;
/** A request unanswered this long is dropped, ms. */
const TIMEOUT_MS = 10_000;
/** Targets (see the module comment). */
const RPS_TARGET = 0.9;
const RSS_GROWTH_TARGET = 0.2;

/** A server under load: its endpoint, its process id, and how to stop it. */
interface Target {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The SDK baseline, compiled by esbuild to plain JavaScript (as `npm run build` compiles ours: no
 * loader of tsx's in the process, whose source maps would make every error the SDK makes dearer)
 * and started as its own process; resolves once it prints its URL.
 */
function startBaseline(): Promise<Target> {
  const script = join(ROOT, "node_modules", ".cache", "mcp-course-bench", "sdkBaselineHttpServer.js");
  buildSync({
    entryPoints: [join(__dirname, "sdkBaselineHttpServer.ts")],
    outfile: script,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "cjs",
    target: "node20",
    logLevel: "warning",
  });
  const child = spawn(process.execPath, [script], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      text += chunk;
      if (!text.includes("\n")) return;
      resolve({
        url: text.trim(),
        pid: child.pid!,
        stop: async () => {
          child.kill("SIGTERM");
          await exited;
        },
      });
    });
    child.once("exit", (code) => reject(new Error(`the baseline exited (${code}) before listening`)));
  });
}

/** The resident set of a process, MB (VmRSS of `/proc/<pid>/status`). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((text) => text.startsWith("VmRSS:"));
  return line === undefined ? NaN : Number(line.split(/\s+/)[1]) / 1024;
}

/** The median of some numbers (the mean of the middle two for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Rounds of one server at one client count: the median of each figure; errors, drops and requests summed. */
function mergeRounds(rounds: readonly LoadResult[]): LoadResult {
  const sum = (pick: (r: LoadResult) => number) => rounds.reduce((total, r) => total + pick(r), 0);
  return {
    clients: rounds[0].clients,
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p95: median(rounds.map((r) => r.p95)),
    p99: median(rounds.map((r) => r.p99)),
    errors: sum((r) => r.errors),
    dropped: sum((r) => r.dropped),
    sent: sum((r) => r.sent),
  };
}

/** One row of the table. */
function row(label: string, result: LoadResult): string {
  const ms = (value: number) => value.toFixed(2).padStart(7);
  return (
    `  ${String(result.clients).padStart(7)}  ${label.padEnd(8)} ${result.rps.toFixed(0).padStart(7)}` +
    `  ${ms(result.p50)} ${ms(result.p95)} ${ms(result.p99)}  ${String(result.errors).padStart(6)}` +
    `  ${String(result.dropped).padStart(7)}`
  );
}

const verdict = (met: boolean) => (met ? "met" : "NOT met");

async function main(): Promise<void> {
  const ours = await serveOverHttp({ server: "tarife" });
  const baseline = await startBaseline();
  try {
    const load = (target: Target, clients: number, seconds: number, onSecond?: (s: number) => void) =>
      runLoad({
        url: target.url,
        clients,
        durationMs: seconds * 1000,
        maxPerClient: MAX_PER_CLIENT,
        timeoutMs: TIMEOUT_MS,
        onSecond,
      });
    // A short warm-up of each, so neither's first run pays for compiling its code.
    await load(ours, 4, 1);
    await load(baseline, 4, 1);
    console.log(
      `many agents on one server: \`serve tarife --http\` and the SDK's createMcpHandler alone ` +
        `(stateless tools/call of tarife, ${SECONDS} s per run, load average ${loadavg()[0].toFixed(2)})`,
    );
    console.log("  clients  server     req/s   p50 ms  p95 ms  p99 ms  errors  dropped");
    const results = new Map<number, { ours: LoadResult; baseline: LoadResult }>();
    const ratios = new Map<number, number>();
    for (const clients of CLIENTS) {
      const rounds: { ours: LoadResult; baseline: LoadResult }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const oursFirst = round % 2 === 0;
        const first = await load(oursFirst ? ours : baseline, clients, SECONDS);
        const second = await load(oursFirst ? baseline : ours, clients, SECONDS);
        rounds.push(oursFirst ? { ours: first, baseline: second } : { ours: second, baseline: first });
      }
      const pair = {
        ours: mergeRounds(rounds.map((r) => r.ours)),
        baseline: mergeRounds(rounds.map((r) => r.baseline)),
      };
      results.set(clients, pair);
      ratios.set(clients, median(rounds.map((r) => r.ours.rps / r.baseline.rps)));
      console.log(row("ours", pair.ours));
      console.log(row("baseline", pair.baseline));
    }
    const ratio = ratios.get(16)!;
    console.log(
      `  16 clients: ours ${ratio.toFixed(2)}× the baseline's requests per second, median of ${ROUNDS} rounds ` +
        `(target ≥ ${RPS_TARGET}×): ${verdict(ratio >= RPS_TARGET)}`,
    );
    const at128 = results.get(128)!.ours;
    console.log(
      `  128 clients: ${at128.errors} errors, ${at128.dropped} dropped of ${at128.sent} sent (target none): ` +
        verdict(at128.errors === 0 && at128.dropped === 0),
    );

    let rssAt5 = NaN;
    const soak = await load(ours, 128, SOAK_SECONDS, (second) => {
      if (second === 5) rssAt5 = rssMb(ours.pid);
    });
    const rssAtEnd = rssMb(ours.pid);
    const growth = rssAtEnd / rssAt5 - 1;
    const percent = (growth * 100).toFixed(1);
    console.log(
      `  128 clients for ${SOAK_SECONDS} s: ${soak.rps.toFixed(0)} req/s, ${soak.errors} errors, ${soak.dropped} dropped; ` +
        `server RSS ${rssAt5.toFixed(1)} MB at 5 s, ${rssAtEnd.toFixed(1)} MB at ${SOAK_SECONDS} s ` +
        `(${percent.startsWith("-") ? percent : `+${percent}`}%; target within ${RSS_GROWTH_TARGET * 100}%): ` +
        verdict(Math.abs(growth) <= RSS_GROWTH_TARGET && soak.errors === 0 && soak.dropped === 0),
    );
  } finally {
    await ours.stop();
    await baseline.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
