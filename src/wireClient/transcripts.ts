/**
 * Scripted exchanges with a real `serve olcum` process, as transcripts of the lines that crossed
 * (`lineExchange.ts`): the two eras' openings, the probe a dual-era client sends in place, and a
 * version mismatch in each era. The SDK's client never asks for a version it does not speak, so
 * these are written by hand, message by message, as the specification spells them.
 *
 * Source: the specification (repository `modelcontextprotocol/modelcontextprotocol`,
 * `docs/specification/`): 2025-11-25 `basic/lifecycle.mdx` (`initialize`, "Version Negotiation":
 * a client that does not support the server's version SHOULD disconnect); 2026-07-28
 * `basic/index.mdx` (`_meta` on every request), `basic/versioning.mdx` (−32022 and its
 * `data.supported`), `basic/transports/stdio.mdx` ("Backward Compatibility": the
 * `server/discover` probe, then the fallback to `initialize`).
 */
import { WIRE_CLIENT_CAPABILITIES, WIRE_CLIENT_INFO } from "./clientInfo";
import { STATELESS_VERSION } from "./era";
import { initializeRequest, openLegacySession } from "./legacyOpening";
import { LineExchange, type Transcript } from "./lineExchange";

export { initializeRequest } from "./legacyOpening";

/**
 * The `_meta` the real client's SDK adds to every stateless request, in its key order: the
 * protocol version, the client's identity, its capabilities.
 */
export function requestMeta(version: string = STATELESS_VERSION): Record<string, unknown> {
  return {
    "io.modelcontextprotocol/protocolVersion": version,
    "io.modelcontextprotocol/clientInfo": { ...WIRE_CLIENT_INFO },
    "io.modelcontextprotocol/clientCapabilities": { ...WIRE_CLIENT_CAPABILITIES },
  };
}

/** Bytes of `,"_meta":{…}` as it sits inside a request's params. */
export function metaMemberBytes(meta: Record<string, unknown> = requestMeta()): number {
  return Buffer.byteLength(`,"_meta":${JSON.stringify(meta)}`);
}

/**
 * Stateless mismatch: `tools/list` naming `requested` (2025-11-25 unless given) in `_meta` →
 * −32022 with `data.supported`; the client retries with the one it speaks from that list.
 *
 * @param era `"stateless"` (default): `serve olcum --era stateless`, which has "chosen not to
 *   support" 2025-11-25 (versioning.mdx), so `supported` lists 2026-07-28 alone. `"both"`: the
 *   plain dual-era `serve olcum`, which serves 2025-11-25 only through `initialize` (legacy
 *   versions "establish a session with an `initialize` handshake", versioning.mdx,
 *   "Terminology"), and so lists 2026-07-28 alone too: the one version `_meta` may name.
 * @param requested The version the first request names: 2025-11-25, or one no server speaks, such
 *   as versioning.mdx's own example, `1900-01-01`.
 */
export async function statelessMismatch(
  era: "stateless" | "both" = "stateless",
  requested = "2025-11-25",
): Promise<Transcript> {
  const args = era === "stateless" ? ["olcum", "--era", "stateless"] : ["olcum"];
  const exchange = new LineExchange(args);
  exchange.send({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/list",
    params: { _meta: requestMeta(requested) },
  });
  const refused = await exchange.read();
  const supported: string[] = refused.error?.data?.supported ?? [];
  const chosen = supported.find((version) => version === STATELESS_VERSION);
  if (chosen === undefined)
    throw new Error(`the server did not offer ${STATELESS_VERSION}: ${JSON.stringify(refused)}`);
  exchange.send({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/list",
    params: { _meta: requestMeta(chosen) },
  });
  const listed = await exchange.read();
  await exchange.close("done");
  return {
    era: "stateless",
    command: ["mcp-course", "serve", ...args].join(" "),
    steps: exchange.steps,
    outcome: `${refused.error.code} named ${supported.join(", ")}; the retry with ${chosen} listed ${listed.result.tools.length} tools`,
  };
}

/**
 * The two openings on one dual-era server (`serve olcum`), line by line: legacy, `initialize`
 * (2025-11-25), its answer, `notifications/initialized`, then `tools/list`; stateless,
 * `tools/list` alone, its `_meta` carrying what `initialize` carried. Also the `ttlMs` of the
 * stateless `tools/list` answer (2026-07-28 `server/utilities/caching.mdx`).
 *
 * @throws Error when the legacy opening does not agree on 2025-11-25 (`openLegacySession`), or the
 *   stateless `tools/list` answer carries no `ttlMs`.
 */
export async function openings(): Promise<{
  legacy: Transcript;
  stateless: Transcript;
  ttlMs: number;
}> {
  const args = ["olcum"];
  const command = ["mcp-course", "serve", ...args].join(" ");
  const legacy = new LineExchange(args);
  const negotiated = await openLegacySession(legacy);
  legacy.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  const legacyTools = await legacy.read();
  await legacy.close("done");
  const stateless = new LineExchange(args);
  stateless.send({ jsonrpc: "2.0", id: 0, method: "tools/list", params: { _meta: requestMeta() } });
  const statelessTools = await stateless.read();
  await stateless.close("done");
  const ttlMs = statelessTools.result?.ttlMs;
  if (typeof ttlMs !== "number")
    throw new Error(`tools/list carried no ttlMs: ${JSON.stringify(statelessTools)}`);
  const count = (answer: Record<string, any>) => (answer.result?.tools ?? []).length;
  return {
    legacy: {
      era: "legacy",
      command,
      steps: legacy.steps,
      outcome: `version ${negotiated.protocolVersion} negotiated, then ${count(legacyTools)} tools listed in the session`,
    },
    stateless: {
      era: "stateless",
      command,
      steps: stateless.steps,
      outcome: `${count(statelessTools)} tools listed by one request that needs no session`,
    },
    ttlMs,
  };
}

