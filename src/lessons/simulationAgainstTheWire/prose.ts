/**
 * Lesson 9's readings of its tables, written from the run so that they stay true for any seed.
 *
 * Every number here comes from a {@link WireLessonResult}. Where the lesson's point is that the
 * wire agrees with the simulator, the reading counts the agreements and says plainly when one is
 * missing, rather than assuming it. What no run changes is in the notebook's markdown cells; these
 * functions write only the sentences whose numbers come from the run. Each returns markdown for
 * `tslab.display.markdown`, wrapped at 100 columns (`wrapMarkdown`).
 */
import { LATENCY_MICROS } from "../../fleet/conditions";
import { code, listing, plural } from "../proseWords";
import { foldedAnswers, wrapMarkdown } from "../wrapProse";
import { NO_APPROVAL, NOT_DECLARED } from "../../sim/client";
import { ERA_REVISIONS, PROTOCOL_ERAS } from "../../sim/eras";
import type { ToolOutcome } from "../../fleet/paths";
import type { WireLessonResult } from "./measurements";
import {
  agentDifferences,
  agreement,
  discoveryDifferences,
  gateRowChecks,
  outcomeDifferences,
  taskDifferences,
  WIRE_PATHS,
} from "./tables";
import { countDifferences } from "./eras";
import { groupChanges } from "./independent";
import { clientVerdicts, listedOutputSchema } from "./structured";

/** The English of each Turkish error the lesson's runs can print, for a gloss at first use. */
export const ERROR_GLOSSES: Readonly<Record<string, string>> = {
  "abone yok": "no such subscriber",
  "bolge yok": "no such region",
  "eksik alan": "missing field",
  [NO_APPROVAL]: "no approval",
  [NOT_DECLARED]: "tool not declared",
};

/** An error as code, glossed in English when the lesson knows its meaning: `abone yok` (no such subscriber). */
export function glossed(hata: string): string {
  const english = ERROR_GLOSSES[hata];
  return english ? `${code(hata)} (${english})` : code(hata);
}

const n = (value: number) => value.toLocaleString("en-US");

/** The comparison of one condition × agent (`shortcut` or `thorough`, lesson 8's). */
function agent(result: WireLessonResult, condition: string, name: string) {
  const found = result.agents.find((row) => row.condition === condition && row.policy === name);
  if (!found) throw new Error(`no run for ${condition} × ${name}`);
  return found;
}

/** The opening line: which seed this run used, and what is real in it. */
export function describeWireSeed(result: WireLessonResult): string {
  return wrapMarkdown(
    `This run uses **seed ${result.seed}** for the world of lessons 6 and 7 and for the fleet of lesson 8. ` +
      `Each server below is a real process, started with ${code(`mcp-course serve … --seed ${result.seed}`)}, built on the ` +
      `official TypeScript SDK's server package, ${code("@modelcontextprotocol/server")} ${result.sdk.server}, and ` +
      `spoken to over its standard input and output by a client built on its client package, ` +
      `${code("@modelcontextprotocol/client")} ${result.sdk.client}.`,
  );
}

/**
 * Lesson 6's tasks on the wire in both revisions: each difference from the simulator, in words
 * (level, revision, counts, and the kinds and methods whose messages differ in number).
 */
function levelDifferences(result: WireLessonResult): string[] {
  return result.levels.flatMap(({ level, simulated }) =>
    PROTOCOL_ERAS.flatMap((era) => {
      const revision = code(ERA_REVISIONS[era]);
      const entry = result.eras.find((e) => e.era === era && e.level === level);
      if (entry === undefined) return [`level ${level} has no run in ${revision}`];
      const messages = countDifferences(entry);
      const keys = [
        ...taskDifferences(simulated, entry.real),
        ...(messages.length > 0 ? [`the messages of ${listing(messages.map(code))}`] : []),
      ];
      return keys.length === 0 ? [] : [`at level ${level} in ${revision}, ${listing(keys)}`];
    }),
  );
}

/**
 * Lesson 6's tasks on the wire, in place of a table whose every row would say `same`: the verdict
 * over both revisions, each difference named in words.
 */
function levelSentence(result: WireLessonResult): string {
  const [legacy, stateless] = [ERA_REVISIONS.legacy, ERA_REVISIONS.stateless].map(code);
  const total = result.levels.length;
  const differences = levelDifferences(result);
  return differences.length === 0
    ? `At all ${total} levels and in both revisions, ${legacy} and ${stateless}, the wire gives the ` +
        `simulator's counts, failures and messages: 0 differences in ${2 * total} runs.`
    : `The wire differs from the simulator ${plural(differences.length, "time")} in ${2 * total} runs: ` +
        `${differences.join("; ")}.`;
}

