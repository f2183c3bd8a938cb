/**
 * Lesson 10, "Without a Session": the simulated half — the same work in MCP's two eras, priced by
 * lesson 6's envelope and tokenizer.
 *
 * Source: the specification, 2026-07-28 `changelog.mdx` and `basic/index.mdx` (the fields each
 * stateless request and result carries), priced as lesson 6 prices every message. Three comparisons, each computed from runs, none from a formula:
 * (a) lesson 6's twelve tasks at level 3 against `olcum`, `tarife` and `kayit` under lesson 7's
 *     allowlisting host (lesson 5's allowlist, hints trusted, no version rule), discovering once: legacy (`initialize`, `notifications/initialized`, the lists),
 *     stateless (the lists, each request with `_meta`, each result with `resultType`, identity
 *     and cache fields), and stateless with `server/discover` first; the fixed cost before the
 *     first call, the cost per call, and whether and where the cumulative tokens cross;
 * (b) the same twelve tasks, servers and host, the workload of the wire's discovery plans
 *     (`wire.ts`): discovery per task or per session (legacy), per task or cached for the
 *     results' `ttlMs` (stateless), tasks `taskSpacingMs` virtual milliseconds apart;
 * (c) what each kind of message costs in each era, and what each protocol field adds.
 * The real-wire half of the lesson (`wire.ts`) sets real bytes beside these tokens. Pure: the same
 * seed and spacing give an equal result.
 */
import { measureDiscovery } from "../../simulatedClient/discovery";
import { discoveryMessages } from "../../simulatedClient/messages";
import {
  DEFAULT_TASK_SPACING_MS,
  runClient,
  type ClientRun,
  type ClientSetup,
  type DiscoveryMode,
} from "../../simulatedClient/session";
import { clientTasks, type ClientTask } from "../../simulatedClient/tasks";
import { generateFleet } from "../../fleet/generator";
import type { Level } from "../../sim/declaration";
import { ENVELOPE_TOKENS, type EnvelopeCounts, type MessageKind } from "../../sim/envelope";
import {
  ERA_REVISIONS,
  initializeParams,
  partsTokens,
  PROTOCOL_FIELDS,
  requestFields,
  resultFields,
  wordsTokens,
  type BodyPart,
  type ProtocolEra,
  type ProtocolField,
} from "../../sim/eras";
import type { WorldServer } from "../../sim/server";
import { pyStr } from "../../sim/values";
import { NO_APPROVAL, NOT_DECLARED } from "../../sim/client";
import { knowingOwnVersions, type ClientPolicy, type DroppedTool } from "../../sim/negotiation";
import { LESSON_POLICY } from "../../world/servers";
import { createWorld } from "../../world/world";
import { crossingOf, type Crossing, type TaskPoint } from "./crossing";

/** The level lesson 10 runs at: 3 (full), lesson 6's and lesson 7's. */
export const SESSION_LESSON_LEVEL: Level = 3;

/** The server whose messages part (c) prices one by one: lesson 7's first server. */
export const PRICED_SERVER = "olcum";

/** How a client discovers in one era: the era, and (stateless) whether `server/discover` comes first. */
export interface EraVariant {
  /** Label in tables: `legacy`, `stateless`, `stateless + discover`. */
  label: string;
  era: ProtocolEra;
  discover: boolean;
}

/** The three ways to discover, in table order: legacy, stateless (lists only), stateless with `server/discover`. */
export const ERA_VARIANTS: readonly EraVariant[] = Object.freeze([
  { label: "legacy", era: "legacy", discover: false },
  { label: "stateless", era: "stateless", discover: false },
  { label: "stateless + discover", era: "stateless", discover: true },
] as const satisfies readonly EraVariant[]);

/** A run's cumulative counts at one point: before the first call (`task` 0) or after task `task`. */
export interface CumulativePoint extends TaskPoint {
  /** Call requests that crossed the wire so far. */
  wireCalls: number;
  /** Messages of every kind so far. */
  messages: number;
  /** Envelope tokens so far. */
  tokens: number;
}

