/**
 * The checks a request passes before the SDK sees it, and the one-sentence form of every error
 * message that reaches the wire.
 *
 * SDK v2's `serveStdio` pins a process to one era and then hands every message to the pinned
 * `Server`, which does not recheck a request's `_meta` version (docs/sdk-gaps.md#unknown-version-served),
 * answers an `initialize` with bad params −32603 and a zod dump (#initialize-bad-params), puts
 * zod's multi-line issue list into −32602 messages (#zod-issue-lists), answers a second
 * `initialize` (#second-initialize) and serves a request sent before `initialize`
 * (#request-before-initialize). The screen (one per connection) follows the opening rule of
 * `serveStdio` (`initialize` without a protocol-version claim opens the legacy era; a request or
 * notification claiming a version in `_meta` the stateless one, except `server/discover`, which
 * `serveStdio` serves from a probe instance and which opens nothing; a claim-less `ping` or
 * notification the legacy one), and on a dual-era process (`both`) keeps what `server/discover`
 * lists, what −32022 names and what the process accepts in step ({@link RequestScreen.accepted},
 * whose modern part alone is listed: `listedRevisions`, `protocol/revisions.ts`;
 * 2026-07-28 `basic/versioning.mdx`, "Protocol Version Negotiation" and "Backward Compatibility
 * with Initialization-Based Versions"; `server/discover.mdx`; `basic/transports/stdio.mdx`,
 * "Backward Compatibility"; the table in docs/sdk-gaps.md):
 * - before an era is chosen, every revision is accepted and 2026-07-28 alone listed (the legacy
 *   ones are served through `initialize` only, so listing them would send a client that names one
 *   in `_meta` back to the same −32022); `initialize` opens a legacy session, and a request
 *   other than `ping` without a version claim is refused −32602 (2026-07-28 needs its `_meta`,
 *   2025-11-25 `initialize` first) and opens nothing;
 * - once a stateless request has opened the process, 2026-07-28 alone: `initialize` is refused
 *   −32022 naming it (the SDK itself would hand such an `initialize` a legacy session whose
 *   requests the screen then refuses), and so is any other version;
 * - once `initialize` has opened a legacy session, `server/discover` is an unknown method of that
 *   session (−32601, the SDK's answer), a second `initialize` is refused −32600 ("The
 *   initialization phase MUST be the first interaction", 2025-11-25 `basic/lifecycle.mdx`), and
 *   `_meta` is opaque;
 * - in the stateless era, every request's `_meta` is checked (2026-07-28 `basic/index.mdx`,
 *   "Per-request protocol fields": "A request missing any required field is malformed; the
 *   server MUST reject it with JSON-RPC error code -32602") and its version
 *   (`basic/versioning.mdx`: "it MUST respond with an UnsupportedProtocolVersionError listing the
 *   versions it does support" → −32022 with `data: {supported, requested}`);
 * - `initialize`'s params are checked (2025-11-25 `schema.ts`, `InitializeRequestParams`:
 *   `protocolVersion`, `capabilities`, `clientInfo` with `name` and `version`) → −32602, and the
 *   params of the other methods served ({@link PARAMS_RULES}) → −32602;
 * - params nested deeper than {@link MAX_PARAMS_DEPTH} are refused (−32602), counted without
 *   recursion, before anything recursive (zod, ajv's messages, `JSON.stringify`) meets them.
 * A request the screen answers never reaches the SDK. The screen keeps the era it saw; the
 * revision itself is the transport's (`LineTransport.protocolVersion`), which the SDK sets at
 * `initialize` and the screen sets when the stateless era opens.
 *
 * A process may serve one era only (`serve --era`, {@link ServeEra}):
 * - `legacy`, as a server of 2025-11-25 and earlier would answer: such a server does not know
 *   `server/discover`, and 2025-11-25 gives no answer for a request before `initialize` (its
 *   `basic/lifecycle.mdx`, "Initialization", says only that the client SHOULD NOT send one,
 *   pings excepted); so `server/discover`, at any time, and any other request but `ping` before
 *   `initialize`, claiming a version in `_meta` or not, are answered −32601 Method not found
 *   (JSON-RPC 2.0 §5.1: "The method does not exist / is not available"), one of the two answers 2026-07-28
 *   `basic/transports/stdio.mdx`, "Backward Compatibility", names as common (−32601, −32602). A
 *   notification claiming a version before `initialize` is dropped (a legacy server reads `_meta`
 *   as opaque; handed on, it would pin the SDK to the stateless era). After `initialize`, `_meta`
 *   is opaque and requests are served in the session's revision, and a second `initialize` is
 *   refused −32600, as in `both`;
 * - `stateless`, as a server of 2026-07-28 only: `initialize` is refused −32022 with the versions
 *   it supports named in the message and in `data.supported` (`basic/versioning.mdx`, "Backward
 *   Compatibility": such a server "SHOULD name the protocol versions it supports in any error it
 *   returns to an `initialize` request"; the code is implementation-defined, −32022 is what SDK
 *   2.4.0's `serveStdio({ legacy: "reject" })` answers), and every other request must carry its
 *   `_meta` (−32602 without), so no message opens the legacy era.
 */
