/**
 * Real messages as a lesson prints them: a transcript of the lines a scripted client and a real
 * server wrote (`wireClient/lineExchange.ts`), each under who wrote it and its bytes, within the
 * page's width.
 */
import { LINE_WIDTH } from "../notebook/lineWidth";
import { isTranscriptLine, type Transcript, type TranscriptLine } from "../wireClient/lineExchange";

/** A string cut to `width` characters with `…` when longer. */
function fit(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}

/**
 * JSON pretty-printed to `width`: a value whose one-line form fits at its indentation stays on
 * one line; otherwise an object or array opens one member per line, two spaces deeper.
 */
export function prettyJson(
  value: unknown,
  width: number = LINE_WIDTH,
  indent = "",
  prefix = "",
): string[] {
  const flat = JSON.stringify(value);
  const lead = indent + prefix;
  if (lead.length + flat.length <= width || value === null || typeof value !== "object")
    return [fit(lead + flat, width)];
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item) => ["", item])
    : Object.entries(value as Record<string, unknown>);
  const inner = indent + "  ";
  const lines = [lead + (Array.isArray(value) ? "[" : "{")];
  entries.forEach(([key, item], k) => {
    const member = prettyJson(
      item,
      width - 1,
      inner,
      Array.isArray(value) ? "" : `${JSON.stringify(key)}: `,
    );
    if (k < entries.length - 1) member[member.length - 1] += ",";
    lines.push(...member);
  });
  lines.push(indent + (Array.isArray(value) ? "]" : "}"));
  return lines;
}

/**
 * A line exactly as it crossed, broken into pieces of at most `width` characters: each break
 * falls just after a comma outside a JSON string where one lets the piece fit, else at `width`.
 * Joining the pieces gives the line back, character for character.
 *
 * @param width the widest piece; default two less than the page, for a transcript's indent.
 * @throws RangeError for a width that is not a positive integer.
 */
export function foldLine(line: string, width: number = LINE_WIDTH - 2): string[] {
  if (!Number.isInteger(width) || width < 1)
    throw new RangeError(`foldLine: width must be a positive integer, not ${width}`);
  const breaks: number[] = [];
  let inString = false;
  for (let at = 0; at < line.length; at += 1) {
    const char = line[at];
    if (inString) {
      if (char === "\\") at += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === ",") breaks.push(at + 1);
  }
  const pieces: string[] = [];
  let start = 0;
  while (line.length - start > width) {
    let end = start + width;
    const fitting = breaks.filter((at) => at > start && at <= end);
    if (fitting.length > 0) end = fitting[fitting.length - 1];
    pieces.push(line.slice(start, end));
    start = end;
  }
  pieces.push(line.slice(start));
  return pieces;
}

/** How {@link formatWireTranscript} prints a line. */
export interface TranscriptLayout {
  /**
   * `pretty` (the default): JSON as it crossed when it fits the page, else pretty-printed by
   * {@link prettyJson}; `folded`: every line exactly as it crossed, broken by {@link foldLine}
   * where it is wider than the page (a few lines for a long result, where pretty-printing takes
   * dozens).
   */
  lines?: "pretty" | "folded";
  /**
   * Whether to print what happened besides lines (the client closing stdin, the server exiting)
   * and the outcome; default true. A transcript whose ending a reader has already seen can leave
   * them out.
   */
  ending?: boolean;
}

/**
 * A line as a transcript prints it, two spaces in: folded ({@link foldLine}) when `folded`, else
 * JSON by {@link prettyJson} (as it crossed when it fits the page), and anything else (a line that
 * is not JSON) as it is, cut into pieces that fit.
 */
function lineText(line: string, folded: boolean): string[] {
  if (folded) return foldLine(line).map((piece) => `  ${piece}`);
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    const pieces: string[] = [];
    for (let at = 0; at < line.length || pieces.length === 0; at += LINE_WIDTH - 2)
      pieces.push(`  ${line.slice(at, at + LINE_WIDTH - 2)}`);
    return pieces;
  }
  return prettyJson(value, LINE_WIDTH, "  ");
}

/** A transcript already shown, whose lines another need not print again, and where it was shown. */
export interface ShownTranscript {
  transcript: Transcript;
  /** Where the reader saw it, as a sentence names it: "section 1". */
  where: string;
}

/** A message without its JSON-RPC id, as a string to compare. */
function withoutId(line: string): string {
  const { id: _id, ...rest } = JSON.parse(line) as Record<string, unknown>;
  return JSON.stringify(rest);
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

/**
 * A transcript as it crossed the wire: the command, then each line under who sent it and its bytes
 * (newline included), pretty-printed by {@link prettyJson} when it does not fit the page as it is
 * (or folded, see {@link TranscriptLayout}), and each event; last, its outcome (events and outcome
 * only when the layout keeps the `ending`). A line that repeats one of `shown` (byte for byte, or
 * but for its id) is named, not printed again.
 */
export function formatWireTranscript(
  transcript: Transcript,
  shown: readonly ShownTranscript[] = [],
  layout: TranscriptLayout = {},
): string {
  const folded = layout.lines === "folded";
  const ending = layout.ending ?? true;
  const out = [fit(`$ ${transcript.command}`, LINE_WIDTH)];
  for (const step of transcript.steps) {
    if (!isTranscriptLine(step)) {
      if (ending) out.push(fit(`${step.from}: ${step.event}`, LINE_WIDTH));
      continue;
    }
    const head = `${step.from === "client" ? "client → server" : "server → client"} (${step.bytes} bytes)`;
    const repeat = repeatOf(step, shown);
    if (repeat !== undefined) {
      out.push(fit(`${head}: ${repeat}`, LINE_WIDTH));
      continue;
    }
    out.push(head);
    out.push(...lineText(step.line, folded));
  }
  if (ending) out.push(fit(`Outcome: ${transcript.outcome}.`, LINE_WIDTH));
  return out.join("\n");
}
