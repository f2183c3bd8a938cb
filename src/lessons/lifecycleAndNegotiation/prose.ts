/**
 * Lesson 5, "Lifecycle and Negotiation": the sentences that read its tables and real lines, as
 * markdown built from the results, so that every number the run measures is computed. The text
 * no run changes lives in the notebook's markdown cells.
 */
import { STATELESS_REVISION } from "../../protocol/revisions";
import { isTranscriptLine, type Transcript } from "../../wireClient/lineExchange";
import { code, listing, ordinal, plural } from "../proseWords";
import { foldedAnswer, wrapMarkdown } from "../wrapProse";
import type { LifecycleAndNegotiationResult, PolicyRow } from "./simulate";
import type { LifecycleAndNegotiationWire, OpeningCost } from "./wire";

/** A JSON-RPC message as a transcript read it. */
type Message = Record<string, any>;

/** The lines one side wrote in a transcript, parsed, in order. */
function linesFrom(transcript: Transcript, from: "client" | "server"): Message[] {
  return transcript.steps
    .filter(isTranscriptLine)
    .filter((step) => step.from === from)
    .map((step) => JSON.parse(step.line) as Message);
}

/** The bytes of the lines one side wrote in a transcript, in order. */
function bytesFrom(transcript: Transcript, from: "client" | "server"): number[] {
  return transcript.steps
    .filter(isTranscriptLine)
    .filter((step) => step.from === from)
    .map((step) => step.bytes);
}

const codes = (items: readonly string[]) => listing(items.map(code));

/**
 * Bytes a request whose `params` hold only `_meta` adds beyond `,"_meta":{…}`: `,"params":{}`,
 * less the comma `_meta` no longer needs.
 */
const PARAMS_WRAPPER_BYTES = Buffer.byteLength(`,"params":{}`) - 1;

/** The server's `serverInfo` in a stateless result's `_meta`. */
const serverInfoOf = (result: Message): { name: string; version: string } =>
  result._meta?.["io.modelcontextprotocol/serverInfo"];

/** The run's opening sentence: the seed, and the task the gate follows. */
export function describeLifecycleAndNegotiationSeed(result: LifecycleAndNegotiationResult): string {
  return wrapMarkdown(
    `This run uses **seed ${result.seed}**. Section 6 follows its first record task, the ` +
      `${ordinal(result.gateTaskNumber)}, about ${code(result.gateTask.subscriber)}.`,
  );
}

/**
 * A reading of the `server/discover` opening: the versions and capabilities the answer names, the
 * server's identity, and what the stateless `tools/list` answer adds to the legacy one.
 */
export function readDiscover(wire: LifecycleAndNegotiationWire): string {
  const [discovered, listed] = linesFrom(wire.discover, "server");
  const [, legacyList] = linesFrom(wire.legacy, "server");
  const versions: string[] = discovered.result.supportedVersions;
  const [current, ...legacy] = versions;
  const info = serverInfoOf(discovered.result);
  const [initializeAnswer] = linesFrom(wire.legacy, "server");
  const sameCapabilities =
    JSON.stringify(discovered.result.capabilities) ===
      JSON.stringify(initializeAnswer.result.capabilities) &&
    JSON.stringify(info) === JSON.stringify(initializeAnswer.result.serverInfo);
  const { resultType, ttlMs, cacheScope, _meta, ...rest } = listed.result;
  const added = [resultType, ttlMs, cacheScope, _meta].every((v) => v !== undefined);
  const sameTools = added && JSON.stringify(rest) === JSON.stringify(legacyList.result);
  const [, listedBytes] = bytesFrom(wire.discover, "server");
  const [, legacyBytes] = bytesFrom(wire.legacy, "server");
  const listedText =
    legacy.length === 0
      ? `${code(info.name)} lists only ${code(current)}; the box below says why. `
      : `${code(info.name)} lists ${versions.length} versions: ${code(current)}, and the legacy ` +
        `${codes(legacy)}. `;
  return wrapMarkdown(
    listedText +
      `Its capabilities and identity are ${sameCapabilities ? "" : "not "}` +
      `section 1's. Its ${code("tools/list")} answer, ${listedBytes} bytes against ` +
      `${legacyBytes}, is ` +
      (sameTools
        ? `section 1's JSON plus ${codes(["resultType", "ttlMs", "cacheScope", "_meta"])}.`
        : `not section 1's JSON with fields added.`),
  );
}

