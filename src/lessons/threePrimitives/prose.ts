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
import { statelessWords, type RegionTask, type WayRow } from "./simulate";
import { ENVELOPE_TOKENS } from "../../sim/envelope";
import { countTokens } from "../../sim/tokenizer";
import { pyStr } from "../../sim/values";
import { RESOURCE_READ } from "../../world/primitives";
import { prettyJson } from "../transcriptText";
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
      `${code(tip)}. The amount the text names, ${tutar}, is what the \`tarife\` tool answers for ` +
      `the same, from the same tariff. The message's text, in full:`,
    wrapWords(text, LINE_WIDTH - 2)
      .map((line) => `> ${line}`)
      .join("\n"),
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

/** A body's words cut into tokens as lesson 3 does, each word in pieces of at most five characters. */
function pieces(body: string): string[] {
  return body.split(" ").flatMap((word) => word.match(/.{1,5}/gu) ?? []);
}

/** The same words with spaces between them and `|` only at the cuts inside a word. */
function cutWords(body: string): string {
  return body
    .split(" ")
    .map((word) => (word.match(/.{1,5}/gu) ?? []).join("|"))
    .join(" ");
}

/** The read's rows, one a subscriber: its word body cut before each id (`A001 bolge guney …`). */
function rowsOf(words: string): string[] {
  return words.split(/ (?=A\d{3} )/);
}

/**
 * How the read's envelope tokens add up (a table), and one of its rows cut into tokens, from its
 * two word bodies (lesson 3): the request's
 * method and URI (the value alone, not the key `uri`, as a call's body holds its tool's name
 * alone), then `_meta`; the response's `resultType`, the rows and the server's tail (identity,
 * caching hint), each body's tokens plus {@link ENVELOPE_TOKENS}.
 *
 * @throws Error if the request's body does not open with the method and URI, if its parts or the
 *   response's do not add up, or if the response's body does not end with the tail 2026-07-28 adds.
 */
function readTokens(
  lesson: ThreePrimitivesLesson,
  resource: WayRow,
): { row: string; table: string } {
  const { request, response } = resource.exchanges[0];
  const tail = statelessWords(resource.server, true).tail.map(pyStr).join(" ");
  if (!response.body.endsWith(tail))
    throw new Error("the read's answer does not end with its tail");
  if (request.tokens + response.tokens !== resource.tokens)
    throw new Error("the read's two messages do not add up to its tokens");
  const words = request.body.split(" ");
  if (words[0] !== RESOURCE_READ || !words[1].includes("://"))
    throw new Error("the read's body does not open with its method and URI");
  const head = countTokens(words.slice(0, 2).join(" "));
  const meta = countTokens(words.slice(2).join(" "));
  if (head + meta + ENVELOPE_TOKENS !== request.tokens)
    throw new Error("the read's method, URI and _meta do not add up to its tokens");
  const opening = countTokens("resultType complete");
  const tailTokens = countTokens(tail);
  if (opening + resource.contentTokens + tailTokens + ENVELOPE_TOKENS !== response.tokens)
    throw new Error("the read's answer does not add up to its tokens");
  const rows = rowsOf(response.body.slice("resultType complete ".length, -tail.length - 1));
  if (rows.length !== lesson.subscribers)
    throw new Error("the read's answer has another row count");
  const base = countTokens(rows.find((row) => !row.split(" ").includes("merkez"))!);
  const central = rows.filter((row) => row.split(" ").includes("merkez")).length;
  const longer = countTokens("merkez") - 1;
  if ((rows.length - central) * base + central * (base + longer) !== resource.contentTokens)
    throw new Error("the rows do not add up to the answer's content tokens");
  const first = rows.find((row) => !row.split(" ").includes("merkez"))!;
  if (pieces(first).length !== countTokens(first))
    throw new Error("a row's pieces are not its tokens");
  const row =
    `One row of (b)'s answer in tokens (${code("|")} cuts a word): ${code(cutWords(first))} ` +
    `(${base}).`;
  const table = [
    `| part of (b)'s ${resource.tokens} tokens (lesson 3's word bodies and envelopes) | tokens |`,
    `|:---|:---|`,
    `| the read: ${code(RESOURCE_READ)} ${countTokens(words[0])}, the URI ` +
      `${countTokens(words[1])} (no key is counted, as in a call), ` +
      `${code("_meta")} ${meta} | ${head + meta} |`,
    `| the answer: ${code("resultType complete")} | ${opening} |`,
    `| the answer: the rows, ${rows.length - central} of ${base} tokens and ${central} ` +
      `(${code("merkez")}) of ${base + longer} | ${resource.contentTokens} |`,
    `| the answer: identity and caching hint, ${code(tail)} | ${tailTokens} |`,
    `| the envelope, ${ENVELOPE_TOKENS} for each of the two messages | ${2 * ENVELOPE_TOKENS} |`,
  ].join("\n");
  return { row, table };
}

/**
 * The two ways compared: counts, the trade, the answers, then what each way's answers would bring
 * into a model's context (their body tokens, lesson 3's, without envelope, `resultType` or `_meta`),
 * and last a one-line verdict on section 1's rule of thumb, read from those counts.
 */
