/**
 * Real messages as a lesson prints them: the lines a scripted client and a real server wrote
 * (`wireClient/lineExchange.ts`), each under who wrote it and its bytes (newline included), within
 * the page's width. One printer for every lesson, in two layouts:
 * - `pretty` (the default): a line that fits the page as it crossed is printed as it crossed; a
 *   wider one is laid out over several lines, short members packed side by side ({@link prettyJson}),
 *   and a string that still keeps a line too wide is cut, the line's header saying so;
 * - `folded`: every line exactly as it crossed, cut into pieces that fit ({@link foldedLine}), for
 *   a lesson whose point is the line itself (its framing, its bytes).
 */
import { LINE_WIDTH } from "../notebook/lineWidth";
import {
  isTranscriptLine,
  type Transcript,
  type TranscriptEvent,
  type TranscriptLine,
} from "../wireClient/lineExchange";

/** A string cut to `width` characters with `…` when longer. */
function fit(text: string, width: number): string {
  return [...text].length <= width
    ? text
    : `${[...text].slice(0, Math.max(0, width - 1)).join("")}…`;
}

/** What stands for a `_meta` member's value that a layout leaves out. */
const ELIDED: unique symbol = Symbol("elided _meta");

/** How much of a string too long for its line is kept, in characters, before `…`. */
export const STRING_KEPT = 56;

/** A JSON value as laid out: {@link ELIDED} where a `_meta` value was left out. */
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
 * A value laid out within `width` columns: on one line when it fits; else an object or array
 * opens, its members follow two spaces deeper, as many to a line as fit (a member that fits no
 * line is laid out the same way on lines of its own), and it closes on a line of its own. The text
 * is always the value's JSON; a line may be wider than `width` only when it holds one scalar.
 *
 * @param lead what comes before the value on its first line (`"key": `).
 * @param tail what follows it on its last line (`,` or nothing).
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

/**
 * JSON laid out within `width` columns, from the column `indent` ends at: on one line when it
 * fits, else over several, short members packed side by side (see the module comment). A line
 * holding one long string may still be wider than `width`.
 */
export function prettyJson(value: unknown, width: number = LINE_WIDTH, indent = ""): string[] {
  return packed(value as Shown, indent, "", "", width);
}

/**
 * A copy of a JSON value as shown: every `_meta` member's value {@link ELIDED} when asked, and
 * every string of `cut` cut to {@link STRING_KEPT} characters and `…`; `cuts` gains a note per cut.
 */
function shown(
  value: unknown,
  elideMeta: boolean,
  cut: ReadonlySet<string>,
  cuts: string[],
): Shown {
  if (Array.isArray(value)) return value.map((item) => shown(item, elideMeta, cut, cuts));
  if (value === null || typeof value !== "object") return value as Shown;
  const copy: Record<string, Shown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === "_meta" && elideMeta) copy[key] = ELIDED;
    else if (typeof inner === "string" && cut.has(inner)) {
      cuts.push(`${key} cut, ${inner.length} characters in all`);
      copy[key] = `${inner.slice(0, STRING_KEPT)}…`;
    } else copy[key] = shown(inner, elideMeta, cut, cuts);
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
 * A JSON value laid out two spaces in ({@link packed}), `_meta` values elided when asked, and each
 * string that keeps a line wider than the page cut, the layout made again until every line fits.
 * `cuts` names each cut, for the line's header.
 */
function laidOut(value: unknown, elideMeta: boolean): { text: string[]; cuts: string[] } {
  const cut = new Set<string>();
  const candidates = longStrings(value);
  for (;;) {
    const cuts: string[] = [];
    const text = packed(shown(value, elideMeta, cut, cuts), "  ", "", "", LINE_WIDTH);
    const over = text.filter((line) => [...line].length > LINE_WIDTH);
    const before = cut.size;
    for (const line of over)
      for (const candidate of candidates)
        if (line.includes(JSON.stringify(candidate))) cut.add(candidate);
    if (over.length === 0 || cut.size === before)
      return { text: text.map((line) => fit(line, LINE_WIDTH)), cuts };
  }
}

/**
 * A line exactly as it crossed, in pieces of at most `width` characters: each piece ends just
 * after the last comma outside a JSON string that lets it fit, else just before its last space,
 * else at `width`. `end` (`⏎`, say, for the newline that ends the line) follows the last piece.
 * Joining the pieces, `end` aside, gives the line back, character for character.
 *
 * @param width the widest piece; default four less than the page, for a transcript's indents.
 * @throws RangeError for a width that is not a positive integer.
 */
export function foldLine(line: string, width: number = LINE_WIDTH - 4, end = ""): string[] {
  if (!Number.isInteger(width) || width < 1)
    throw new RangeError(`foldLine: width must be a positive integer, not ${width}`);
  const chars = [...line, ...(end === "" ? [] : [end])];
  const commas = new Set<number>();
  let inString = false;
  for (let at = 0; at < chars.length; at++) {
    const char = chars[at];
    if (inString) {
      if (char === "\\") at += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === ",") commas.add(at + 1);
  }
  const pieces: string[] = [];
  let start = 0;
  while (chars.length - start > width) {
    let stop = start + width;
    let comma = -1;
    let space = -1;
    for (let at = start + 1; at <= stop; at++) {
      if (commas.has(at)) comma = at;
      if (chars[at] === " " && at < stop) space = at;
    }
    if (comma > start) stop = comma;
    else if (space > start) stop = space;
    pieces.push(chars.slice(start, stop).join(""));
    start = stop;
  }
  pieces.push(chars.slice(start).join(""));
  return pieces;
}