/**
 * A stateless opening that asks first: `server/discover` (id 0), its answer, then `tools/list`
 * (id 1) and its answer, on a fresh dual-era `serve <server>` process. 2026-07-28
 * `server/discover.mdx`: servers MUST implement it, clients MAY call it "before sending any other
 * requests"; its answer names the versions the server supports, its capabilities and, in
 * `_meta`, its identity.
 *
 * @param server the world's server to start (`mcp-course serve <server>`, level 3, default seed).
 * @throws Error when the answer to `server/discover` is not a result that lists 2026-07-28, or
 *   the answer to `tools/list` lists no tools.
 */
export async function discoverOpening(
  server: "olcum" | "tarife" | "kayit" = "olcum",
): Promise<Transcript> {
  const exchange = new LineExchange([server]);
  exchange.send({
    jsonrpc: "2.0",
    id: 0,
    method: "server/discover",
    params: { _meta: requestMeta() },
  });
  const discovered = await exchange.read();
  const supported: unknown = discovered.result?.supportedVersions;
  if (!Array.isArray(supported) || !supported.includes(STATELESS_VERSION))
    throw new Error(
      `server/discover did not list ${STATELESS_VERSION}: ${JSON.stringify(discovered)}`,
    );
  exchange.send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: requestMeta() } });
  const listed = await exchange.read();
  const tools: unknown = listed.result?.tools;
  if (!Array.isArray(tools) || tools.length === 0)
    throw new Error(`tools/list listed no tools: ${JSON.stringify(listed)}`);
  await exchange.close("done");
  return exchange.transcript(
    "stateless",
    `${supported.length} version${supported.length === 1 ? "" : "s"} supported; then ${tools.length} tools listed, no session opened`,
  );
}

/**
 * The id the SDK's client (v2) gives its `server/discover` probe; the in-place probe uses it too,
 * so that its request is the same bytes as the SDK's.
 */
export const SDK_PROBE_ID = "server-discover-probe-1";

/**
 * Part (c), in place: the probe on the process the session then uses. `server/discover` as the
 * SDK's probe sends it (its id, the stateless `_meta`) to the legacy-only server; the server's
 * answer is an error that is not a modern one, so the client falls back to `initialize` on the
 * same process (2026-07-28 `basic/transports/stdio.mdx`, "Backward Compatibility": probe "before
 * sending any other request", then "Fall back to the `initialize` handshake").
 *
 * @throws Error when the server answers the probe with a result or with -32022 (a modern answer),
 *   or does not agree on 2025-11-25 after it (`openLegacySession`).
 */
export async function inPlaceProbe(): Promise<Transcript> {
  const args = ["olcum", "--era", "legacy"];
  const exchange = new LineExchange(args);
  exchange.send({
    jsonrpc: "2.0",
    id: SDK_PROBE_ID,
    method: "server/discover",
    params: { _meta: requestMeta() },
  });
  const refused = await exchange.read();
  if (!refused.error || refused.error.code === -32022)
    throw new Error(
      `the legacy-only server answered the probe as a modern one: ${JSON.stringify(refused)}`,
    );
  const { protocolVersion: version } = await openLegacySession(exchange);
  await exchange.close("done");
  return {
    era: "legacy",
    command: ["mcp-course", "serve", ...args].join(" "),
    steps: exchange.steps,
    outcome: `error ${refused.error.code} to the probe, then version ${version} agreed on the same process`,
  };
}

/** The legacy revision the scripted client speaks in {@link legacyMismatch}: a real one our servers do not accept. */
export const MISMATCH_LEGACY_VERSION = "2025-03-26";

/**
 * Legacy mismatch: `initialize` asking for 2025-03-26 on a dual-era server (`serve olcum`), which
 * answers with its own version (2025-11-25 lifecycle.mdx, "Version Negotiation"); the client,
 * speaking 2025-03-26 only, disconnects ("SHOULD disconnect"): it closes stdin, and the server
 * exits.
 */
export async function legacyMismatch(): Promise<Transcript> {
  const args = ["olcum"];
  const exchange = new LineExchange(args);
  exchange.send(initializeRequest(1, MISMATCH_LEGACY_VERSION));
  const answered = await exchange.read();
  const version: string = answered.result?.protocolVersion;
  if (version === MISMATCH_LEGACY_VERSION)
    throw new Error(`the server accepted ${MISMATCH_LEGACY_VERSION}`);
  await exchange.close(`${version} is not ${MISMATCH_LEGACY_VERSION}`);
  return {
    era: "legacy",
    command: ["mcp-course", "serve", ...args].join(" "),
    steps: exchange.steps,
    outcome: `asked ${MISMATCH_LEGACY_VERSION}, got ${version}; the client disconnected before notifications/initialized`,
  };
}
