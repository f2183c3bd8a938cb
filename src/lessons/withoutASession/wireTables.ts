/**
 * Lesson 10's wire tables: what `runWithoutASessionOnTheWire` counted, as plain text.
 *
 * Every table prints counts the same seed reproduces exactly, never a time; no printed line is
 * longer than {@link LINE_WIDTH} characters (transcripts are pretty-printed to fit, and a string
 * that still does not fit is cut with `…`).
 */
import { formatTextTable } from "../textTable";
import type {
  AutoMeeting,
  DiscoveryComparison,
  EraComparison,
  EraRun,
  WithoutASessionWire,
} from "./wire";
import { formatWireTranscript } from "../transcriptText";

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

/**
 * How a plan is named in the table: a stateless client has no session (2026-07-28
 * `basic/index.mdx`, "Statelessness"), so its `per-session` plan, discovering once on the
 * processes it keeps, is named `once`.
 */
function planLabel(run: Pick<DiscoveryComparison["runs"][number], "era" | "plan">): string {
  return run.era === "stateless" && run.plan === "per-session" ? "once" : run.plan;
}

/** Part (b): discovery per task, once (per session in the legacy era) and cached, in both eras. */
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
      planLabel(run),
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

/** Every wire table of lesson 10 for one result, titled, in the order of the parts (a)–(c), then the openings. */
export function formatWithoutASessionWire(result: WithoutASessionWire): string {
  return [
    `Lesson 6's tasks at level ${result.level}, seed ${result.seed}, discovering once per session`,
    formatEraCosts(result.eras),
    formatEraKinds(result.eras),
    "",
    `Discovery per task or per session (${result.discovery.tasks} tasks, ${result.discovery.gapMs / 60_000} virtual minutes apart; ttlMs ${result.discovery.ttlMs})`,
    formatDiscoveryPlans(result.discovery),
    "",
    "auto meeting a legacy-only server and a dual-era one",
    formatAutoMeetings(result.auto),
    "",
    "The probe in place, on a legacy-only server",
    formatWireTranscript(result.inPlaceProbe, [
      { transcript: result.openings.legacy, where: "the legacy opening" },
    ]),
    "",
    "The legacy opening",
    formatWireTranscript(result.openings.legacy),
    "",
    "The stateless opening",
    formatWireTranscript(result.openings.stateless),
    "",
    "A confirmed write (serve kayit --confirm-writes), a declined one, a forged one",
    formatWireTranscript(result.confirm.accepted),
    formatWireTranscript(result.confirm.declined, [
      { transcript: result.confirm.accepted, where: "the confirmed write" },
    ]),
    formatWireTranscript(result.confirm.forged, [
      { transcript: result.confirm.accepted, where: "the confirmed write" },
    ]),
  ].join("\n");
}