import {
  CLIENT_CAPABILITIES_KEY,
  CLIENT_INFO_KEY,
  JSONRPC_ERRORS,
  LEGACY_REVISIONS,
  listedRevisions,
  LOG_LEVEL_KEY,
  PROTOCOL_VERSION_KEY,
  STATELESS_REVISION,
  SUPPORTED_REVISIONS,
  supportedRevisions,
  UNSUPPORTED_PROTOCOL_VERSION,
} from "../protocol/revisions";
import type { ServeEra } from "./names";

/**
 * The deepest nesting of a request's `params` served, counting `params` itself as 1. This
 * project's choice: far beyond any argument our tools take, far below what the recursive code
 * behind the SDK survives (100,000 levels overflow the stack).
 */
export const MAX_PARAMS_DEPTH = 1000;

/** A JSON-RPC error the screen answers with: `code`, one sentence, and `data` where the spec gives one. */
export interface ScreenError {
  code: number;
  message: string;
  data?: unknown;
}

/** The era of a connection: not yet opened, opened with `initialize` (or claim-less), or stateless. */
export type Era = "opening" | "legacy" | "stateless";

/** A request or notification as the screen reads it. */
interface Incoming {
  method: string;
  params?: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The `_meta` of params, when it is an object. */
function metaOf(params: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(params)) return undefined;
  const meta = params._meta;
  return isPlainObject(meta) ? meta : undefined;
}

/** Whether params claim a protocol version in `_meta` (the SDK's opening rule: the key is present). */
export function claimsVersion(params: unknown): boolean {
  const meta = metaOf(params);
  return meta !== undefined && Object.hasOwn(meta, PROTOCOL_VERSION_KEY);
}

/** The log levels of `io.modelcontextprotocol/logLevel` (`LoggingLevel`, 2026-07-28 `schema.ts`, RFC 5424's names). */
const LOG_LEVELS: readonly unknown[] = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
];

/** Whether a value is an `Implementation`'s required part: `name` and `version` strings. */
function isImplementation(value: unknown): boolean {
  return (
    isPlainObject(value) && typeof value.name === "string" && typeof value.version === "string"
  );
}

/** What a stateless request must carry, as its error sentences say. */
const REQUIRED_META = `a ${STATELESS_REVISION} request must carry ${PROTOCOL_VERSION_KEY} (a string) and ${CLIENT_CAPABILITIES_KEY} (an object) in params._meta`;

/**
 * A stateless request's `_meta` checked (see the module comment), or undefined when it may be served.
 * Order: the required fields first (−32602), then the version (−32022). `supported` is what the
 * process accepts, default all of {@link SUPPORTED_REVISIONS}; −32022's `data.supported` lists
 * its modern part alone (`listedRevisions`), and its message names a legacy version the process
 * accepts as one served through `initialize`.
 */
