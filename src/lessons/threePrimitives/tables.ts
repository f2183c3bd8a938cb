/**
 * Lesson 4, "Three Primitives": each printed table and each printed set of real lines, as text
 * within the page's 100 columns.
 *
 * Real lines are printed as `formatWireTranscript` prints them (`transcriptText.ts`: who wrote it,
 * its bytes, the JSON as it crossed or pretty-printed), with two cuts that this lesson says where
 * it prints them: every `_meta` member is written `{…}`, and a long `text` member is cut. The byte
 * counts are always those of the whole line as it crossed.
 */
import { LINE_WIDTH } from "../../notebook/lineWidth";
import type { TranscriptLine } from "../../wireClient/lineExchange";
import { formatTextTable } from "../textTable";
import { CHOSEN_BY, type ThreePrimitivesResult } from "./simulate";
import type { ThreePrimitivesLesson } from "./wire";

/** What stands for an elided `_meta` member in a value about to be printed. */
const ELIDED: unique symbol = Symbol("elided _meta");

/** How much of a string too long for its line is kept (characters). */
export const STRING_KEPT = 56;

/** A value as this module prints it: JSON, with {@link ELIDED} where a `_meta` member was. */
type Shown = typeof ELIDED | null | boolean | number | string | Shown[] | { [key: string]: Shown };

/** Compact JSON of a shown value, {@link ELIDED} written `{…}`. */
function flat(value: Shown): string {
  if (value === ELIDED) return "{…}";
  if (Array.isArray(value)) return `[${value.map(flat).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.entries(value)
      .map(([key, inner]) => `${JSON.stringify(key)}:${flat(inner)}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/**
 * A shown value laid out within `width` columns: on one line when it fits; else an object or
 * array opens, and its members follow two spaces deeper, as many to a line as fit (a member that
 * fits no line is laid out the same way on lines of its own), and it closes on a line of its own.
 * Whatever the layout, the text is the value's JSON.
 *
 * @param lead what comes before the value on its first line (indent and `"key": `).
 * @param tail what follows it on its last line (`,` or nothing).
 * @returns the lines; one may be wider than `width` only when it holds a single scalar.
 */
function packed(value: Shown, indent: string, lead: string, tail: string, width: number): string[] {
  const one = `${indent}${lead}${flat(value)}${tail}`;
  if (one.length <= width || value === ELIDED || value === null || typeof value !== "object")
    return [one];
  const array = Array.isArray(value);
  const entries: [string, Shown][] = array
    ? value.map((item): [string, Shown] => ["", item])
    : Object.entries(value).map(([key, inner]): [string, Shown] => [
        `${JSON.stringify(key)}: `,
        inner,
      ]);
  const inner = `${indent}  `;
  const lines = [`${indent}${lead}${array ? "[" : "{"}`];
  let line = "";
  entries.forEach(([key, item], k) => {
    const comma = k < entries.length - 1 ? "," : "";
    const member = `${key}${flat(item)}${comma}`;
    if (inner.length + member.length <= width) {
      if (line !== "" && line.length + 1 + member.length <= width) line += ` ${member}`;
      else {
        if (line !== "") lines.push(line);
        line = inner + member;
      }
      return;
    }
    if (line !== "") lines.push(line);
    line = "";
    lines.push(...packed(item, inner, key, comma, width));
  });
  if (line !== "") lines.push(line);
  lines.push(`${indent}${array ? "]" : "}"}${tail}`);
  return lines;
}

/** A JSON value laid out as the real lines are ({@link packed}), within the page, from column 0. */
export function formatJson(value: unknown): string {
  return packed(value as Shown, "", "", "", LINE_WIDTH).join("\n");
}

/**
 * A copy of a JSON value as shown: every `_meta` member {@link ELIDED}, and every string of `long`
 * cut to {@link STRING_KEPT} characters and `…`; `cuts` gains a note per cut.
 */
function shown(value: unknown, long: ReadonlySet<string>, cuts: string[]): Shown {
  if (Array.isArray(value)) return value.map((item) => shown(item, long, cuts));
  if (value === null || typeof value !== "object") return value as Shown;
  const copy: Record<string, Shown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === "_meta") copy[key] = ELIDED;
    else if (typeof inner === "string" && long.has(inner)) {
      cuts.push(`${key} cut, ${inner.length} characters in all`);
      copy[key] = `${inner.slice(0, STRING_KEPT)}…`;
    } else copy[key] = shown(inner, long, cuts);
  }
  return copy;
}

/** Every string longer than {@link STRING_KEPT} characters in a JSON value, keys aside. */
function longStrings(value: unknown): string[] {
  if (typeof value === "string") return value.length > STRING_KEPT ? [value] : [];
  if (value === null || typeof value !== "object") return [];
  return Object.values(value).flatMap(longStrings);
}

/**
 * One line's JSON laid out ({@link packed}), `_meta` written `{…}`, and each string that keeps a
 * line wider than the page cut, the layout made again until every line fits.
 *
 * @throws Error when a line does not fit the page and holds no string to cut.
 */
function layout(value: unknown): { text: string[]; cuts: string[] } {
  const long = new Set<string>();
  const candidates = longStrings(value);
  for (;;) {
    const cuts: string[] = [];
    const text = packed(shown(value, long, cuts), "  ", "", "", LINE_WIDTH);
    const over = text.filter((line) => line.length > LINE_WIDTH);
    if (over.length === 0) return { text, cuts };
    const before = long.size;
    for (const line of over)
      for (const candidate of candidates)
        if (line.includes(JSON.stringify(candidate))) long.add(candidate);
    if (long.size === before) throw new Error(`a line does not fit the page: ${over[0]}`);
  }
}

/**
 * Real lines as this lesson prints them: for each, who wrote it and its bytes (the whole line and
 * its newline, as it crossed), then its JSON, on one line when it fits the page, else laid out
 * over several ({@link packed}), with every `_meta` member written `{…}` and every string too
 * long for its line cut to {@link STRING_KEPT} characters (the header says which, and how long it
 * was).
 */
export function formatLines(lines: readonly TranscriptLine[]): string {
  const out: string[] = [];
  for (const line of lines) {
    const { text, cuts } = layout(JSON.parse(line.line));
    const who = line.from === "client" ? "client → server" : "server → client";
    out.push(`${who} (${[`${line.bytes} bytes`, ...cuts].join("; ")})`, ...text);
  }
  return out.join("\n");
}

/** The lines of a transcript from pair `from` (0-based request–answer pairs), `count` pairs. */
function pairs(lines: readonly TranscriptLine[], from: number, count: number): TranscriptLine[] {
  return lines.slice(2 * from, 2 * (from + count));
}

/** The lines of one of the lesson's transcripts (without its events). */
function linesOf(lesson: ThreePrimitivesLesson, server: "kayit" | "olcum" | "tarife") {
  return lesson.wire[server].steps.filter((step): step is TranscriptLine => "line" in step);
}

/** `kayit`'s `tools/list` request and its answer. */
export function formatToolsListLines(lesson: ThreePrimitivesLesson): string {
  return formatLines(pairs(linesOf(lesson, "kayit"), 0, 1));
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
 * The region question three ways: the primitive used and who chooses it, the server, requests,
 * envelope tokens and round trips (simulator), bytes of the same requests and answers on the
 * real wire, and how many of the region tasks each way answered.
 */
export function formatRegionWays(lesson: ThreePrimitivesLesson): string {
  return formatTextTable(
    ["way", "used", "chosen by", "server", "requests", "tokens", "round trips", "bytes", "answers"],
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
