/**
 * Lesson 7's readings of its tables: only the sentences whose numbers come from the run, so that
 * they stay true for any seed. The teaching text around them is the notebook's markdown.
 *
 * Every number in these paragraphs comes from a {@link WritingAClientResult}; where a claim might
 * not hold (two modes making the same calls, a gap growing by the same amount at every task, a
 * report costing nothing on the wire), the paragraph checks it and says what it finds. Each
 * function returns markdown for `tslab.display.markdown`, its lines wrapped to the lessons' width
 * (`wrapMarkdown`).
 */
import { FLEET_CHAIN, FLEET_STATE } from "../../fleet/server";
import { FLEET_SERVER_NAME } from "../../fleet/paths";
import { callArguments, NOT_DECLARED } from "../../sim/client";
import { envelopeCost, type EnvelopeCounts } from "../../sim/envelope";
import { DISCOVERY_METHODS } from "../../simulatedClient/messages";
import { discoveredBefore, discoveryOf, sumDiscovery } from "./tables";
import { countTokens } from "../../sim/tokenizer";
import type { ClientRun } from "../../simulatedClient/session";
import { PREFIX_SEPARATOR, prefixToolNames, toolNameBreaks } from "./toolNames";
import { DROPPED_SERVER, KEPT_SERVER, type WritingAClientResult } from "./simulate";
import { code, listing, plural } from "../proseWords";
import { foldedAnswer, wrapMarkdown } from "../wrapProse";

const KEYS = ["request", "response", "notification", "tokens", "round_trips"] as const;
const sameCounts = (a: EnvelopeCounts, b: EnvelopeCounts) => KEYS.every((k) => a[k] === b[k]);
const countsText = (c: EnvelopeCounts) =>
  `${plural(c.request, "request")}, ${plural(c.response, "response")}, ${plural(c.notification, "notification")}, ${c.tokens} tokens and ${plural(c.round_trips, "round trip")}`;

/** The discovery cost of one connection to every server (what one discovery costs in the runs). */
function oneDiscovery(result: WritingAClientResult): EnvelopeCounts {
  return sumDiscovery(result.discovery);
}

/** Whether the fleet task (the last) completed in the once-per-session run. */
function fleetCompleted(result: WritingAClientResult): boolean {
  const outcomes = result.perSession.outcomes;
  return outcomes[outcomes.length - 1]?.completed ?? false;
}

/** The opening line: which seed this run used, and what it draws. */
export function describeClientSeed(result: WritingAClientResult): string {
  return wrapMarkdown(
    `This run uses **seed ${result.seed}**: it draws lesson 1's ${result.tasks.length - 1} tasks ` +
      `and the fleet's ${result.fleet.devices.length} devices. The real lines carry nothing drawn ` +
      `from the seed.`,
  );
}

/**
 * Section 1's fleet task, computed from the library: the chain's calls (`FLEET_CHAIN`) with their
 * arguments (each tool's schema fields found in `FLEET_STATE`, as `callArguments` picks them; a
 * field the state lacks, `device_id`, comes from the first row `top_devices` returns), when the
 * task fails, and what the chain fetched on this seed.
 */
export function describeFleetTask(result: WritingAClientResult): string {
  const fleet = result.servers.find((s) => s.name === FLEET_SERVER_NAME);
  const calls = FLEET_CHAIN.map((name) => {
    const fields = fleet?.tools.find((t) => t.name === name)?.fields ?? [];
    const args = callArguments(fields, FLEET_STATE);
    return Object.keys(args).length > 0
      ? `${code(name)} with ${code(JSON.stringify(args))}`
      : `${code(name)} with the first row's ${listing(fields.map(code))}`;
  });
  const { fetched } = result.fleetChain;
  const found = fetched === result.fleetAnswer.device_id;
  return wrapMarkdown(
    `Its chain is ${calls.slice(0, -1).join(", ")}, then ${calls[calls.length - 1]}. The task ` +
      `fails if a call fails, which cuts the chain, or if the host refuses one. This seed's chain ` +
      (fetched === null
        ? `fetches nothing, so the task fails.`
        : `fetches ${code(String(fetched))}, ${found ? "which is" : "which is not"} the task's answer.`),
  );
}

