/**
 * Lesson 5, "Lifecycle and Negotiation": the real half. Scripted exchanges with real
 * `mcp-course serve` processes over stdio (`wireClient/transcripts.ts`): the two eras' openings,
 * a stateless opening that asks `server/discover` first (on `olcum`, and on `kayit`), and a
 * version mismatch in each era (in 2026-07-28 twice: an unknown version, then 2025-11-25); then
 * what each opening sends before the first `tools/call`, counted from its lines. No line carries a subscriber, so nothing here depends on a seed.
 */
import { isTranscriptLine, type Transcript } from "../../wireClient/lineExchange";
import {
  discoverOpening,
  legacyMismatch,
  metaMemberBytes,
  openings,
  statelessMismatch,
} from "../../wireClient/transcripts";
import { interruptible } from "../../wireClient/interruptible";

/** The kind of a JSON-RPC message, read off its members. */
export type LineKind = "request" | "response" | "notification";

/** One line of an opening: who sent it, what it is, the method it belongs to, its bytes. */
export interface OpeningLine {
  from: "client" | "server";
  kind: LineKind;
  /** The request's or notification's method; for a response, its request's. */
  method: string;
  /** The line's bytes, its newline included. */
  bytes: number;
}

/** What an opening sends before the first `tools/call`: its lines and their totals. */
export interface OpeningCost {
  /** The opening's name as the table prints it. */
  opening: string;
  lines: OpeningLine[];
  requests: number;
  responses: number;
  notifications: number;
  /** All lines, both directions. */
  messages: number;
  bytes: number;
}

/** Everything the real half of lesson 5 reads off the wire. */
export interface LifecycleAndNegotiationWire {
  /** 2025-11-25 on `serve olcum`: `initialize`, its answer, `notifications/initialized`, `tools/list`. */
  legacy: Transcript;
  /** The same dual-era server asked for 2025-03-26, which it does not speak: the client leaves. */
  legacyMismatch: Transcript;
  /** 2026-07-28 on `serve olcum`: `tools/list` at once. */
  stateless: Transcript;
  /** 2026-07-28 on `serve olcum`: `server/discover`, then `tools/list`. */
  discover: Transcript;
  /** The same on `serve kayit`: its version and its tools' annotations. */
  kayit: Transcript;
  /**
   * The dual-era `olcum` asked through `_meta` for `1900-01-01`, a version no server speaks (the
   * spec's own example, versioning.mdx): −32022 with `data.supported`, then the retry in 2026-07-28.
   */
  statelessMismatch: Transcript;
  /**
   * The same asked for 2025-11-25 through `_meta`: −32022 too, whose `data.supported` lists
   * 2026-07-28 alone (2025-11-25 is served only through `initialize`); then the retry in 2026-07-28.
   */
  dualEraMismatch: Transcript;
  /** The three openings of `olcum` counted: legacy, stateless, stateless with discover first. */
  costs: OpeningCost[];
  /** Bytes of `,"_meta":{…}` inside every stateless request's `params`. */
  metaBytes: number;
  /** How many server processes the real half started: one per transcript. */
  processes: number;
}

/** A line's kind and method; a response takes the method of the request it answers. */
function classify(transcript: Transcript): OpeningLine[] {
  const methods = new Map<string, string>();
  const out: OpeningLine[] = [];
  for (const step of transcript.steps) {
    if (!isTranscriptLine(step)) continue;
    const message = JSON.parse(step.line) as { id?: unknown; method?: unknown };
    const id = JSON.stringify(message.id);
    if (typeof message.method === "string") {
      const kind = message.id === undefined ? "notification" : "request";
      if (kind === "request") methods.set(id, message.method);
      out.push({ from: step.from, kind, method: message.method, bytes: step.bytes });
    } else {
      out.push({
        from: step.from,
        kind: "response",
        method: methods.get(id) ?? "",
        bytes: step.bytes,
      });
    }
  }
  return out;
}

/** An opening's lines counted by kind, and its bytes. */
function openingCost(opening: string, transcript: Transcript): OpeningCost {
  const lines = classify(transcript);
  const count = (kind: LineKind) => lines.filter((line) => line.kind === kind).length;
  return {
    opening,
    lines,
    requests: count("request"),
    responses: count("response"),
    notifications: count("notification"),
    messages: lines.length,
    bytes: lines.reduce((sum, line) => sum + line.bytes, 0),
  };
}

/** A version no server speaks: `basic/versioning.mdx`'s own −32022 example asks for it. */
export const UNKNOWN_VERSION = "1900-01-01";

/** The openings' names, as the cost table and the chart print them. */
const OPENING_NAMES = {
  legacy: "2025-11-25, initialize",
  stateless: "2026-07-28",
  discover: "2026-07-28, server/discover first",
} as const;

/**
 * Runs lesson 5's real half: seven short-lived server processes, side by side, each spoken to by a
 * scripted client (`openings` starts two).
 *
 * An interrupt (SIGINT) in a kernel stops the run as a whole (`interruptible`): its servers are
 * killed, no other starts, and the run rejects with one line.
 *
 * @throws Error when `dist/` is not built, a server does not start, or a server answers in a way
 *   the lesson's story does not allow (the transcripts' own checks).
 * @throws RunInterrupted when interrupted in a kernel.
 */
export function runLifecycleAndNegotiationOnTheWire(): Promise<LifecycleAndNegotiationWire> {
  return interruptible(() => lifecycleAndNegotiationOnTheWire());
}

/** {@link runLifecycleAndNegotiationOnTheWire}'s run. */
async function lifecycleAndNegotiationOnTheWire(): Promise<LifecycleAndNegotiationWire> {
  const [opened, discover, kayit, stateless, dualEra, legacy] = await Promise.all([
    openings(),
    discoverOpening("olcum"),
    discoverOpening("kayit"),
    statelessMismatch("both", UNKNOWN_VERSION),
    statelessMismatch("both"),
    legacyMismatch(),
  ]);
  const transcripts = [
    opened.legacy,
    opened.stateless,
    discover,
    kayit,
    stateless,
    dualEra,
    legacy,
  ];
  return {
    legacy: opened.legacy,
    legacyMismatch: legacy,
    stateless: opened.stateless,
    discover,
    kayit,
    statelessMismatch: stateless,
    dualEraMismatch: dualEra,
    costs: [
      openingCost(OPENING_NAMES.legacy, opened.legacy),
      openingCost(OPENING_NAMES.stateless, opened.stateless),
      openingCost(OPENING_NAMES.discover, discover),
    ],
    metaBytes: metaMemberBytes(),
    processes: new Set(transcripts).size,
  };
}