/**
 * A reading of the stateless mismatch: the refusal's data, and what the refused request cost
 * against asking first, which a client pays once per server while the answer is fresh (its
 * `ttlMs`); then what the same server answers to 2025-11-25 named in `_meta`, which it serves
 * only through `initialize` and so does not list.
 */
export function readStatelessMismatch(wire: LifecycleAndNegotiationWire): string {
  const [refusal] = linesFrom(wire.statelessMismatch, "server");
  const [asked, answered] = [
    bytesFrom(wire.statelessMismatch, "client")[0],
    bytesFrom(wire.statelessMismatch, "server")[0],
  ];
  const [discoverAsked] = bytesFrom(wire.discover, "client");
  const [discoverAnswered] = bytesFrom(wire.discover, "server");
  const [discovered] = linesFrom(wire.discover, "server");
  const minutes = discovered.result.ttlMs / 60_000;
  const fresh = minutes === 60 ? "an hour" : plural(minutes, "minute");
  const { code: errorCode, data } = refusal.error;
  const [, retry] = linesFrom(wire.statelessMismatch, "client");
  const retried: string = retry.params._meta["io.modelcontextprotocol/protocolVersion"];
  const [dualEra] = linesFrom(wire.dualEraMismatch, "server");
  const dualAsked: string = dualEra.error.data.requested;
  const dualList: string[] = dualEra.error.data.supported;
  const how = /through initialize/.test(dualEra.error.message)
    ? `: it serves that version through ${code("initialize")} alone`
    : ``;
  const alone = data.supported.length === 1 && data.supported[0] === retried;
  const supports = alone
    ? `only ${code(retried)}`
    : `the ${data.supported.length} versions it supports`;
  return wrapMarkdown(
    `The server refused ${code(data.requested)} with ${errorCode}, listing ${supports}. ` +
      `The retry, naming ${alone ? "it" : code(retried)}, got section 3's answer. ` +
      `The refused request cost 2 messages and ${asked + answered} bytes. ` +
      `Asking ${code("server/discover")} first costs 2 messages and ` +
      `${discoverAsked + discoverAnswered} bytes, once per server while its answer stays fresh ` +
      `(${code("ttlMs")}, ${fresh}). Asked for ` +
      `${code(dualAsked)} in ${code("_meta")}, ${code("olcum")} refuses it too ` +
      `(${dualEra.error.code}) and lists ${codes(dualList)} again${how}.`,
  );
}

/** A reading of the opening costs: the three openings against each other, and what follows. */
export function readOpeningCosts(wire: LifecycleAndNegotiationWire): string {
  const [legacy, stateless, discover] = wire.costs;
  const listBytes = (cost: OpeningCost, kind: "request" | "response") =>
    cost.lines.find((line) => line.method === "tools/list" && line.kind === kind)!.bytes;
  const [statelessList, legacyList] = [
    listBytes(stateless, "request"),
    listBytes(legacy, "request"),
  ];
  const onlyMeta = statelessList - legacyList === wire.metaBytes + PARAMS_WRAPPER_BYTES;
  const methodBytes = (cost: OpeningCost, method: string) =>
    cost.lines.filter((line) => line.method === method).reduce((n, line) => n + line.bytes, 0);
  const listed = methodBytes(legacy, "tools/list");
  const discovered = methodBytes(discover, "server/discover");
  const chart =
    methodBytes(stateless, "tools/list") === stateless.bytes &&
    discovered + stateless.bytes === discover.bytes
      ? ` In the chart, ${code("tools/list")} and its answer are ${listed} of ` +
        `${legacy.opening.slice(0, 10)}'s ${legacy.bytes} bytes and all of ${stateless.opening}'s; ` +
        `${code("server/discover")} adds ${discovered}.`
      : ``;
  return wrapMarkdown(
    `Before the first ${code("tools/call")}: ${legacy.messages} messages and ${legacy.bytes} ` +
      `bytes in ${legacy.opening.slice(0, 10)}; ${stateless.messages} and ${stateless.bytes} in ` +
      `${stateless.opening} (${discover.messages} and ${discover.bytes} asking first). Fewer ` +
      `messages, hardly fewer bytes. The stateless ${code("tools/list")} request is ` +
      `${statelessList} bytes against ${legacyList}: ${statelessList - legacyList} more` +
      (onlyMeta ? `, for ${code("params")} and lesson 3's ${code("_meta")} inside.` : `.`) +
      chart,
  );
}

/**
 * A reading of `kayit`'s real lines, printed above it: the protocol versions and capabilities it
 * declares (what a client that follows 2026-07-28 reads), and its identity as it crossed.
 */
