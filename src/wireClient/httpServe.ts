/**
 * Our servers on Streamable HTTP, for the real client: one `mcp-course serve <server> … --http
 * --port 0` process per server wanted (the launcher the client runs for stdio, `serveCommand.ts`,
 * with `--http`), its endpoint read off the `listening` line the server prints on stderr once it
 * listens (`{"event":"listening","url":"http://127.0.0.1:PORT/mcp",…}`), stopped with SIGTERM.
 *
 * Port 0 lets the system pick a free port; on Linux that is one of the ephemeral range
 * 32768–60999, always five digits, so the `Host` field a client sends has the same length on
 * every run (what `httpFetch.ts` relies on for byte counts that repeat).
 *
 * {@link HttpServers} keeps one process per server spec and opens the real client's connections
 * to it, so that lesson 6's tasks or lesson 8's agents reach a server over HTTP where they would
 * spawn it on stdio. Every process started here is ended by its `stop` or the pool's `close`; a
 * caller must call it (in a `finally`).
 */
import { spawn } from "node:child_process";
import type { DiscoverResult } from "@modelcontextprotocol/client";
import { parseEvents } from "../protocol/serverLog";
import { WireConnection, type WireClientOptions } from "./connection";
import { startServerProcess } from "./interruptible";
import { serveArgs, type ServeSpec } from "./serveCommand";

/** One of our servers serving over Streamable HTTP, in its own process. */
export interface HttpServe {
  /** Its endpoint, as its `listening` line names it: `http://127.0.0.1:PORT/mcp`. */
  url: string;
  /** The server's process id (for a reading of its memory, say). */
  pid: number;
  /** Everything the server wrote on stderr so far (its JSON log lines). */
  stderr(): string;
  /** Ends the server (SIGTERM) and resolves once its process has exited. Safe to call twice. */
  stop(): Promise<void>;
}

/** The `listening` event's URL in a server's stderr so far, or undefined before that event. */
function listeningUrl(stderr: string): string | undefined {
  const url = parseEvents(stderr).find((event) => event.event === "listening")?.url;
  return typeof url === "string" ? url : undefined;
}

/**
 * Starts `serve` for `spec` over HTTP on a free loopback port and resolves once it listens; the
 * process is part of the caller's interruptible run if any (`interruptible.ts`).
 *
 * @param extraArgs further `serve` flags after `--port 0` (e.g. `["--era", "legacy"]`).
 * @throws (rejects) Error when the server exits before it listens, with its stderr in the
 *   message, or when the caller's run has been interrupted (nothing is started then).
 */
export async function serveOverHttp(
  spec: ServeSpec,
  extraArgs: readonly string[] = [],
): Promise<HttpServe> {
  const args = [...serveArgs(spec), "--http", "--port", "0", ...extraArgs];
  return await startHttpServer(args, listeningUrl, `serve ${spec.server} --http`);
}

/**
 * Starts `node <args>`, a server that listens on HTTP, and resolves once `urlIn` finds its
 * endpoint in what it has written on stderr so far; the process is part of the caller's
 * interruptible run if any (`interruptible.ts`).
 *
 * @param args the arguments after `node`: the script, then its own.
 * @param urlIn the endpoint named in the stderr so far, or undefined while it names none.
 * @param name what the error calls the server.
 * @throws (rejects) Error when the server exits before it listens, with its stderr in the
 *   message, or when the caller's run has been interrupted (nothing is started then).
 */
export async function startHttpServer(
  args: readonly string[],
  urlIn: (stderr: string) => string | undefined,
  name: string,
): Promise<HttpServe> {
  const child = startServerProcess(() =>
    spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] }),
  );
  let text = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) =>
      reject(new Error(`${name} exited (${code ?? signal}): ${text}`));
    child.once("exit", onExit);
    child.once("error", reject);
    child.stderr.setEncoding("utf8");
    let listening = false;
    child.stderr.on("data", (chunk: string) => {
      text += chunk;
      if (listening) return;
      const url = urlIn(text);
      if (url === undefined) return;
      listening = true;
      child.off("exit", onExit);
      resolve({ url, pid: child.pid!, stderr: () => text, stop });
    });
  });
}

/** Servers over HTTP by spec, each started on first use, and the real client's connections to them. */
export interface HttpServers {
  /**
   * Connects the real client to the server for `spec` over HTTP (started if it is not yet), using
   * TCP as `options.httpConnection` says (default `keep-alive`); a `discover` function of the spec is resolved for the spec,
   * since the URL names none. The shape of `OpenToolConnection` (`connection.ts`).
   */
  open(spec: ServeSpec, options: WireClientOptions): Promise<WireConnection>;
  /**
   * The endpoint of the server for `spec` (started if it is not yet), for a client of the
   * caller's own: `http://127.0.0.1:PORT/mcp`.
   */
  url(spec: ServeSpec): Promise<string>;
  /** Stops every server started; resolves once each process has exited. */
  close(): Promise<void>;
}

/** A pool of {@link serveOverHttp} servers, one per distinct spec. */
export function httpServers(): HttpServers {
  const servers = new Map<string, Promise<HttpServe>>();
  const serving = (spec: ServeSpec): Promise<HttpServe> => {
    const key = JSON.stringify([spec.server, spec.level, spec.seed, spec.path, spec.fault]);
    let started = servers.get(key);
    if (started === undefined) {
      started = serveOverHttp(spec);
      servers.set(key, started);
    }
    return started;
  };
  return {
    async url(spec) {
      return (await serving(spec)).url;
    },
    async open(spec, options) {
      const { url } = await serving(spec);
      const given = options.discover;
      const discover: DiscoverResult | undefined =
        typeof given === "function" ? given(spec) : given;
      return WireConnection.open({ url }, { ...options, discover });
    },
    async close() {
      const started = await Promise.allSettled(servers.values());
      await Promise.all(
        started.map((result) => (result.status === "fulfilled" ? result.value.stop() : undefined)),
      );
    },
  };
}
