// `mcp-course serve <server> --http --port 0` for tests that need one of our servers over Streamable HTTP: started, its URL read off its stderr, and ended.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "./helpers";

/** The built CLI, as `npm test` builds it. */
const MAIN = join(ROOT, "dist", "cli", "main.js");

/** One of our servers serving over Streamable HTTP, in its own process. */
export interface HttpServe {
  /** Its endpoint, as its `listening` line names it: `http://127.0.0.1:PORT/mcp`. */
  url: string;
  /** The server's process. */
  child: ChildProcess;
  /** Everything the server wrote on stderr so far (its JSON log lines). */
  stderr(): string;
  /** Ends the server (SIGTERM) and resolves once its process has exited. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts `mcp-course serve <server> --http --port 0` (a free port) and resolves once it prints
 * `{"event":"listening","url":…}` on stderr. The caller must {@link HttpServe.stop} it (in a
 * `finally` or `after`).
 *
 * @throws Error when the server exits before it listens (its stderr in the message).
 */
export function startHttpServe(server: string, args: readonly string[] = []): Promise<HttpServe> {
  const child = spawn(process.execPath, [MAIN, "serve", server, "--http", "--port", "0", ...args], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let text = "";
  let listening = false;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) =>
      reject(new Error(`serve ${server} --http exited (${code ?? signal}) before listening: ${text}`));
    child.once("exit", onExit);
    child.once("error", reject);
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => {
      text += chunk;
      if (listening) return;
      for (const line of text.split("\n")) {
        let event: { event?: unknown; url?: unknown };
        try {
          event = JSON.parse(line) as typeof event;
        } catch {
          continue;
        }
        if (event.event === "listening" && typeof event.url === "string") {
          listening = true;
          child.off("exit", onExit);
          resolve({ url: event.url, child, stderr: () => text, stop });
          return;
        }
      }
    });
  });
}
