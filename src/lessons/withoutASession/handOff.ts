/**
 * Lesson 10, section 5: a multi round-trip retry answered by a process that never saw the call.
 *
 * A 2026-07-28 server keeps nothing between a call and its retry: what it needs comes back in the
 * retry (`requestState`), so the retry may reach another instance of the server, with no "shared
 * storage layer across server instances" and no "stateful load balancing" (2026-07-28
 * `basic/patterns/mrtr.mdx`, "Multi Round-Trip Requests"). `serve kayit --confirm-writes` signs its
 * state with a key every process of it holds (the course's published one, or
 * `MCP_COURSE_STATE_KEY`; `protocol/requestState.ts`), so here lesson 3's call goes to one process,
 * which is then stopped, and lesson 3's accepted retry to a second, fresh one, which writes. A third
 * process, started with another key, gets the same retry and refuses it: the tag does not verify
 * under its key ("Server Requirements (Basic Workflow)", item 4).
 */
import { acceptedRetry, askedToConfirm } from "../../wireClient/confirmTranscripts";
import { LineExchange, type Transcript } from "../../wireClient/lineExchange";
import { serverArgs } from "../../wireClient/serveCommand";

/** The key the third process signs with: another key of at least 32 bytes, not the course's. */
export const OTHER_STATE_KEY = "another key: a process that signs with it refuses";

/** The three processes' transcripts. */
export interface HandOff {
  /** The first process: the call (id 1) and its `input_required` answer; then stdin closed. */
  asked: Transcript;
  /** A second, fresh process, started after the first exited: the retry (id 2) alone, answered. */
  resumed: Transcript;
  /** A third process, signing with {@link OTHER_STATE_KEY}: the same retry, refused. */
  otherKey: Transcript;
}

/**
 * Runs the hand-off: the call on one process, which then exits; the accepted retry on a second
 * process, then on a third with another key. The processes run one after another.
 *
 * @throws Error when the first answer is not `input_required` with a `requestState`, the second
 *   process does not write, or the third does not refuse the retry with error -32602.
 */
export async function handOff(): Promise<HandOff> {
  const { exchange: first, state, key } = await askedToConfirm();
  await first.close("before the retry");

  const args = serverArgs({ server: "kayit", confirmWrites: true });
  const retry = acceptedRetry(key, state);
  const second = new LineExchange(args);
  second.send(retry);
  const done = await second.read();
  if (done.result?.resultType !== "complete" || done.result.isError !== false)
    throw new Error(`the second process did not write: ${JSON.stringify(done)}`);
  await second.close("done");

  const third = new LineExchange(args, OTHER_STATE_KEY);
  third.send(retry);
  const refused = await third.read();
  if (refused.error?.code !== -32602)
    throw new Error(`the process with another key did not refuse: ${JSON.stringify(refused)}`);
  await third.close("done");

  return {
    asked: first.transcript("stateless", "input_required; the process exits before the retry"),
    resumed: second.transcript(
      "stateless",
      "the retry alone, on a fresh process: the record written",
    ),
    otherKey: third.transcript("stateless", "the same retry under another key: error -32602"),
  };
}
