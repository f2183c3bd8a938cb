// Shared by the server tests: run the built `mcp-course serve` (the bundled server, as MCP clients run it) as a real subprocess and read its wire.
import { spawn } from "node:child_process";
import { SERVE_SCRIPT } from "../../src/serve";

/** What a server run left behind: exit code, raw stdout, stdout split into lines, stderr's JSON lines. */
export interface ServerRun {
  code: number | null;
  stdout: Buffer;
  /** Stdout's newline-terminated lines, as text (a last unterminated piece is kept too). */
  lines: string[];
  stderr: string;
  /** Stderr's lines, each parsed as JSON (a line that is not JSON throws). */
  events: Record<string, unknown>[];
}

/** A JSON-RPC message as one line. */
export function line(message: unknown): string {
  return JSON.stringify(message) + "\n";
}

/** A request line. */
export function request(id: number, method: string, params?: unknown): string {
  return line(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
}

/** A notification line. */
export function notification(method: string, params?: unknown): string {
  return line(params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params });
}

/** The MCP opening: `initialize` (id 1) and `notifications/initialized`. */
export const OPENING =
  request(1, "initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "test", version: "0" },
  }) + notification("notifications/initialized");

/** A `tools/call` request line. */
export function call(id: number, name: string, args: Record<string, unknown> = {}): string {
  return request(id, "tools/call", { name, arguments: args });
}

/**
 * Spawns `mcp-course serve <args>` as an MCP client does (`node dist/serve.js`, the bundle's
 * launcher; `script` another launcher of the same command line), writes `input` to its stdin, closes stdin, and waits for the process to end (the server
 * answers what it read, then exits).
 */
export function runServer(
  args: readonly string[],
  input: string | Buffer | readonly (string | Buffer)[],
  script: readonly string[] = [SERVE_SCRIPT],
): Promise<ServerRun> {
  const child = spawn(process.execPath, [...script, ...args], { stdio: ["pipe", "pipe", "pipe"] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
  child.stdin.on("error", () => {}); // a crashing server closes its stdin under us
  for (const piece of Array.isArray(input) ? input : [input]) child.stdin.write(piece);
  child.stdin.end();
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      const stdout = Buffer.concat(out);
      const stderr = Buffer.concat(err).toString("utf8");
      const text = stdout.toString("utf8");
      const lines = text.split("\n");
      if (lines.at(-1) === "") lines.pop();
      const events = stderr
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      resolve({ code, stdout, lines, stderr, events });
    });
  });
}

/** Stdout's lines parsed as JSON; a line that is not JSON throws (use only where stdout must be clean). */
export function messages(run: ServerRun): Record<string, any>[] {
  return run.lines.map((text) => JSON.parse(text) as Record<string, any>);
}

/** The parsed response to request `id`, or undefined when stdout holds none. */
export function answer(run: ServerRun, id: number): Record<string, any> | undefined {
  for (const text of run.lines) {
    try {
      const parsed = JSON.parse(text) as Record<string, any>;
      if (parsed.id === id) return parsed;
    } catch {
      // not JSON: a noisy fault's stray text
    }
  }
  return undefined;
}

/** The stderr events of one kind (`call`, `stopping`, …). */
export function eventsOf(run: ServerRun, kind: string): Record<string, any>[] {
  return run.events.filter((event) => event.event === kind);
}

/** The raw stdout line answering request `id` (found by its `"id":<id>` ending, as the SDK writes it). */
export function rawResponseLine(run: ServerRun, id: number): string {
  const found = run.lines.find((text) => text.endsWith(`"id":${id}}`));
  if (found === undefined) throw new Error(`no response line for id ${id} in:\n${run.lines.join("\n")}`);
  return found;
}

/** The `initialize` opening for a legacy revision (id `id`, default 1), then `notifications/initialized`. */
export function opening(protocolVersion: string, id = 1): string {
  return (
    request(id, "initialize", { protocolVersion, capabilities: {}, clientInfo: { name: "test", version: "0" } }) +
    notification("notifications/initialized")
  );
}

/** The `_meta` a 2026-07-28 request carries: its version and client capabilities (both required), and client info. */
export const STATELESS_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "test", version: "0" },
} as const;

/** A stateless (2026-07-28) request line: `params` with {@link STATELESS_META} as `_meta`. */
export function statelessRequest(id: number | string, method: string, params: Record<string, unknown> = {}): string {
  return line({ jsonrpc: "2.0", id, method, params: { ...params, _meta: STATELESS_META } });
}

/** A stateless `tools/call` request line. */
export function statelessCall(id: number, name: string, args: Record<string, unknown> = {}): string {
  return statelessRequest(id, "tools/call", { name, arguments: args });
}