/** A reading of the discovery table: what one discovery of every server costs. */
export function readDiscovery(result: WritingAClientResult): string {
  return wrapMarkdown(
    `In the simulator, discovering all ${result.discovery.length} servers costs ` +
      `${countsText(oneDiscovery(result))}.`,
  );
}

/**
 * Whether the servers' tool names collide: what a client whose allowlist holds bare tool names
 * (no server prefix) has to know before it can trust that each entry means one tool.
 */
export function readToolNames(result: WritingAClientResult): string {
  const owners = new Map<string, string[]>();
  for (const server of result.servers) {
    for (const tool of server.tools)
      owners.set(tool.name, [...(owners.get(tool.name) ?? []), server.name]);
  }
  const listed = result.servers.reduce((n, s) => n + s.tools.length, 0);
  const shared = [...owners].filter(([, servers]) => servers.length > 1);
  return wrapMarkdown(
    shared.length === 0
      ? `Here the ${result.servers.length} servers list ${plural(listed, "tool")} under ` +
          `${plural(owners.size, "different name")}, so each name on the allowlist means one tool of ` +
          `one server.`
      : `Here the ${result.servers.length} servers list ${plural(listed, "tool")} under only ` +
          `${plural(owners.size, "name")}: ` +
          listing(
            shared.map(
              ([name, servers]) => `${code(name)} is listed by ${listing(servers.map(code))}`,
            ),
          ) +
          `, and the allowlist cannot tell those apart.`,
  );
}

/** The `ttlMs` the simulated 2026-07-28 results carry (the first one sent). */
function currentTtl(result: WritingAClientResult): number | undefined {
  return result.current.once.sent.find((m) => m.ttlMs !== undefined)?.ttlMs;
}

/** A body's words without the server's name, which the simulator adds after a request's or a notification's method. */
function withoutServerName(message: { kind: string; server: string; body: string }): string {
  const words = message.body.split(" ");
  return message.kind !== "response" && words[1] === message.server
    ? [words[0], ...words.slice(2)].join(" ")
    : message.body;
}

/**
 * The dropped server's discovery counted both ways: the simulator's tokens, and the tokens of the
 * same bodies without the server's name, the word the real lines do not carry.
 */
export function readNameWord(result: WritingAClientResult): string {
  const sent = result.transcripts[DROPPED_SERVER] ?? [];
  const simulated = sent.reduce((n, m) => n + m.tokens, 0);
  const real = sent.reduce((n, m) => n + envelopeCost(withoutServerName(m)), 0);
  const named = sent.filter((m) => withoutServerName(m) !== m.body).length;
  return wrapMarkdown(
    `These ${plural(sent.length, "message")} count ${simulated} tokens. The server's name in ` +
      `${named} of them adds ${simulated - real}: without it, the real lines' words count ${real}.`,
  );
}

/** The messages of the dropped server's discovery after the `initialize` result: what a client that stopped there would save. */
function afterVersion(result: WritingAClientResult) {
  const dropped = result.transcripts[DROPPED_SERVER] ?? [];
  const versionFirst = dropped[1]?.kind === "response" && dropped[1].method === "initialize";
  const rest = versionFirst ? dropped.slice(2) : [];
  return {
    messages: rest,
    counts: {
      request: rest.filter((m) => m.kind === "request").length,
      response: rest.filter((m) => m.kind === "response").length,
      notification: rest.filter((m) => m.kind === "notification").length,
      tokens: rest.reduce((n, m) => n + m.tokens, 0),
      round_trips: rest.reduce((n, m) => n + m.roundTrips, 0),
    },
  };
}

/**
 * A reading of the silent and reporting results: whether the report costs anything on the wire
 * (both clients' end-of-run reports are printed above it, so it names no drop counts of its own).
 */
export function readReport(result: WritingAClientResult): string {
  const { silent, reporting } = result;
  return wrapMarkdown(
    sameCounts(silent.run.total, reporting.run.total)
      ? `The report adds no message: both clients send the same ones.`
      : `On the wire the two clients differ, which they should not.`,
  );
}