/**
 * A line as a transcript prints it when folded: its pieces ({@link foldLine}), the first two
 * spaces in, the rest four, so that a reader sees where one line goes on and where the next
 * begins; `end` follows the last piece.
 */
export function foldedLine(line: string, end = ""): string[] {
  return foldLine(line, LINE_WIDTH - 4, end).map(
    (piece, k) => `${k === 0 ? "  " : "    "}${piece}`,
  );
}

/** How {@link formatWireTranscript} and {@link formatWireLines} print. */
export interface TranscriptLayout {
  /** `pretty` (the default) or `folded`: see the module comment. */
  lines?: "pretty" | "folded";
  /** `folded` only: what follows each line's last piece, for its newline (`⏎`); default nothing. */
  newline?: string;
  /**
   * Write every `_meta` member's value `{…}`, for a lesson that has shown what `_meta` holds and
   * prints many lines; default false. A line's bytes stay those it crossed with.
   */
  elideMeta?: boolean;
  /**
   * Whether to print what happened besides lines (the client closing stdin, the server exiting);
   * default true. A transcript whose ending a reader has seen already can leave them out.
   */
  events?: boolean;
  /** Whether to print a transcript's outcome, a sentence built from what was read; default true. */
  outcome?: boolean;
}

/** A transcript already shown, whose lines another need not print again, and where it was shown. */
export interface ShownTranscript {
  transcript: Transcript;
  /** Where the reader saw it, as a sentence names it: `section 1`, `the first process`. */
  where: string;
}

/** A message without its JSON-RPC id, as a string to compare. */
function withoutId(line: string): string {
  try {
    const { id: _id, ...rest } = JSON.parse(line) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return line;
  }
}

/** How a line repeats one already shown: the very line, the same but for its id, or not at all. */
function repeatOf(line: TranscriptLine, shown: readonly ShownTranscript[]): string | undefined {
  for (const { transcript, where } of shown) {
    for (const step of transcript.steps) {
      if (!isTranscriptLine(step) || step.from !== line.from) continue;
      if (step.line === line.line) return `the same line as in ${where}`;
      if (withoutId(step.line) === withoutId(line.line)) {
        const id = (JSON.parse(line.line) as Record<string, unknown>).id;
        return `${where}'s line, but with id ${JSON.stringify(id)}`;
      }
    }
  }
  return undefined;
}

/** One line as a layout prints it: its header (who, bytes, any cut), then its text, two spaces in. */
function lineText(step: TranscriptLine, layout: TranscriptLayout): string[] {
  const who = step.from === "client" ? "client → server" : "server → client";
  let value: unknown;
  try {
    value = JSON.parse(step.line);
  } catch {
    return [`${who} (${step.bytes} bytes)`, ...foldedLine(step.line, layout.newline ?? "")];
  }
  if (layout.lines === "folded") {
    const text = layout.elideMeta ? flat(shown(value, true, new Set(), [])) : step.line;
    return [`${who} (${step.bytes} bytes)`, ...foldedLine(text, layout.newline ?? "")];
  }
  const { text, cuts } = laidOut(value, layout.elideMeta ?? false);
  return [fit(`${who} (${[`${step.bytes} bytes`, ...cuts].join("; ")})`, LINE_WIDTH), ...text];
}

/**
 * Lines and events as they crossed (see {@link formatWireTranscript}), without the command or an
 * outcome: for a lesson that prints a few lines of a longer exchange.
 */
export function formatWireLines(
  steps: readonly (TranscriptLine | TranscriptEvent)[],
  layout: TranscriptLayout = {},
  shown: readonly ShownTranscript[] = [],
): string[] {
  const out: string[] = [];
  for (const step of steps) {
    if (!isTranscriptLine(step)) {
      if (layout.events ?? true) out.push(fit(`${step.from}: ${step.event}`, LINE_WIDTH));
      continue;
    }
    const repeat = repeatOf(step, shown);
    if (repeat === undefined) out.push(...lineText(step, layout));
    else {
      const who = step.from === "client" ? "client → server" : "server → client";
      out.push(fit(`${who} (${step.bytes} bytes): ${repeat}`, LINE_WIDTH));
    }
  }
  return out;
}

/**
 * A transcript as it crossed the wire: the command that started the server, then each line under
 * who sent it and its bytes (newline included), laid out as `layout` says (default `pretty`), and
 * each event; last, its outcome (each unless the layout leaves it out). A line that
 * repeats one of `shown` (byte for byte, or but for its id) is named, not printed again.
 */
export function formatWireTranscript(
  transcript: Transcript,
  shown: readonly ShownTranscript[] = [],
  layout: TranscriptLayout = {},
): string {
  const out = [fit(`$ ${transcript.command}`, LINE_WIDTH)];
  out.push(...formatWireLines(transcript.steps, layout, shown));
  if (layout.outcome ?? true) out.push(fit(`Outcome: ${transcript.outcome}.`, LINE_WIDTH));
  return out.join("\n");
}