/** An outcome as a reader names it: `the JSON-RPC error -32602`, `an error result`, `a result`. */
function describeChannel(outcome: ToolOutcome): string {
  if (outcome.channel === "JSON-RPC error") {
    const codeOf = /^MCP error (-?\d+):/.exec(outcome.text)?.[1];
    return `the JSON-RPC error ${codeOf ?? ""}`.trim();
  }
  return outcome.channel === "error result" ? "an error result" : `a ${outcome.channel}`;
}

/** Lesson 8's malformed calls over the real paths: which answers differ from the simulator's, and how. */
function malformedSentence(result: WireLessonResult): string {
  const { malformed: same, malformedTotal: total } = agreement(result);
  const { simulated, wire } = result.malformed;
  const groups = new Map<string, string[]>();
  for (const path of WIRE_PATHS) {
    for (const [k, row] of wire.entries()) {
      const sim = simulated[k].outcomes[path];
      const real = row.outcomes[path];
      if (outcomeDifferences(sim, real).length === 0) continue;
      const key = `the simulator's ${code(path)} path answers ${describeChannel(sim)}, the wire ${describeChannel(real)}`;
      groups.set(key, [...(groups.get(key) ?? []), `*${row.label}*`]);
    }
  }
  const differences = [...groups].map(([key, labels]) => `to ${listing(labels)} ${key}`);
  return same === total
    ? `All ${total} answers of our two servers are the simulator's, to the character.`
    : `${same} of ${total} answers of our two servers are the simulator's, to the character; ` +
        `${total - same} ${total - same === 1 ? "differs" : "differ"}: ${differences.join("; ")}.`;
}

/** Lesson 8's agents over the wire: how many runs end as the simulator said, and each that does not. */
function agentSentence(result: WireLessonResult): string {
  const differing = result.agents.filter((row) => agentDifferences(row).length > 0);
  const conditions = new Set(result.agents.map((row) => row.condition)).size;
  const agents = new Set(result.agents.map((row) => row.policy)).size;
  const runs = `${result.agents.length} runs (${agents} agents under ${conditions} conditions)`;
  return differing.length === 0
    ? `All ${runs} end as the simulator said: the same answers, calls, errors, restarts, stray ` +
        `lines and timeouts, 0 differences.`
    : `${result.agents.length - differing.length} of ${runs} end as the simulator said; ` +
        `${listing(differing.map((row) => `${row.condition} × ${row.policy} differs in ${listing(agentDifferences(row))}`))}.`;
}

/** Lesson 7's discovery on the wire: how many servers' messages match lesson 7's count, and those that do not. */
function discoverySentence(result: WireLessonResult): string {
  const { discovery: agreeing, discoveryTotal } = agreement(result);
  return agreeing === discoveryTotal
    ? `Lesson 7's simulated discovery holds on the wire for all ${discoveryTotal} servers: the same lists and ` +
        `messages, method by method, 0 differences.`
    : `Lesson 7's simulated discovery holds on the wire for ${agreeing} of ${discoveryTotal} servers; ` +
        `${listing(result.discovery.filter((check) => discoveryDifferences(check).length > 0).map((check) => `${code(check.server)} differs in ${listing(discoveryDifferences(check))}`))}.`;
}

/** Lesson 6's gate table on the wire: how many rows the wire's walks repeat, and each that they do not. */
function gateRowSentence(result: WireLessonResult): string {
  const checks = gateRowChecks(result);
  const differing = checks.filter((check) => check.differences.length > 0);
  return differing.length === 0
    ? `The wire's runs repeat all ${checks.length} rows, under the defaults-reading gate and the course's gate.`
    : `The wire's runs repeat ${checks.length - differing.length} of ${checks.length} rows; ` +
        `${listing(differing.map((check) => `level ${check.level}, ${check.reading === "mcp" ? "the defaults-reading gate" : "the course's gate"}, differs in ${listing(check.differences)}`))}.`;
}

/**
 * The five checks that hold the wire to the simulator (lesson 6's tasks in both revisions and its
 * gate table, lesson 7's discovery, lesson 8's agents and its malformed calls): one line of counts
 * when all agree, otherwise one list item per check, each counting the agreements and naming every
 * difference.
 */
