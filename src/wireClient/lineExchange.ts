/**
 * A real `mcp-course serve` process spoken to by hand, one JSON-RPC message per line, with a
 * transcript of every line each side wrote, in order: the real messages a lesson shows.
 *
 * The SDK's client (`connection.ts`) never sends what a lesson sometimes needs to show (a request
 * naming a version it does not speak, a malformed line, a request before `initialize`); a scripted
 * client does, on the same server, over the same stdio framing (2026-07-28
 * `basic/transports/stdio.mdx`: one message per line, no embedded newline). It measures no time:
 * a transcript holds lines and bytes, so the same script gives the same transcript.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";
import { startServerProcess } from "./interruptible";
import { STATE_KEY_VARIABLE } from "../protocol/requestState";
import { SERVE_SCRIPT } from "./serveCommand";

/** One line of a transcript: who wrote it, the line as it crossed, its bytes (newline included). */
export interface TranscriptLine {
  from: "client" | "server";
  line: string;
  bytes: number;
}

/** What happened besides lines: the client closing stdin, the server exiting. */
export interface TranscriptEvent {
  from: "client" | "server";
  event: string;
}

/** A scripted exchange as it crossed the wire. */
export interface Transcript {
  /** The era the script speaks: `legacy` (an `initialize` session) or `stateless` (2026-07-28). */
  era: "legacy" | "stateless";
  /** The command that started the server, as a reader would type it: `mcp-course serve olcum`. */
  command: string;
  /** Lines and events in order. */
  steps: (TranscriptLine | TranscriptEvent)[];
  /** How it ended, in one sentence built from what was read. */
  outcome: string;
}

/** Whether a step of a transcript is a line (not an event). */
export function isTranscriptLine(step: TranscriptLine | TranscriptEvent): step is TranscriptLine {
  return "line" in step;
}

/** A real `serve` process spoken to line by line: what each side wrote, in order. */
export class LineExchange {
  readonly steps: (TranscriptLine | TranscriptEvent)[] = [];
  /** The command a reader would type to start the same server: `mcp-course serve …`. */
  readonly command: string;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: string[] = [];
  private readonly logLines: string[] = [];
  private waiting: ((line: string | undefined) => void) | undefined;
  private ended = false;
  private readonly exited: Promise<number | null>;

  /**
   * Starts `mcp-course serve <args…>` (`serveArgs` of `serveCommand.ts` builds them), as part of
   * the caller's interruptible run if any (`interruptible.ts`). The server signs with `stateKey`
   * when given (as its `MCP_COURSE_STATE_KEY`), else with the course's published key whatever this
   * environment's `MCP_COURSE_STATE_KEY`, so that a transcript's bytes repeat
   * (`protocol/requestState.ts`).
   *
   * @throws Error when that run has been interrupted.
   */
  constructor(args: readonly string[], stateKey?: string) {
    this.command = ["mcp-course", "serve", ...args].join(" ");
    this.child = startServerProcess(() =>
      spawn(process.execPath, [SERVE_SCRIPT, ...args], {
        stdio: ["pipe", "pipe", "pipe"],
        env: { ...process.env, [STATE_KEY_VARIABLE]: stateKey },
      }),
    );
    createInterface({ input: this.child.stderr }).on("line", (line) => this.logLines.push(line));
    this.exited = new Promise((resolve) => this.child.once("close", (code) => resolve(code)));
    // A line written to a server that has exited (it crashed, or was stopped) fails with EPIPE;
    // the next read says so, as its stdout has closed. Unheard, the error would end this process.
    this.child.stdin.on("error", () => {});
    const stdout = createInterface({ input: this.child.stdout });
    stdout.on("line", (line) => {
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = undefined;
        resolve(line);
      } else this.lines.push(line);
    });
    stdout.on("close", () => {
      this.ended = true;
      this.waiting?.(undefined);
      this.waiting = undefined;
    });
  }

  /** Writes one message as a line (its JSON, then a newline). */
  send(message: unknown): void {
    this.sendLine(JSON.stringify(message));
  }

  /** Writes one line as given, newline added: for a line that is not a well-formed message. */
  sendLine(line: string): void {
    this.steps.push({ from: "client", line, bytes: Buffer.byteLength(line) + 1 });
    this.child.stdin.write(line + "\n");
  }

  /**
   * The server's next line, parsed.
   *
   * @throws Error when the server closes stdout before writing one, or writes a line that is not JSON.
   */
  async read(): Promise<Record<string, any>> {
    const line = await this.nextLine();
    if (line === undefined) throw new Error(`${this.command} closed its stdout before answering`);
    return this.took(line);
  }

  /**
   * The server's next line, parsed; or undefined when the server closes its stdout first (a
   * server that exited, say), recorded as the event `closes stdout without answering`.
   *
   * @throws Error when the server writes a line that is not JSON.
   */
  async readOrEnd(): Promise<Record<string, any> | undefined> {
    const line = await this.nextLine();
    if (line !== undefined) return this.took(line);
    this.steps.push({ from: "server", event: "closes stdout without answering" });
    return undefined;
  }

  /** The next line the server writes on stdout, or undefined once stdout has closed. */
  private async nextLine(): Promise<string | undefined> {
    return (
      this.lines.shift() ??
      (this.ended
        ? undefined
        : await new Promise<string | undefined>((resolve) => (this.waiting = resolve)))
    );
  }

  /** Records a line the server wrote and parses it. */
  private took(line: string): Record<string, any> {
    this.steps.push({ from: "server", line, bytes: Buffer.byteLength(line) + 1 });
    return JSON.parse(line) as Record<string, any>;
  }

  /** Records something that happened besides lines, such as a wait that saw no answer. */
  note(from: "client" | "server", event: string): void {
    this.steps.push({ from, event });
  }

  /** The lines the server has written on stderr so far (its log; none of them is protocol). */
  log(): readonly string[] {
    return [...this.logLines];
  }

  /** Closes stdin and waits for the server to exit; both are recorded. */
  async close(why: string): Promise<number | null> {
    this.steps.push({ from: "client", event: `closes stdin (${why})` });
    this.child.stdin.end();
    const code = await this.exited;
    this.steps.push({ from: "server", event: `exits with code ${code}` });
    return code;
  }

  /**
   * Waits for the server to exit by itself (a crash), stdin left open, and records the exit.
   *
   * @returns its exit code (null when a signal ended it).
   */
  async waitForExit(): Promise<number | null> {
    const code = await this.exited;
    this.steps.push({ from: "server", event: `exits with code ${code}` });
    return code;
  }

  /** The transcript so far, as {@link Transcript}. */
  transcript(era: Transcript["era"], outcome: string): Transcript {
    return { era, command: this.command, steps: [...this.steps], outcome };
  }
}