/** One era's run of lesson 6's twelve tasks, discovery once. */
export interface EraRunRow extends EraVariant {
  /** The whole run. */
  total: EnvelopeCounts;
  /** Before the first call: the discovery. */
  fixed: EnvelopeCounts;
  /** The tool calls: `total − fixed`. */
  work: EnvelopeCounts;
  /** Tool calls the tasks made (including those that ended in the client). */
  calls: number;
  /** Call requests that crossed the wire (`work.request`). */
  wireCalls: number;
  /** Tokens per call on the wire, request and result: `work.tokens / wireCalls`, unrounded. */
  tokensPerCall: number;
  completed: number;
  /**
   * The calls that ended in the client (`calls − wireCalls`), by tool and the client's answer
   * (`arac bildirilmedi`: the tool was not negotiated; `onay yok`: a side effect without approval), in
   * the order they first happened.
   */
  refused: RefusedCalls[];
  /** The tools the client dropped at discovery, with their server and why (`version`, `allowlist`). */
  dropped: DroppedTool[];
  /** Before the first call, then after each task. */
  cumulative: CumulativePoint[];
}

/** Calls to one tool that the client's gates refused with one answer. */
export interface RefusedCalls {
  tool: string;
  /** The client's answer, `hata` (error): `arac bildirilmedi` or `onay yok`. */
  hata: string;
  calls: number;
}

/** Part (a): lesson 6's twelve tasks in each era. */
export interface LessonSixEras {
  /** olcum, tarife, kayit. */
  servers: string[];
  tasks: number;
  /** In {@link ERA_VARIANTS} order. */
  rows: EraRunRow[];
  /** legacy against stateless (lists only), tokens. */
  crossing: Crossing<CumulativePoint>;
  /** legacy against stateless with `server/discover`, tokens. */
  crossingWithDiscover: Crossing<CumulativePoint>;
  /**
   * Per server, in `servers` order: the tokens a stateless `tools/call` request and its result
   * carry beyond a legacy one's (the request's `_meta`, the result's `resultType` and identity).
   */
  callExtra: { server: string; tokens: number }[];
  /**
   * One discovery of each server, in `servers` order, priced as lesson 7's first table prices it
   * (`measureDiscovery`): 2025-11-25's opening and lists, and 2026-07-28's lists with
   * `server/discover` first. Their sums are what lesson 7's table, less its `fleet` row, adds up to.
   */
  discoveryByServer: { server: string; legacy: number; withDiscover: number }[];
}

/** One way of discovering over lesson 6's twelve tasks. */
export interface ModeRow extends EraVariant {
  mode: DiscoveryMode;
  /** Label in tables, e.g. `legacy, per session`. */
  name: string;
  /** Times any discovery message was sent. */
  discoveries: number;
  /** Discovery messages, all kinds. */
  discoveryMessages: number;
  discovery: EnvelopeCounts;
  total: EnvelopeCounts;
  calls: number;
  completed: number;
  /** The tasks (1-based) before which discovery messages were sent. */
  discoveredBefore: number[];
}

/** Part (b): lesson 6's twelve tasks, discovery per task, per session, or cached. */
export interface DiscoveryModes {
  servers: string[];
  tasks: number;
  /** Virtual milliseconds between task starts. */
  taskSpacingMs: number;
  /** The `ttlMs` the servers' list results carry. */
  ttlMs: number;
  /** legacy per task, legacy per session, stateless per task (without and with discover), stateless cached (without and with discover). */
  rows: ModeRow[];
}

/** One message of {@link PRICED_SERVER}'s discovery, or a tool call, in one era, priced by part. */
export interface MessageCostRow {
  era: ProtocolEra;
  method: string;
  kind: MessageKind;
  /** Tokens of the message's own content (method and server, listed names…); null for a tool call, whose content varies. */
  content: number | null;
  /** Tokens each protocol field adds (0 where the field is absent). */
  fields: Record<ProtocolField, number>;
  /** The envelope's 8. */
  envelope: number;
  /** `content + Σ fields + envelope`; for a tool call, what the fields and envelope add to its content. */
  total: number;
}

