/**
 * Lesson 3, "Messages": the simulator's half. The seed's twelve tasks are run with every call
 * sent (the open policy, approval given), each call recorded with the words its request and its
 * response carry, and the envelope's counts read before the first call and after the last, so
 * that what the tasks cost, kind by kind, is the difference. Pure: the same seed gives an equal
 * result, and nothing is kept between calls.
 *
 * @remarks Source: the course's envelope (`sim/envelope.ts`, `ENVELOPE_TOKENS`) and tokenizer
 * (`sim/tokenizer.ts`), from reference lesson 004; the kinds of message are JSON-RPC 2.0's as
 * MCP uses them (2026-07-28 and 2025-11-25 `basic/index.mdx`, "Messages").
 */
import { callArguments, callTool, describeFields } from "../../sim/client";
import type { Level } from "../../sim/declaration";
import { ENVELOPE_TOKENS, type MessageKind } from "../../sim/envelope";
import { partsTokens, partsWords, requestFields, resultFields } from "../../sim/eras";
import { TOKEN_LENGTH } from "../../sim/tokenizer";
import type { Fields, Value } from "../../sim/values";
import { openSession, taskChain } from "../../world/runTasks";
import { OPEN_POLICY, SERVER_FACTS } from "../../world/servers";
import { drawTasks, withExpectedAnswers, type TaskType } from "../../world/tasks";
import { createWorld } from "../../world/world";

/**
 * The declaration level the lesson's servers run at: the full one, the default of
 * `mcp-course serve`, where every tool declares its arguments.
 */
export const MESSAGES_LEVEL: Level = 3;

/** The three kinds of JSON-RPC message, in the order the lesson's tables list them. */
export const MESSAGE_KINDS: readonly MessageKind[] = ["request", "response", "notification"];

/** One call of the tasks, as the simulator sent it: the words of its request and its response. */
export interface SimulatedCall {
  /** The task it belongs to, 1 to 12. */
  task: number;
  taskType: TaskType;
  tool: string;
  /** The server that answers it. */
  server: string;
  /** What the client sent: the declared fields found in its state. */
  arguments: Fields;
  /** What the handler answered. */
  result: Fields;
  /** The request's body as the course writes it: `sayac_oku abone A017`. */
  requestBody: string;
  /** The response's body: `onceki 84197 simdiki 84244 tip isyeri`. */
  responseBody: string;
}

/** One kind of message over the twelve tasks: how many, and their tokens. */
export interface KindCost {
  kind: MessageKind;
  messages: number;
  /** Tokens of the bodies, as the tokenizer cuts them. */
  bodyTokens: number;
  /** `ENVELOPE_TOKENS` per message. */
  envelopeTokens: number;
  /** The two together: what the course's envelope counts for these messages. */
  tokens: number;
}

/** What the simulator's half of the lesson computes for one seed: plain data. */
export interface MessagesSimulation {
  seed: number;
  /** How many tasks the seed draws (12). */
  tasks: number;
  /** Every call of the twelve tasks, in the order sent (30). */
  calls: SimulatedCall[];
  /** The tasks' messages by kind, read off the envelope (the calls alone, nothing before them). */
  kinds: KindCost[];
  /** Tokens the envelope adds to every message: `ENVELOPE_TOKENS`, 8. */
  envelopeTokens: number;
  /** The longest token, in characters: `TOKEN_LENGTH`, 5. */
  tokenLength: number;
  /** Tasks whose chain ended with the expected answer. */
  completed: number;
}

/**
 * Runs the seed's twelve tasks in the simulator with every call sent: the open policy (all five
 * tools, every server's own version known) and approval given, at the servers' default level.
 * Each call is recorded with its body words; the envelope is read after negotiation and again
 * after the last task, so `kinds` holds the calls' messages alone.
 *
 * @param seed an integer from 0 to 2^53 − 1.
 * @throws RangeError for any other seed.
 */
export function simulateMessages(seed: number): MessagesSimulation {
  const world = createWorld(seed);
  const tasks = withExpectedAnswers(drawTasks(seed), world);
  const { session } = openSession(world, MESSAGES_LEVEL, { policy: OPEN_POLICY, approval: true });
  const before = session.envelope.counts();
  const tokensBefore = session.envelope.tokensByKind();
  const calls: SimulatedCall[] = [];
  let completed = 0;
  tasks.forEach((task, index) => {
    const chain = taskChain(task);
    let step = chain.next();
    while (!step.done) {
      const { name, state } = step.value;
      const tool = session.negotiated.get(name)!;
      const args = callArguments(tool.fields, state);
      const result = callTool(session, name, state);
      calls.push({
        task: index + 1,
        taskType: task.type,
        tool: name,
        server: tool.server,
        arguments: args,
        result,
        requestBody: [name, describeFields(args)].filter((part) => part !== "").join(" "),
        responseBody: describeFields(result),
      });
      step = chain.next(result);
    }
    if (step.value.completed) completed += 1;
  });
  const after = session.envelope.counts();
  const tokensAfter = session.envelope.tokensByKind();
  const kinds = MESSAGE_KINDS.map((kind): KindCost => {
    const messages = after[kind] - before[kind];
    const tokens = tokensAfter[kind] - tokensBefore[kind];
    const envelopeTokens = messages * ENVELOPE_TOKENS;
    return { kind, messages, bodyTokens: tokens - envelopeTokens, envelopeTokens, tokens };
  });
  return {
    seed,
    tasks: tasks.length,
    calls,
    kinds,
    envelopeTokens: ENVELOPE_TOKENS,
    tokenLength: TOKEN_LENGTH,
    completed,
  };
}

/** What a 2026-07-28 word body adds to a call and to its result from one server: see {@link statelessAdds}. */
export interface StatelessAdds {
  /** The request's `_meta`, as words: each key in full, then its value. */
  meta: Value[];
  /** The result's words before its content (`resultType complete`) and after it (the server's identity). */
  head: Value[];
  tail: Value[];
  /** Their tokens: the request's `_meta`, the result's two parts together. */
  request: number;
  response: number;
}

/**
 * What the course's word body adds in 2026-07-28 to a `tools/call` and its result from `server`,
 * as the simulator prices that revision from lesson 7 on (`sim/eras.ts`, `StatelessEnvelope`).
 *
 * @throws RangeError for a server that is not one of the world's.
 */
export function statelessAdds(server: string): StatelessAdds {
  const facts = SERVER_FACTS.find((s) => s.name === server);
  if (facts === undefined) throw new RangeError(`no server of the world is named '${server}'`);
  const fields = requestFields("stateless");
  const { head, tail } = resultFields("stateless", facts, false);
  return {
    meta: partsWords(fields),
    head: partsWords(head),
    tail: partsWords(tail),
    request: partsTokens(fields),
    response: partsTokens(head) + partsTokens(tail),
  };
}
