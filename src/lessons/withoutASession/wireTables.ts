/**
 * Lesson 10's wire tables: what `runWithoutASessionOnTheWire` counted, as plain text.
 *
 * Every table prints counts the same seed reproduces exactly, never a time; no printed line is
 * longer than {@link LINE_WIDTH} characters (transcripts are pretty-printed to fit, and a string
 * that still does not fit is cut with `…`).
 */
import { formatTextTable } from "../textTable";
import { ratio } from "../simulationAgainstTheWire/tables";
import { crossingText, type Crossing } from "./crossing";
import type {
  AutoMeeting,
  DiscoveryComparison,
  EraComparison,
  EraRun,
  MismatchTranscript,
  TranscriptEvent,
  TranscriptLine,
  WithoutASessionWire,
} from "./wire";
import { LINE_WIDTH } from "../../notebook/lineWidth";

/** Part (a): each era's messages and bytes, the fixed cost before the first call and the cost per call. */
export function formatEraCosts(eras: EraComparison): string {
  const row = (run: EraRun) => [
    run.era,
    run.processes,
    run.messages,
    run.bytes,
    run.beforeFirstCall.messages,
    run.beforeFirstCall.bytes,
    run.calls,
    run.bytesPerCall.toFixed(1),
  ];
  return formatTextTable(
    [
      "era",
      "processes",
      "messages",
      "bytes",
      "msgs before 1st call",
      "bytes before",
      "calls",
      "bytes/call",
    ],
    [row(eras.legacy), row(eras.stateless)],
  );
}

/** Part (a): messages by JSON-RPC kind in each era. */
export function formatEraKinds(eras: EraComparison): string {
  return formatTextTable(
    ["era", "requests", "responses", "notifications", "tools/call bytes sent", "received"],
    [eras.legacy, eras.stateless].map((run) => [
      run.era,
      run.kinds.request,
      run.kinds.response,
      run.kinds.notification,
      run.work.sentBytes,
      run.work.receivedBytes,
    ]),
  );
}

/** A crossing in words, read off the runs' points: where the order of the eras changes, or that it never does. */
export function describeCrossing(crossing: Crossing): string {
  const what = crossing.value[0].toUpperCase() + crossing.value.slice(1);
  const [first] = crossing.gaps;
  const last = crossing.gaps[crossing.gaps.length - 1];
  const lower = crossing.cheaperFirst === "a" ? crossing.a : crossing.b;
  if (crossing.cheaperFirst === "equal") {
    return crossing.at === null
      ? `${what}: equal at every point.`
      : `${what}: equal before the first call; apart ${crossingText(crossing)}.`;
  }
  if (crossing.at === null) {
    const strict = crossing.gaps.every((gap) => Math.sign(gap) === Math.sign(first));
    return `${what}: ${lower} lower from the first point (by ${Math.abs(first)}) ${strict ? "to the last" : "and never higher"} (by ${Math.abs(last)}); no crossing.`;
  }
  return `${what}: ${lower} lower before the first call (by ${Math.abs(first)}); the order changes ${crossingText(crossing)}.`;
}

/** Part (a): both crossings and the `_meta` every stateless request carries. */
export function formatWireCrossings(eras: EraComparison): string {
  const perRequest =
    eras.legacy.calls === 0
      ? "-"
      : ratio(eras.stateless.work.sentBytes - eras.legacy.work.sentBytes, eras.legacy.calls);
  return [
    describeCrossing(eras.bytes),
    describeCrossing(eras.messages),
    `Stateless requests carry ${eras.requestMetaBytes} bytes of _meta; tools/call requests grew ${perRequest} on average.`,
  ].join("\n");
}

/** Part (a): cumulative messages and bytes of both eras, before the first call and after each task. */
export function formatWireCumulative(eras: EraComparison): string {
  const { legacy, stateless } = eras;
  return formatTextTable(
    ["after task", "calls", "sent", "bytes: legacy", "stateless", "messages: legacy", "stateless"],
    legacy.cumulative.map((p, i) => [
      p.task,
      p.calls,
      p.wireCalls,
      p.bytes,
      stateless.cumulative[i].bytes,
      p.messages,
      stateless.cumulative[i].messages,
    ]),
  );
}

