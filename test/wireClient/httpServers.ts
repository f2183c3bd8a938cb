// Our servers over Streamable HTTP for the real client's tests: one in-process fixture per server spec
// (test/fixtures/httpServer.ts), started on first use, and an `open` that connects the real client to it
// in place of spawning `serve` on stdio, so that lesson 6's and lesson 8's runs go over HTTP unchanged.
import type { DiscoverResult } from "@modelcontextprotocol/client";
import { WireConnection, type WireClientOptions } from "../../src/wireClient/connection";
import type { HttpConnectionMode } from "../../src/wireClient/httpFetch";
import type { ServeSpec } from "../../src/wireClient/serveCommand";
import { serveHttpFixture, type HttpFixture } from "../fixtures/httpServer";

/** Fixtures by spec, and the `open` that reaches them. */
export interface HttpServers {
  open(spec: ServeSpec, options: WireClientOptions): Promise<WireConnection>;
  close(): Promise<void>;
}

/** The servers, each connection opened in `mode`. A `discover` function of the spec is resolved for the spec (the URL has none). */
export function httpServers(mode: HttpConnectionMode): HttpServers {
  const fixtures = new Map<string, Promise<HttpFixture>>();
  return {
    async open(spec, options) {
      const key = JSON.stringify([spec.server, spec.level, spec.seed, spec.path]);
      if (!fixtures.has(key)) fixtures.set(key, serveHttpFixture(spec));
      const { url } = await fixtures.get(key)!;
      const given = options.discover;
      const discover: DiscoverResult | undefined = typeof given === "function" ? given(spec) : given;
      return WireConnection.open({ url }, { ...options, discover, httpConnection: mode });
    },
    async close() {
      for (const fixture of fixtures.values()) await (await fixture).close();
    },
  };
}
