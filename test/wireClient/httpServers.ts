// Our servers over Streamable HTTP for the real client's tests: one real `mcp-course serve <server> … --http --port 0`
// process per server spec (started on first use, the URL read from its `listening` line on stderr, stopped with
// SIGTERM), and an `open` that connects the real client to it in place of spawning `serve` on stdio, so that lesson 6's
// and lesson 8's runs go over HTTP unchanged.
import { spawn, type ChildProcess } from "node:child_process";
import type { DiscoverResult } from "@modelcontextprotocol/client";
import { WireConnection, type WireClientOptions } from "../../src/wireClient/connection";
import type { HttpConnectionMode } from "../../src/wireClient/httpFetch";
import { serveArgs, type ServeSpec } from "../../src/wireClient/serveCommand";

/** A running `serve --http`: its endpoint, and how to stop it. */
export interface HttpServe {
  url: string;
  close(): Promise<void>;
}

/** Starts `serve … --http --port 0` for `spec`; resolves with its URL once it listens. */
export function serveOverHttp(spec: ServeSpec): Promise<HttpServe> {
  const child: ChildProcess = spawn(process.execPath, [...serveArgs(spec), "--http", "--port", "0"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    let text = "";
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => {
      text += chunk;
      for (const line of text.split("\n")) {
        try {
          const event = JSON.parse(line) as { event?: string; url?: string };
          if (event.event === "listening" && event.url)
            resolve({
              url: event.url,
              close: async () => {
                child.kill("SIGTERM");
                await exited;
              },
            });
        } catch {
          // not a whole JSON line yet
        }
      }
    });
    child.once("exit", (code) => reject(new Error(`serve --http exited (${code}) before listening: ${text}`)));
  });
}

/** Servers by spec, and the `open` that reaches them. */
export interface HttpServers {
  open(spec: ServeSpec, options: WireClientOptions): Promise<WireConnection>;
  close(): Promise<void>;
}

/** The servers, each connection opened in `mode`. A `discover` function of the spec is resolved for the spec (the URL has none). */
export function httpServers(mode: HttpConnectionMode): HttpServers {
  const servers = new Map<string, Promise<HttpServe>>();
  return {
    async open(spec, options) {
      const key = JSON.stringify([spec.server, spec.level, spec.seed, spec.path]);
      if (!servers.has(key)) servers.set(key, serveOverHttp(spec));
      const { url } = await servers.get(key)!;
      const given = options.discover;
      const discover: DiscoverResult | undefined = typeof given === "function" ? given(spec) : given;
      return WireConnection.open({ url }, { ...options, discover, httpConnection: mode });
    },
    async close() {
      for (const server of servers.values()) await (await server).close();
    },
  };
}
