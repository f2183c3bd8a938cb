/**
 * Lesson 5, "Lifecycle and Negotiation": the simulator's half, for one seed. The servers declare
 * everything they know (lesson 6's level 3, `full`); the client's policy varies (none, the
 * allowlist, the known versions, both), and the approval gate meets one record task. Pure: the
 * same seed gives an equal result. The real lines are `wire.ts`'s.
 */
import { readByMcpDefaults, type Session } from "../../sim/client";
import { declare, type Level } from "../../sim/declaration";
import type { Transport } from "../../sim/envelope";
import type { ClientPolicy, DroppedTool } from "../../sim/negotiation";
import type { ServerFacts } from "../../sim/server";
import { worldHandshake, type HandshakeRow } from "../../world/handshakes";
import { chainOf, openSession, runTask } from "../../world/runTasks";
import { ALLOWLIST, KNOWN_VERSIONS, SERVER_FACTS } from "../../world/servers";
import { drawTasks, withExpectedAnswers, type TaskWithAnswer } from "../../world/tasks";
import { createWorld, type World } from "../../world/world";

/** The level the lesson's servers declare at: everything, versions included (lesson 6's `full`). */
export const DECLARED_LEVEL: Level = 3;

/** Every tool the world's servers declare, in server order: the allowlist of a client without one. */
const EVERY_TOOL: readonly string[] = SERVER_FACTS.flatMap(({ tools }) => tools.map((t) => t.name));

/** Each server's own version: what a client knows that meets every server as it is. */
const OWN_VERSIONS: Readonly<Record<string, number>> = Object.fromEntries(
  SERVER_FACTS.map(({ name, version }) => [name, version]),
);

/** One of the policies the lesson compares: its name, as the table prints it, and the policy. */
export interface PolicyCase {
  name: "none" | "allowlist" | "version rule" | "both";
  policy: ClientPolicy;
}

/**
 * The four policies, in the table's order: none (every tool allowed, every server's own version
 * known), the allowlist alone (`ALLOWLIST`), the version rule alone (`KNOWN_VERSIONS`), and
 * both (`LESSON_POLICY`'s rules, the client of lesson 6).
 */
export const POLICY_CASES: readonly PolicyCase[] = [
  { name: "none", policy: { allowlist: EVERY_TOOL, knownVersions: OWN_VERSIONS } },
  { name: "allowlist", policy: { allowlist: ALLOWLIST, knownVersions: OWN_VERSIONS } },
  { name: "version rule", policy: { allowlist: EVERY_TOOL, knownVersions: KNOWN_VERSIONS } },
  { name: "both", policy: { allowlist: ALLOWLIST, knownVersions: KNOWN_VERSIONS } },
];

/** One declared tool, with what the client holds against it. */
export interface DeclaredTool {
  server: string;
  /** Where the server runs in the course's story (lesson 2's placement). */
  place: Transport;
  /** The version the server declares. */
  version: number;
  /** The version of this server the client knows (`KNOWN_VERSIONS`). */
  known: number;
  tool: string;
  /** The names of the arguments the tool takes, as declared. */
  fields: readonly string[];
  /** Whether the tool declares that it changes the world. */
  sideEffect: boolean;
  /** Whether the tool's name is on the client's allowlist (`ALLOWLIST`). */
  allowed: boolean;
}

/** A policy applied to the declarations: what the client keeps and drops, and the handshake's cost. */
export interface PolicyRow {
  name: PolicyCase["name"];
  /** The negotiated tools' names, in server order. */
  negotiated: string[];
  /** The dropped tools, with their servers and the rule that dropped each. */
  dropped: DroppedTool[];
  /** The handshake under this policy: its messages, tokens and round trips. */
  handshake: HandshakeRow;
}

/** One run of the gate's task: what it sent, and what the tool with the side effect answered. */
export interface GateRow {
  /** Whether the user approved calls to tools declared with a side effect. */
  approval: boolean;
  /** Calls the chain made, sent or refused. */
  calls: number;
  /** Messages the task's calls sent (the handshake's not included). */
  requests: number;
  responses: number;
  /** Envelope tokens and round trips of those messages. */
  tokens: number;
  round_trips: number;
  /** Each message's tokens, in the order sent (they sum to `tokens`). */
  messageTokens: number[];
  /** Records written. */
  written: number;
  /** What the call to the side-effect tool ended with: its error, or `undefined` when it ran. */
  refused: string | undefined;
  /** Whether the task gave its expected answer. */
  completed: boolean;
  /** The tool whose call ended the task unanswered, or `undefined` when every call was answered. */
  stoppedAt: string | undefined;
}

