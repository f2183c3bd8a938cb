/**
 * `auto`'s probe: one `server/discover` on a short-lived second process of the same server, to
 * learn its era before the session's process starts; every message and byte of it counted.
 *
 * `auto` is for servers the client does not know, and what its probe and fallback cost is
 * counted. Source: `docs/specification/2026-07-28/basic/versioning.mdx` ("Backward
 * Compatibility with Initialization-Based Versions": on stdio, probe with `server/discover` and
 * fall back on any error that is not a recognized modern error; a recognized modern error, such as
 * `UnsupportedProtocolVersionError` (-32022), means a modern server, and "Do not fall back to
 * initialize"). The
 * SDK's own `versionNegotiation: { mode: "auto" }` does the same on its bare `StdioClientTransport`
 * (a disposable sibling process, its stderr discarded), but on no other transport, so its probe
 * cannot be metered. Here the SDK still sends and judges the probe (`versionNegotiation: { mode:
 * { pin: "2026-07-28" } }` on a {@link MeteredTransport}, one implementation of the rules), on a
 * process this module starts and ends, so the probe's process is one the course can count:
 * - a `DiscoverResult` offering 2026-07-28 (after the SDK's one corrective retry on -32022) →
 *   `stateless`, and the result is what the session connects from;
 * - the SDK's `EraNegotiationFailed` (an error reply that is not a modern one, silence until the
 *   timeout, or the process exiting on the probe) → `legacy`: the session opens with `initialize`
 *   (the fallback);
 * - -32022 (`UnsupportedProtocolVersionError`) naming no version this client speaks: a modern
 *   server with no version in common. The stdio transport's rule is "Do not fall back to
 *   initialize", so the probe fails with an error that names the server's versions;
 * - anything else (the command cannot be spawned) is thrown, as the SDK's `auto` throws it.
 */
import {
  Client,
  SdkError,
  SdkErrorCode,
  UnsupportedProtocolVersionError,
  type DiscoverResult,
} from "@modelcontextprotocol/client";
import { WIRE_CLIENT_CAPABILITIES, WIRE_CLIENT_INFO } from "./clientInfo";
import { STATELESS_VERSION, type SpokenEra } from "./era";
import { MeteredTransport } from "./meteredTransport";
import { StdioLineTransport } from "./stdioTransport";
import { TrafficMeter, type TrafficCounts } from "./trafficCounts";

/** A stdio server's command line: what the probe spawns (the session spawns the same). */
export interface StdioLaunch {
  command: string;
  args: string[];
  /** Working directory; default this process's. */
  cwd?: string;
}

/** What one probe found and cost. */
export interface EraProbe {
  /** `stateless` for a server offering 2026-07-28 in `server/discover`; `legacy` otherwise. */
  verdict: SpokenEra;
  /** The server's `server/discover` result (on `stateless` only). */
  discover: DiscoverResult | undefined;
  /** The probe process's traffic, from the client's side: `server/discover` and its answer, if any. */
  traffic: TrafficCounts;
  /** Processes the probe spawned (and ended): 1. */
  processes: number;
}

/**
 * Whether the probe's failure means a legacy server, to fall back to `initialize`. A -32022 is
 * a modern server's answer, so it never does. Any other failure the SDK has already judged by the
 * stdio transport's rule: it reports a legacy server (an error that is not a modern one, no
 * answer in time, or a server that exits) as `EraNegotiationFailed`.
 */
function meansLegacy(error: unknown): boolean {
  if (error instanceof UnsupportedProtocolVersionError) return false; // a modern server
  return error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed;
}

/** The probe's failure against a modern server that shares no version with this client. */
export class NoSharedVersionError extends Error {
  constructor(readonly supported: readonly string[]) {
    super(
      `the server is modern (server/discover answered -32022) but supports ${supported.join(", ") || "no version"}, ` +
        `not ${STATELESS_VERSION}; not falling back to initialize`,
    );
    this.name = "NoSharedVersionError";
  }
}

/**
 * Spawns `launch` once, sends `server/discover`, judges the answer (see the module comment) and
 * ends the process (stdin closed; the SDK's escalation after 2 s).
 *
 * @param timeoutMs how long to wait for the answer before calling the server legacy, ms; default
 *   the SDK's request timeout (60,000). A legacy server on stdio may stay silent (versioning.mdx).
 * @throws {@link NoSharedVersionError} for a modern server with no version in common; what the SDK
 *   throws for anything else that is not a verdict (e.g. spawn failure).
 */
export async function probeEra(launch: StdioLaunch, timeoutMs?: number): Promise<EraProbe> {
  const meter = new TrafficMeter();
  const inner = new StdioLineTransport({
    command: launch.command,
    args: launch.args,
    cwd: launch.cwd,
    stderr: "ignore",
  });
  const probe = timeoutMs === undefined ? {} : { timeoutMs };
  const client = new Client(
    { ...WIRE_CLIENT_INFO },
    {
      capabilities: { ...WIRE_CLIENT_CAPABILITIES },
      versionNegotiation: { mode: { pin: STATELESS_VERSION }, probe },
    },
  );
  try {
    await client.connect(new MeteredTransport(inner, meter));
    return {
      verdict: "stateless",
      discover: client.getDiscoverResult(),
      traffic: meter.counts(),
      processes: 1,
    };
  } catch (error) {
    if (error instanceof UnsupportedProtocolVersionError)
      throw new NoSharedVersionError(error.supported);
    if (!meansLegacy(error)) throw error;
    return { verdict: "legacy", discover: undefined, traffic: meter.counts(), processes: 1 };
  } finally {
    await client.close();
    await inner.close();
  }
}