/** One protocol field as one era words it, and its tokens. */
export interface FieldCostRow {
  field: ProtocolField;
  era: ProtocolEra;
  /** The words, as they read in a body. */
  words: string;
  tokens: number;
  /** Which messages carry it. */
  carriedBy: string;
}

/** Part (c): the cost of each kind of message in each era. */
export interface MessageCosts {
  server: string;
  revisions: Readonly<Record<ProtocolEra, string>>;
  messages: MessageCostRow[];
  fields: FieldCostRow[];
}

/** Everything the simulated half of lesson 10 computes for one seed. */
export interface WithoutASessionResult {
  seed: number;
  level: Level;
  lessonSix: LessonSixEras;
  modes: DiscoveryModes;
  costs: MessageCosts;
}

/** Options of {@link simulateWithoutASession}. */
export interface WithoutASessionOptions {
  /** Virtual ms between task starts in part (b); default `DEFAULT_TASK_SPACING_MS` (ten minutes). */
  taskSpacingMs?: number;
}

/** Messages of every kind in some counts. */
const messagesOf = (c: EnvelopeCounts): number => c.request + c.response + c.notification;

/** A run's points: after its first discovery (before the first call), then after each task. */
function cumulativeOf(run: ClientRun): CumulativePoint[] {
  const points: CumulativePoint[] = [];
  let calls = 0;
  let wireCalls = 0;
  const first = run.steps[0].discovered;
  points.push({
    task: 0,
    calls: 0,
    wireCalls: 0,
    messages: messagesOf(first),
    tokens: first.tokens,
  });
  run.steps.forEach((step, i) => {
    calls += run.outcomes[i].calls;
    wireCalls += step.done.request - step.discovered.request;
    points.push({
      task: i + 1,
      calls,
      wireCalls,
      messages: messagesOf(step.done),
      tokens: step.done.tokens,
    });
  });
  return points;
}

/**
 * The calls of a run that ended in the client: a refused call cuts its task's chain, so each
 * task has at most one, as its failure with the gate's answer.
 */
function refusedCalls(run: ClientRun): RefusedCalls[] {
  const refused: RefusedCalls[] = [];
  for (const { failure } of run.outcomes) {
    if (!failure || (failure.hata !== NOT_DECLARED && failure.hata !== NO_APPROVAL)) continue;
    const same = refused.find((r) => r.tool === failure.tool && r.hata === failure.hata);
    if (same) same.calls += 1;
    else refused.push({ tool: failure.tool, hata: failure.hata, calls: 1 });
  }
  return refused;
}

/** Runs lesson 6's twelve tasks once in one variant (`lesson`: servers, level, policy), discovery once. */
function eraRun(lesson: ClientSetup, tasks: readonly ClientTask[], variant: EraVariant): EraRunRow {
  const setup: ClientSetup = { ...lesson, era: variant.era, discover: variant.discover };
  // Discovery once: a legacy session; a stateless client whose list results stay fresh throughout (tasks 0 ms apart).
  const run =
    variant.era === "legacy"
      ? runClient(setup, tasks, "per-session")
      : runClient({ ...setup, taskSpacingMs: 0 }, tasks, "cached");
  if (run.discoveries !== 1)
    throw new Error(`${variant.label}: discovery ran ${run.discoveries} times, not once`);
  const row: EraRunRow = {
    ...variant,
    total: run.total,
    fixed: run.discovery,
    work: run.work,
    calls: run.calls,
    wireCalls: run.work.request,
    tokensPerCall: run.work.tokens / run.work.request,
    completed: run.completed,
    refused: refusedCalls(run),
    dropped: [...run.negotiation.dropped],
    cumulative: cumulativeOf(run),
  };
  const ended = row.refused.reduce((n, r) => n + r.calls, 0);
  if (ended !== row.calls - row.wireCalls)
    throw new Error(
      `${variant.label}: ${ended} refused calls, but ${row.calls - row.wireCalls} did not cross`,
    );
  return row;
}