export function readKayit(wire: LifecycleAndNegotiationWire): string {
  const [discovered, listed] = linesFrom(wire.kayit, "server");
  const [olcum] = linesFrom(wire.discover, "server");
  const versions: string[] = discovered.result.supportedVersions;
  const sameVersions = JSON.stringify(versions) === JSON.stringify(olcum.result.supportedVersions);
  const info = serverInfoOf(discovered.result);
  const again = JSON.stringify(serverInfoOf(listed.result)) === JSON.stringify(info);
  const versionsText = sameVersions
    ? `the same ${versions.length === 1 ? "version" : `${versions.length} versions`} as ` +
      `${code("olcum")}`
    : `the versions ${codes(versions)}`;
  return wrapMarkdown(
    `${code(info.name)}'s ${code("server/discover")} listed ${versionsText}, and the capabilities ` +
      `${code(JSON.stringify(discovered.result.capabilities))}. ` +
      `Its ${code("serverInfo")}, version ${code(info.version)} in the ${code("_meta")} of ` +
      `${again ? "both results" : "the first result"}, is for display.`,
  );
}

/**
 * A reading of section 6's first host on the seed's first record task: the calls it makes, and what
 * the host that trusts its servers' hints (the defaults-reading gate) sends when the person says
 * no, then yes.
 */
export function readGateRun(result: LifecycleAndNegotiationResult): string {
  const { runs } = result.conformant;
  const [no, yes] = runs;
  const chain = result.gateChain;
  const reads = chain.filter((tool) => tool !== result.gatedTool);
  return wrapMarkdown(
    `Task ${result.gateTaskNumber}, about ${code(result.gateTask.subscriber)}, calls ` +
      `${codes(reads)}, which read, then ${code(result.gatedTool)}, which writes. The host that ` +
      `trusts its servers' hints holds only the write: a no sends ${no.requests} requests, a yes ` +
      `${yes.requests}, and writes ${plural(yes.written, "record")}.`,
  );
}

/**
 * What the course's gate costs, read on section 6's task in the host that trusts its servers' hints
 * (the course's host drops the write): with no `annotations` on any tool, the course's gate in
 * place of the defaults-reading one would send the write unasked, and the defaults-reading gate
 * would hold every call.
 */
function readCoursesGate(result: LifecycleAndNegotiationResult): string {
  const [, bare] = result.hosts;
  const unasked = result.unannotated.run;
  const first = result.gateChain[0];
  const heldFirst =
    bare.requests === 0 && bare.stopped?.tool === first && bare.stopped.how === "held";
  return (
    `Had no tool declared ${code("annotations")}, the host that trusts its servers' hints, with ` +
    `the course's gate in place of the defaults-reading one, would send all ` +
    `${unasked.requests} of task ${result.gateTaskNumber}'s requests unasked and write ` +
    `${plural(unasked.written, "record")}; with the defaults-reading gate it would hold all ` +
    `${bare.asked} calls` +
    (heldFirst
      ? `, so a no would stop the task at its first, ${code(first)}, with ` +
        `${bare.requests} requests sent.`
      : `.`)
  );
}

/**
 * A reading of section 6's policy table: what the allowlist drops, what the version rule drops (a
 * whole server, read-only tools with it), the last row, the course's host with both rules, and
 * what its gate would cost on a tool with no `annotations`.
 */
export function readPolicies(result: LifecycleAndNegotiationResult): string {
  const byName = (name: PolicyRow["name"]) => result.policies.find((row) => row.name === name)!;
  const [version, both] = [byName("version rule"), byName("both")];
  const byVersion = version.dropped.map((d) => d.tool);
  const servers = [
    ...new Set(result.declared.filter((t) => byVersion.includes(t.tool)).map((t) => t.server)),
  ];
  const serverVersions = servers.map(
    (server) => result.declared.find((t) => t.server === server)!.version,
  );
  const readers = result.declared
    .filter((t) => byVersion.includes(t.tool) && !t.sideEffect)
    .map((t) => t.tool);
  const same = JSON.stringify(both.dropped) === JSON.stringify(version.dropped);
  const words = ["zero", "one", "two", "three", "four", "five", "six"];
  const word = (n: number) => words[n] ?? String(n);
  return wrapMarkdown(
    `The version rule drops ${codes(servers)} whole, for its version ` +
      `${listing(serverVersions.map(String))}, and with it ${codes(readers)}, which only ` +
      `${readers.length === 1 ? "reads" : "read"}. ` +
      (same
        ? `With both rules the version rule applies first, and the allowlist drops nothing ` +
          `more: `
        : ``) +
      `${word(result.declared.length)} tools declared, ${word(both.negotiated.length)} kept. ` +
      readCoursesGate(result),
  );
}

