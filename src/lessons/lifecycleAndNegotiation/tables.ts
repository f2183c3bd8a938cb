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
  "legacy" | "legacyMismatch" | "stateless" | "discover" | "kayit" | "statelessMismatch";

/** The transcripts the lesson prints, by the name a cell passes to {@link formatLines}. */
export type LinesName = Exclude<TranscriptName, "stateless">;

/** The transcripts printed without their ending (stdin closed, exit code, outcome): section 1 showed one. */
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
 * section 1's did (stdin closed, exit code 0), so their ending is left out.
 */
export function formatLines(wire: LifecycleAndNegotiationWire, name: LinesName): string {
  const shown: ShownTranscript[] = SHOWN_BEFORE[name].map(([key, where]) => ({
    transcript: wire[key],
    where,
  }));
  const ending = !WITHOUT_ENDING.includes(name);
  return formatWireTranscript(wire[name], shown, {
    lines: "folded",
    events: ending,
    outcome: ending,
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

const yesNo = (value: boolean) => (value ? "yes" : "no");

/** What each of the world's tools does, in English: the table's gloss of its Turkish name. */
const TOOL_GLOSSES: Readonly<Record<string, string>> = {
  sayac_oku: "read meter",
  tuketim: "consumption",
  tarife: "tariff",
  bolge_ozet: "region summary",
  kayit_yaz: "write record",
};

/** The five tools as their servers declare them, with the client's known version and allowlist. */
export function formatDeclaredTools(result: LifecycleAndNegotiationResult): string {
  return formatTextTable(
    ["server", "version", "known", "tool", "(gloss)", "fields", "side effect", "allowlist"],
    result.declared.map((t) => [
      t.server,
      t.version,
      t.known,
      t.tool,
      TOOL_GLOSSES[t.tool] ?? "",
      t.fields.join(", "),
      yesNo(t.sideEffect),
      yesNo(t.allowed),
    ]),
  );
}

/** The four policies against the same declarations: tools negotiated and dropped, and why. */
export function formatPolicies(result: LifecycleAndNegotiationResult): string {
  const table = formatTextTable(
    ["policy", "negotiated", "dropped", "dropped tools (rule)"],
    result.policies.map((p) => [
      p.name,
      p.negotiated.length,
      p.dropped.length,
      p.dropped.map((d) => `${d.tool} (${d.reason})`).join(", ") || "-",
    ]),
  );
  const last = result.policies[result.policies.length - 1];
  return `${table}\nnegotiated under ${last.name}: ${last.negotiated.join(", ")}`;
}