const MODE_PLAN: readonly { variant: EraVariant; mode: DiscoveryMode }[] = [
  { variant: ERA_VARIANTS[0], mode: "per-task" },
  { variant: ERA_VARIANTS[0], mode: "per-session" },
  { variant: ERA_VARIANTS[1], mode: "per-task" },
  { variant: ERA_VARIANTS[2], mode: "per-task" },
  { variant: ERA_VARIANTS[1], mode: "cached" },
  { variant: ERA_VARIANTS[2], mode: "cached" },
];

/** Per-field tokens of some parts (0 for a field not among them). */
function fieldTokens(parts: readonly BodyPart[]): Record<ProtocolField, number> {
  const fields = Object.fromEntries(PROTOCOL_FIELDS.map((f) => [f, 0])) as Record<
    ProtocolField,
    number
  >;
  for (const { part, words } of parts) if (part !== "content") fields[part] += wordsTokens(words);
  return fields;
}

/** The protocol-field tokens a stateless `tools/call` request and its result add for `server`. */
function callExtraTokens(server: WorldServer): number {
  const result = resultFields("stateless", server, false);
  const fields = [requestFields("stateless"), [...result.head, ...result.tail]].map(fieldTokens);
  return fields.reduce((n, f) => n + PROTOCOL_FIELDS.reduce((m, k) => m + f[k], 0), 0);
}

/** Part (c): the priced server's discovery messages in both eras (stateless with `server/discover`), then a tool call and its result. */
function messageCosts(server: WorldServer): MessageCosts {
  const messages: MessageCostRow[] = [];
  const add = (
    era: ProtocolEra,
    method: string,
    kind: MessageKind,
    parts: readonly BodyPart[],
    content: number | null,
  ) => {
    const fields = fieldTokens(parts);
    const added = PROTOCOL_FIELDS.reduce((n, f) => n + fields[f], 0);
    messages.push({
      era,
      method,
      kind,
      content,
      fields,
      envelope: ENVELOPE_TOKENS,
      total: (content ?? 0) + added + ENVELOPE_TOKENS,
    });
  };
  for (const variant of [ERA_VARIANTS[0], ERA_VARIANTS[2]]) {
    for (const m of discoveryMessages(server, variant.era, variant.discover)) {
      const content = partsTokens(m.parts.filter((p) => p.part === "content"));
      add(variant.era, m.method, m.kind, m.parts, content);
    }
    const result = resultFields(variant.era, server, false);
    add(variant.era, "tools/call", "request", requestFields(variant.era), null);
    add(variant.era, "tools/call", "response", [...result.head, ...result.tail], null);
  }
  const words = (parts: readonly BodyPart[], field: ProtocolField) =>
    parts
      .filter((p) => p.part === field)
      .flatMap((p) => p.words.map(pyStr))
      .join(" ");
  const fields: FieldCostRow[] = [];
  const legacyResult = discoveryMessages(server, "legacy")[1].parts;
  for (const field of ["protocolVersion", "clientCapabilities", "clientInfo"] as const) {
    const parts = initializeParams();
    fields.push({
      field,
      era: "legacy",
      words: words(parts, field),
      tokens: fieldTokens(parts)[field],
      carriedBy: "initialize request",
    });
  }
  for (const field of ["protocolVersion", "serverInfo"] as const) {
    fields.push({
      field,
      era: "legacy",
      words: words(legacyResult, field),
      tokens: fieldTokens(legacyResult)[field],
      carriedBy: "initialize result",
    });
  }
  for (const field of ["protocolVersion", "clientCapabilities", "clientInfo"] as const) {
    const parts = requestFields("stateless");
    fields.push({
      field,
      era: "stateless",
      words: words(parts, field),
      tokens: fieldTokens(parts)[field],
      carriedBy: "every request (_meta)",
    });
  }
  const { head, tail } = resultFields("stateless", server, true);
  const stateless = [...head, ...tail];
  const carriers: Record<string, string> = {
    resultType: "every result",
    serverInfo: "every result (_meta)",
    cache: "discover and list results",
  };
  for (const field of ["resultType", "serverInfo", "cache"] as const) {
    fields.push({
      field,
      era: "stateless",
      words: words(stateless, field),
      tokens: fieldTokens(stateless)[field],
      carriedBy: carriers[field],
    });
  }
  return { server: server.name, revisions: ERA_REVISIONS, messages, fields };
}

