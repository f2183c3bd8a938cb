/**
 * Lesson 6, "Writing a Server": the real server's own lines. The `olcum` server that
 * `mcp-course serve olcum --level N --seed S` runs (`server/stdioServer.ts`'s `serve`, on the
 * SDK's `serveStdio`) is started as a process of its own, as the course's clients start it, and
 * spoken to one JSON line at a time on stdio in 2026-07-28: at level 0, `tools/list` and a
 * `tools/call` of `sayac_oku` with no arguments; at level 3, `tools/list`; at level 1, the same
 * empty call (exercise 3's answer, which {@link emptyCallLines} lets a reader check). Lesson 6's
 * minimal server (`olcumServer.ts`) is run once as a process of its own ({@link minimalServerRun}),
 * and its program for Streamable HTTP (`olcumHttpServer.ts`) once more ({@link minimalHttpRun}).
 * Nothing is timed, so the same seed gives the same lines.
 *
 * @remarks Source: 2026-07-28 `basic/transports/stdio.mdx` (one message per line),
 * `server/tools.mdx` ("Listing Tools", "Calling Tools", "Error Handling": a tool execution error is
 * a result with `isError: true`), `basic/index.mdx` ("Per-response protocol fields").
 */
import { spawn } from "node:child_process";
import { join, relative, sep } from "node:path";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { PACKAGE_ROOT } from "../../packageRoot";
import type { Level } from "../../sim/declaration";
import { serveArgs, serverArgs } from "../../wireClient/serveCommand";
import {
  isTranscriptLine,
  type Transcript,
  type TranscriptLine,
} from "../../wireClient/lineExchange";
import type { HttpExchangeText } from "../../wireClient/httpFetch";
import { startHttpServer, type HttpServe } from "../../wireClient/httpServe";
import { interruptible, startServerProcess } from "../../wireClient/interruptible";
import { postStateless } from "../../wireClient/statelessPost";
import { requestMeta } from "../../wireClient/transcripts";
import { maskedHttpMessage } from "../httpText";
import { SHOWN_SERVER, SHOWN_TOOL } from "./simulate";

/** The real server's lines the lesson prints, for one seed. */
export interface WritingAServerWire {
  seed: number;
  /** Level 0 (`name`): `tools/list`, then `tools/call` of the shown tool with `{}`. */
  level0: Transcript;
  /** Level 3 (`full`): `tools/list`. */
  level3: Transcript;
  /** Level 1 (`name + fields`): the level-0 `tools/call`, with the same empty arguments. */
  level1Call: Transcript;
}

/** Exercise 4's calls of the minimal server's `sayac_oku`: a subscriber it lacks, an `abone` that is no string. */
export const EXERCISE_4_CALLS: readonly Record<string, unknown>[] = [{ abone: "Z9" }, { abone: 7 }];

/**
 * One run of lesson 6's minimal server, cut into the parts the lesson uses; ids run on from one
 * part to the next, as they did on the wire.
 */
export interface MinimalServerRun {
  /** `tools/list`, a `tools/call` of `sayac_oku` for `A001`, the same call with `{}`. */
  tool: Transcript;
  /** A `resources/read` of `olcum://sayaclar` and a `prompts/get` of `tuketim_sor` for `A001`. */
  resourceAndPrompt: Transcript;
  /** Exercise 4's calls ({@link EXERCISE_4_CALLS}). */
  exercise4: Transcript;
  /**
   * What the SDK answers without the file saying so: `server/discover`, a method the file
   * registers nothing for (`logging/setLevel`), and a `tools/call` of a tool it lacks.
   */
  sdkAnswers: Transcript;
}

/** What came back for one `tools/call`: the member the response carries, and what it says. */
export interface CallReply {
  /** `result` or `error`. */
  member: "result" | "error";
  /** For a result: its `isError` (false when absent). */
  isError: boolean;
  /** For a result: the text of its first content block; for an error: its code and message. */
  text: string;
}

