/**
 * The signed `requestState` of `serve --confirm-writes` (`server/confirmWrites.ts`): its form, its
 * check, and the key. Here, below server and clients, because the server signs and checks it, the
 * CLI reads the key without loading the SDK, and lesson 10's forging client computes the readable
 * body as any client can (2026-07-28 `basic/patterns/mrtr.mdx`, "Server Requirements (Basic
 * Workflow)", items 4 and 5).
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * The key `serve --confirm-writes` signs with when `MCP_COURSE_STATE_KEY` is not set: fixed, so that
 * every run prints the same states, and public, so that it protects nothing against a reader of this
 * source. A deployed server takes a secret key of at least 32 bytes from its environment, the same
 * for every process that may receive the retry. 32 bytes: the SDK's `createRequestStateCodec`
 * minimum, the output size of SHA-256.
 */
export const COURSE_STATE_KEY = "mcp-course: a published key, so every run repeats";

/** The environment variable that gives `serve --confirm-writes` a key of its own. */
export const STATE_KEY_VARIABLE = "MCP_COURSE_STATE_KEY";

/** The shortest key accepted, in bytes of UTF-8 (see {@link COURSE_STATE_KEY}). */
export const MIN_STATE_KEY_BYTES = 32;

/**
 * The signing key from an environment: `MCP_COURSE_STATE_KEY` when set, else {@link COURSE_STATE_KEY}.
 *
 * @throws RangeError when the variable is set and shorter than {@link MIN_STATE_KEY_BYTES} bytes.
 */
export function stateKey(env: Readonly<Record<string, string | undefined>>): string {
  const key = env[STATE_KEY_VARIABLE];
  if (key === undefined) return COURSE_STATE_KEY;
  if (Buffer.byteLength(key) < MIN_STATE_KEY_BYTES)
    throw new RangeError(
      `${STATE_KEY_VARIABLE} must be at least ${MIN_STATE_KEY_BYTES} bytes long (it has ${Buffer.byteLength(key)})`,
    );
  return key;
}

/** The tag of a state's body under `key`: the first 16 bytes of its HMAC-SHA256, in base64url. */
function tagOf(body: string, key: string): string {
  return createHmac("sha256", key).update(body).digest().subarray(0, 16).toString("base64url");
}

/**
 * The body of a call's state, readable by anyone: `<tool>:<16 hex digits of SHA-256 over its
 * arguments' JSON>`. Computed with no key, so a client can compute it too.
 */
export function stateBody(name: string, args: Readonly<Record<string, unknown>>): string {
  return `${name}:${createHash("sha256").update(JSON.stringify(args)).digest("hex").slice(0, 16)}`;
}

/**
 * The `requestState` of a call: its {@link stateBody}, a dot, and the body's tag under `key`
 * ({@link tagOf}); the same for the same call and key, different for any other.
 */
export function confirmationState(
  name: string,
  args: Readonly<Record<string, unknown>>,
  key: string,
): string {
  const body = stateBody(name, args);
  return `${body}.${tagOf(body, key)}`;
}

/**
 * The server's `requestState.verify` hook: checks an echoed state's tag against `key`, in constant
 * time. Returns nothing, so the handler reads the raw state.
 *
 * @throws Error when the state is not `<body>.<tag>` or its tag is not the body's under `key`; the
 *   SDK then answers the request with error -32602 and the handler does not run.
 */
export function verifyConfirmationState(state: string, key: string): void {
  const dot = state.lastIndexOf(".");
  const given = Buffer.from(state.slice(dot + 1));
  const expected = Buffer.from(tagOf(state.slice(0, dot), key));
  if (dot < 0 || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new Error("the requestState's tag does not verify");
}
