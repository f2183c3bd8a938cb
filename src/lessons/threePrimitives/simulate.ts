/**
 * Lesson 4, "Three Primitives": what the simulator computes for one seed. The world's three
 * servers and what each offers (tools, resources, prompts), the prompt's case, and one region
 * question asked two ways, each counted in envelope tokens and round trips: three `bolge_ozet`
 * calls to `kayit`, one `resources/read` of `abone_listesi` on `olcum`. Both are priced in
 * 2026-07-28's bodies, the revision the lesson's real lines speak: every request ends with its
 * `_meta`, every result starts with `resultType` and ends with the server's identity, and the
 * read's result (cacheable) with its caching hint too (`sim/eras.ts`, as lesson 3 words them).
 * Pure: the same seed gives an equal result. The real lines are `wire.ts`'s.
 */
import { callArguments, callTool, describeFields } from "../../sim/client";
import {
  Envelope,
  type EnvelopeCounts,
  type MessageKind,
  type Transport,
} from "../../sim/envelope";
import { partsWords, requestFields, resultFields } from "../../sim/eras";
import { agreeOn } from "../../sim/negotiation";
import { StatelessEnvelope } from "../../sim/statelessEnvelope";
import { countTokens } from "../../sim/tokenizer";
import { pyStr, valueTokens, type Fields, type Value } from "../../sim/values";
import {
  readResource,
  RESOURCE_READ,
  type PrimitiveExchange,
  type PrimitiveMessage,
} from "../../world/primitives";
import { contentWords, resourceUri, SUBSCRIBER_LIST } from "../../world/resources";
import { OPEN_POLICY, SERVER_FACTS, WORLD_WORDS } from "../../world/servers";
import { consumption, REGIONS, type Region } from "../../world/subscribers";
import { charge } from "../../world/tariff";
import { drawTasks } from "../../world/tasks";
import { createWorld } from "../../world/world";

/** The tool of way (a). */
export const REGION_TOOL = "bolge_ozet";

/** What one server offers: its placement and the names of its tools, resources and prompts. */
export interface ServerOffer {
  server: string;
  transport: Transport;
  tools: string[];
  resources: string[];
  prompts: string[];
}

/** A region task of the seed: its number among the twelve (1-based) and its region. */
export interface RegionTask {
  task: number;
  region: Region;
  /** The correct answer: how many of the world's subscribers live there. */
  subscribers: number;
}

/** The prompt's arguments, taken from the seed's first charge task. */
export interface PromptCase {
  /** The task's number among the twelve (1-based). */
  task: number;
  subscriber: string;
  /** The subscriber's consumption, in whole m³. */
  m3: number;
  tip: string;
  /** What the `tarife` tool would answer for it: the amount the prompt's text names. */
  tutar: number;
}

/** The two ways, in table order. A prompt is no way: it writes a question and counts nothing. */
export const WAYS = ["tool", "resource"] as const;

/** One of {@link WAYS}: the primitive the region question is asked through. */
export type Way = (typeof WAYS)[number];

/** Who chooses each way's primitive (2026-07-28 `server/index.mdx`, the control hierarchy). */
export const CHOSEN_BY: Readonly<Record<Way, string>> = {
  tool: "model",
  resource: "application",
};

/** One way of asking the region question, as the simulator counted it. */
export interface WayRow extends EnvelopeCounts {
  way: Way;
  /** The tool, resource or prompt used. */
  name: string;
  server: string;
  transport: Transport;
  /** The MCP method of each request. */
  method: string;
  /** Every exchange, in order: 3 calls for the tool, 1 read. */
  exchanges: PrimitiveExchange[];
  /** The region counts this way answered, one per region task. */
  answers: number[];
  /**
   * The body tokens of what this way's answers carry, summed: each call's result object, or the
   * read's contents. It is what would enter a model's context if the host put the answers there,
   * without the envelope, `resultType`, `_meta` or the caching hint.
   */
  contentTokens: number;
}