/** A 2026-07-28 request line: `params` with the client's `_meta` last, as the SDK's client sends it. */
export function request(id: number, method: string, params: Record<string, unknown> = {}): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    method,
    params: { ...params, _meta: requestMeta() },
  });
}

/** A line as a transcript holds it, its bytes counting the newline that ends it on the wire. */
function line(from: "client" | "server", text: string): TranscriptLine {
  return { from, line: text, bytes: Buffer.byteLength(text, "utf8") + 1 };
}

/**
 * Writes `requests` to a server's `input` one line at a time, each after the previous one's
 * response has come out of its `output`: every line both sides wrote, in order.
 *
 * @throws Error when the server closes its output before answering a request.
 */
async function talk(input: Writable, output: Readable, requests: readonly string[]) {
  const answers: string[] = [];
  let wake: (() => void) | undefined;
  let closed = false;
  const reader = createInterface({ input: output });
  reader.on("line", (text) => {
    answers.push(text);
    wake?.();
  });
  reader.on("close", () => {
    closed = true;
    wake?.();
  });
  const steps: TranscriptLine[] = [];
  for (const text of requests) {
    steps.push(line("client", text));
    input.write(`${text}\n`);
    while (answers.length === 0 && !closed) await new Promise<void>((resolve) => (wake = resolve));
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`the server closed before answering ${text}`);
    steps.push(line("server", answer));
  }
  return steps;
}

/**
 * Starts the shown server at `level` for `seed` as a process of its own, as `mcp-course serve`
 * does (the running Node and {@link serveArgs}, as the course's clients start it), {@link talk}s
 * to it on stdio and ends its input: every line both sides wrote, in order.
 */
async function exchange(seed: number, level: Level, requests: readonly string[]) {
  const child = startServerProcess(() =>
    spawn(process.execPath, serveArgs({ server: SHOWN_SERVER, level, seed }), {
      stdio: ["pipe", "pipe", "ignore"],
    }),
  );
  const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
  const steps = await talk(child.stdin, child.stdout, requests);
  child.stdin.end();
  await exited;
  return steps;
}

/** How each exchange ends: `exchange` resolves only once the server's process has closed. */
const ENDED = "the client ended the input, and the server stopped";

/** The command the transcript shows, as a reader would type it: `mcp-course serve olcum --level N --seed S`. */
function command(seed: number, level: Level): string {
  return ["mcp-course", "serve", ...serverArgs({ server: SHOWN_SERVER, level, seed })].join(" ");
}

/** A transcript of the shown server at `level`, from the lines `exchange` gave. */
function transcript(seed: number, level: Level, steps: TranscriptLine[]): Transcript {
  return { era: "stateless", command: command(seed, level), steps, outcome: ENDED };
}

/** The first call of a charge task as a client that knows only the tool's name sends it. */
const EMPTY_CALL = request(2, "tools/call", { name: SHOWN_TOOL, arguments: {} });

/**
 * The shown server at `level` answering one `tools/call` of the shown tool with no arguments.
 *
 * @param seed the world's seed, as `serve --seed` takes it.
 */
export async function emptyCallLines(seed: number, level: Level): Promise<Transcript> {
  return transcript(seed, level, await exchange(seed, level, [EMPTY_CALL]));
}

/**
 * The shown server's lines at levels 0, 3 and 1 (see the module comment).
 *
 * @param seed the world's seed, as `serve --seed` takes it (no line shown depends on it).
 */
export async function captureServerLines(seed: number): Promise<WritingAServerWire> {
  const list = request(1, "tools/list");
  return {
    seed,
    level0: transcript(seed, 0, await exchange(seed, 0, [list, EMPTY_CALL])),
    level3: transcript(seed, 3, await exchange(seed, 3, [list])),
    level1Call: await emptyCallLines(seed, 1),
  };
}

/**
 * The reply to the last request of a transcript, read off its last server line.
 *
 * @throws Error when the transcript holds no server line.
 */
