/**
 * Lesson 10's tables of the simulated half, as its notebook prints them.
 *
 * The layout is the course's own (`lessons/textTable.ts`), in the style of lesson 7's tables.
 * Every printed line is at most 100 characters (what a classic Notebook shows without wrapping). Each function returns text without
 * a trailing newline.
 */
import { PROTOCOL_FIELDS, type ProtocolEra, type ProtocolField } from "../../sim/eras";
import { formatTextTable, type Cell } from "../textTable";
import type {
  DiscoveryModes,
  LessonSixEras,
  MessageCosts,
  WithoutASessionResult,
} from "./simulate";

/** Tokens per call, one decimal. */
export function perCallText(tokens: number): string {
  return tokens.toFixed(1);
}

/** Part (a): each era's run of lesson 6's twelve tasks, discovery once. */
export function formatEraRuns(eras: LessonSixEras): string {
  return formatTextTable(
    ["era", "messages", "tokens", "round trips", "before 1st call", "wire calls", "per call"],
    eras.rows.map((r) => [
      r.label,
      r.total.request + r.total.response + r.total.notification,
      r.total.tokens,
      r.total.round_trips,
      r.fixed.tokens,
      r.wireCalls,
      perCallText(r.tokensPerCall),
    ]),
  );
}

/**
 * Part (b): lesson 6's twelve tasks, discovery per task, per session, or cached. *disc. messages*
 * and *disc. tokens* count the discovery alone (opening and lists); *total tokens* and *round trips*
 * the whole run, calls included.
 */
export function formatModes(modes: DiscoveryModes): string {
  return formatTextTable(
    ["discovery", "discoveries", "disc. messages", "disc. tokens", "total tokens", "round trips"],
    modes.rows.map((r) => [
      r.name,
      r.discoveries,
      r.discoveryMessages,
      r.discovery.tokens,
      r.total.tokens,
      r.total.round_trips,
    ]),
  );
}

/** Part (b): before which tasks each cached client discovered, at the spacing of the run. */
export function formatCacheRefetches(modes: DiscoveryModes): string {
  const minutes = (ms: number) => `${ms / 60_000} min`;
  return [
    `tasks ${minutes(modes.taskSpacingMs)} apart, list results fresh for ${minutes(modes.ttlMs)} (ttlMs ${modes.ttlMs})`,
    ...modes.rows
      .filter((r) => r.mode === "cached")
      .map((r) => `${r.name}: discovered before task ${r.discoveredBefore.join(", ")}`),
  ].join("\n");
}

/** Short column titles for the protocol fields, and their legend. */
const FIELD_TITLES: Record<ProtocolField, string> = {
  protocolVersion: "version",
  clientCapabilities: "caps",
  clientInfo: "client",
  resultType: "type",
  serverInfo: "server",
  cache: "cache",
};

/** The legend of {@link FIELD_TITLES}. */
export const FIELD_LEGEND =
  "version = protocolVersion, caps = client capabilities, client = clientInfo,\n" +
  "type = resultType, server = serverInfo, cache = ttlMs and cacheScope";

/** The label of a message in the cost table: its method, and `request` or `result` (a notification: the method alone). */
function messageLabel(method: string, kind: string): string {
  return kind === "notification"
    ? method
    : `${method} ${kind === "request" ? "request" : "result"}`;
}

/**
 * Part (c): the priced server's messages in one era, token by token: content, each protocol
 * field, the envelope's 8, the total (a tool call's content varies: `-`, and its total is what
 * the fields and envelope add).
 */
export function formatMessageCosts(costs: MessageCosts, era: ProtocolEra): string {
  return formatTextTable(
    [
      `${era} (${costs.revisions[era]})`,
      "content",
      ...PROTOCOL_FIELDS.map((f) => FIELD_TITLES[f]),
      "envelope",
      "total",
    ],
    costs.messages
      .filter((m) => m.era === era)
      .map((m): Cell[] => [
        messageLabel(m.method, m.kind),
        m.content ?? "-",
        ...PROTOCOL_FIELDS.map((f) => m.fields[f]),
        m.envelope,
        m.total,
      ]),
  );
}

/** Part (c): each protocol field as each era words it, its tokens, and which messages carry it. */
export function formatFieldCosts(costs: MessageCosts): string {
  return formatTextTable(
    ["era", "words", "tokens", "carried by"],
    costs.fields.map((f) => [f.era, f.words, f.tokens, f.carriedBy]),
  );
}

/** All of the simulated half's tables, each under a `## title`; ends with a newline. */
export function formatWithoutASession(result: WithoutASessionResult): string {
  const { lessonSix, modes, costs } = result;
  const sections: [string, string][] = [
    [
      `lesson 6's twelve tasks in both eras (seed ${result.seed}, level ${result.level})`,
      formatEraRuns(lessonSix),
    ],
    ["lesson 6's twelve tasks: discovery per task, per session, or cached", formatModes(modes)],
    ["when the cached clients discovered", formatCacheRefetches(modes)],
    [`what each message costs: ${costs.server}, legacy`, formatMessageCosts(costs, "legacy")],
    [
      `what each message costs: ${costs.server}, stateless`,
      `${formatMessageCosts(costs, "stateless")}\n${FIELD_LEGEND}`,
    ],
    ["the protocol fields", formatFieldCosts(costs)],
  ];
  return sections.map(([title, body]) => `## ${title}\n${body}\n`).join("\n");
}