/** The lesson's summary, as a bullet list computed from the run. */
export function summarizeClient(result: WritingAClientResult): string {
  const { current, mcpHost: mcp, silent, reporting } = result;
  const row = result.visibility.find((r) => r.server === DROPPED_SERVER);
  return wrapMarkdown(
    [
      `- In 2026-07-28, the allowlisting host completes ${mcp.once.completed} of ` +
        `${mcp.perTask.tasks} tasks.`,
      `- The course's host, with lesson 5's version rule, drops ${code(DROPPED_SERVER)} and ` +
        `completes ${current.once.completed}. ` +
        (row
          ? `The drop sends no message: ${code(DROPPED_SERVER)}'s ${row.calls} calls end in the ` +
            `client, ${row.reachedWire} on the wire; reporting it adds ` +
            `${sameCounts(silent.run.total, reporting.run.total) ? "no message" : "messages"}.`
          : `No server is dropped at this level.`),
    ].join("\n"),
  );
}

/**
 * Exercise 3's answer, from section 2's naming rule (`prefixToolNames`) and the tool-name SHOULDs
 * (`toolNameBreaks`): a key with a character outside the set, a key too long for the longest
 * listed name, and two keys whose prefixed names meet because `__` sits inside a key or a name.
 */
function keyAnswer(result: WritingAClientResult): string {
  const tools = result.collision
    .filter((row) => row.key === result.collision[0].key)
    .map((row) => row.tool);
  const slash = prefixToolNames([{ key: "fleet/east", serverInfoName: "fleet", tools }]);
  const slashName = slash.find((row) => row.tool === "get_device")?.prefixed ?? "";
  const longName = `${"k".repeat(120)}${PREFIX_SEPARATOR}get_device`;
  const met = `fleet__north${PREFIX_SEPARATOR}get_device`;
  let refusal = "";
  try {
    prefixToolNames([
      { key: "fleet__north", serverInfoName: "fleet", tools: ["get_device"] },
      { key: "fleet", serverInfoName: "fleet", tools: ["north__get_device"] },
    ]);
  } catch (error) {
    refusal = (error as Error).message;
  }
  return (
    `${code(slashName)} ${listing(toolNameBreaks(slashName))}, outside the characters a tool name ` +
    `SHOULD use: key the server ${code("fleet-east")}. A 120-character key gives ` +
    `${code("get_device")} a name that ${listing(toolNameBreaks(longName))}: keep keys short. In ` +
    `the last case both names come out ${code(met)}, as ${code(PREFIX_SEPARATOR)} can sit inside a ` +
    `key or a tool name. ` +
    (refusal
      ? `${code("prefixToolNames")} refuses the pair ("${refusal}"), as it refuses two servers ` +
        `with one key. Rename a key, and keep \`_\` out of keys, so that the first ` +
        `${code(PREFIX_SEPARATOR)} always ends the key.`
      : `${code("prefixToolNames")} lets the pair through: the scheme needs a check it lacks.`)
  );
}

/**
 * The expected answers to the lesson's exercises, numbered as they are, computed from the run,
 * each folded (`foldedAnswer`).
 *
 * @returns markdown: one `<details>` block per exercise.
 */
