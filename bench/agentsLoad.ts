/**
 * The load of bench/agents.ts: `clients` concurrent clients on one Streamable HTTP endpoint, each
 * sending the same stateless `tools/call` in a loop, one request at a time on a keep-alive
 * connection of its own, until a time limit or a count limit, whichever comes first; every request
 * has a timeout, so every loop ends by itself.
 *
 * Why not autocannon: it reports no 95th percentile, which the bench prints; a loop of `node:http`
 * requests measures each latency exactly and is short. The request is written by hand, as a
 * 2026-07-28 client sends it (`basic/transports/streamable-http.mdx`: `MCP-Protocol-Version`,
 * `Mcp-Method` and `Mcp-Name` headers; `basic/index.mdx`: the per-request `_meta`).
 */
import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";

/** What one run of the load measured. */
export interface LoadResult {
  clients: number;
  /** Requests answered with a result, per second of the run's wall time. */
  rps: number;
  /** Latency percentiles of the answered requests, ms (nearest rank). */
  p50: number;
  p95: number;
  p99: number;
  /** Requests answered with anything but a 200 carrying a JSON-RPC result, or failed on the socket. */
  errors: number;
  /** Requests sent and never answered (a timeout or a reset connection before the response ended). */
  dropped: number;
  sent: number;
}

/** How each client of a run calls, and for how long. */
export interface LoadOptions {
  url: string;
  clients: number;
  /** Each client stops sending after this long, ms. */
  durationMs: number;
  /** And after this many requests, whatever the time. */
  maxPerClient: number;
  /** A request not answered within this long counts as dropped, ms. */
  timeoutMs: number;
  /** Called every so often with the seconds elapsed (the caller reads the server's memory, say). */
  onSecond?: (second: number) => void;
}

/** The stateless `tools/call` of `tarife` every client sends. */
const BODY = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: {
    name: "tarife",
    arguments: { m3: 25, tip: "isyeri" },
    _meta: {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientCapabilities": {},
      "io.modelcontextprotocol/clientInfo": { name: "bench-agent", version: "1" },
    },
  },
});

const HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2026-07-28",
  "mcp-method": "tools/call",
  "mcp-name": "tarife",
  "content-length": String(Buffer.byteLength(BODY)),
};

/** One request's end: answered with a result, answered otherwise, or never answered. */
type Outcome = "ok" | "error" | "dropped";

/** Sends the call once on `agent`; resolves with how it ended (never rejects). */
function callOnce(url: URL, agent: Agent, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const req = request(url, { method: "POST", headers: HEADERS, agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => settle(res.statusCode === 200 && text.includes('"result"') ? "ok" : "error"));
      res.on("error", () => settle("dropped"));
    });
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      settle("dropped");
    });
    req.on("error", () => settle("dropped"));
    req.end(BODY);
  });
}

/** The nearest-rank percentile `p` (0–100) of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs the load (see the module comment); resolves once every client has stopped. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  const latencies: number[] = [];
  let errors = 0;
  let dropped = 0;
  let sent = 0;
  const start = performance.now();
  const deadline = start + options.durationMs;
  let second = 0;
  const ticker = setInterval(() => options.onSecond?.(++second), 1000);
  const client = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let n = 0; n < options.maxPerClient && performance.now() < deadline; n++) {
      const before = performance.now();
      sent += 1;
      const outcome = await callOnce(url, agent, options.timeoutMs);
      if (outcome === "ok") latencies.push(performance.now() - before);
      else if (outcome === "error") errors += 1;
      else dropped += 1;
    }
    agent.destroy();
  };
  try {
    await Promise.all(Array.from({ length: options.clients }, client));
  } finally {
    clearInterval(ticker);
  }
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    clients: options.clients,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    dropped,
    sent,
  };
}