export function statelessMetaError(
  params: unknown,
  supported: readonly string[] = SUPPORTED_REVISIONS,
): ScreenError | undefined {
  const meta = metaOf(params);
  const required = REQUIRED_META;
  if (meta === undefined)
    return invalidParams(`Invalid params: ${required}, and this one has no _meta.`);
  const version = meta[PROTOCOL_VERSION_KEY];
  if (typeof version !== "string")
    return invalidParams(
      `Invalid params: ${required}, and its ${PROTOCOL_VERSION_KEY} is ${described(version)}.`,
    );
  const capabilities = meta[CLIENT_CAPABILITIES_KEY];
  if (!isPlainObject(capabilities))
    return invalidParams(
      `Invalid params: ${required}, and its ${CLIENT_CAPABILITIES_KEY} is ${described(capabilities)}.`,
    );
  if (Object.hasOwn(meta, CLIENT_INFO_KEY) && !isImplementation(meta[CLIENT_INFO_KEY])) {
    return invalidParams(
      `Invalid params: ${CLIENT_INFO_KEY} must be an object with name and version strings.`,
    );
  }
  if (Object.hasOwn(meta, LOG_LEVEL_KEY) && !LOG_LEVELS.includes(meta[LOG_LEVEL_KEY])) {
    return invalidParams(
      `Invalid params: ${LOG_LEVEL_KEY} must be one of ${LOG_LEVELS.join(", ")}.`,
    );
  }
  if (version !== STATELESS_REVISION) {
    // A legacy revision this process also serves, named per request: it is served through
    // `initialize`, so the message says how; `data.supported` lists only what `_meta` may name.
    const legacy = typeof version === "string" && supported.includes(version);
    return {
      code: UNSUPPORTED_PROTOCOL_VERSION,
      message: legacy
        ? `Unsupported protocol version in _meta: ${version}, which this server serves through initialize; a request carrying _meta speaks ${STATELESS_REVISION}.`
        : `Unsupported protocol version: ${version}.`,
      data: { supported: listedRevisions(supported), requested: version },
    };
  }
  return undefined;
}

/** A value as an error sentence names it: missing, or its JSON type. */
function described(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  return `a${Array.isArray(value) ? "n array" : typeof value === "object" ? "n object" : ` ${typeof value}`}`;
}

function invalidParams(message: string): ScreenError {
  return { code: JSONRPC_ERRORS.invalidParams, message };
}

/**
 * `initialize`'s params checked against `InitializeRequestParams` (2025-11-25 `schema.ts`; the
 * same required members in 2025-06-18 and 2024-11-05), or undefined when they pass.
 */
export function initializeParamsError(params: unknown): ScreenError | undefined {
  const problem = !isPlainObject(params)
    ? `params is ${described(params)}`
    : typeof params.protocolVersion !== "string"
      ? `protocolVersion is ${described(params.protocolVersion)}`
      : !isPlainObject(params.capabilities)
        ? `capabilities is ${described(params.capabilities)}`
        : !isImplementation(params.clientInfo)
          ? `clientInfo is ${isPlainObject(params.clientInfo) ? "missing its name or version string" : described(params.clientInfo)}`
          : undefined;
  if (problem === undefined) return undefined;
  return invalidParams(
    `Invalid initialize params: protocolVersion (a string), capabilities (an object) and clientInfo (an object with name and version strings) are required, and ${problem}.`,
  );
}

/**
 * Whether a JSON value nests deeper than `limit` (the value itself is level 1; scalars add
 * none), found with an explicit stack: no recursion, so any depth JSON.parse made is measured.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (depth > limit) return true;
    const children = Array.isArray(item) ? item : Object.values(item as Record<string, unknown>);
    for (const child of children)
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * The legacy revision an `initialize` asking for `requested` is answered with: the same when it
 * is one of {@link LEGACY_REVISIONS}, else the newest (2025-11-25 `basic/lifecycle.mdx`, "Version
 * Negotiation"). The SDK's `Server` makes the same choice from the same list (`supportedProtocolVersions`).
 */
