/**
 * The protocol era the real client speaks, as its `era` option names it, and the revision that
 * begins the stateless era.
 *
 * Source: the specification, `docs/specification/2026-07-28/basic/versioning.mdx`
 * (terminology: *legacy* revisions open with an `initialize` handshake, `2025-11-25` and earlier;
 * *modern* ones carry version, identity and capabilities in each request's `_meta`, `2026-07-28`
 * and later) and `changelog.mdx` (no `initialize`, no sessions). The course says *stateless* for
 * the spec's *modern*, after what the era removed.
 */
import { STATELESS_REVISION } from "../protocol/revisions";

/**
 * What the client is asked to speak:
 * - `legacy`: `initialize`, `notifications/initialized`, then requests in that session (2025-11-25
 *   and earlier; the SDK's default, byte-identical to a client without the option);
 * - `stateless`: revision 2026-07-28, every request with its `_meta`; the client connects from a
 *   discover result it already holds (our own servers' is known: `server/knownDiscover.ts`, passed in as the connection's `discover`), so nothing
 *   is sent before the first request and no probe process is spawned;
 * - `auto`: for a server the client does not know: a `server/discover` probe on a short-lived
 *   second process, then stateless where the probe found a 2026-07-28 server, else legacy (the
 *   fallback; `probe.ts`).
 */
export type WireEra = "legacy" | "stateless" | "auto";

/** Every {@link WireEra}, in the order above. */
export const WIRE_ERAS: readonly WireEra[] = ["legacy", "stateless", "auto"];

/** The era a connection ended up speaking: `auto` resolves to one of these. */
export type SpokenEra = Exclude<WireEra, "auto">;

/**
 * The first (and so far only) stateless revision, `2026-07-28`: the server's `STATELESS_REVISION`
 * (`src/protocol/revisions.ts`), one constant for both ends. Source:
 * `docs/specification/2026-07-28/changelog.mdx`.
 */
export const STATELESS_VERSION: typeof STATELESS_REVISION = STATELESS_REVISION;