export function readWireChecks(result: WireLessonResult): string {
  const { discovery, discoveryTotal, malformed, malformedTotal, gateRows, gateRowsTotal } =
    agreement(result);
  const agreeing =
    levelDifferences(result).length === 0 &&
    discovery === discoveryTotal &&
    result.agents.every((row) => agentDifferences(row).length === 0) &&
    malformed === malformedTotal &&
    gateRows === gateRowsTotal;
  if (agreeing) {
    const rows: [string, string, string][] = [
      [
        "lesson 6's tasks",
        plural(2 * result.levels.length, "run"),
        "kept, calls, failed, completed, blocked, written, messages",
      ],
      [
        "lesson 6's gate table",
        plural(gateRowsTotal, "run"),
        "calls, sent, blocked, written, completed",
      ],
      ["lesson 7's discovery", plural(discoveryTotal, "server"), "messages, method by method"],
      [
        "lesson 8's agents",
        plural(result.agents.length, "run"),
        "answers, calls, failed, restarts, stray lines, timeouts",
      ],
      [
        "lesson 8's malformed calls",
        plural(malformedTotal, "answer"),
        "channel and text, to the character",
      ],
    ];
    return [
      ...sideBySide(result),
      "| compared | items | held equal, simulator against wire | differences |",
      "|:---|:---|:---|:---|",
      ...rows.map(([what, items, fields]) => `| ${what} | ${items} | ${fields} | 0 |`),
    ].join("\n");
  }
  return wrapMarkdown(
    [
      ...sideBySide(result),
      `- **Lesson 6's tasks.** ${levelSentence(result)}`,
      `- **Lesson 6's gate table.** ${gateRowSentence(result)}`,
      `- **Lesson 7's discovery.** ${discoverySentence(result)}`,
      `- **Lesson 8's agents.** ${agentSentence(result)}`,
      `- **Lesson 8's malformed calls.** ${malformedSentence(result)}`,
    ].join("\n"),
  );
}

/**
 * One run's own figures from each side, printed before the checks so that a reader sees the numbers
 * they compare: lesson 6's tasks at the full level in 2025-11-25, the checks' first row's fields.
 */
function sideBySide(result: WireLessonResult): string[] {
  const run = result.levels.find((row) => row.level === 3);
  const era = result.eras.find((e) => e.era === "legacy" && e.level === 3);
  if (run === undefined || era === undefined) return [];
  const keys = ["negotiated", "calls", "failed", "completed", "blocked", "written"] as const;
  const messages = (side: "simulatedMessages" | "wireMessages") =>
    era.kinds.reduce((sum, row) => sum + row[side], 0);
  const line = (side: string, counts: Record<(typeof keys)[number], number>, total: number) =>
    `| ${side} | ${keys.map((k) => counts[k]).join(" | ")} | ${total} |`;
  return [
    "| side | kept | calls | failed | completed | blocked | written | messages |",
    "|:---|:---|:---|:---|:---|:---|:---|:---|",
    line("simulator", run.simulated, messages("simulatedMessages")),
    line("wire", run.real, messages("wireMessages")),
    "",
  ];
}

/** A reading of the declaration tables: what zod's JSON Schema converter, called by the SDK's high-level server, did to the fleet's tools. */
export function readHighLevelDeclarations(result: WireLessonResult): string {
  const diffs = result.declarations;
  const total = (k: 0 | 1) => diffs.reduce((sum, d) => sum + d.bytes[k], 0);
  const more = (a: number, b: number) => `${Math.round(((b - a) * 100) / a)}%`;
  const groups = groupChanges(diffs);
  const added = groups.filter((g) => g.change === "added");
  const movedCount = groups
    .filter((g) => g.change === "moved")
    .reduce((sum, g) => sum + g.count, 0);
  return wrapMarkdown(
    `The same three tools cost ${n(total(1))} bytes on the wire against our ${n(total(0))} ` +
      `(${more(total(0), total(1))} more). ` +
      (added.length > 0
        ? `Zod's converter added ${listing(added.map((g) => `${code(g.what)} ${g.count === 1 ? "once" : `${g.count} times`}`))}` +
          (movedCount > 0
            ? ` and reordered the keys of ${plural(movedCount, "property", "properties")}.`
            : ".")
        : movedCount > 0
          ? `Zod's converter reordered the keys of ${plural(movedCount, "property", "properties")}.`
          : `Zod's converter changed no key.`),
  );
}

/** A candidate result as the exercise prints it: its JSON, as code. */
function candidateText(candidate: unknown): string {
  return code(JSON.stringify(candidate));
}

