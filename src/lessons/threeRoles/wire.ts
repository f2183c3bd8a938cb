/**
 * Lesson 1, "Three Roles": the traced task's calls to one server, sent for real. One
 * `mcp-course serve` process of the server that answers the task's first call, on the lesson's
 * seed; each of the task's calls to that server goes out as a 2026-07-28 `tools/call` request, its
 * `_meta` carrying the revision, the client's identity and its capabilities (`basic/index.mdx`,
 * "Per-request protocol fields"), so no message opens the connection. The arguments are those the
 * trace found, and the answers are set against the trace's.
 */
import { isDeepStrictEqual } from "node:util";
import type { Fields } from "../../sim/values";
import { isTranscriptLine, LineExchange, type Transcript } from "../../wireClient/lineExchange";
import { requestMeta } from "../../wireClient/transcripts";
import type { ThreeRolesResult } from "./simulate";
import { interruptible } from "../../wireClient/interruptible";

/** The traced task's calls to one server, as they crossed, and how they compare with the trace. */
export interface ThreeRolesWire {
  /** The server spoken to: the one that answers the traced task's first call. */
  server: string;
  /** The task's calls to that server, line by line: all that crossed. */
  transcript: Transcript;
  /** How many of the traced task's calls went to that server. */
  calls: number;
  /** The real answers, read from each result's text content (JSON), in call order. */
  answers: Fields[];
  /** Whether every real answer equals the trace's answer to the same call. */
  sameAnswers: boolean;
}

/**
 * Starts the server of the traced task's first call (`mcp-course serve <server> --seed <seed>`),
 * sends the task's calls to that server in revision 2026-07-28 with the trace's arguments (ids 1,
 * 2, …), reads each answer, and closes the server's input so that it exits. One process.
 *
 * An interrupt (SIGINT) in a kernel stops the run as a whole (`interruptible`): its servers are
 * killed, no other starts, and the run rejects with one line.
 *
 * @throws Error when the server answers a call with an error, with `isError`, or without text
 *   content, or stops before answering.
 * @throws RunInterrupted when interrupted in a kernel.
 */
export function runThreeRolesOnTheWire(lesson: ThreeRolesResult): Promise<ThreeRolesWire> {
  return interruptible(() => threeRolesOnTheWire(lesson));
}

/** {@link runThreeRolesOnTheWire}'s run. */
async function threeRolesOnTheWire(lesson: ThreeRolesResult): Promise<ThreeRolesWire> {
  const trace = lesson.traces[lesson.traced];
  const server = trace.calls[0].server;
  const mine = trace.calls.filter((call) => call.server === server);
  const exchange = new LineExchange([server, "--seed", String(lesson.seed)]);
  const answers: Fields[] = [];
  try {
    for (const [k, call] of mine.entries()) {
      const args = Object.fromEntries(call.arguments.map(({ field, value }) => [field, value]));
      exchange.send({
        jsonrpc: "2.0",
        id: k + 1,
        method: "tools/call",
        params: { name: call.tool, arguments: args, _meta: requestMeta() },
      });
      const response = await exchange.read();
      const text = response.result?.content?.[0]?.text;
      if (typeof text !== "string" || response.result?.isError === true)
        throw new Error(`${call.tool} got no answer: ${JSON.stringify(response)}`);
      answers.push(JSON.parse(text) as Fields);
    }
  } finally {
    await exchange.close("done");
  }
  const sameAnswers = mine.every((call, k) => isDeepStrictEqual(answers[k], call.answer));
  const outcome = `${mine.length} calls answered, ${
    sameAnswers ? "with the values the trace computed" : "with values other than the trace's"
  }`;
  return {
    server,
    transcript: {
      era: "stateless",
      command: exchange.command,
      steps: exchange.steps.filter(isTranscriptLine),
      outcome,
    },
    calls: mine.length,
    answers,
    sameAnswers,
  };
}
