/**
 * Lesson 4, "Three Primitives": the sentences that read the run, as markdown built from it, so
 * that every number that depends on the seed is computed. The seed-free explanation lives in the
 * notebook's markdown cells.
 */
import { worldInputSchema } from "../../server/declarations";
import { SERVER_FACTS } from "../../world/servers";
import { chargePromptText, PromptArgumentError } from "../../world/prompts";
import type { Region } from "../../world/subscribers";
import { code, listing, plural } from "../proseWords";
import { foldedAnswer, wrapMarkdown, wrapWords } from "../wrapProse";
import { LINE_WIDTH } from "../../notebook/lineWidth";
import { simulateThreePrimitives, statelessWords, type RegionTask, type WayRow } from "./simulate";
import { prettyJson } from "../transcriptText";
import { ENVELOPE_TOKENS } from "../../sim/envelope";
import { countTokens } from "../../sim/tokenizer";
import { pyStr, type Value } from "../../sim/values";
import { contentWords } from "../../world/resources";
import type { ThreePrimitivesLesson } from "./wire";
import { isTranscriptLine } from "../../wireClient/lineExchange";

/** Each region's English gloss (lesson 1 glossed them first). */
const REGION_GLOSS: Readonly<Record<Region, string>> = {
  dogu: "east",
  bati: "west",
  kuzey: "north",
  guney: "south",
  merkez: "centre",
};

/** A region task as a reading names it: "task 3 (`kuzey`, north)". */
const taskName = ({ task, region }: RegionTask) =>
  `task ${task} (${code(region)}, ${REGION_GLOSS[region]})`;

/** A markdown paragraph per string, wrapped to the page. */
const paragraphs = (...texts: string[]) => wrapMarkdown(texts.join("\n\n"));

/** The way rows by way. */
function ways(lesson: ThreePrimitivesLesson): { tool: WayRow; resource: WayRow } {
  const [tool, resource] = lesson.ways;
  return { tool, resource };
}

/** The wire's bytes of a way, by way. */
const bytesOf = (lesson: ThreePrimitivesLesson, way: WayRow["way"]) =>
  lesson.wire.ways.find((row) => row.way === way)!.bytes;

/** Regions and their answers in task order: "`kuzey` 10, `dogu` 11 and `dogu` 11". */
const answersText = (tasks: readonly RegionTask[], answers: readonly number[]) =>
  listing(tasks.map(({ region }, i) => `${code(region)} ${answers[i]}`));

/** The seed in one sentence: what it draws. */
export function describeThreePrimitivesSeed(lesson: ThreePrimitivesLesson): string {
  return paragraphs(
    `This run uses **seed ${lesson.seed}** for the ${lesson.subscribers} subscribers and the ` +
      `twelve tasks.`,
  );
}

/** The prompt's case and its text in full, and the amount set beside the tariff tool's. */
export function readPromptText(lesson: ThreePrimitivesLesson): string {
  const { task, subscriber, m3, tip, tutar } = lesson.promptCase;
  const answer = lesson.wire.tarife.steps.filter(isTranscriptLine)[3];
  const text = JSON.parse(answer.line).result.messages[0].content.text as string;
  return paragraphs(
    `The user asks about task ${task}'s subscriber, ${code(subscriber)}: ${m3} m³, type ` +
      `${code(tip)}. The message's text, in full:`,
    wrapWords(text, LINE_WIDTH - 2)
      .map((line) => `> ${line}`)
      .join("\n"),
    `The amount it names, ${tutar}, is what the \`tarife\` tool answers for the same ` +
      `consumption and type: the server computes both from the same tariff.`,
  );
}

/** The seed's region tasks, by number and region. */
export function readRegionQuestion(lesson: ThreePrimitivesLesson): string {
  const tasks = lesson.regionTasks;
  const distinct = new Set(tasks.map(({ region }) => region)).size;
  const repeat =
    distinct < tasks.length
      ? ` Only ${distinct} of the regions differ; each task still asks its own question.`
      : "";
  return paragraphs(
    `This seed's ${plural(tasks.length, "region task")} are ${listing(tasks.map(taskName))}.` +
      repeat,
  );
}