/**
 * A host that trusts its servers' hints (2026-07-28 `schema.mdx`, `ToolAnnotations`; `basic/index.mdx`;
 * `server/tools.mdx`, "User Interaction Model"): it trusts the three servers and keeps all their
 * tools, reads a missing `readOnlyHint` by MCP's default (false: the tool may write), asks a
 * person before calling a tool that may write, and does not act on `serverInfo`. The simulator
 * prices it as it prices the course's host.
 */
export interface ConformantHost {
  /** The tools it keeps, in server order: every tool of every server. */
  kept: string[];
  /** Of those, the ones it asks a person about: each not marked read-only, by MCP's defaults. */
  asks: string[];
  /** The gate's task with the person saying no, then yes. */
  runs: GateRow[];
}

/**
 * The approval gate's planted departure at work: the gate's task as the course's host runs it
 * when every tool comes with no `annotations` at all (declared with fields only, the course's
 * level 1), with no approval, beside the calls of that task a host reading MCP's defaults would
 * put before a person.
 */
export interface UnannotatedGate {
  /**
   * The host that trusts its servers' hints (no allowlist, no version rule) with the course's gate
   * in place of the defaults-reading one, the person saying no.
   */
  run: GateRow;
  /** The task's calls a host reading MCP's defaults would ask about first (every one here). */
  asked: number;
}

/**
 * One host of section 6's table: its rules, what it keeps of the five tools, and the gate's task
 * with the person saying no (the course's gate: no approval).
 */
export interface HostRow {
  /** The host, as the table names it. */
  host: string;
  /** Whether the servers sent `annotations` (level 3) or fields only (level 1). */
  annotations: "declared" | "none";
  /** Tools kept of the five. */
  kept: number;
  /** The task's calls its gate would put before a person. */
  asked: number;
  /** Requests the task sent, the handshake's not included. */
  requests: number;
  /** Records written. */
  written: number;
  /** Whether the task gave its expected answer. */
  completed: boolean;
  /**
   * Where the task stopped: the tool whose call ended it, `held` by the gate (a person's no) or
   * `dropped` (a tool the host does not keep); `undefined` when the task ran to its end.
   */
  stopped: { tool: string; how: "held" | "dropped" } | undefined;
}

/** Everything the simulated half of lesson 5 computes for one seed: plain data. */
export interface LifecycleAndNegotiationResult {
  seed: number;
  /** The three servers' facts, in handshake order (no seed changes them). */
  servers: readonly ServerFacts[];
  /** The five tools as declared, with the client's known versions and allowlist beside them. */
  declared: DeclaredTool[];
  /** The policies of {@link POLICY_CASES}, in order, applied to the declarations. */
  policies: PolicyRow[];
  /** The tool with a side effect whose gate section 6 shows. */
  gatedTool: string;
  /** The seed's first record task, whose chain ends with {@link gatedTool}. */
  gateTask: TaskWithAnswer;
  /** Its place among the seed's twelve tasks, from 1. */
  gateTaskNumber: number;
  /** Its chain's tools, in call order. */
  gateChain: readonly string[];
  /** The task under the open policy, without approval, then with it. */
  gate: GateRow[];
  /** The same servers and task under a host that trusts its servers' hints. */
  conformant: ConformantHost;
  /** The gate's task when the tools come with no `annotations`, under the course's gate. */
  unannotated: UnannotatedGate;
  /** Section 6's hosts, each on the gate's task with the person saying no. */
  hosts: HostRow[];
}

/**
 * The handshake under each of {@link POLICY_CASES} at {@link DECLARED_LEVEL}, made once when this
 * module loads: no seed changes a declaration.
 */
const POLICY_HANDSHAKES = POLICY_CASES.map(({ policy }) => worldHandshake(DECLARED_LEVEL, policy));

/** The level at which the servers send fields but no `annotations` (the course's level 1). */
const UNANNOTATED_LEVEL: Level = 1;

/**
 * The task run once under the open policy at one approval answer, its handshake left out.
 *
 * @param level the level the servers declare at; default {@link DECLARED_LEVEL}.
 * @param mcpDefaults whether the host reads a missing hint by MCP's defaults (the conformant
 *   host) instead of the course's gate, which passes a tool that declares nothing.
 */
function gateRun(
  world: World,
  task: TaskWithAnswer,
  tool: string,
  approval: boolean,
  level: Level = DECLARED_LEVEL,
  mcpDefaults = false,
  policy: ClientPolicy = POLICY_CASES[0].policy,
): GateRow {
  const opened = openSession(world, level, { policy, approval });
  const session = mcpDefaults ? readByMcpDefaults(opened.session) : opened.session;
  const before = session.envelope.counts();
  const sentBefore = session.envelope.messageTokens().length;
  const outcome = runTask(session, task);
  const after = session.envelope.counts();
  const refused = outcome.failure?.tool === tool ? outcome.failure.hata : undefined;
  return {
    approval,
    calls: outcome.calls,
    requests: after.request - before.request,
    responses: after.response - before.response,
    tokens: after.tokens - before.tokens,
    round_trips: after.round_trips - before.round_trips,
    messageTokens: session.envelope.messageTokens().slice(sentBefore),
    written: outcome.written,
    refused,
    completed: outcome.completed,
    stoppedAt: outcome.failure?.tool,
  };
}