export function negotiatedLegacyRevision(requested: string): string {
  return (LEGACY_REVISIONS as readonly string[]).includes(requested)
    ? requested
    : LEGACY_REVISIONS[0];
}

/** A member of params that must be a string when present (`optional`) or always. */
function stringMember(
  params: Record<string, unknown>,
  key: string,
  optional: boolean,
): string | undefined {
  const value = params[key];
  if (value === undefined ? optional : typeof value === "string") return undefined;
  return `${key} must be a string${optional ? " when given" : ""}, and it is ${described(value)}`;
}

/**
 * The params rules of the methods these servers answer, beyond `_meta` (each revision's
 * `schema.ts`: `PaginatedRequestParams.cursor?: string`, `ReadResourceRequestParams.uri: string`,
 * `GetPromptRequestParams.name: string` and `arguments?: {[key: string]: string}`,
 * `CallToolRequestParams.name: string` and `arguments?: {[key: string]: unknown}`). SDK 2.4.0
 * answers a breach of most of them −32603 (an internal error) with zod's words; JSON-RPC's code
 * for it is −32602 ("Invalid params", JSON-RPC 2.0 §5.1).
 */
const PARAMS_RULES: Readonly<
  Record<string, (params: Record<string, unknown>) => string | undefined>
> = {
  "tools/list": (params) => stringMember(params, "cursor", true),
  "resources/list": (params) => stringMember(params, "cursor", true),
  "resources/templates/list": (params) => stringMember(params, "cursor", true),
  "prompts/list": (params) => stringMember(params, "cursor", true),
  "resources/read": (params) => stringMember(params, "uri", false),
  "prompts/get": (params) =>
    stringMember(params, "name", false) ??
    (params.arguments === undefined ||
    (isPlainObject(params.arguments) &&
      Object.values(params.arguments).every((value) => typeof value === "string"))
      ? undefined
      : "arguments must be an object of strings when given"),
  "tools/call": (params) =>
    stringMember(params, "name", false) ??
    (params.arguments === undefined || isPlainObject(params.arguments)
      ? undefined
      : `arguments must be an object when given, and it is ${described(params.arguments)}`),
};

/** A request's params checked against {@link PARAMS_RULES} (absent params count as `{}`), or undefined when they pass. */
export function paramsError(method: string, params: unknown): ScreenError | undefined {
  const rule = Object.hasOwn(PARAMS_RULES, method) ? PARAMS_RULES[method] : undefined;
  if (rule === undefined) return undefined;
  if (params !== undefined && !isPlainObject(params))
    return invalidParams(
      `Invalid ${method} params: params must be an object, and it is ${described(params)}.`,
    );
  const problem = rule(params ?? {});
  return problem === undefined ? undefined : invalidParams(`Invalid ${method} params: ${problem}.`);
}

/** What a process that a stateless request has opened accepts from then on. */
const STATELESS_ONLY: readonly string[] = [STATELESS_REVISION];

/**
 * The one request 2025-11-25 allows before `initialize` (`basic/lifecycle.mdx`, "Initialization":
 * "other than pings").
 */
const BEFORE_INITIALIZE = "ping";

/** One connection's screen: its era, and the checks (see the module comment). */
export class RequestScreen {
  /** The era the connection opened in, as `serveStdio` pinned it (a `server/discover` probe pins none). */
  era: Era = "opening";

  /** Whether a legacy session's `initialize` has been accepted (it is accepted once). */
  initialized = false;

  /** The revisions a process serving {@link eras} accepts before it has chosen its era (`supportedRevisions`). */
  private readonly supported: readonly string[];