/**
 * The read's response in envelope tokens, taken apart: the envelope, the words 2026-07-28 adds
 * (`resultType`, the server's identity, the caching hint), so many per subscriber, and one more
 * for each subscriber in `merkez` (the one region of two tokens). Counted from the real read's
 * contents, each subscriber's words on their own; `undefined` if the parts do not add up.
 */
function readTokenParts(lesson: ThreePrimitivesLesson) {
  const answer = JSON.parse(lesson.wire.ways[1].lines[1].line);
  const list = JSON.parse(answer.result.contents[0].text) as Record<string, { bolge: Region }>;
  const rows = Object.entries(list).map(([id, row]) => {
    const words = contentWords({ [id]: row } as Value)
      .map(pyStr)
      .join(" ");
    return { region: row.bolge, words, tokens: countTokens(words) };
  });
  const plain = rows.find((row) => row.region !== "merkez")!;
  const merkez = rows.filter((row) => row.region === "merkez").length;
  const { head, tail } = statelessWords(lesson.ways[1].server, true);
  const stateless = countTokens([...head, ...tail].map(pyStr).join(" "));
  const adds = rows.every((row) => row.tokens === plain.tokens + (row.region === "merkez" ? 1 : 0));
  const total = ENVELOPE_TOKENS + stateless + rows.length * plain.tokens + merkez;
  return adds && total === lesson.ways[1].exchanges[0].response.tokens
    ? { perSubscriber: plain.tokens, merkez, stateless }
    : undefined;
}

/** The tokens of a way's requests, as a phrase: "46", "42 each", or "42, 43 and 42". */
const eachOf = (tokens: readonly number[]) =>
  tokens.length === 1
    ? String(tokens[0])
    : tokens.every((n) => n === tokens[0])
      ? `${tokens[0]} each`
      : listing(tokens.map(String));

/** The two ways compared: counts, the trade, each message's tokens taken apart, and the answers. */
export function readRegionWays(lesson: ThreePrimitivesLesson): string {
  const { tool, resource } = ways(lesson);
  const tasks = lesson.regionTasks;
  const agree = tool.answers.every((n, i) => n === resource.answers[i]);
  const wireAgree = lesson.wire.ways[0].answers.every((n, i) => n === resource.answers[i]);
  const toolBytes = bytesOf(lesson, "tool");
  const readBytes = bytesOf(lesson, "resource");
  const meta = countTokens(statelessWords(tool.server, false).meta.map(pyStr).join(" "));
  const requests =
    `Each request ends with lesson 3's ${meta} tokens of ${code("_meta")}: ` +
    `(a)'s are ${eachOf(tool.exchanges.map(({ request }) => request.tokens))}, (b)'s ` +
    `${eachOf(resource.exchanges.map(({ request }) => request.tokens))}.`;
  const responses = tool.exchanges.map(({ response }) => response);
  const calls = responses.every(({ tokens }) => tokens === responses[0].tokens)
    ? `(a)'s responses are ${responses[0].tokens} each (${code(responses[0].body)})`
    : `(a)'s responses are ${listing(responses.map(({ tokens }) => String(tokens)))} ` +
      `(the first, ${code(responses[0].body)})`;
  const read = resource.exchanges[0].response;
  const parts = readTokenParts(lesson);
  const apart = parts
    ? `: ${ENVELOPE_TOKENS} for the envelope, ${parts.stateless} for ${code("resultType")}, the ` +
      `server's identity and the caching hint, ${parts.perSubscriber} for each of the ` +
      `${lesson.subscribers} subscribers, and 1 more for each of the ${parts.merkez} in ` +
      `${code("merkez")} (six letters: two tokens)`
    : `, all ${lesson.subscribers} subscribers as words`;
  return paragraphs(
    `(b) saved ${tool.round_trips - resource.round_trips} round trips for ` +
      `${resource.tokens - tool.tokens} more tokens and ${readBytes - toolBytes} more bytes. ` +
      `${requests} ${calls}. (b)'s is ${read.tokens} tokens${apart}. ` +
      `${agree && wireAgree ? "Both agree" : "They do not agree"}, in the simulator ` +
      `and on the wire: ${answersText(tasks, resource.answers)}.`,
  );
}