/** What the SDK's client does with each of exercise 4's candidates, in one sentence each. */
function verdictSentences(result: WireLessonResult): string {
  const verdicts = clientVerdicts(listedOutputSchema(result.structured));
  const accepted = verdicts.filter((v) => v.valid);
  const refused = verdicts.filter((v) => !v.valid);
  return (
    (accepted.length > 0
      ? `The SDK's client accepts ${listing(accepted.map((v) => candidateText(v.candidate)))}` +
        ` (${code("number")} takes any number, whole or not). `
      : "The SDK's client accepts none of them. ") +
    (refused.length > 0
      ? `It refuses ${listing(refused.map((v) => `${candidateText(v.candidate)} (${code(v.message)})`))}, ` +
        `throwing a ${code("ProtocolError")} with code -32602 in place of a result: the SDK's own check, no error ` +
        `from the server. `
      : "") +
    `The last is the one a reader might not expect: zod's converter, writing the schema of what ` +
    `the tool puts out, closes the object with ${code("additionalProperties: false")}.`
  );
}

/** The titles of the exercises, as the folded answers name them. */
const ANSWER_TITLES = [
  "A cancellation after the response",
  "An outputSchema that is an array",
  "An upper bound for max_hours",
  "Four structured results against one outputSchema",
  "A sleep shorter than the timeout",
];

/**
 * The expected answers to the lesson's exercises, each folded: exercises 1 and 2 fixed text, the
 * others computed from the run, exercise 3 from the keys zod's converter added, exercise 4 from the
 * SDK client's validator applied to the `outputSchema` the structured-results server listed,
 * exercise 5 from the agents' rows without a fault and under the slow tool.
 */
export function wireSolutions(result: WireLessonResult): string {
  const maxima = result.declarations.flatMap((diff) =>
    diff.added.filter((change) => change.key === "maximum"),
  );
  const onMaxHours = maxima.filter((change) => change.path.split(".").includes("max_hours")).length;
  const times = (count: number) =>
    count === 1 ? "once" : count === 2 ? "twice" : `${count} times`;
  const direct = (name: string) => agent(result, "direct", name).real.toolCalls;
  const slow = (name: string) => agent(result, "slow", name).real.toolCalls;
  const answers = [
    `Both MUST handle the race gracefully (2025-11-25 ${code("basic/utilities/cancellation.mdx")}, ` +
      `"Timing Considerations"). The server MAY ignore the notification: processing has completed, ` +
      `and it has nothing to withdraw. It sends nothing back, as no one answers a notification. ` +
      `The client SHOULD ignore the result that arrives after it cancelled ("Behavior ` +
      `Requirements"): it has given up on id 7, so it neither uses the result nor takes it for an ` +
      `error.`,
    `Any JSON value that conforms to the schema, here an array whose items match its ${code("items")}; ` +
      `the server MUST send one that conforms (2026-07-28 ${code("server/tools.mdx")}, "Structured ` +
      `Content" and "Output Schema"). Its ${code("content")} SHOULD hold the same array, serialized ` +
      `as JSON, in a ${code("TextContent")} block, so that a client that reads only ${code("content")} ` +
      `still gets it. A 2025-11-25 server could not: there ${code("structuredContent")} is an object ` +
      `and ${code("outputSchema")} a schema of ${code('type: "object"')}, so it would wrap the array ` +
      `in an object, such as ${code('{"users": […]}')}.`,
    `The row ${code(`added maximum ${maxima[0] ? JSON.stringify(maxima[0].value) : "9007199254740991"}`)} falls from ${times(maxima.length)} to ` +
      `${times(maxima.length - onMaxHours)} (${code("min_hours")} keeps it), and a row ${code("added maximum 100000")} appears ${times(onMaxHours)}: ` +
      `our JSON Schema gives ${code("max_hours")} no upper bound, so the bound on the wire comes from the zod schema alone.`,
    verdictSentences(result),
    `The slow condition no longer times out: no ${code("notifications/cancelled")}, no error, and the shortcut and thorough agents make ` +
      `${direct("shortcut")} and ${direct("thorough")} calls, as without a fault, instead of ${slow("shortcut")} and ${slow("thorough")}. ` +
      `The simulator still counts a timeout for each, so section 6 would name both slow runs as differing in calls, errors ` +
      `and timeouts. To agree, ` +
      `its client would need the real sleep and timeout, not lesson 8's ${LATENCY_MICROS.slowTool / 1_000_000} s and ` +
      `${LATENCY_MICROS.clientTimeout / 1_000_000} s.`,
  ];
  return foldedAnswers(ANSWER_TITLES, answers);
}