  /**
   * @param onRevision called when a request opens an era, with the revision it will be served in
   *   (the transport records it): 2026-07-28 for a stateless request, and for `initialize` the
   *   version the SDK will answer with (`negotiatedLegacyRevision`), so a malformed line read
   *   before the SDK has answered is already answered by that revision's rules.
   * @param eras the eras the process answers (see the module comment); default `both`.
   */
  constructor(
    private readonly onRevision: (revision: string) => void = () => {},
    private readonly eras: ServeEra = "both",
  ) {
    this.supported = supportedRevisions(eras);
  }

  /**
   * The revisions the process accepts now. Before the era is chosen, every revision of the
   * process's eras (the legacy ones through `initialize`); once a stateless request has opened
   * it, 2026-07-28 alone; once `initialize` has opened it, the legacy revisions (a legacy session
   * has no `server/discover` and no −32022: `_meta` is opaque to it). What `server/discover` and
   * −32022's `data.supported` list is its modern part (`listedRevisions`): 2026-07-28, the one
   * version a request carrying `_meta` may name.
   */
  accepted(): readonly string[] {
    if (this.era === "stateless") return STATELESS_ONLY;
    if (this.era === "legacy") return LEGACY_REVISIONS;
    return this.supported;
  }

  /**
   * A notification seen: it may open an era, as in `serveStdio` (a notification is never answered).
   *
   * @returns whether to hand it to the SDK: false for one claiming a version before
   *   `initialize` on a legacy-only process (see the module comment), and for
   *   `notifications/initialized` once the stateless era is open (2026-07-28 removed it; handed
   *   on, it turns the SDK's stateless server to legacy answers).
   */
  notification(message: Incoming): boolean {
    if (this.era === "stateless") return message.method !== "notifications/initialized";
    if (this.era !== "opening") return true;
    const claims = claimsVersion(message.params);
    if (this.eras === "legacy" && claims) return false;
    if (!claims) {
      if (this.eras !== "stateless") this.era = "legacy";
    } else if (statelessMetaError(message.params, this.supported) === undefined)
      this.open("stateless");
    return true;
  }

  /**
   * A request checked: the error to answer it with, or undefined to hand it to the SDK.
   *
   * @param textLength the length of the JSON text the request was parsed from, when known (the
   *   transport's line, bytes): every level of nesting opens with a bracket of its own, so a text
   *   of at most {@link MAX_PARAMS_DEPTH} characters cannot nest its params deeper, and the walk
   *   ({@link nestsDeeperThan}) is skipped. Default: unknown, always walked.
   */
  request(message: Incoming, textLength = Infinity): ScreenError | undefined {
    if (textLength > MAX_PARAMS_DEPTH && nestsDeeperThan(message.params, MAX_PARAMS_DEPTH)) {
      return invalidParams(`Invalid params: nested deeper than ${MAX_PARAMS_DEPTH} levels.`);
    }
    const claims = claimsVersion(message.params);
    const { method } = message;
    if (
      this.eras === "legacy" &&
      (method === "server/discover" || (claims && this.era === "opening"))
    ) {
      return methodNotFoundBeforeInitialize(
        method,
        method === "server/discover" ? "" : " before initialize",
        this.supported,
      );
    }
    if (method === "initialize" && !claims) return this.initialize(message.params);
    if (this.eras === "stateless")
      return claims ? this.stateless(message) : statelessMetaError(message.params, this.supported);
    if (this.era === "legacy") {
      // 2025-11-25 `basic/lifecycle.mdx`, "Initialization": "The initialization phase MUST be the
      // first interaction between client and server" (pings excepted); the SDK serves a request
      // sent before it (docs/sdk-gaps.md#request-before-initialize).
      if (!this.initialized && method !== BEFORE_INITIALIZE)
        return methodNotFoundBeforeInitialize(method, " before initialize", LEGACY_REVISIONS);
      return paramsError(method, message.params);
    }
    if (this.era === "opening" && !claims) {
      if (method !== BEFORE_INITIALIZE)
        return this.eras === "legacy"
          ? methodNotFoundBeforeInitialize(method, " before initialize", this.supported)
          : this.claimlessBeforeInitialize(message.params);
      // A claim-less ping opens the legacy era, as `serveStdio` pins it.
      this.era = "legacy";
      return paramsError(method, message.params);
    }
    return this.stateless(message);
  }

