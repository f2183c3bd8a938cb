/**
 * Lesson 5, "Lifecycle and Negotiation": each printed table and transcript as text, no line wider
 * than the page.
 */
import { formatTextTable } from "../textTable";
import { formatWireTranscript, type ShownTranscript } from "../transcriptText";
import type { LifecycleAndNegotiationResult } from "./simulate";
import type { LifecycleAndNegotiationWire } from "./wire";

/** The wire's transcripts, by name: one server process each. */
export type TranscriptName =
  | "legacy"
  | "legacyMismatch"
  | "stateless"
  | "discover"
  | "kayit"
  | "statelessMismatch"
  | "dualEraMismatch";

/** The transcripts the lesson prints, by the name a cell passes to {@link formatLines}. */
export type LinesName = Exclude<TranscriptName, "stateless" | "dualEraMismatch">;

/** The transcripts printed without their ending (stdin closed, exit code): section 1 showed one. */
const WITHOUT_ENDING: readonly LinesName[] = ["discover", "statelessMismatch", "kayit"];

/** What each printed transcript names instead of printing a line again, and where it was shown. */
const SHOWN_BEFORE: Readonly<Record<LinesName, readonly (readonly [TranscriptName, string])[]>> = {
  legacy: [],
  legacyMismatch: [["legacy", "section 1"]],
  discover: [],
  statelessMismatch: [["discover", "section 3"]],
  kayit: [["discover", "section 3"]],
};

/**
 * One of the lesson's real exchanges, line by line: each line exactly as it crossed, folded after
 * commas where it is wider than the page (`formatWireTranscript`, layout `folded`); a line that
 * repeats one printed earlier in the lesson is named instead. The stateless exchanges end as
 * section 1's did (stdin closed, exit code 0), so their ending is left out. No transcript prints
 * its outcome sentence: the prose after each says what happened.
 */
export function formatLines(wire: LifecycleAndNegotiationWire, name: LinesName): string {
  const shown: ShownTranscript[] = SHOWN_BEFORE[name].map(([key, where]) => ({
    transcript: wire[key],
    where,
  }));
  return formatWireTranscript(wire[name], shown, {
    lines: "folded",
    events: !WITHOUT_ENDING.includes(name),
    outcome: false,
  });
}

/** What each opening of `olcum` sent before the first `tools/call`: messages by kind, and bytes. */
export function formatOpeningCosts(wire: LifecycleAndNegotiationWire): string {
  return formatTextTable(
    ["opening", "requests", "responses", "notifications", "messages", "bytes"],
    wire.costs.map((c) => [
      c.opening,
      c.requests,
      c.responses,
      c.notifications,
      c.messages,
      c.bytes,
    ]),
  );
}

/**
 * Section 6's hosts on the gate's task, the person saying no: tools kept, the task's calls the
 * gate would hold for a person (reached or not), requests, and whether the task completed, or
 * where it stopped.
 */
export function formatHosts(result: LifecycleAndNegotiationResult): string {
  const completed = (h: LifecycleAndNegotiationResult["hosts"][number]) =>
    h.completed ? "yes" : h.stopped === undefined ? "no" : `no, ${h.stopped.tool} ${h.stopped.how}`;
  return formatTextTable(
    ["host (the person says no)", "annotations", "kept", "would ask", "requests", "completed"],
    result.hosts.map((h) => [h.host, h.annotations, h.kept, h.asked, h.requests, completed(h)]),
  );
}
