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
 * How a transcript prints a line too wide for the page: `pretty`, its JSON laid out by
 * {@link prettyJson}; or `wrapped`, the line as it crossed, cut into pieces by {@link wrapLine}.
 */
export type WideLineLayout = "pretty" | "wrapped";

/**
 * A line as it crossed, in pieces that fit `width`: the first two spaces in, the rest four, each
 * cut at the last place within the piece that is right after a comma or right before a space
 * (else at the width), so no piece ends in a space. Joined without their indents, the pieces are
 * the line, character for character.
 */
export function wrapLine(line: string, width: number = LINE_WIDTH): string[] {
  const pieces: string[] = [];
  let rest = line;
  let indent = "  ";
  while (indent.length + rest.length > width) {
    const room = width - indent.length;
    const comma = rest.lastIndexOf(",", room - 1) + 1;
    const space = rest.lastIndexOf(" ", room);
    const at = Math.max(comma, space) > 0 ? Math.max(comma, space) : room;
    pieces.push(indent + rest.slice(0, at));
    rest = rest.slice(at);
    indent = "    ";
  }
  pieces.push(indent + rest);
  return pieces;
}

/**
 * A line as a transcript prints it, two spaces in: as it crossed when it fits the page; else JSON
 * by {@link prettyJson} (`pretty`), or the line wrapped ({@link wrapLine}) when the layout is
 * `wrapped` or the line is not JSON.
 */
function lineText(line: string, layout: WideLineLayout): string[] {
  if (layout === "wrapped") return wrapLine(line);
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return wrapLine(line);
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
 * (newline included), laid out by `layout` when it does not fit the page as it is (default
 * `pretty`, by {@link prettyJson}), and each event; last, its outcome. A line that repeats one of
 * `shown` (byte for byte, or but for its id) is named, not printed again.
 */
export function formatWireTranscript(
  transcript: Transcript,
  shown: readonly ShownTranscript[] = [],
  layout: WideLineLayout = "pretty",
): string {
  const out = [fit(`$ ${transcript.command}`, LINE_WIDTH)];
  for (const step of transcript.steps) {
    if (!isTranscriptLine(step)) {
      out.push(fit(`${step.from}: ${step.event}`, LINE_WIDTH));
      continue;
    }
    const head = `${step.from === "client" ? "client → server" : "server → client"} (${step.bytes} bytes)`;
    const repeat = repeatOf(step, shown);
    if (repeat !== undefined) {
      out.push(fit(`${head}: ${repeat}`, LINE_WIDTH));
      continue;
    }
    out.push(head);
    out.push(...lineText(step.line, layout));
  }
  out.push(fit(`Outcome: ${transcript.outcome}.`, LINE_WIDTH));
  return out.join("\n");
}