/** Everything lesson 4's simulator computes for one seed. */
export interface ThreePrimitivesResult {
  seed: number;
  subscribers: number;
  /** What each of the three servers offers, in the world's order. */
  offers: ServerOffer[];
  /** The seed's three region tasks, in task order. */
  regionTasks: RegionTask[];
  /** The prompt's case: the first charge task. */
  promptCase: PromptCase;
  /** The region question two ways, in {@link WAYS} order. */
  ways: WayRow[];
  /** Every region asked through the tool: one `bolge_ozet` call per region, counted. */
  everyRegion: EnvelopeCounts;
}

/** What 2026-07-28 adds to a message's words (lesson 3's word body), for one server's results. */
export interface StatelessWords {
  /** Every request's `_meta`: each key in full, then its value. */
  meta: Value[];
  /** Before a result's content: `resultType complete`. */
  head: Value[];
  /** After it: the server's identity, then the caching hint if the result is cacheable. */
  tail: Value[];
}

/**
 * The words 2026-07-28 adds to a request and to a result from `server` (`sim/eras.ts`:
 * `requestFields`, `resultFields`), the caching hint only on a `cacheable` result (the lists,
 * `resources/read`; not a `tools/call` result).
 *
 * @throws RangeError for a server that is not one of the world's.
 */
export function statelessWords(server: string, cacheable: boolean): StatelessWords {
  const facts = SERVER_FACTS.find((s) => s.name === server);
  if (facts === undefined) throw new RangeError(`no server of the world is named '${server}'`);
  const { head, tail } = resultFields("stateless", facts, cacheable);
  return {
    meta: partsWords(requestFields("stateless")),
    head: partsWords(head),
    tail: partsWords(tail),
  };
}

/** Words as a body reads: joined by spaces, values as Python's `str()` writes them. */
const bodyOf = (words: readonly Value[]) => words.map(pyStr).join(" ");

/** One message of `words` counted on `envelope`, as `world/primitives.ts` counts a read's. */
function counted(
  envelope: Envelope,
  kind: MessageKind,
  words: readonly Value[],
  transport: Transport,
): PrimitiveMessage {
  const before = envelope.counts().round_trips;
  const tokens = envelope.send(kind, words, transport);
  return { kind, body: bodyOf(words), tokens, roundTrips: envelope.counts().round_trips - before };
}

/**
 * Runs the simulator for lesson 4: the world of `seed`, its twelve tasks, the prompt's case (the
 * first charge task), and the region question two ways, each on an envelope of its own (no
 * policy: every tool may be called, `OPEN_POLICY`), in 2026-07-28's bodies ({@link statelessWords}):
 * - `tool`: one `bolge_ozet` call per region task, to `kayit` (remote), on a `StatelessEnvelope`;
 * - `resource`: one `resources/read` of `olcum://abone_listesi` (local), the application counting
 *   each task's region in the contents itself; its result carries the caching hint.
 *
 * @param seed an integer from 0 to 2^53 − 1.
 * @throws RangeError for any other seed.
 */