export function solveClientExercises(result: WritingAClientResult): string {
  const one = oneDiscovery(result);
  const { perTask, perSession } = result;
  const saved = afterVersion(result).counts;
  const kept = result.transcripts[KEPT_SERVER] ?? [];
  const list = kept.find((m) => m.kind === "request" && m.method === DISCOVERY_METHODS.tools);
  const listed = kept.find((m) => m.kind === "response" && m.method === DISCOVERY_METHODS.tools);
  const changed = `notifications/tools/list_changed ${KEPT_SERVER}`;
  const changedTokens = envelopeCost(changed);
  const keptDiscovery = result.discovery.find((row) => row.server === KEPT_SERVER);
  const relist = changedTokens + (list?.tokens ?? 0) + (listed?.tokens ?? 0);
  const messages = saved.notification + saved.request + saved.response;
  const drop = result.reporting.reports.find((report) => report.reason === "version");
  const bareDrop = drop
    ? `dropped ${drop.server}: declares version ${drop.declaredVersion}; client knows ${drop.knownVersion}`
    : `dropped ${DROPPED_SERVER}`;
  const ended = result.reporting.failures.filter((f) => f.drop !== undefined).length;
  return [
    foldedAnswer(
      "1. What another seed moves",
      `The calls' tokens, and all that is made from them: token totals. The calls carry values drawn from the seed, such as the ` +
        `fleet's device count. Discovery's bodies hold none, and each task's chain is fixed by its ` +
        `type, so no count of messages or calls moves. Which tasks complete is set by the policy and ` +
        `the declarations, which the seed does not draw; the fleet task ` +
        `${fleetCompleted(result) ? "completes" : "fails"} on this seed.`,
    ),
    foldedAnswer(
      "2. Closing on a version the client will not use",
      `One discovery saves ${plural(messages, "message")}, ${saved.tokens} tokens and ` +
        `${plural(saved.round_trips, "round trip")}; the course's host's 2025-11-25 per-task client, discovering ` +
        `${perTask.discoveries} times, ${perTask.discoveries * saved.tokens} tokens and ` +
        `${perTask.discoveries * saved.round_trips} round trips. The counts do not change: no ` +
        `${code(DROPPED_SERVER)} tool is kept either way, so the same ${ended} calls end in the ` +
        `client, ${perSession.completed} of ${perSession.tasks} tasks complete, and the silent ` +
        `client's report is the same. The reporting client's is not: only ` +
        `${code(DISCOVERY_METHODS.tools)} tells a client which tools ` +
        `${code(DROPPED_SERVER)} has (its answer in section 2's priced lines), so its drop ` +
        `line names only the server, ${code(bareDrop)}, and its ${ended} failures lose ` +
        `${code("dropped for version")}, like exercise 4's misspelt name.`,
    ),
    foldedAnswer("3. Keys that break the scheme", keyAnswer(result)),
    foldedAnswer(
      "4. A misspelt tool name",
      `Both reports add ${code("1 × tuketm: arac bildirilmedi")}, in the form of the silent ` +
        `client's lines in section 4. Only the reporting client can tell it from a dropped tool: ` +
        `every failure a drop caused carries ${code("dropped for")} and a reason, and this line ` +
        `carries none.`,
    ),
    foldedAnswer(
      "5. A tool added to tarife during a 2025-11-25 session",
      `${code(changed)} (${changedTokens} tokens, no round trip), then ${code(list?.body ?? "tools/list")} ` +
        `(${list?.tokens ?? 0} tokens, ${plural(list?.roundTrips ?? 0, "round trip")}) and its ` +
        `response (today's ${listed?.tokens ?? 0} tokens and the new name's): ${relist} tokens plus ` +
        `the new name's, against ` +
        `${keptDiscovery?.tokens ?? 0} to discover ${code(KEPT_SERVER)} again and ${one.tokens} for a ` +
        `whole discovery.`,
    ),
  ].join("\n\n");
}

/** The tools of the calls a run ended in the client (refused by the host), one entry a call. */
function refusedCalls(run: ClientRun): string[] {
  return run.outcomes.flatMap((o) =>
    o.failure !== undefined && o.failure.hata === NOT_DECLARED ? [o.failure.tool] : [],
  );
}

/** The distinct items of a list, in first-seen order. */
function unique(items: string[]): string[] {
  return [...new Set(items)];
}

/** `kayit`'s real 2025-11-25 `tools/list` answer in section 2, in bytes (a line tested against the export). */
export const KAYIT_LIST_BYTES = 540;
const KEPT_LIST_SERVER = "kayit";

/**
 * Why the cached client fetched again before a task: when that task starts, in minutes after the
 * first fetch, and that a result is stale once its age reaches `ttlMs` (fresh while
 * `now < t_received + ttlMs`, 2026-07-28 caching.mdx); if the task starts before `ttlMs` (the
 * clock's first step is not the first fetch), only that the `ttlMs` ran out.
 */
function staleWhy(run: ClientRun, task: number, ttl: number): string {
  const age = run.steps[task - 1].atMs - run.steps[0].atMs;
  if (age < ttl) return `, when the \`ttlMs\` of ${ttl} ms ran out`;
  return (
    `: task ${task} starts ${age / 60_000} minutes after the first fetch, ` +
    `${age === ttl ? "exactly" : "past"} the \`ttlMs\` of ${ttl} ms, and a result is stale once its ` +
    `age reaches \`ttlMs\``
  );
}

