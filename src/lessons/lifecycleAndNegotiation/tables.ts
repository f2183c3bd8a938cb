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

/** The rule that dropped a tool, as section 6's table of the course's host's rules names it. */
const RULE_NAMES = { allowlist: "allowlist", version: "version rule" } as const;

/**
 * Section 6's policy table: the course's host under each of its policies (none, the allowlist
 * alone, the version rule alone, both), the tools it keeps of the five declared (its negotiated
 * tools), and those it drops, each with the rule that dropped it.
 */
export function formatPolicies(result: LifecycleAndNegotiationResult): string {
  const dropped = (row: LifecycleAndNegotiationResult["policies"][number]) => {
    if (row.dropped.length === 0) return "-";
    const rules = [...new Set(row.dropped.map((d) => d.reason))];
    return rules
      .map(
        (rule) =>
          `${row.dropped
            .filter((d) => d.reason === rule)
            .map((d) => d.tool)
            .join(", ")} (${RULE_NAMES[rule]})`,
      )
      .join("; ");
  };
  return formatTextTable(
    ["policy", "tools kept", "dropped (by which rule)"],
    result.policies.map((row) => [row.name, row.negotiated.length, dropped(row)]),
  );
}