export function lastReply(lines: Transcript): CallReply {
  const last = lines.steps.filter((step) => isTranscriptLine(step) && step.from === "server").pop();
  if (last === undefined || !isTranscriptLine(last)) throw new Error("no server line");
  const message = JSON.parse(last.line) as {
    result?: { isError?: boolean; content?: { text?: string }[] };
    error?: { code: number; message: string };
  };
  if (message.error) {
    return {
      member: "error",
      isError: false,
      text: `${message.error.code} ${message.error.message}`,
    };
  }
  return {
    member: "result",
    isError: message.result?.isError === true,
    text: message.result?.content?.[0]?.text ?? "",
  };
}

/** Lesson 6's minimal server as built: `olcumServer.ts`, compiled, the file `node` runs. */
export const MINIMAL_SERVER_SCRIPT = join(
  PACKAGE_ROOT,
  "dist",
  "lessons",
  "writingAServer",
  "olcumServer.js",
);

/**
 * A server program of the course's (a built file under `dist/`, such as {@link MINIMAL_SERVER_SCRIPT})
 * run for real, as a process of its own on stdio, spoken to in 2026-07-28 one request at a time:
 * every line both sides wrote. The command shown is `node` and the file's path from the package
 * root. Nothing in it depends on a seed or on time.
 *
 * @param script the built file's absolute path.
 * @param requests the request lines to send, in order ({@link request}).
 * @throws Error when the server closes its output before answering a request.
 */
export async function runServerScript(
  script: string,
  requests: readonly string[],
): Promise<Transcript> {
  const child = startServerProcess(() =>
    spawn(process.execPath, [script], { stdio: ["pipe", "pipe", "ignore"] }),
  );
  const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
  const steps = await talk(child.stdin, child.stdout, requests);
  child.stdin.end();
  const code = await exited;
  const command = `node ${relative(PACKAGE_ROOT, script).split(sep).join("/")}`;
  return { era: "stateless", command, steps, outcome: `the server exited with code ${code}` };
}

/** The number of request lines in each part of a {@link MinimalServerRun}, in order. */
const MINIMAL_RUN_PARTS = [3, 2, EXERCISE_4_CALLS.length, 3] as const;

/**
 * Lesson 6's minimal server, started once and asked, in order, for everything the lesson shows or
 * states about it: the three `tools/list` and `tools/call` lines, the resource and the prompt,
 * exercise 4's calls, then `server/discover`, a method it has no handler for and a tool it lacks
 * (2026-07-28 `server/discover.mdx`; `schema.mdx`, -32601 Method not found; `server/tools.mdx`
 * "Error Handling"). Each part is a transcript of its own; no id, time or seed changes a byte.
 *
 * @throws Error when the server closes its output before answering a request.
 */
export async function minimalServerRun(): Promise<MinimalServerRun> {
  const asked: [string, Record<string, unknown>][] = [
    ["tools/list", {}],
    ["tools/call", { name: SHOWN_TOOL, arguments: { abone: "A001" } }],
    ["tools/call", { name: SHOWN_TOOL, arguments: {} }],
    ["resources/read", { uri: "olcum://sayaclar" }],
    ["prompts/get", { name: "tuketim_sor", arguments: { abone: "A001" } }],
    ...EXERCISE_4_CALLS.map((args): [string, Record<string, unknown>] => [
      "tools/call",
      { name: SHOWN_TOOL, arguments: args },
    ]),
    ["server/discover", {}],
    ["logging/setLevel", { level: "info" }],
    ["tools/call", { name: "yok_boyle", arguments: {} }],
  ];
  const run = await runServerScript(
    MINIMAL_SERVER_SCRIPT,
    asked.map(([method, params], i) => request(i + 1, method, params)),
  );
  const parts: Transcript[] = [];
  let at = 0;
  for (const count of MINIMAL_RUN_PARTS) {
    // Each request line is followed by its answer: two steps per request.
    parts.push({ ...run, steps: run.steps.slice(at, at + 2 * count) });
    at += 2 * count;
  }
  const [tool, resourceAndPrompt, exercise4, sdkAnswers] = parts;
  return { tool, resourceAndPrompt, exercise4, sdkAnswers };
}

