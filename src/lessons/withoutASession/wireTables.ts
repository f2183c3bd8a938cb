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
import { isTranscriptLine, type Transcript } from "../../wireClient/lineExchange";
import { metaMemberBytes } from "../../wireClient/transcripts";

/** One row of section 1's table: what an era sends for the protocol's fields, and its bytes. */
export interface FieldBytes {
  era: "legacy" | "stateless";
  /** Which messages carry it: `once per server`, `every request (_meta)`, … */
  carriedBy: string;
  /** What it is: a whole legacy message, or the fields a stateless message gains. */
  what: string;
  /** Bytes on the wire: a legacy message's line with its newline; a stateless field's member. */
  bytes: number;
}

/** The JSON lines of a transcript, each parsed, with who wrote it and its bytes. */
function parsedLines(transcript: Transcript) {
  return transcript.steps.filter(isTranscriptLine).map((step) => ({
    ...step,
    message: JSON.parse(step.line) as Record<string, any>,
  }));
}

/** Bytes of `,"key":value` as a member of a JSON object. */
const memberBytes = (key: string, value: unknown): number =>
  Buffer.byteLength(`,${JSON.stringify(key)}:${JSON.stringify(value)}`);

/**
 * Section 1: the bytes of the protocol's fields on `olcum`'s real lines (`openings`). Legacy: the
 * three messages of the opening, whole, sent once per server. Stateless (2026-07-28
 * `basic/index.mdx`, "Per-request protocol fields" and "Per-response protocol fields";
 * `server/utilities/caching.mdx`): the request's `_meta`, and the members a result gains:
 * `resultType`, the server's identity in `_meta`, and on a list result `ttlMs` and `cacheScope`.
 *
 * @throws Error when a line the table reads is missing, or the opening's request `_meta` is not
 *   the size the era runs measured (`requestMetaBytes`).
 */
export function fieldBytes(wire: WithoutASessionWire): FieldBytes[] {
  const legacy = parsedLines(wire.openings.legacy);
  const stateless = parsedLines(wire.openings.stateless);
  const pick = <T>(found: T | undefined, what: string): T => {
    if (found === undefined) throw new Error(`no ${what} in the openings`);
    return found;
  };
  const init = pick(
    legacy.find((l) => l.from === "client" && l.message.method === "initialize"),
    "initialize request",
  );
  const initResult = pick(
    legacy.find((l) => l.from === "server" && l.message.id === init.message.id),
    "initialize result",
  );
  const initialized = pick(
    legacy.find((l) => l.from === "client" && l.message.method === "notifications/initialized"),
    "notifications/initialized",
  );
  const request = pick(
    stateless.find((l) => l.from === "client"),
    "stateless request",
  );
  const requestMeta = metaMemberBytes(request.message.params._meta);
  if (requestMeta !== wire.eras.requestMetaBytes)
    throw new Error(
      `the opening's _meta is ${requestMeta} bytes, the runs' ${wire.eras.requestMetaBytes}`,
    );
  const result = pick(
    stateless.find((l) => l.from === "server")?.message.result as Record<string, any> | undefined,
    "stateless result",
  );
  const server = String(result._meta?.["io.modelcontextprotocol/serverInfo"]?.name);
  return [
    {
      era: "legacy",
      carriedBy: "once per server",
      what: "initialize request, whole",
      bytes: init.bytes,
    },
    {
      era: "legacy",
      carriedBy: "once per server",
      what: "its result, whole",
      bytes: initResult.bytes,
    },
    {
      era: "legacy",
      carriedBy: "once per server",
      what: "notifications/initialized, whole",
      bytes: initialized.bytes,
    },
    {
      era: "stateless",
      carriedBy: "every request (_meta)",
      what: "protocolVersion, clientInfo, clientCapabilities",
      bytes: requestMeta,
    },
    {
      era: "stateless",
      carriedBy: "every result",
      what: "resultType",
      bytes: memberBytes("resultType", result.resultType),
    },
    {
      era: "stateless",
      carriedBy: "every result (_meta)",
      what: `serverInfo of ${server}`,
      bytes: metaMemberBytes(result._meta),
    },
    {
      era: "stateless",
      carriedBy: "discover and list results",
      what: "ttlMs and cacheScope",
      bytes: memberBytes("ttlMs", result.ttlMs) + memberBytes("cacheScope", result.cacheScope),
    },
  ];
}

/** Section 1's table: {@link fieldBytes}, one row each. */
export function formatFieldBytes(wire: WithoutASessionWire): string {
  return formatTextTable(
    ["era", "carried by", "what", "bytes"],
    fieldBytes(wire).map((row) => [row.era, row.carriedBy, row.what, row.bytes]),
  );
}

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
      "all procs",
      "messages",
      "bytes",
      "msgs before 1st call",
      "discovery bytes",
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
      "all procs",
      "initialize",
      "lists",
      "messages",
      "bytes",
      "discovery bytes",
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
    "A confirmed write (serve kayit --confirm-writes), a declined one, a forged one, another call's state",
    formatWireTranscript(result.confirm.accepted),
    formatWireTranscript(result.confirm.declined, [
      { transcript: result.confirm.accepted, where: "the confirmed write" },
    ]),
    formatWireTranscript(result.confirm.forged, [
      { transcript: result.confirm.accepted, where: "the confirmed write" },
    ]),
    formatWireTranscript(result.confirm.mismatched, [
      { transcript: result.confirm.accepted, where: "the confirmed write" },
    ]),
  ].join("\n");
}