/**
 * Runs the simulated half of lesson 10 for a seed.
 *
 * @param seed an integer from 0 to 2^53 − 1; the world, its tasks and the fleet all come from it.
 * @param options the task spacing of part (b).
 * @throws RangeError for any other seed, or a spacing that is not a safe integer ≥ 0.
 */
export function simulateWithoutASession(
  seed: number,
  options: WithoutASessionOptions = {},
): WithoutASessionResult {
  const taskSpacingMs = options.taskSpacingMs ?? DEFAULT_TASK_SPACING_MS;
  const world = createWorld(seed); // checks the seed
  const fleet = generateFleet(seed);
  const lessonSixTasks = clientTasks(world, fleet).slice(0, 12);
  // Lesson 6's twelve tasks and level under the lesson's one host, lesson 7's allowlisting host:
  // lesson 5's allowlist, every server's own version known (no version rule). Parts (a) and (b) alike.
  const lesson: ClientSetup = {
    servers: world.servers,
    level: SESSION_LESSON_LEVEL,
    policy: allowlistingHost(world.servers),
  };
  const rows = ERA_VARIANTS.map((variant) => eraRun(lesson, lessonSixTasks, variant));
  const modeRows = MODE_PLAN.map(({ variant, mode }): ModeRow => {
    const run = runClient(
      { ...lesson, taskSpacingMs, era: variant.era, discover: variant.discover },
      lessonSixTasks,
      mode,
    );
    return {
      ...variant,
      mode,
      name: `${variant.label}, ${mode.replace("-", " ")}`,
      discoveries: run.discoveries,
      discoveryMessages: messagesOf(run.discovery),
      discovery: run.discovery,
      total: run.total,
      calls: run.calls,
      completed: run.completed,
      discoveredBefore: run.steps.flatMap((s, i) => (s.discoveryMessages > 0 ? [i + 1] : [])),
    };
  });
  const priced = world.servers.find((s) => s.name === PRICED_SERVER);
  if (priced === undefined) throw new Error(`no server ${PRICED_SERVER}`);
  return {
    seed,
    level: SESSION_LESSON_LEVEL,
    lessonSix: {
      servers: world.servers.map((s) => s.name),
      tasks: lessonSixTasks.length,
      rows,
      crossing: crossingOf(rows[0], rows[1], "tokens", (p) => p.tokens),
      crossingWithDiscover: crossingOf(rows[0], rows[2], "tokens", (p) => p.tokens),
      callExtra: world.servers.map((server) => ({
        server: server.name,
        tokens: callExtraTokens(server),
      })),
      discoveryByServer: world.servers.map((server) => ({
        server: server.name,
        legacy: measureDiscovery(server).tokens,
        withDiscover: measureDiscovery(server, { era: "stateless", discover: true }).tokens,
      })),
    },
    modes: {
      servers: world.servers.map((s) => s.name),
      tasks: lessonSixTasks.length,
      taskSpacingMs,
      ttlMs: discoveryTtl(world.servers),
      rows: modeRows,
    },
    costs: messageCosts(priced),
  };
}

/**
 * The policy of lesson 10's one host, lesson 7's *allowlisting host*: lesson 5's allowlist, its
 * servers' hints trusted, and no version rule (each server's own version counts as known). The
 * simulated half and the wire half (`wire.ts`) both run under it.
 */
export function allowlistingHost(servers: readonly WorldServer[]): ClientPolicy {
  return knowingOwnVersions(LESSON_POLICY, servers);
}

/** The `ttlMs` the servers' stateless list results carry (all the same: the real servers' hint). */
function discoveryTtl(servers: readonly WorldServer[]): number {
  const ttls = new Set(
    servers.flatMap((s) =>
      discoveryMessages(s, "stateless").flatMap((m) => (m.ttlMs === undefined ? [] : [m.ttlMs])),
    ),
  );
  if (ttls.size !== 1)
    throw new Error(`the servers' list results carry ${ttls.size} different ttlMs`);
  return [...ttls][0];
}