/**
 * Section 3's reading, for the host that trusts its servers' hints: the calls every client in the
 * tables makes, the tasks it completes, one discovery in each revision,
 * and when the cached client fetched again.
 * Then one sentence on the course's host: what it completes.
 * Each claim is checked where it might not hold.
 */
export function readAllModes(result: WritingAClientResult): string {
  const { mcpHost: mcp, mcpHostSessions: legacy, current, perTask, perSession } = result;
  const runs = [mcp.perTask, mcp.once, mcp.cached, legacy.perTask, legacy.perSession];
  const sameCalls = runs.every((run) => run.calls === mcp.once.calls);
  const bothEras = legacy.perSession.completed === mcp.once.completed;
  const again = discoveredBefore(mcp.cached).split(" ").slice(1);
  const ttl = currentTtl(result);
  const refused = refusedCalls(mcp.once);
  const trusting = [
    sameCalls
      ? `Every client in the tables makes the same ${mcp.once.calls} calls` +
        (refused.length > 0
          ? `, counting the ${refused.length} to ${listing(unique(refused.map(code)))} that the ` +
            `client refuses and never sends.`
          : `.`)
      : `The clients in the tables do not all make the same calls.`,
    `The allowlisting host completes ${mcp.once.completed} of ${mcp.once.tasks} tasks` +
      (bothEras ? ` in both revisions.` : ` in 2026-07-28.`),
    refused.length > 0 && refused.length === mcp.once.tasks - mcp.once.completed
      ? `The ${plural(refused.length, "task")} it fails ${refused.length > 1 ? "are" : "is"} the ` +
        `record ${refused.length > 1 ? "tasks" : "task"}: each ends at its call to ` +
        `${listing(unique(refused.map(code)))}, which is off the allowlist, so the client ends it.`
      : `Not every task it fails ends at a refused call.`,
    `One discovery of the ${result.servers.length} servers costs ${mcp.once.discovery.tokens} ` +
      `tokens in 2026-07-28 and ${oneDiscovery(result).tokens} in 2025-11-25 (the first table's ` +
      `${code("all")} line), counting tool names, not schemas: section 2's real ` +
      `${code("tools/list")} of ${code(KEPT_LIST_SERVER)} alone is ${KAYIT_LIST_BYTES} bytes. ` +
      `The server's name after each method, no real message's word, is ` +
      `${addedNames(result, "current")} of the ${mcp.once.discovery.tokens} tokens and ` +
      `${addedNames(result, "legacy")} of the ${oneDiscovery(result).tokens}.`,
    again.length > 0 && ttl !== undefined
      ? `The cached client fetched again before ${again.length > 1 ? "tasks" : "task"} ` +
        `${listing(again)}${staleWhy(mcp.cached, Number(again[0]), ttl)}.`
      : `The cached client never fetched again.`,
  ];
  const course =
    `Under the course's host, its version rule drops ${code(DROPPED_SERVER)}; ` +
    `${current.once.completed} of ${current.once.tasks} complete` +
    (perTask.completed === current.once.completed && perSession.completed === current.once.completed
      ? ` in both revisions.`
      : `.`);
  return wrapMarkdown([...trusting, course].join(" "));
}

/**
 * The tokens the simulator's rows add to one discovery of every server by naming the server after
 * each request's and notification's method (`tools/list kayit`), a word no real message carries:
 * in 2025-11-25 (`legacy`) or 2026-07-28 (`current`).
 * @throws if such a message's second word is not its server's name (the count would be false).
 */
function addedNames(result: WritingAClientResult, era: "legacy" | "current"): number {
  let tokens = 0;
  for (const server of result.servers.map((s) => s.name)) {
    for (const m of discoveryOf(result, era, server).filter((m) => m.kind !== "response")) {
      if (m.body.split(" ")[1] !== server)
        throw new Error(`${server}'s ${m.method} does not name its server second`);
      tokens += countTokens(server);
    }
  }
  return tokens;
}