  /**
   * `initialize` without a claim: refused −32022 once the process speaks 2026-07-28 alone (the
   * SDK itself would hand such an `initialize` a legacy session whose requests the screen then
   * refuses), refused −32600 when a session is already initialized, else its params checked.
   */
  private initialize(params: unknown): ScreenError | undefined {
    if (this.eras === "stateless" || this.era === "stateless") {
      const requested =
        isPlainObject(params) && typeof params.protocolVersion === "string"
          ? params.protocolVersion
          : undefined;
      return {
        code: UNSUPPORTED_PROTOCOL_VERSION,
        message: `Unsupported protocol version: ${requested ?? "none named"}; this process speaks ${STATELESS_REVISION} only, with no initialize.`,
        data: { supported: [...STATELESS_ONLY], ...(requested === undefined ? {} : { requested }) },
      };
    }
    if (this.initialized) {
      // The SDK answers a second `initialize` as the first (docs/sdk-gaps.md#second-initialize).
      return {
        code: JSONRPC_ERRORS.invalidRequest,
        message:
          "Invalid Request: this session is already initialized, and initialize is sent once, as its first request.",
      };
    }
    const error = initializeParamsError(params);
    if (error !== undefined) return error;
    this.era = "legacy";
    this.initialized = true;
    this.onRevision(
      negotiatedLegacyRevision((params as { protocolVersion: string }).protocolVersion),
    );
    return undefined;
  }

  /**
   * A request claiming a version, while the process may still speak 2026-07-28: its `_meta`
   * checked against what the process accepts now ({@link accepted}). A valid one other than
   * `server/discover` opens the stateless era; `server/discover` is the stdio probe (2026-07-28
   * `basic/transports/stdio.mdx`, "Backward Compatibility"), after which a client may still fall
   * back to `initialize`, so it opens nothing (as in `serveStdio`, which serves it from a probe
   * instance it discards at `initialize`).
   */
  private stateless(message: Incoming): ScreenError | undefined {
    const error = statelessMetaError(message.params, this.accepted());
    if (error !== undefined) return error;
    if (this.era === "opening" && message.method !== "server/discover") this.open("stateless");
    return paramsError(message.method, message.params);
  }

  /**
   * A request with no version claim, before `initialize`, on a dual-era process: neither era
   * serves it (2026-07-28 requires the `_meta` fields, −32602; 2025-11-25 requires `initialize`
   * first), so it is refused −32602, naming both ways in, and opens no era.
   */
  private claimlessBeforeInitialize(params: unknown): ScreenError {
    const missing = statelessMetaError(params, this.supported)!;
    return invalidParams(
      `${missing.message.replace(/\.$/, "")}; a ${LEGACY_REVISIONS[0]} session opens with initialize first.`,
    );
  }

  private open(era: "stateless"): void {
    this.era = era;
    this.onRevision(STATELESS_REVISION);
  }
}

/**
 * What {@link requestAloneError} refuses a request with: the error, and the HTTP status it goes
 * with. 400 for every error of a 2026-07-28 request's `_meta` ({@link statelessMetaError}):
 * "A request missing any required field is malformed; the server MUST reject it with JSON-RPC
 * error code -32602 (Invalid params). On HTTP, the response status MUST be 400 Bad Request"
 * (2026-07-28 `basic/index.mdx`, "Per-request protocol fields"), a field of the wrong type or an
 * optional one malformed taken as the same fault; and 400 for −32022 (`basic/transports/
 * streamable-http.mdx`, "Protocol Version Header"). 200 for the rest, an error in the body of an
 * answered POST, as the SDK answers them.
 */
export interface AloneRefusal {
  error: ScreenError;
  status: 200 | 400;
}

