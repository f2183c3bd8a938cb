/**
 * Lesson 4's real lines: the three primitives listed and used on real `mcp-course serve`
 * processes, one per server, spoken to line by line over stdio (`wireClient/lineExchange.ts`) in
 * revision 2026-07-28, every request with its `_meta` (`requestMeta`). Four processes, started
 * together: `kayit` (`tools/list`, then one `bolge_ozet` call per region task), `olcum`
 * (`resources/list`, `resources/read` of `abone_listesi`, and a read of a URI it does not serve),
 * `tarife` (`prompts/list`, `prompts/get` of `bedel_aciklamasi`) and `fleet` (`tools/list`, for a
 * tool that carries a `description`, which the world's tools never do). It measures no time: the
 * same seed gives the same lines, byte for byte.
 */
import { LineExchange, type Transcript, type TranscriptLine } from "../../wireClient/lineExchange";
import { requestMeta } from "../../wireClient/transcripts";
import { CHARGE_PROMPT } from "../../world/prompts";
import { resourceUri, SUBSCRIBER_LIST, TIER_TABLE } from "../../world/resources";
import {
  REGION_TOOL,
  simulateThreePrimitives,
  type ThreePrimitivesResult,
  type Way,
} from "./simulate";
import { interruptible } from "../../wireClient/interruptible";

/** One request as this lesson sends it: the method and its params, before `_meta` is added. */
interface Step {
  method: string;
  params?: Record<string, unknown>;
}

/**
 * Sends `steps` to a fresh `mcp-course serve <server> --seed <seed>`, one request at a time, each
 * with ids from 1 and the 2026-07-28 `_meta`, reading each answer before the next; then closes
 * stdin and waits for the exit.
 *
 * @returns the transcript and the answers, parsed, in order.
 */
async function exchange(
  server: string,
  seed: number,
  steps: readonly Step[],
): Promise<{ transcript: Transcript; answers: Record<string, any>[] }> {
  const line = new LineExchange([server, "--seed", String(seed)]);
  const answers: Record<string, any>[] = [];
  let id = 1;
  for (const { method, params } of steps) {
    line.send({ jsonrpc: "2.0", id: id++, method, params: { ...params, _meta: requestMeta() } });
    answers.push(await line.read());
  }
  await line.close("done");
  return { transcript: line.transcript("stateless", `${answers.length} answers`), answers };
}

/** The lines of one way: its use requests and their answers, as they crossed. */
export interface WayLines {
  way: Way;
  /** Request and answer lines, alternating. */
  lines: TranscriptLine[];
  /** Their bytes, newlines included. */
  bytes: number;
  /** The region counts read off the answers. */
  answers: number[];
}

/** Everything lesson 4 sends and reads on real servers. */
export interface ThreePrimitivesWire {
  /** The four servers' transcripts, in the order started: kayit, olcum, tarife, fleet. */
  kayit: Transcript;
  olcum: Transcript;
  tarife: Transcript;
  fleet: Transcript;
  /** How many server processes the run started. */
  processes: number;
  /** The URI asked of `olcum` that it does not serve. */
  missingUri: string;
  /** The two ways as they crossed, in `WAYS` order. */
  ways: WayLines[];
}

/** The lines of a transcript, without its events. */
function linesOf(transcript: Transcript): TranscriptLine[] {
  return transcript.steps.filter((step): step is TranscriptLine => "line" in step);
}

/** A way's lines: the `count` request–answer pairs from pair `from` (0-based) on. */
function wayLines(
  way: Way,
  transcript: Transcript,
  from: number,
  count: number,
  answers: number[],
): WayLines {
  const lines = linesOf(transcript).slice(2 * from, 2 * (from + count));
  return { way, lines, bytes: lines.reduce((sum, l) => sum + l.bytes, 0), answers };
}

/**
 * Runs lesson 4's exchanges on four real servers for `lesson`'s seed: the same region tasks and
 * prompt arguments as the simulator's result.
 *
 * @throws Error when a server answers with an error where a result is expected, or the reverse.
 */
export async function runThreePrimitivesOnTheWire(
  lesson: ThreePrimitivesResult,
): Promise<ThreePrimitivesWire> {
  const { seed, regionTasks, promptCase } = lesson;
  const missingUri = resourceUri("tarife", TIER_TABLE);
  const [kayit, olcum, tarife, fleet] = await Promise.all([
    exchange("kayit", seed, [
      { method: "tools/list" },
      ...regionTasks.map(({ region }) => ({
        method: "tools/call",
        params: { name: REGION_TOOL, arguments: { bolge: region } },
      })),
    ]),
    exchange("olcum", seed, [
      { method: "resources/list" },
      { method: "resources/read", params: { uri: resourceUri("olcum", SUBSCRIBER_LIST) } },
      { method: "resources/read", params: { uri: missingUri } },
    ]),
    exchange("tarife", seed, [
      { method: "prompts/list" },
      {
        method: "prompts/get",
        params: {
          name: CHARGE_PROMPT,
          arguments: { m3: String(promptCase.m3), tip: promptCase.tip },
        },
      },
    ]),
    exchange("fleet", seed, [{ method: "tools/list" }]),
  ]);
  const results = [
    ...kayit.answers,
    ...olcum.answers.slice(0, 2),
    ...tarife.answers,
    ...fleet.answers,
  ];
  const failed = results.find((answer) => answer.result === undefined);
  if (failed) throw new Error(`a server answered with an error: ${JSON.stringify(failed)}`);
  if (olcum.answers[2].error?.code === undefined)
    throw new Error(`olcum read ${missingUri}: ${JSON.stringify(olcum.answers[2])}`);

  const toolAnswers = kayit.answers
    .slice(1)
    .map((answer) => Number(JSON.parse(answer.result.content[0].text).abone));
  const list = JSON.parse(olcum.answers[1].result.contents[0].text) as Record<
    string,
    { bolge: string }
  >;
  const rows = Object.values(list);
  const readAnswers = regionTasks.map(
    ({ region }) => rows.filter((row) => row.bolge === region).length,
  );
  return {
    kayit: kayit.transcript,
    olcum: olcum.transcript,
    tarife: tarife.transcript,
    fleet: fleet.transcript,
    processes: 4,
    missingUri,
    ways: [
      wayLines("tool", kayit.transcript, 1, regionTasks.length, toolAnswers),
      wayLines("resource", olcum.transcript, 1, 1, readAnswers),
    ],
  };
}

/** Lesson 4 whole: the simulator's result and the real lines, for one seed. */
export interface ThreePrimitivesLesson extends ThreePrimitivesResult {
  wire: ThreePrimitivesWire;
}

/**
 * Runs lesson 4 for a seed: the simulator (`simulateThreePrimitives`), then the same exchanges on
 * four real servers ({@link runThreePrimitivesOnTheWire}).
 *
 * An interrupt (SIGINT) in a kernel stops the run as a whole (`interruptible`): its servers are
 * killed, no other starts, and the run rejects with one line.
 *
 * @param seed an integer from 0 to 2^53 − 1.
 * @throws RangeError for any other seed.
 * @throws RunInterrupted when interrupted in a kernel.
 */
export function runThreePrimitives(seed: number): Promise<ThreePrimitivesLesson> {
  return interruptible(async () => {
    const lesson = simulateThreePrimitives(seed);
    return { ...lesson, wire: await runThreePrimitivesOnTheWire(lesson) };
  });
}