/** The lesson in a few computed bullets. */
export function summarizeThreePrimitives(lesson: ThreePrimitivesLesson): string {
  const { tool, resource } = ways(lesson);
  return wrapMarkdown(
    [
      `- Tools are chosen by the model, resources by the application, prompts by the user. A ` +
        `tool's \`inputSchema\` is a JSON Schema; its \`description\` is what a model reads.`,
      `- A read returns contents at a URI; not found is -32602 (2025-11-25: -32002), with ` +
        `\`data.uri\`. A get returns messages for the conversation and answers nothing.`,
      `- The model decides a tool call and reads its result; the application decides a read, ` +
        `seen only if attached. Priced by the course: ${tool.request} calls cost ` +
        `${tool.round_trips} round trips and ${tool.tokens} tokens, ` +
        `${resource.request} read ${resource.round_trips} and ${resource.tokens}.`,
    ].join("\n"),
  );
}

/**
 * The answers to the exercises, each folded in `<details>`, the numbers computed from the run (a
 * second seed's figures from the simulator).
 */
export function threePrimitivesSolutions(lesson: ThreePrimitivesLesson): string {
  const { resource } = ways(lesson);
  const other = simulateThreePrimitives(lesson.seed === 0 ? 1 : lesson.seed - 1);
  const fixed = lesson.ways
    .map((w, i) => `(${"ab"[i]}) ${w.request} and ${w.round_trips}`)
    .join(", ");
  const tokens = (ws: readonly WayRow[]) => listing(ws.map((w) => String(w.tokens)));
  const every = lesson.everyRegion;
  const tarife = SERVER_FACTS.find((server) => server.name === "tarife")!.tools[0];
  let refusal = "";
  try {
    chargePromptText({ tip: "mesken" });
  } catch (error) {
    if (error instanceof PromptArgumentError) refusal = error.message;
  }
  return [
    foldedAnswer(
      "1. What a seed moves",
      `Requests and round trips cannot move (${fixed}): every seed has three region tasks, and ` +
        `no server moves. Tokens move only with region names (${code("merkez")}, centre, is 2 ` +
        `tokens, the others 1): (a) with the regions asked, (b) with how many subscribers live ` +
        `in ${code("merkez")}. Bytes move with every value. Tokens here: ` +
        `${tokens(lesson.ways)}; seed ${other.seed}: ${tokens(other.ways)}.`,
    ),
    foldedAnswer(
      "2. All five regions",
      `Tool: ${plural(every.request, "request")}, ${plural(every.round_trips, "round trip")}, ` +
        `${every.tokens} tokens. Resource: still ${plural(resource.request, "request")}, ` +
        `${plural(resource.round_trips, "round trip")}, ${resource.tokens} tokens: a read costs ` +
        `the same whatever is asked of it, while calls grow with the questions.`,
    ),
    foldedAnswer(
      "3. The schema of `tarife`",
      `\`tarife\`'s \`tools/list\` lets \`tip\` be any string (its code charges all but ` +
        `\`isyeri\` as a household):` +
        `\n\n\`\`\`json\n` +
        `${prettyJson(worldInputSchema(tarife)).join("\n")}\n\`\`\`\n\n` +
        `Adding \`"enum": ["mesken", "isyeri"]\` to \`tip\` is stricter, and just as right: a third ` +
        `type is refused before the tool runs. "Household if not given" is \`"default": "mesken"\` ` +
        `on \`tip\`, which only annotates (section 2): the tool's code must still apply it, as ` +
        `\`tarife\`'s does.`,
    ),
    foldedAnswer(
      "4. A prompt without `m3`",
      `A JSON-RPC error, -32602 (Invalid params): "Invalid arguments for prompt ` +
        `bedel_aciklamasi: ${refusal}". Only tool results carry \`isError\` (lesson 3).`,
    ),
  ].join("\n\n");
}
