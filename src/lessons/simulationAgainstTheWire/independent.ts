/**
 * What lesson 9 measures that the simulator did not build: the SDK's high-level fleet server's
 * declarations beside ours, the approval gate under MCP's defaults beside the reference's, and
 * lesson 7's discovery (the lists beyond the tools) on the wire.
 *
 * Nothing here talks to a server: it reads what `measurements.ts` gathered. Tokens are lesson 6's
 * tokenizer (`countTokens`) over a tool's JSON text, the course's own estimate; bytes are UTF-8.
 */
import { sendDiscovery } from "../../simulatedClient/discovery";
import { discoveryToSend } from "../../simulatedClient/discovery";
import { Envelope } from "../../sim/envelope";
import type { ProtocolEra } from "../../sim/eras";
import type { Level } from "../../sim/declaration";
import type { ServerFacts } from "../../sim/server";
import { countTokens } from "../../sim/tokenizer";
import type { RunRow } from "../../world/runTasks";
import type { TrafficCounts } from "../../wireClient/trafficCounts";
import type { GateRule } from "../../wireClient/tools";
import type { WireRunRow, WireTaskCounts } from "../../wireClient/tasks";

/** A plain JSON object. */
type JsonObject = { [key: string]: unknown };

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** One key one side has and the other lacks, where it is, and its value. */
export interface KeyChange {
  /** Where the key sits, as a dotted path from the tool (`inputSchema.properties.limit`). */
  path: string;
  key: string;
  value: unknown;
}

/** An object whose shared keys come in another order. */
export interface KeyMove {
  path: string;
  /** The shared keys in our order, then in theirs. */
  from: string[];
  to: string[];
}

/** A value that differs at the same place. */
export interface ValueChange {
  path: string;
  from: unknown;
  to: unknown;
}

/** One tool as two servers list it: sizes, and what the second did to the first's declaration. */
export interface ToolListDiff {
  name: string;
  /** `JSON.stringify(tool)`'s UTF-8 bytes: ours, then theirs. */
  bytes: [number, number];
  /** Lesson 6's tokenizer over that text: ours, then theirs. */
  tokens: [number, number];
  added: KeyChange[];
  removed: KeyChange[];
  moved: KeyMove[];
  changed: ValueChange[];
}

/** Walks two JSON values side by side, noting keys added, removed and moved, and values changed. */
function compareValues(
  ours: unknown,
  theirs: unknown,
  path: string,
  diff: Pick<ToolListDiff, "added" | "removed" | "moved" | "changed">,
): void {
  const at = (key: string) => (path === "" ? key : `${path}.${key}`);
  if (isObject(ours) && isObject(theirs)) {
    const ourKeys = Object.keys(ours);
    const theirKeys = Object.keys(theirs);
    for (const key of theirKeys)
      if (!(key in ours)) diff.added.push({ path: at(key), key, value: theirs[key] });
    for (const key of ourKeys)
      if (!(key in theirs)) diff.removed.push({ path: at(key), key, value: ours[key] });
    const from = ourKeys.filter((key) => key in theirs);
    const to = theirKeys.filter((key) => key in ours);
    if (from.join("\n") !== to.join("\n")) diff.moved.push({ path, from, to });
    for (const key of from) compareValues(ours[key], theirs[key], at(key), diff);
    return;
  }
  if (Array.isArray(ours) && Array.isArray(theirs) && ours.length === theirs.length) {
    ours.forEach((item, k) => compareValues(item, theirs[k], at(String(k)), diff));
    return;
  }
  if (JSON.stringify(ours) !== JSON.stringify(theirs))
    diff.changed.push({ path, from: ours, to: theirs });
}

/**
 * Each tool of `ours`, in our order, beside the tool of the same name in `theirs` (a tool
 * `theirs` lacks is compared with nothing, all its keys removed).
 *
 * @param ours the tools as our server's `tools/list` carried them on the wire.
 * @param theirs the same for the other server.
 */
export function compareToolLists(
  ours: readonly unknown[],
  theirs: readonly unknown[],
): ToolListDiff[] {
  const named = (list: readonly unknown[], name: string) =>
    list.find((tool) => isObject(tool) && tool.name === name);
  return ours.filter(isObject).map((tool) => {
    const name = String(tool.name);
    const other = named(theirs, name) ?? {};
    const diff: ToolListDiff = {
      name,
      bytes: [Buffer.byteLength(JSON.stringify(tool)), Buffer.byteLength(JSON.stringify(other))],
      tokens: [countTokens(JSON.stringify(tool)), countTokens(JSON.stringify(other))],
      added: [],
      removed: [],
      moved: [],
      changed: [],
    };
    compareValues(tool, other, "", diff);
    return diff;
  });
}

/** One kind of change over all tools, with how often it happened. */
export interface ChangeGroup {
  change: "added" | "removed" | "moved" | "changed";
  /** The key (added, removed), or the keys in both orders (moved), or the place (changed). */
  what: string;
  /** The value added or removed, as JSON; for `changed`, `from → to`; empty for `moved`. */
  detail: string;
  count: number;
}

