/**
 * Lesson 4, "Three Primitives": what the simulator computes for one seed. The world's three
 * servers and what each offers (tools, resources, prompts), the prompt's case, and one region
 * question asked two ways, each counted in envelope tokens and round trips: three `bolge_ozet`
 * calls to `kayit`, one `resources/read` of `abone_listesi` on `olcum`. Pure: the same seed gives
 * an equal result. The real lines are `wire.ts`'s.
 */
import { callArguments, callTool, describeFields } from "../../sim/client";
import { Envelope, type EnvelopeCounts, type Transport } from "../../sim/envelope";
import { agreeOn } from "../../sim/negotiation";
import type { Fields } from "../../sim/values";
import { readResource, RESOURCE_READ, type PrimitiveExchange } from "../../world/primitives";
import { resourceUri, SUBSCRIBER_LIST } from "../../world/resources";
import { OPEN_POLICY, WORLD_WORDS } from "../../world/servers";
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

/**
 * Runs the simulator for lesson 4: the world of `seed`, its twelve tasks, the prompt's case (the
 * first charge task), and the region question two ways, each on an envelope of its own (no
 * policy: every tool may be called, `OPEN_POLICY`):
 * - `tool`: one `bolge_ozet` call per region task, to `kayit` (remote);
 * - `resource`: one `resources/read` of `olcum://abone_listesi` (local), the application counting
 *   each task's region in the contents itself.
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
  const tools = new Envelope(WORLD_WORDS);
  const session = {
    envelope: tools,
    negotiated: agreeOn(world.servers, 3, OPEN_POLICY).negotiated,
    approval: true,
  };
  const tool = session.negotiated.get(REGION_TOOL)!;
  const toolExchanges: PrimitiveExchange[] = [];
  const toolAnswers: number[] = [];
  for (const { region } of regionTasks) {
    const before = tools.tokensByKind();
    const trips = tools.counts().round_trips;
    const state: Fields = { bolge: region };
    const answer = callTool(session, REGION_TOOL, state);
    const after = tools.tokensByKind();
    toolAnswers.push(Number(answer.abone));
    toolExchanges.push({
      method: "tools/call",
      server: tool.server,
      transport: tool.transport,
      request: {
        kind: "request",
        body: `${REGION_TOOL} ${describeFields(callArguments(tool.fields, state))}`,
        tokens: after.request - before.request,
        roundTrips: tools.counts().round_trips - trips,
      },
      response: {
        kind: "response",
        body: describeFields(answer),
        tokens: after.response - before.response,
        roundTrips: 0,
      },
    });
  }

  // Every region through the tool, for the exercises: one call each.
  const every = new Envelope(WORLD_WORDS);
  for (const region of REGIONS)
    callTool({ ...session, envelope: every }, REGION_TOOL, { bolge: region });

  // (b) the resource, read once; the application counts the regions in its contents.
  const resources = new Envelope(WORLD_WORDS);
  const offer = world.servers.find((server) => server.resources.includes(SUBSCRIBER_LIST))!;
  const read = readResource(world, resourceUri(offer.name, SUBSCRIBER_LIST), resources);
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
  ): WayRow => ({
    way: kind,
    name,
    server: exchanges[0].server,
    transport: exchanges[0].transport,
    method,
    exchanges,
    answers,
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
      way("tool", REGION_TOOL, "tools/call", tools, toolExchanges, toolAnswers),
      way("resource", SUBSCRIBER_LIST, RESOURCE_READ, resources, [read.exchange], readAnswers),
    ],
    everyRegion: every.counts(),
  };
}