export function simulateThreePrimitives(seed: number): ThreePrimitivesResult {
  const world = createWorld(seed);
  const tasks = drawTasks(seed);
  const regionTasks: RegionTask[] = [];
  tasks.forEach((task, i) => {
    if (task.type === "region")
      regionTasks.push({
        task: i + 1,
        region: task.region,
        subscribers: world.regionCounts[task.region],
      });
  });
  const chargeAt = tasks.findIndex((task) => task.type === "charge");
  const chargeTask = tasks[chargeAt];
  const subscriber = world.subscribers[chargeTask.subscriber];
  const m3 = consumption(subscriber.onceki, subscriber.simdiki);
  const promptCase: PromptCase = {
    task: chargeAt + 1,
    subscriber: chargeTask.subscriber,
    m3,
    tip: subscriber.tip,
    tutar: charge(m3, subscriber.tip),
  };

  // (a) the tool, called once per region task, as the region chain calls it.
  const tools = new StatelessEnvelope(SERVER_FACTS, WORLD_WORDS);
  const session = {
    envelope: tools,
    negotiated: agreeOn(world.servers, 3, OPEN_POLICY).negotiated,
    approval: true,
  };
  const tool = session.negotiated.get(REGION_TOOL)!;
  const toolWords = statelessWords(tool.server, false);
  const toolExchanges: PrimitiveExchange[] = [];
  const toolAnswers: number[] = [];
  let toolContentTokens = 0;
  for (const { region } of regionTasks) {
    const before = tools.tokensByKind();
    const trips = tools.counts().round_trips;
    const state: Fields = { bolge: region };
    const answer = callTool(session, REGION_TOOL, state);
    const after = tools.tokensByKind();
    toolAnswers.push(Number(answer.abone));
    toolContentTokens += countTokens(describeFields(answer));
    toolExchanges.push({
      method: "tools/call",
      server: tool.server,
      transport: tool.transport,
      request: {
        kind: "request",
        body: [
          REGION_TOOL,
          describeFields(callArguments(tool.fields, state)),
          bodyOf(toolWords.meta),
        ].join(" "),
        tokens: after.request - before.request,
        roundTrips: tools.counts().round_trips - trips,
      },
      response: {
        kind: "response",
        body: [bodyOf(toolWords.head), describeFields(answer), bodyOf(toolWords.tail)].join(" "),
        tokens: after.response - before.response,
        roundTrips: 0,
      },
    });
  }

  // Every region through the tool, for the exercises: one call each.
  const every = new StatelessEnvelope(SERVER_FACTS, WORLD_WORDS);
  for (const region of REGIONS)
    callTool({ ...session, envelope: every }, REGION_TOOL, { bolge: region });

  // (b) the resource, read once; the application counts the regions in its contents. The read
  // is found as `readResource` finds it, then counted with 2026-07-28's words around its body.
  const resources = new Envelope(WORLD_WORDS);
  const offer = world.servers.find((server) => server.resources.includes(SUBSCRIBER_LIST))!;
  const uri = resourceUri(offer.name, SUBSCRIBER_LIST);
  const { contents } = readResource(world, uri, new Envelope(WORLD_WORDS));
  const readWords = statelessWords(offer.name, true);
  const read = {
    contents,
    exchange: {
      method: RESOURCE_READ,
      server: offer.name,
      transport: offer.transport,
      request: counted(
        resources,
        "request",
        [RESOURCE_READ, uri, ...readWords.meta],
        offer.transport,
      ),
      response: counted(
        resources,
        "response",
        [...readWords.head, ...contentWords(contents), ...readWords.tail],
        offer.transport,
      ),
    } satisfies PrimitiveExchange,
  };
  const rows = Object.values(read.contents) as { bolge: Region }[];
  const readAnswers = regionTasks.map(
    ({ region }) => rows.filter((row) => row.bolge === region).length,
  );

  const way = (
    kind: Way,
    name: string,
    method: string,
    envelope: Envelope,
    exchanges: PrimitiveExchange[],
    answers: number[],
    contentTokens: number,
  ): WayRow => ({
    way: kind,
    name,
    server: exchanges[0].server,
    transport: exchanges[0].transport,
    method,
    exchanges,
    answers,
    contentTokens,
    ...envelope.counts(),
  });
  return {
    seed,
    subscribers: Object.keys(world.subscribers).length,
    offers: world.servers.map((server) => ({
      server: server.name,
      transport: server.transport,
      tools: server.tools.map((t) => t.name),
      resources: [...server.resources],
      prompts: [...server.prompts],
    })),
    regionTasks,
    promptCase,
    ways: [
      way("tool", REGION_TOOL, "tools/call", tools, toolExchanges, toolAnswers, toolContentTokens),
      way(
        "resource",
        SUBSCRIBER_LIST,
        RESOURCE_READ,
        resources,
        [read.exchange],
        readAnswers,
        contentWords(contents).reduce((sum: number, word) => sum + valueTokens(word), 0),
      ),
    ],
    everyRegion: every.counts(),
  };
}