/** The changes of {@link compareToolLists} grouped: the same key with the same value, the same reordering. */
export function groupChanges(diffs: readonly ToolListDiff[]): ChangeGroup[] {
  const groups = new Map<string, ChangeGroup>();
  const note = (group: Omit<ChangeGroup, "count">) => {
    const key = JSON.stringify([group.change, group.what, group.detail]);
    const found = groups.get(key);
    if (found) found.count += 1;
    else groups.set(key, { ...group, count: 1 });
  };
  for (const diff of diffs) {
    for (const { key, value } of diff.added)
      note({ change: "added", what: key, detail: JSON.stringify(value) });
    for (const { key, value } of diff.removed)
      note({ change: "removed", what: key, detail: JSON.stringify(value) });
    for (const { from, to } of diff.moved)
      note({ change: "moved", what: `${from.join(", ")} → ${to.join(", ")}`, detail: "" });
    for (const { path, from, to } of diff.changed)
      note({
        change: "changed",
        what: path,
        detail: `${JSON.stringify(from)} → ${JSON.stringify(to)}`,
      });
  }
  return [...groups.values()];
}

/** One level's gate comparison: the same tasks, the same processes, one gate rule each. */
export interface GateLevel {
  level: Level;
  /** The simulator's run under the wide allowlist (the reference's gate), to hold the wire's against. */
  simulated: RunRow;
  /** Each rule's walk: its counts and the `tools/call` requests it sent. */
  rules: Record<GateRule, WireTaskCounts & { sent: number }>;
}

/** `tools/call` requests in a walk's traffic. */
export function callsSent(traffic: TrafficCounts): number {
  return traffic.sent.byMethod["tools/call"]?.messages ?? 0;
}

/**
 * The gate comparison of one level from its legacy run's further walks (one per rule, in any
 * order) and the simulator's run under the same policy.
 *
 * @throws Error when the run lacks a walk for a rule.
 */
export function gateLevel(real: WireRunRow, simulated: RunRow): GateLevel {
  const walk = (gate: GateRule) => {
    const found = real.walks.find((row) => row.gate === gate);
    if (!found) throw new Error(`level ${real.level} has no walk gated by the ${gate} rule`);
    const { negotiated, dropped, calls, failed, completed, blocked, written, failures, drops } =
      found;
    return {
      negotiated,
      dropped,
      calls,
      failed,
      completed,
      blocked,
      written,
      failures,
      drops,
      sent: callsSent(found.traffic),
    };
  };
  return {
    level: real.level,
    simulated,
    rules: { specification: walk("specification"), reference: walk("reference") },
  };
}

/** One method of one server's discovery: lesson 7's messages and tokens beside the wire's messages and bytes. */
export interface DiscoveryMethod {
  method: string;
  simulatedMessages: number;
  simulatedTokens: number;
  wireMessages: number;
  wireBytes: number;
}

/** One server's discovery in one era: every method but `tools/call`. */
export interface DiscoveryCheck {
  era: ProtocolEra;
  revision: string;
  server: string;
  methods: DiscoveryMethod[];
}

/** The methods of discovery as MCP orders them. */
const DISCOVERY_ORDER = [
  "server/discover",
  "initialize",
  "notifications/initialized",
  "tools/list",
  "resources/list",
  "prompts/list",
];

/**
 * Lesson 7's discovery of one server in `era` (every list its capabilities call for, nothing
 * fresh, no `server/discover`), beside what the real client sent and received: its opening and
 * `tools/list`, then the `resources/list` and `prompts/list` it sent afterwards.
 *
 * @param opening the server's traffic without its `tools/call`s (they are left out here).
 * @param rest the traffic of the lists sent after the tasks.
 */
export function checkDiscovery(
  era: ProtocolEra,
  revision: string,
  facts: ServerFacts,
  opening: TrafficCounts,
  rest: TrafficCounts,
): DiscoveryCheck {
  const sent = sendDiscovery(discoveryToSend(facts, { era }), new Envelope());
  const methods = new Map<string, DiscoveryMethod>();
  const row = (method: string) => {
    let found = methods.get(method);
    if (!found)
      methods.set(
        method,
        (found = {
          method,
          simulatedMessages: 0,
          simulatedTokens: 0,
          wireMessages: 0,
          wireBytes: 0,
        }),
      );
    return found;
  };
  for (const message of sent) {
    const found = row(message.method);
    found.simulatedMessages += 1;
    found.simulatedTokens += message.tokens;
  }
  for (const traffic of [opening, rest]) {
    for (const direction of [traffic.sent, traffic.received]) {
      for (const [method, count] of Object.entries(direction.byMethod)) {
        if (method === "tools/call") continue;
        const found = row(method);
        found.wireMessages += count.messages;
        found.wireBytes += count.bytes;
      }
    }
  }
  const rank = (method: string) =>
    DISCOVERY_ORDER.includes(method) ? DISCOVERY_ORDER.indexOf(method) : DISCOVERY_ORDER.length;
  return {
    era,
    revision,
    server: facts.name,
    methods: [...methods.values()].sort((a, b) => rank(a.method) - rank(b.method)),
  };
}

/** The list methods a discovery check holds, sent by either side (`tools/list` first). */
export function listsOf(check: DiscoveryCheck, side: "simulated" | "wire"): string[] {
  return check.methods
    .filter(
      (row) =>
        row.method.endsWith("/list") &&
        (side === "simulated" ? row.simulatedMessages : row.wireMessages) > 0,
    )
    .map((row) => row.method);
}
