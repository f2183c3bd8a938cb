/**
 * Lesson 9's comparison in both protocol eras: lesson 6's twelve tasks at one level, priced by the
 * simulator's client in an era and counted on the real wire in the same era, message kind by
 * message kind and method by method.
 *
 * The simulated side is lesson 7's client (`runClient`), discovering once: a session in the
 * legacy era (2025-11-25), list results that stay fresh throughout in the stateless era
 * (2026-07-28, tasks 0 ms apart). It asks each server for its tools list only, as the real client
 * does (`wireClient/connection.ts`: `tools/list` after the era's opening), so the two sides send
 * the same methods. The wire side is `runWireTasks` in that era. Nothing here prices or counts a
 * message itself: the simulator's envelope and the wire's meter do.
 */
import { runClient, type ClientRun } from "../../simulatedClient/session";
import { clientTasks } from "../../simulatedClient/tasks";
import { generateFleet } from "../../fleet/generator";
import type { Level } from "../../sim/declaration";
import type { MessageKind } from "../../sim/envelope";
import { ERA_REVISIONS, type ProtocolEra } from "../../sim/eras";
import type { TrafficCounts } from "../../wireClient/trafficCounts";
import type { KindRow, WireRunRow } from "../../wireClient/tasks";
import { LESSON_POLICY } from "../../world/servers";
import { createWorld } from "../../world/world";

/** The method of a `tools/call` request and its result. */
export const CALL_METHOD = "tools/call";

/** The three kinds of message, in table order. */
const KINDS: readonly MessageKind[] = ["request", "response", "notification"];

/** One MCP method: the simulator's messages and envelope tokens beside the wire's messages and bytes. */
export interface EraMethodRow {
  method: string;
  simulatedMessages: number;
  simulatedTokens: number;
  /** Messages of this method in both directions (a response under its request's method). */
  wireMessages: number;
  /** Their bytes, UTF-8, newline included. */
  wireBytes: number;
}

/** One era and level: the simulator's run and the wire's, by kind and by method. */
export interface EraLevel {
  era: ProtocolEra;
  /** The revision the era's client speaks: 2025-11-25 or 2026-07-28. */
  revision: string;
  level: Level;
  /** Lesson 7's client over lesson 6's twelve tasks, tools lists only, discovering once. */
  simulated: ClientRun;
  /** The real client over the same tasks against three real servers, in the same era. */
  real: WireRunRow;
  /** request, response, notification; they sum to each side's run. */
  kinds: KindRow[];
  /** Each method either side sent, in the order first sent (simulator first, then the wire). */
  methods: EraMethodRow[];
}

/**
 * Lesson 6's twelve tasks at `level` through lesson 7's client in `era`, asking each server for
 * its tools list only, discovering once.
 *
 * @param seed the world's seed, an integer from 0 to 2^53 − 1.
 */
export function simulateEraTasks(seed: number, level: Level, era: ProtocolEra): ClientRun {
  const world = createWorld(seed);
  const tasks = clientTasks(world, generateFleet(seed)).filter((task) => task.kind === "world");
  const setup = {
    servers: world.servers,
    level,
    policy: LESSON_POLICY,
    era,
    lists: ["tools"] as const,
  };
  return era === "legacy"
    ? runClient(setup, tasks, "per-session")
    : runClient({ ...setup, taskSpacingMs: 0 }, tasks, "cached");
}

/** Messages and bytes of one method on the wire, both directions. */
function wireMethod(traffic: TrafficCounts, method: string): { messages: number; bytes: number } {
  const sent = traffic.sent.byMethod[method];
  const received = traffic.received.byMethod[method];
  return {
    messages: (sent?.messages ?? 0) + (received?.messages ?? 0),
    bytes: (sent?.bytes ?? 0) + (received?.bytes ?? 0),
  };
}

/**
 * Sets a simulated run beside a wire run of the same era and level: by kind (the simulator's
 * tokens by kind from its envelope) and by method (discovery from the messages it sent, the
 * rest {@link CALL_METHOD}).
 */
export function compareEraLevel(
  era: ProtocolEra,
  level: Level,
  simulated: ClientRun,
  real: WireRunRow,
): EraLevel {
  const { traffic } = real;
  const kinds = KINDS.map((kind): KindRow => ({
    kind,
    simulatedMessages: simulated.total[kind],
    simulatedTokens: simulated.tokensByKind[kind],
    wireMessages: traffic.sent.byKind[kind].messages + traffic.received.byKind[kind].messages,
    wireBytes: traffic.sent.byKind[kind].bytes + traffic.received.byKind[kind].bytes,
  }));
  const simulatedByMethod = new Map<string, { messages: number; tokens: number }>();
  for (const message of simulated.sent) {
    const row = simulatedByMethod.get(message.method) ?? { messages: 0, tokens: 0 };
    row.messages += 1;
    row.tokens += message.tokens;
    simulatedByMethod.set(message.method, row);
  }
  const { work } = simulated;
  simulatedByMethod.set(CALL_METHOD, {
    messages: work.request + work.response + work.notification,
    tokens: work.tokens,
  });
  const methods = [
    ...new Set([
      ...simulatedByMethod.keys(),
      ...Object.keys(traffic.sent.byMethod),
      ...Object.keys(traffic.received.byMethod),
    ]),
  ];
  return {
    era,
    revision: ERA_REVISIONS[era],
    level,
    simulated,
    real,
    kinds,
    methods: methods.map((method) => {
      const wire = wireMethod(traffic, method);
      const sim = simulatedByMethod.get(method) ?? { messages: 0, tokens: 0 };
      return {
        method,
        simulatedMessages: sim.messages,
        simulatedTokens: sim.tokens,
        wireMessages: wire.messages,
        wireBytes: wire.bytes,
      };
    }),
  };
}

/** The kinds and methods whose message counts differ between the two sides; empty when every count agrees. */
export function countDifferences(entry: EraLevel): string[] {
  return [
    ...entry.kinds
      .filter((row) => row.simulatedMessages !== row.wireMessages)
      .map((row) => row.kind),
    ...entry.methods
      .filter((row) => row.simulatedMessages !== row.wireMessages)
      .map((row) => row.method),
  ];
}