/**
 * A request checked on its own, as over Streamable HTTP, where every POST meets a fresh instance
 * and no connection has an era (`httpServer.ts`): the same checks as {@link RequestScreen.request}
 * makes of a connection that has not chosen its era, except that nothing opens one.
 * - params nested deeper than {@link MAX_PARAMS_DEPTH}: −32602;
 * - on a legacy-only endpoint, `_meta` is opaque, as to any 2025-11-25 server: `server/discover`
 *   is −32601, `initialize`'s params and the others' are checked;
 * - else a request claiming a version in `_meta` is a 2026-07-28 one: its `_meta` is checked
 *   ({@link statelessMetaError}, −32602 or −32022 naming `supportedRevisions(eras)`), then its
 *   params; a `server/discover` without `_meta` is −32602;
 * - a request without a claim is a 2025 one: `initialize`'s params are checked, and so are the
 *   params of the others (the SDK's legacy fallback serves each alone, so a request needs no
 *   `initialize` before it); on a stateless-only endpoint it is left to the SDK (−32022).
 *
 * @param textLength the length of the body's text, as for {@link RequestScreen.request}.
 * @returns the error to answer with and its status ({@link AloneRefusal}), or undefined to hand
 *   the request to the SDK.
 */
export function requestAloneError(
  message: Incoming,
  eras: ServeEra,
  textLength = Infinity,
): AloneRefusal | undefined {
  const answered = (error: ScreenError | undefined) => error && { error, status: 200 as const };
  const malformed = (error: ScreenError | undefined) => error && { error, status: 400 as const };
  if (textLength > MAX_PARAMS_DEPTH && nestsDeeperThan(message.params, MAX_PARAMS_DEPTH)) {
    return answered(
      invalidParams(`Invalid params: nested deeper than ${MAX_PARAMS_DEPTH} levels.`),
    );
  }
  const { method, params } = message;
  const supported = supportedRevisions(eras);
  const legacyOnly = eras === "legacy";
  if (method === "server/discover" && legacyOnly)
    return answered(methodNotFoundBeforeInitialize(method, "", supported));
  if (claimsVersion(params) && !legacyOnly)
    return (
      malformed(statelessMetaError(params, supported)) ?? answered(paramsError(method, params))
    );
  if (eras === "stateless") return undefined;
  if (method === "server/discover") return malformed(statelessMetaError(params, supported));
  return answered(
    method === "initialize" ? initializeParamsError(params) : paramsError(method, params),
  );
}

/** −32601 for a request a legacy server does not serve (see the module comment), naming the versions it speaks through `initialize`. */
function methodNotFoundBeforeInitialize(
  method: string,
  when: string,
  versions: readonly string[],
): ScreenError {
  return {
    code: JSONRPC_ERRORS.methodNotFound,
    message: `Method not found: ${method}${when} (this server speaks ${versions.join(", ")}, through initialize).`,
  };
}

/** A zod issue as the SDK's messages carry them. */
interface Issue {
  path?: unknown[];
  message?: unknown;
}

/**
 * An error message as it is sent: one sentence, with no `MCP error <code>:` prefix (a client's
 * SDK adds its own, so the prefix would show twice). A message holding zod's issue list (the
 * SDK's `Invalid tools/call request: [ … ]`) becomes `Invalid tools/call request: <path>:
 * <issue>; …` on one line; any other multi-line message keeps its first line.
 */
export function oneSentence(message: string): string {
  let text = message.replace(/^(MCP error -?\d+: )+/, "");
  if (!text.includes("\n")) return text;
  const start = text.search(/\[\s*\{/);
  if (start !== -1) {
    try {
      const issues = JSON.parse(text.slice(start)) as Issue[];
      const details = issues
        .map(
          (issue) =>
            `${(issue.path ?? []).map(String).join(".") || "request"}: ${String(issue.message)}`,
        )
        .join("; ");
      return `${text.slice(0, start).trimEnd()} ${details}`.replace(/^\s+/, "");
    } catch {
      // not an issue list: fall through to the first line
    }
  }
  text = text.slice(0, text.indexOf("\n")).trimEnd();
  return text;
}
