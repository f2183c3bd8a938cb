/**
 * The fixed facts of `serve --http` (`httpServer.ts`), apart from the server itself, so that the
 * command line reads them without loading the SDK.
 */

/** The one endpoint served. Source: 2026-07-28 `basic/transports/streamable-http.mdx` ("a single HTTP endpoint path"). */
export const MCP_PATH = "/mcp";

/** The default `--host`: loopback, as the transport's security warning asks of a local server. */
export const DEFAULT_HOST = "127.0.0.1";

/**
 * The largest request body served, bytes: the limit of a stdio line (`lineTransport.ts`), so that
 * both transports take the same requests. The SDK's own default is 4 MiB.
 */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * The loopback names a `--host` may be without `--allow-remote`: those the Host header check
 * (`localhostHostValidation` of `@modelcontextprotocol/node`) accepts, so a client that reaches
 * the server by its address is never refused.
 */
const LOOPBACK_HOSTS: readonly string[] = ["127.0.0.1", "localhost", "::1", "[::1]"];

/** Whether `host` (a `--host` value) is one of {@link LOOPBACK_HOSTS}. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.includes(host);
}

/** {@link LOOPBACK_HOSTS} as a reader types them, for messages: `127.0.0.1, localhost, ::1`. */
export const LOOPBACK_NAMES = "127.0.0.1, localhost, ::1";

/** A `--host` as the system takes it: an IPv6 address without the brackets a URL puts round it (`[::1]` → `::1`). */
export function listenHost(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}