/** Part (b): discovery per task, per session and cached, in both eras. */
export function formatDiscoveryPlans(discovery: DiscoveryComparison): string {
  return formatTextTable(
    [
      "era",
      "discovery",
      "processes",
      "initialize",
      "lists",
      "messages",
      "bytes",
      "of them discovery",
      "done",
    ],
    discovery.runs.map((run) => [
      run.era,
      run.plan,
      run.processes,
      run.initializes,
      run.listings,
      run.messages,
      run.bytes,
      run.discoveryBytes,
      run.completed,
    ]),
  );
}

/** Part (c): what `auto` cost against each server, beside opening it directly in the settled era. */
export function formatAutoMeetings(meetings: readonly AutoMeeting[]): string {
  return formatTextTable(
    [
      "server",
      "verdict",
      "probe msgs",
      "probe bytes",
      "probe answer",
      "extra procs",
      "extra bytes",
    ],
    meetings.map((m) => [
      m.server,
      m.verdict,
      m.probe.messages,
      m.probe.bytes,
      m.probe.answer,
      m.extra.processes,
      m.extra.bytes,
    ]),
  );
}

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

function isLine(step: TranscriptLine | TranscriptEvent): step is TranscriptLine {
  return "line" in step;
}

/** A transcript already shown, whose lines another need not print again, and where it was shown. */
export interface ShownTranscript {
  transcript: MismatchTranscript;
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
      if (!isLine(step) || step.from !== line.from) continue;
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
 * Part (d): a mismatch as it crossed the wire: each line pretty-printed under who sent it and its
 * bytes. A line that repeats one of `shown` (byte for byte, or but for its id) is named, not
 * printed again.
 */
export function formatMismatchTranscript(
  transcript: MismatchTranscript,
  shown: readonly ShownTranscript[] = [],
): string {
  const out = [fit(`$ ${transcript.command}`, LINE_WIDTH)];
  for (const step of transcript.steps) {
    if (!isLine(step)) {
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
    out.push(...prettyJson(JSON.parse(step.line), LINE_WIDTH, "  "));
  }
  out.push(fit(`Outcome: ${transcript.outcome}.`, LINE_WIDTH));
  return out.join("\n");
}

/** Every wire table of lesson 10 for one result, titled, in the order of the parts (a)–(d). */
export function formatWithoutASessionWire(result: WithoutASessionWire): string {
  return [
    `Lesson 6's tasks at level ${result.level}, seed ${result.seed}, discovering once per session`,
    formatEraCosts(result.eras),
    formatEraKinds(result.eras),
    formatWireCumulative(result.eras),
    formatWireCrossings(result.eras),
    "",
    `Discovery per task or per session (${result.discovery.tasks} tasks, ${result.discovery.gapMs / 60_000} virtual minutes apart; ttlMs ${result.discovery.ttlMs})`,
    formatDiscoveryPlans(result.discovery),
    "",
    "auto meeting a legacy-only server and a dual-era one",
    formatAutoMeetings(result.auto),
    "",
    "The probe in place, on a legacy-only server",
    formatMismatchTranscript(result.inPlaceProbe, [
      { transcript: result.openings.legacy, where: "the legacy opening" },
    ]),
    "",
    "The legacy opening",
    formatMismatchTranscript(result.openings.legacy),
    "",
    "The stateless opening",
    formatMismatchTranscript(result.openings.stateless),
    "",
    "A version mismatch, stateless",
    formatMismatchTranscript(result.mismatch.stateless, [
      { transcript: result.openings.stateless, where: "the stateless opening" },
    ]),
    "",
    "A version mismatch, legacy",
    formatMismatchTranscript(result.mismatch.legacy),
  ].join("\n");
}