/**
 * Runs the simulated half of lesson 5 for a seed: the declarations, the four policies, and the
 * seed's first record task at the approval gate, without and with approval. Only the gate's
 * task depends on the seed; declarations and decisions never do.
 *
 * @param seed an integer from 0 to 2^53 − 1.
 * @throws RangeError for any other seed.
 */
export function simulateLifecycleAndNegotiation(seed: number): LifecycleAndNegotiationResult {
  const world = createWorld(seed); // checks the seed
  const declared: DeclaredTool[] = SERVER_FACTS.flatMap((server) => {
    const declaration = declare(server, DECLARED_LEVEL);
    return Object.entries(declaration.tools).map(([tool, face]) => ({
      server: server.name,
      place: server.transport,
      version: declaration.version ?? 0,
      known: KNOWN_VERSIONS[server.name] ?? 0,
      tool,
      fields: face.fields ?? [],
      sideEffect: face.sideEffect ?? false,
      allowed: ALLOWLIST.includes(tool),
    }));
  });
  const policies = POLICY_CASES.map(({ name }, k): PolicyRow => {
    const { decision, row } = POLICY_HANDSHAKES[k];
    return {
      name,
      negotiated: [...decision.negotiated.keys()],
      dropped: decision.dropped.map((dropped) => ({ ...dropped })),
      handshake: { ...row },
    };
  });
  const gatedTool = declared.find((tool) => tool.sideEffect)!.tool;
  const tasks = withExpectedAnswers(drawTasks(seed), world);
  const gateIndex = tasks.findIndex((task) => task.type === "record");
  const gateTask = tasks[gateIndex];
  const gateChain = chainOf(gateTask.type);
  const opened = openSession(world, DECLARED_LEVEL, { policy: POLICY_CASES[0].policy });
  const conformantTools = [...readByMcpDefaults(opened.session).negotiated.values()];
  const bare = readByMcpDefaults(
    openSession(world, UNANNOTATED_LEVEL, { policy: POLICY_CASES[0].policy }).session,
  );
  /** The gate task's calls a session's gate would put before a person. */
  const askedBy = (session: Session) =>
    gateChain.filter((name) => session.negotiated.get(name)?.sideEffect === true).length;
  const hostRow = (
    host: string,
    level: Level,
    mcpDefaults: boolean,
    policy: ClientPolicy,
  ): HostRow => {
    const plain = openSession(world, level, { policy }).session;
    const session = mcpDefaults ? readByMcpDefaults(plain) : plain;
    const run = gateRun(world, gateTask, gatedTool, false, level, mcpDefaults, policy);
    return {
      host,
      annotations: level === DECLARED_LEVEL ? "declared" : "none",
      kept: session.negotiated.size,
      asked: askedBy(session),
      requests: run.requests,
      written: run.written,
      completed: run.completed,
      stopped:
        run.stoppedAt === undefined
          ? undefined
          : {
              tool: run.stoppedAt,
              how: session.negotiated.has(run.stoppedAt) ? "held" : "dropped",
            },
    };
  };
  const anyTool = POLICY_CASES[0].policy;
  const allRules = POLICY_CASES[3].policy;
  const hosts = [
    hostRow("trusts its servers' hints", DECLARED_LEVEL, true, anyTool),
    hostRow("trusts its servers' hints", UNANNOTATED_LEVEL, true, anyTool),
    hostRow("the course's host, all 3 rules", DECLARED_LEVEL, false, allRules),
  ];
  return {
    seed,
    servers: SERVER_FACTS,
    declared,
    policies,
    gatedTool,
    gateTask,
    gateTaskNumber: gateIndex + 1,
    gateChain,
    gate: [false, true].map((approval) => gateRun(world, gateTask, gatedTool, approval)),
    conformant: {
      kept: conformantTools.map((tool) => tool.name),
      asks: conformantTools.filter((tool) => tool.sideEffect).map((tool) => tool.name),
      runs: [false, true].map((approval) =>
        gateRun(world, gateTask, gatedTool, approval, DECLARED_LEVEL, true),
      ),
    },
    unannotated: {
      run: gateRun(world, gateTask, gatedTool, false, UNANNOTATED_LEVEL, false, anyTool),
      asked: askedBy(bare),
    },
    hosts,
  };
}