/** A tool as `tools/list` lists it: its name and, if sent, its annotations. */
interface ListedTool {
  name: string;
  annotations?: { readOnlyHint?: boolean };
}

/**
 * Exercise 1's answer: the defaults-reading gate's decision for each listed tool, by its
 * `readOnlyHint` (default false: a tool not marked read-only may write).
 */
function kayitDecisions(tools: readonly ListedTool[]): string {
  const each = tools.map((t) => {
    const hint = t.annotations?.readOnlyHint;
    const said = hint === undefined ? "sends no `readOnlyHint`" : `says \`readOnlyHint: ${hint}\``;
    return `${code(t.name)} ${said}: ${hint === true ? "it runs unasked" : "a person is asked first"}`;
  });
  return (
    `${each.join("; ")}. The field is ${code("readOnlyHint")} in ${code("annotations")}, ` +
    `whose default is false: a tool not marked read-only may write (${code("schema.mdx")}, ` +
    `${code("ToolAnnotations")}). The condition: the host trusts ${code("kayit")}, since a ` +
    `client MUST treat annotations as untrusted unless they come from a trusted server ` +
    `(${code("server/tools.mdx")}), and the user has given standing consent to read-only calls; ` +
    `otherwise both calls wait for a person.`
  );
}

/** The expected answers to the lesson's exercises, computed from the run where they hold numbers. */
export function lifecycleAndNegotiationSolutions(
  result: LifecycleAndNegotiationResult,
  wire: LifecycleAndNegotiationWire,
): string {
  const allowlistRow = result.policies.find((row) => row.name === "allowlist")!;
  const [, retry] = linesFrom(wire.statelessMismatch, "client");
  const retried: string = retry.params._meta["io.modelcontextprotocol/protocolVersion"];
  const [discovered, listed] = linesFrom(wire.kayit, "server");
  const kayitTools: ListedTool[] = listed.result.tools;
  const kayitVersions: string[] = discovered.result.supportedVersions;
  const capabilities = Object.keys(discovered.result.capabilities);
  const kayitKept = kayitTools
    .map((t) => t.name)
    .filter((name) => allowlistRow.negotiated.includes(name));
  const current =
    kayitVersions.length === 1 && kayitVersions[0] === STATELESS_REVISION
      ? code(STATELESS_REVISION)
      : kayitVersions.includes(STATELESS_REVISION)
        ? `${code(STATELESS_REVISION)} among them`
        : `none of them ${code(STATELESS_REVISION)}`;
  return [
    foldedAnswer("1. The decision for each of kayit's tools", kayitDecisions(kayitTools)),
    foldedAnswer(
      "2. A -32022 to 2027-03-01, listing 2026-07-28 and 2025-11-25",
      `-32022 is a modern error, so the server is modern: no fallback to ${code("initialize")} ` +
        `(${code("basic/transports/stdio.mdx")}). The list lacks ${code("2027-03-01")}, the version ` +
        `the client named. So the client retries the same request with a ` +
        `version both support from ${code("data.supported")}, in ${code("_meta")} ` +
        `(${code("basic/versioning.mdx")}): ${code(retried)}, as in section 3's retry. ` +
        `${code("2025-11-25")} is legacy, spoken only after ${code("initialize")}.`,
    ),
    foldedAnswer(
      "3. What serverInfo is for",
      `Display, logging and debugging: ${code("server/discover.mdx")}'s note on ` +
        `${code("serverInfo")} says clients SHOULD NOT use it to change their behaviour; of ` +
        `${code("clientInfo")} and ${code("serverInfo")}, ${code("basic/index.mdx")} says ` +
        `implementations SHOULD NOT either. Such a host reads ` +
        `what section 5 showed ${code("kayit")} declaring of the protocol: ` +
        `${plural(kayitVersions.length, "version")}, ${current}, and ` +
        `the capabilit${capabilities.length === 1 ? "y" : "ies"} ${codes(capabilities)}. So the ` +
        `two can talk, and the allowlist alone keeps ${codes(kayitKept)} of ${code("kayit")}'s ` +
        `tools: ${allowlistRow.negotiated.length} tools in all, section 6's second row.`,
    ),
  ].join("\n\n");
}