/** Lesson 6's minimal server over Streamable HTTP as built: `olcumHttpServer.ts`, compiled. */
export const MINIMAL_HTTP_SERVER_SCRIPT = join(
  PACKAGE_ROOT,
  "dist",
  "lessons",
  "writingAServer",
  "olcumHttpServer.js",
);

/** The minimal server over HTTP, as the lesson prints it ({@link minimalHttpRun}). */
export interface MinimalHttpRun {
  /** The command that started it, its port left to the system. */
  command: string;
  /** The POST and its answer as they crossed, the port masked and `Date` left out (`httpText.ts`). */
  exchange: HttpExchangeText;
}

/** The endpoint the HTTP server's one stderr line names once it listens, or undefined before. */
function endpointIn(stderr: string): string | undefined {
  return /listening on (http:\/\/\S+)/.exec(stderr)?.[1];
}

/**
 * Starts lesson 6's minimal HTTP program ({@link MINIMAL_HTTP_SERVER_SCRIPT}) on a port the system
 * picks and resolves once it listens, its endpoint read off its one stderr line.
 *
 * @throws (rejects) Error when `dist/` is not built or the program exits before it listens.
 */
export function startMinimalHttpServer(): Promise<HttpServe> {
  return startHttpServer([MINIMAL_HTTP_SERVER_SCRIPT, "0"], endpointIn, "the minimal HTTP server");
}

/**
 * Lesson 6's minimal server over Streamable HTTP (`olcumHttpServer.ts`), run for real as a process
 * of its own on a port the system picks, and sent by hand (`postStateless`) the `tools/call` of
 * `sayac_oku` for `A001` that {@link minimalServerRun} sends on stdio, in 2026-07-28. Nothing
 * printed depends on the port, a clock or a seed.
 *
 * An interrupt (SIGINT) in a kernel stops the run as a whole (`interruptible`): its server is
 * killed and the run rejects with one line.
 *
 * @throws Error when `dist/` is not built or the server exits before it listens.
 * @throws RunInterrupted when interrupted in a kernel.
 */
export function minimalHttpRun(): Promise<MinimalHttpRun> {
  return interruptible(async () => {
    const served = await startMinimalHttpServer();
    let crossed: HttpExchangeText;
    try {
      const call = { name: SHOWN_TOOL, arguments: { abone: "A001" } };
      crossed = await postStateless(served.url, request(1, "tools/call", call));
    } finally {
      await served.stop();
    }
    return {
      command: `node ${relative(PACKAGE_ROOT, MINIMAL_HTTP_SERVER_SCRIPT).split(sep).join("/")} 0`,
      exchange: {
        request: maskedHttpMessage(crossed.request),
        response: maskedHttpMessage(crossed.response),
      },
    };
  });
}

/**
 * The minimal server answering one `tools/call` of `sayac_oku` for each of `calls`, in order
 * (ids from 1): lesson 6's exercise 4.
 *
 * @param calls each call's `arguments`.
 */
export async function minimalServerCalls(
  calls: readonly Record<string, unknown>[],
): Promise<Transcript> {
  return runServerScript(
    MINIMAL_SERVER_SCRIPT,
    calls.map((args, i) => request(i + 1, "tools/call", { name: SHOWN_TOOL, arguments: args })),
  );
}

/**
 * What came back for each request of a transcript, in order, read off its server lines as
 * {@link lastReply} reads the last one.
 */
export function replies(lines: Transcript): CallReply[] {
  return lines.steps
    .filter((step) => isTranscriptLine(step) && step.from === "server")
    .map((step) => lastReply({ ...lines, steps: [step] }));
}
