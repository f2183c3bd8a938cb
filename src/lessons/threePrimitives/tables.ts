/**
 * Lesson 4, "Three Primitives": each printed table and each printed set of real lines, as text
 * within the page's 100 columns.
 *
 * Real lines are printed as `formatWireTranscript` prints them (`transcriptText.ts`: who wrote it,
 * its bytes, the JSON as it crossed or pretty-printed), with two cuts that this lesson says where
 * it prints them: every `_meta` member is written `{…}`, and a long `text` member is cut. The byte
 * counts are always those of the whole line as it crossed.
 */
import type { TranscriptLine } from "../../wireClient/lineExchange";
import { LINE_WIDTH } from "../../notebook/lineWidth";
import { formatWireLines, prettyJson } from "../transcriptText";
import { formatTextTable } from "../textTable";
import { CHOSEN_BY, type ThreePrimitivesResult } from "./simulate";
import type { ThreePrimitivesLesson } from "./wire";

/**
 * Real lines as this lesson prints them (`formatWireLines`, layout `pretty`): for each, who wrote
 * it and its bytes (the whole line and its newline, as it crossed), then its JSON, on one line
 * when it fits the page, else laid out over several, every `_meta` member written `{…}` and every
 * string too long for its line cut (the header says which, and how long it was).
 */
export function formatLines(lines: readonly TranscriptLine[]): string {
  return formatWireLines(lines, { elideMeta: true }).join("\n");
}

/** The lines of a transcript from pair `from` (0-based request–answer pairs), `count` pairs. */
function pairs(lines: readonly TranscriptLine[], from: number, count: number): TranscriptLine[] {
  return lines.slice(2 * from, 2 * (from + count));
}

/** The lines of one of the lesson's transcripts (without its events). */
function linesOf(lesson: ThreePrimitivesLesson, server: "kayit" | "olcum" | "tarife" | "fleet") {
  return lesson.wire[server].steps.filter((step): step is TranscriptLine => "line" in step);
}

/** `kayit`'s `tools/list` request and its answer. */
export function formatToolsListLines(lesson: ThreePrimitivesLesson): string {
  return formatLines(pairs(linesOf(lesson, "kayit"), 0, 1));
}

/** The tool `fleet`'s `tools/list` answer shows whole: a tool that carries a `description`. */
export const DESCRIBED_TOOL = "get_device";

/**
 * One tool as `fleet`'s real `tools/list` answer lists it ({@link DESCRIBED_TOOL}), under a header
 * with the whole answer's bytes and how many tools it lists: the entry as it crossed, laid out, no
 * string cut.
 */
export function formatDescribedTool(lesson: ThreePrimitivesLesson): string {
  const answer = linesOf(lesson, "fleet")[1];
  const tools = JSON.parse(answer.line).result.tools as { name: string }[];
  const entry = tools.find((tool) => tool.name === DESCRIBED_TOOL)!;
  // A member whose string keeps its line too wide goes on two lines, the value under its key
  // (JSON allows a line break after the colon), so the description is shown whole.
  const lines = prettyJson(entry, LINE_WIDTH, "  ").flatMap((line) => {
    const member = /^(\s*)("[^"]*":) (".*)$/.exec(line);
    return line.length > LINE_WIDTH && member
      ? [`${member[1]}${member[2]}`, `${member[1]}  ${member[3]}`]
      : [line];
  });
  return [
    `fleet: server → client (${answer.bytes} bytes), ${tools.length} tools; ${DESCRIBED_TOOL}'s entry:`,
    ...lines,
  ].join("\n");
}

/** `olcum`'s `resources/list` and `resources/read` of `abone_listesi`, each with its answer. */
export function formatResourceReadLines(lesson: ThreePrimitivesLesson): string {
  return formatLines(pairs(linesOf(lesson, "olcum"), 0, 2));
}

/** `olcum` asked to read a URI it does not serve, and its answer. */
export function formatResourceNotFound(lesson: ThreePrimitivesLesson): string {
  return formatLines(pairs(linesOf(lesson, "olcum"), 2, 1));
}

/** `tarife`'s `prompts/get` of `bedel_aciklamasi` and its answer (not its `prompts/list`). */
export function formatPromptGetLines(lesson: ThreePrimitivesLesson): string {
  return formatLines(pairs(linesOf(lesson, "tarife"), 1, 1));
}

/** Names joined by commas, or `-` for none. */
const names = (list: readonly string[]) => (list.length === 0 ? "-" : list.join(", "));

/** What each server offers: its placement (lesson 2), its tools, resources and prompts. */
export function formatPrimitiveOffers(result: ThreePrimitivesResult): string {
  return formatTextTable(
    ["server", "placement", "tools", "resources", "prompts"],
    result.offers.map((offer) => [
      offer.server,
      offer.transport,
      names(offer.tools),
      names(offer.resources),
      names(offer.prompts),
    ]),
  );
}

/**
 * The region question through the tool and through the resource: the primitive used and who
 * chooses it, the server, requests, envelope tokens and round trips (simulator), bytes of the same
 * requests and answers on the real wire, and how many of the region tasks each answered
 * ("answered").
 */
export function formatRegionWays(lesson: ThreePrimitivesLesson): string {
  return formatTextTable(
    [
      "primitive",
      "used",
      "chosen by",
      "server",
      "requests",
      "tokens",
      "round trips",
      "bytes",
      "answered",
    ],
    lesson.ways.map((row, i) => [
      row.way,
      row.request > 1 ? `${row.name} ×${row.request}` : row.name,
      CHOSEN_BY[row.way],
      row.server,
      row.request,
      row.tokens,
      row.round_trips,
      lesson.wire.ways[i].bytes,
      row.answers.length,
    ]),
  );
}