export function readRegionWays(lesson: ThreePrimitivesLesson): string {
  const { tool, resource } = ways(lesson);
  const tasks = lesson.regionTasks;
  const agree = tool.answers.every((n, i) => n === resource.answers[i]);
  const wireAgree = lesson.wire.ways[0].answers.every((n, i) => n === resource.answers[i]);
  const toolBytes = bytesOf(lesson, "tool");
  const readBytes = bytesOf(lesson, "resource");
  // At 1 round trip a request, the primitive alone saves the requests it spares; the rest of the
  // saving is the doubled round trip of a remote server (lesson 2), that is, placement.
  const byPrimitive = tool.request - resource.request;
  const saved = tool.round_trips - resource.round_trips;
  const local = [tool.request, resource.request];
  const placed = [tool.round_trips, resource.round_trips];
  const split = [
    `| round trips | (a) tool | (b) resource | (b) saves |`,
    `|:---|:---|:---|:---|`,
    `| both servers local, 1 a request | ${local[0]} | ${local[1]} | ${byPrimitive} |`,
    `| as placed: ${code(tool.server)} ${tool.transport}, ${code(resource.server)} ` +
      `${resource.transport} (lesson 2) | ${placed[0]} | ${placed[1]} | ${saved} |`,
  ].join("\n");
  const tokens = readTokens(lesson, resource);
  // (a)'s tokens as one line of arithmetic, a request and a response a call, equal calls grouped.
  const pairs = new Map<string, number>();
  for (const { request, response } of tool.exchanges) {
    const pair = `(${request.tokens} + ${response.tokens})`;
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  const sum = [...pairs].map(([pair, n]) => (n === 1 ? pair : `${n} × ${pair}`)).join(" + ");
  const held = tool.tokens < resource.tokens && tool.contentTokens < resource.contentTokens;
  const verdict =
    `**What this run shows.** ` +
    (held
      ? `Section 1's rule of thumb held here: for ${plural(tool.answers.length, "small answer")} the tool cost fewer ` +
        `tokens (${tool.tokens} against ${resource.tokens}) and would bring fewer into the context ` +
        `(${tool.contentTokens} against ${resource.contentTokens}); the resource won only on round ` +
        `trips.`
      : `Section 1's rule of thumb did not hold here: the tool cost ${tool.tokens} tokens against ${resource.tokens} and ` +
        `would bring ${tool.contentTokens} into the context against ${resource.contentTokens}.`) +
    ` The rule is the course's: MCP chooses a primitive by who controls it (section 1), not by cost.`;
  return paragraphs(
    split,
    `(a)'s tokens, a request and a response for each call: ${sum} = ${tool.tokens}. ` +
      `Tokens and bytes count the messages, which placement does not change: (b) cost ` +
      `${resource.tokens - tool.tokens} more tokens and ${readBytes - toolBytes} more bytes. ` +
      `${agree && wireAgree ? "Both ways give the same answers" : "The two ways do not give the same answers"}, in the simulator ` +
      `and on the wire: ${answersText(tasks, resource.answers)}. ${tokens.row}`,
    tokens.table,
    `What would enter a model's context is another count: the answers' body tokens (lesson 3), ` +
      `without envelope, \`resultType\` or \`_meta\`. (a)'s ${plural(tool.request, "result")} ` +
      `bring ${tool.contentTokens} tokens: ${plural(tool.answers.length, "count")}, each with ` +
      `its region. (b)'s one answer carries all ${lesson.subscribers} subscribers' rows: if the ` +
      `host attaches them, they bring ${resource.contentTokens} tokens, ` +
      `${Math.round(resource.contentTokens / tool.contentTokens)} times as many.`,
    verdict,
  );
}

/** The lesson in a few computed bullets. */
export function summarizeThreePrimitives(lesson: ThreePrimitivesLesson): string {
  const { tool, resource } = ways(lesson);
  return wrapMarkdown(
    [
      `- Tools are chosen by the model, resources by the application, prompts by the user. A ` +
        `tool's \`inputSchema\` is a JSON Schema; its \`description\` is what a model reads.`,
      `- A read returns contents at a URI. The spec's not found is -32602 in 2026-07-28, -32002 in ` +
        `2025-11-25; the course's servers send -32602 in both, with \`data.uri\`. A get returns ` +
        `messages for the conversation and does not itself answer the question.`,
      `- The model decides a tool call and reads its result; the application decides a read, ` +
        `seen only if attached. Priced by the course: ${tool.request} calls cost ` +
        `${tool.round_trips} round trips (${tool.round_trips - tool.request} of them for ` +
        `${code(tool.server)}'s placement) and ${tool.tokens} tokens, ` +
        `${resource.request} read ${resource.round_trips} and ${resource.tokens}. Into a model's ` +
        `context, the calls' results would bring ${tool.contentTokens} tokens, the read's ` +
        `contents ${resource.contentTokens}.`,
    ].join("\n"),
  );
}

/** The tool way's first request's `params`, `_meta` folded as `{…}`, and its answer's text. */
function firstRegionCall(lesson: ThreePrimitivesLesson): { params: string; text: string } {
  const [request, response] = lesson.wire.ways[0].lines;
  const { params } = JSON.parse(request.line) as { params: Record<string, unknown> };
  const shown = JSON.stringify({ ...params, _meta: "META" }).replace('"META"', "{…}");
  const { result } = JSON.parse(response.line) as { result: { content: { text: string }[] } };
  return { params: shown, text: result.content[0].text };
}

/**
 * The answers to the exercises, each folded in `<details>`, the numbers computed from the run.
 */
export function threePrimitivesSolutions(lesson: ThreePrimitivesLesson): string {
  const { resource } = ways(lesson);
  const firstCall = firstRegionCall(lesson);
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
      "1. The first region call",
      `As it crossed, ${code(firstCall.params)}; its answer's ${code("text")}: ` +
        `${code(firstCall.text)}.`,
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
