// Invariant: lesson 5 computes every figure its text states — the real openings' messages and bytes, the policies' 5/4/3/3 tools as section 6's table prints them (its last row lesson 6's level 3), the host that trusts its servers' hints with its person's no and yes, the gate that sends nothing — section 6 teaches MCP's rules, then the course's host once, its policies, then the gates, with no simulator's handshake; the legacy revisions section 2 names are the ones served, 2025-03-26 left out, on the plain dual-era olcum, and that olcum refuses a legacy revision named in _meta though it lists all its versions as supported, as section 3 shows in real lines; its real lines are the committed export's, byte for byte, and its readings hold at every seed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import {
  describeLifecycleAndNegotiationSeed,
  lifecycleAndNegotiationSolutions,
  readDiscover,
  readPolicies,
  readGateRun,
  readKayit,
  readOpeningCosts,
  readStatelessMismatch,
} from "../../src/lessons/lifecycleAndNegotiation/prose";
import {
  POLICY_CASES,
  simulateLifecycleAndNegotiation,
  type LifecycleAndNegotiationResult,
} from "../../src/lessons/lifecycleAndNegotiation/simulate";
import {
  formatPolicies,
  formatLines,
  formatOpeningCosts,
  type LinesName,
} from "../../src/lessons/lifecycleAndNegotiation/tables";
import {
  runLifecycleAndNegotiationOnTheWire,
  type LifecycleAndNegotiationWire,
} from "../../src/lessons/lifecycleAndNegotiation/wire";
import { openingsChart } from "../../src/lessons/lifecycleAndNegotiation/charts";
import { renderSvg } from "../../src/charts/render";
import { LINE_WIDTH } from "../../src/notebook/lineWidth";
import { isTranscriptLine, LineExchange, type Transcript } from "../../src/wireClient/lineExchange";
import { metaMemberBytes, requestMeta } from "../../src/wireClient/transcripts";
import { LESSON_HANDSHAKES } from "../../src/world/handshakes";
import { ALLOWLIST, SERVER_FACTS } from "../../src/world/servers";
import { LEGACY_REVISIONS } from "../../src/protocol/revisions";
import { ROOT } from "../helpers";
import { spawnSync } from "node:child_process";
import { LEGACY_FIXTURE_LAUNCH } from "../fixtures/statelessServerFacts";

const SEEDS = [0, 7, 20260218, 20260219, 9007199254740991];
/** Text as one line: blockquote markers (the course-convention box) dropped, white space collapsed. */
const flat = (text: string) => text.replace(/^> ?/gm, "").replace(/\s+/g, " ");
const widest = (text: string) => Math.max(...text.split("\n").map((line) => line.length));

/** The lines of a transcript one side wrote, parsed. */
function parsed(transcript: Transcript, from: "client" | "server"): Record<string, any>[] {
  return transcript.steps
    .filter(isTranscriptLine)
    .filter((step) => step.from === from)
    .map((step) => JSON.parse(step.line) as Record<string, any>);
}

describe("lesson 5's simulated half", () => {
  it("the servers declare five tools, one with a side effect; the client knows kayit one version behind and allows four", () => {
    const result = simulateLifecycleAndNegotiation(20260218);
    assert.equal(result.declared.length, 5);
    assert.deepEqual(
      result.declared.filter((t) => t.sideEffect).map((t) => t.tool),
      ["kayit_yaz"],
    );
    assert.deepEqual(
      result.declared.map((t) => [t.server, t.version, t.known]),
      [
        ["olcum", 2, 2],
        ["olcum", 2, 2],
        ["tarife", 1, 1],
        ["kayit", 3, 2],
        ["kayit", 3, 2],
      ],
    );
    assert.equal(ALLOWLIST.length, 4, "the allowlist names four tools");
    assert.deepEqual(
      result.declared.filter((t) => !t.allowed).map((t) => t.tool),
      ["kayit_yaz"],
    );
  });

  it("none, the allowlist, the version rule and both negotiate 5, 4, 3 and 3 tools, and the last is lesson 6's full level", () => {
    const result = simulateLifecycleAndNegotiation(20260218);
    assert.deepEqual(
      result.policies.map((p) => [p.name, p.negotiated.length, p.dropped.length]),
      [
        ["none", 5, 0],
        ["allowlist", 4, 1],
        ["version rule", 3, 2],
        ["both", 3, 2],
      ],
    );
    const both = result.policies[3];
    assert.deepEqual(both.negotiated, ["sayac_oku", "tuketim", "tarife"]);
    assert.deepEqual(
      both.dropped.map((d) => `${d.tool} ${d.reason}`),
      ["bolge_ozet version", "kayit_yaz version"],
      "the version is read before the allowlist",
    );
    assert.deepEqual(POLICY_CASES[3].policy.knownVersions, { olcum: 2, tarife: 1, kayit: 2 });
    const full = LESSON_HANDSHAKES[3];
    assert.deepEqual([...full.decision.negotiated.keys()], both.negotiated, "lesson 6's level 3");
    for (const p of result.policies) {
      const { request, response, tokens, round_trips } = p.handshake;
      assert.deepEqual([request, response, tokens, round_trips], [3, 3, 99, 5], p.name);
    }
    assert.deepEqual(both.negotiated, ["sayac_oku", "tuketim", "tarife"]);
    // Section 6's policy table: each rule alone, then both, tools kept and dropped by rule.
    assert.deepEqual(formatPolicies(result).split("\n"), [
      "policy        tools kept  dropped (by which rule)",
      "none                   5  -",
      "allowlist              4  kayit_yaz (allowlist)",
      "version rule           3  bolge_ozet, kayit_yaz (version rule)",
      "both                   3  bolge_ozet, kayit_yaz (version rule)",
    ]);
    assert.ok(
      flat(readPolicies(result)).startsWith(
        "The version rule drops `kayit` whole, for its version 3, and with it `bolge_ozet`, which only reads. With both rules the version rule applies first, and the allowlist drops nothing more: five tools declared, three kept.",
      ),
    );
  });

  it("the simulator's handshake is gone from lesson 5: no yetenek bodies, no handshake, no envelope prices in section 6 (a student's and an expert's reading)", () => {
    for (const folder of ["lessons", "lessons/seed-20260219"]) {
      const exported = readFileSync(join(ROOT, folder, "05-lifecycle-and-negotiation.md"), "utf8");
      assert.doesNotMatch(exported, /yetenek|simulator's handshake|same handshake/, folder);
      const section = exported.slice(exported.indexOf("## 6 ·"), exported.indexOf("## Summary"));
      assert.doesNotMatch(section, /tokens|round trips/, `${folder}: policies compared, not priced`);
    }
  });

  it("section 6's policy table is the code's: 5, 4, 3 and 3 tools kept, the last row lesson 6's level 3 (five declared, three negotiated)", () => {
    const result = simulateLifecycleAndNegotiation(20260218);
    for (const folder of ["lessons", "lessons/seed-20260219"]) {
      const exported = readFileSync(join(ROOT, folder, "05-lifecycle-and-negotiation.md"), "utf8");
      assert.ok(exported.includes(formatPolicies(result)), folder);
      const rows = formatPolicies(result)
        .split("\n")
        .slice(1)
        .map((line) => /^(none|allowlist|version rule|both) +(\d+) /.exec(line)!);
      assert.deepEqual(
        rows.map((m) => [m[1], Number(m[2])]),
        result.policies.map((p) => [p.name, p.negotiated.length]),
      );
      assert.deepEqual(
        rows.map((m) => Number(m[2])),
        [5, 4, 3, 3],
      );
      const full = LESSON_HANDSHAKES[3].decision;
      assert.equal(Number(rows[3][2]), full.negotiated.size, "lesson 6's level 3 keeps as many");
      assert.equal(result.declared.length, full.negotiated.size + full.dropped.length);
      assert.ok(flat(exported).includes("five tools declared, three kept."), folder);
      // The policy table comes before the gates, and after the rules' table.
      const at = [
        "| rule | what it does | what MCP says |",
        formatPolicies(result),
        "| host | tools it keeps | its gate: what it holds |",
      ].map((phrase) => exported.indexOf(phrase));
      assert.deepEqual(
        at,
        [...at].sort((a, b) => a - b),
        folder,
      );
    }
  });

  it("the gate: without approval the side-effect call sends nothing; with it, one request more, at every seed", () => {
    for (const seed of SEEDS) {
      const result = simulateLifecycleAndNegotiation(seed);
      assert.equal(result.gateTaskNumber, 4, `seed ${seed}`);
      assert.deepEqual(result.gateChain, ["sayac_oku", "tuketim", "tarife", "kayit_yaz"]);
      const [held, approved] = result.gate;
      assert.deepEqual(
        [held.calls, held.requests, held.responses, held.tokens, held.round_trips, held.written],
        [4, 3, 3, 80, 4, 0],
        `seed ${seed}`,
      );
      assert.equal(held.refused, "onay yok");
      assert.deepEqual(
        [approved.requests, approved.responses, approved.tokens, approved.round_trips],
        [4, 4, 107, 6],
        `seed ${seed}`,
      );
      assert.equal(approved.written, 1);
      assert.equal(approved.refused, undefined);
      // The host that trusts its servers' hints holds the same call at this level: every tool says readOnlyHint.
      assert.deepEqual(result.conformant.runs, result.gate, `seed ${seed}`);
      const host = flat(readGateRun(result));
      assert.equal(
        host,
        `Task 4, about \`${result.gateTask.subscriber}\`, calls \`sayac_oku\`, \`tuketim\` and \`tarife\`, which read, then \`kayit_yaz\`, which writes. The host that trusts its servers' hints holds only the write: a no sends 3 requests, a yes 4, and writes 1 record.`,
      );
      // The course's gate's cost, its hypothetical announced at the start of its sentence, and
      // read in the host that trusts its servers' hints: the course's host drops kayit_yaz and could
      // write nothing (a student's reading).
      assert.ok(
        flat(readPolicies(result)).endsWith(
          "Had no tool declared `annotations`, the host that trusts its servers' hints, with the course's gate in place of the defaults-reading one, would send all 4 of task 4's requests unasked and write 1 record; with the defaults-reading gate it would hold all 4 calls, so a no would stop the task at its first, `sayac_oku`, with 0 requests sent.",
        ),
        `seed ${seed}`,
      );
      // The run the sentence reads is that host's: every tool kept, kayit_yaz reached and written.
      assert.equal(result.hosts[1].host, "trusts its servers' hints");
      assert.equal(result.unannotated.run.stoppedAt, undefined, "kayit_yaz reached");
      const both = result.policies.find((row) => row.name === "both")!;
      assert.ok(!both.negotiated.includes("kayit_yaz"), "the course's host could write nothing");
      assert.doesNotMatch(host, /Had no tool declared/);
      // The hypothetical announced before it is described (a student's reading).
      assert.doesNotMatch(host, /With no `annotations` on any tool/);
      // The 80 tokens rebuilt message by message (a student's reading): each call and its
      // result as the envelope counted them, summing to the run's tokens.
      const [no] = result.conformant.runs;
      assert.deepEqual(no.messageTokens, [12, 17, 16, 10, 15, 10], `seed ${seed}`);
      assert.equal(
        no.messageTokens.reduce((n, t) => n + t, 0),
        no.tokens,
      );
      assert.deepEqual(
        result.hosts.map((h) => [h.kept, h.asked, h.requests, h.written, h.completed]),
        [
          [5, 1, 3, 0, false],
          [5, 4, 0, 0, false],
          [3, 0, 3, 0, false],
        ],
        `seed ${seed}`,
      );
      assert.deepEqual(
        result.hosts.map((h) => h.stopped),
        [
          { tool: "kayit_yaz", how: "held" },
          { tool: "sayac_oku", how: "held" },
          { tool: "kayit_yaz", how: "dropped" },
        ],
        `seed ${seed}`,
      );
      assert.deepEqual([approved.completed, approved.stoppedAt], [true, undefined], `seed ${seed}`);
    }
  });

  it("the host that trusts its servers' hints keeps every tool and asks before kayit_yaz alone; with no annotations the course's gate sends the write unasked, where that host would ask before all four calls", () => {
    const result = simulateLifecycleAndNegotiation(20260218);
    assert.deepEqual(result.conformant.kept, result.policies[0].negotiated, "the policy none");
    assert.deepEqual(result.conformant.asks, ["kayit_yaz"]);
    const { run, asked } = result.unannotated;
    assert.deepEqual(
      [run.calls, run.requests, run.tokens, run.round_trips, run.written, run.refused],
      [4, 4, 107, 6, 1, undefined],
    );
    assert.equal(asked, 4);
  });

  it("the same seed gives an equal result; another seed changes only the gate's subscriber", () => {
    const a = simulateLifecycleAndNegotiation(20260218);
    assert.deepEqual(simulateLifecycleAndNegotiation(20260218), a);
    const b = simulateLifecycleAndNegotiation(20260219);
    const strip = (r: LifecycleAndNegotiationResult) => ({ ...r, seed: 0, gateTask: undefined });
    assert.deepEqual(strip(b), strip(a));
    assert.notEqual(b.gateTask.subscriber, a.gateTask.subscriber);
  });

  it("the library refuses a seed that is not an integer from 0 to 2^53 − 1", () => {
    for (const seed of [1.5, -1, 2 ** 53]) assert.throws(() => simulateLifecycleAndNegotiation(seed));
  });
});

describe("lesson 5's real half (one run, seven processes)", () => {
  let wire: LifecycleAndNegotiationWire;
  before(async () => {
    wire = await runLifecycleAndNegotiationOnTheWire();
  });

  it("starts seven processes, one per transcript", () => {
    assert.equal(wire.processes, 7);
  });

  it("section 1's session: 2025-11-25 negotiated, no client capabilities, olcum version 2 with tools and resources, no prompts", () => {
    const [initialize] = parsed(wire.legacy, "client");
    const [answer, listed] = parsed(wire.legacy, "server");
    assert.equal(initialize.method, "initialize");
    assert.equal(initialize.params.protocolVersion, "2025-11-25");
    assert.deepEqual(initialize.params.capabilities, {});
    assert.deepEqual(initialize.params.clientInfo, { name: "mcp-course", version: "0" });
    assert.equal(answer.result.protocolVersion, "2025-11-25");
    assert.deepEqual(answer.result.capabilities, { tools: {}, resources: {} });
    assert.deepEqual(answer.result.serverInfo, { name: "olcum", version: "2" });
    assert.equal(listed.result.tools.length, 2);
    assert.equal(parsed(wire.legacy, "client")[1].method, "notifications/initialized");
  });

  it("section 2's mismatch, on the plain dual-era olcum: the server answers 2025-11-25, section 1's answer but for the id, and the client leaves; 2025-03-26 is the legacy revision left out", () => {
    assert.equal(wire.legacyMismatch.command, "mcp-course serve olcum");
    const [asked] = parsed(wire.legacyMismatch, "client");
    const [answer] = parsed(wire.legacyMismatch, "server");
    const [first] = parsed(wire.legacy, "server");
    assert.equal(asked.params.protocolVersion, "2025-03-26");
    assert.deepEqual({ ...answer, id: 0 }, first);
    assert.equal(parsed(wire.legacyMismatch, "client").length, 1, "no notifications/initialized");
    const legacy: string[] = [...LEGACY_REVISIONS];
    assert.ok(!legacy.includes(asked.params.protocolVersion), "2025-03-26 is left out");
    const exported = flat(readFileSync(join(ROOT, "lessons", "05-lifecycle-and-negotiation.md"), "utf8"));
    assert.ok(
      exported.includes(`\`olcum\` accepts ${legacy.slice(0, -1).join(", ")} and ${legacy.at(-1)}, not 2025-03-26`),
      "section 2 names what the run's server accepts",
    );
  });

  it("section 3: server/discover lists 2026-07-28 alone, section 1's capabilities and identity; -32022 names what is supported and what was asked", () => {
    const [discovered] = parsed(wire.discover, "server");
    assert.deepEqual(discovered.result.supportedVersions, ["2026-07-28"]);
    assert.match(
      flat(readDiscover(wire)),
      /^`olcum` lists only `2026-07-28`; the box below says why\. Its capabilities and identity are section 1's\. Its `tools\/list` answer, 572 bytes against 432, is section 1's JSON plus/,
    );
    // The teaching case: a plainly unsupported version, the spec's own example (versioning.mdx).
    const [refusal] = parsed(wire.statelessMismatch, "server");
    assert.equal(refusal.error.code, -32022);
    assert.deepEqual(refusal.error.data, {
      supported: discovered.result.supportedVersions,
      requested: "1900-01-01",
    });
    assert.equal(refusal.error.message, "Unsupported protocol version: 1900-01-01.");
    assert.equal(wire.statelessMismatch.command, "mcp-course serve olcum", "no --era: dual-era");
    // The dual-era case, before the note: the refused legacy version is served through initialize,
    // and not in `supported`, so a client picking from the list cannot loop.
    const [dualEra] = parsed(wire.dualEraMismatch, "server");
    assert.equal(dualEra.error.code, -32022);
    assert.deepEqual(dualEra.error.data, {
      supported: discovered.result.supportedVersions,
      requested: "2025-11-25",
    });
    assert.ok(!dualEra.error.data.supported.includes("2025-11-25"));
    assert.match(dualEra.error.message, /serves through initialize/);
    assert.equal(wire.dualEraMismatch.command, "mcp-course serve olcum", "no --era: dual-era");
    assert.match(
      flat(readStatelessMismatch(wire)),
      /^The server refused `1900-01-01` with -32022, listing only `2026-07-28`\. The retry, naming it, got section 3's answer\. The refused request cost 2 messages and 408 bytes\. Asking `server\/discover` first costs 2 messages and 503 bytes, once per server while its answer stays fresh \(`ttlMs`, an hour\)\. Asked for `2025-11-25` in `_meta`, `olcum` refuses it too \(-32022\) and lists `2026-07-28` again: it serves that version through `initialize` alone\.$/,
    );
    assert.equal(discovered.result.ttlMs, 3_600_000, "a cacheable answer: fresh for an hour");
  });

  it("section 4: 5 messages and 844 bytes, 2 and 816 (section 3's tools/list sent first, id 0), 4 and 1319; the 197 bytes more are params and lesson 3's 186 bytes of _meta", async () => {
    assert.deepEqual(
      wire.costs.map((c) => [c.requests, c.responses, c.notifications, c.messages, c.bytes]),
      [
        [2, 2, 1, 5, 844],
        [1, 1, 0, 2, 816],
        [2, 2, 0, 4, 1319],
      ],
    );
    assert.equal(wire.metaBytes, metaMemberBytes());
    assert.equal(wire.metaBytes, 186);
    const [alone] = parsed(wire.stateless, "client");
    const [, listed] = parsed(wire.discover, "client");
    assert.deepEqual([alone.method, alone.id, listed.id], ["tools/list", 0, 1], "sent first: id 0");
    assert.deepEqual({ ...alone, id: 1 }, listed, "section 3's tools/list but for the id");
    const exported = flat(readFileSync(join(ROOT, "lessons", "05-lifecycle-and-negotiation.md"), "utf8"));
    assert.ok(exported.includes(`"2026-07-28" section 3's \`tools/list\` alone, sent first (id 0)`));
    assert.match(
      flat(readOpeningCosts(wire)),
      /Before the first `tools\/call`: 5 messages and 844 bytes in 2025-11-25; 2 and 816 in 2026-07-28 \(4 and 1319 asking first\)\. .* request is 244 bytes against 47: 197 more, for `params` and lesson 3's `_meta` inside\. In the chart, `tools\/list` and its answer are 479 of 2025-11-25's 844 bytes and all of 2026-07-28's; `server\/discover` adds 503\.$/,
    );
    const chart = openingsChart(wire) as { data: { values: { bytes: number }[] } };
    assert.equal(
      chart.data.values.reduce((sum, v) => sum + v.bytes, 0),
      844 + 816 + 1319,
    );
    // Each bar shows its values as text: each part's bytes on it, the whole beside it (a
    // student's reading), not only in hover labels.
    const svg = await renderSvg(openingsChart(wire));
    const texts = [...svg.matchAll(/aria-roledescription="text mark"[^>]*>([^<]*)</g)].map((m) => m[1]);
    assert.deepEqual(texts, ["310", "55", "479", "816", "503", "816", "844", "816", "1319"]);
  });

  it("section 5: kayit reports version 3 in serverInfo, and kayit_yaz's annotations say it writes", () => {
    const [discovered, listed] = parsed(wire.kayit, "server");
    assert.deepEqual(discovered.result._meta["io.modelcontextprotocol/serverInfo"], {
      name: "kayit",
      version: "3",
    });
    const kayitYaz = listed.result.tools.find((t: { name: string }) => t.name === "kayit_yaz");
    assert.equal(kayitYaz.annotations.readOnlyHint, false);
    assert.match(
      flat(readKayit(wire)),
      /Its `serverInfo`, version `3` in the `_meta` of both results, is for display\.$/,
    );
    const [olcum] = parsed(wire.discover, "server");
    assert.deepEqual(discovered.result.supportedVersions, olcum.result.supportedVersions);
    assert.match(
      flat(readKayit(wire)),
      /^`kayit`'s `server\/discover` listed the same version as `olcum`, and the capabilities `\{"tools":\{\}\}`\./,
    );
  });

  it("the printed lines are the committed export's, byte for byte (the real lines do not change between runs), and fit the page", () => {
    for (const folder of ["lessons", "lessons/seed-20260219"]) {
      const exported = readFileSync(join(ROOT, folder, "05-lifecycle-and-negotiation.md"), "utf8");
      const names: LinesName[] = ["legacy", "legacyMismatch", "discover", "statelessMismatch", "kayit"];
      for (const name of names) {
        const text = formatLines(wire, name);
        assert.ok(widest(text) <= LINE_WIDTH, name);
        assert.ok(exported.includes(text), `${folder}: ${name}`);
      }
      assert.ok(exported.includes(formatOpeningCosts(wire)), folder);
    }
  });

  it("the readings and solutions hold at every seed, within the page", () => {
    for (const seed of SEEDS) {
      const result = simulateLifecycleAndNegotiation(seed);
      const opening = flat(describeLifecycleAndNegotiationSeed(result));
      assert.match(
        opening,
        new RegExp(
          `^This run uses \\*\\*seed ${seed}\\*\\*\\. Section 6 follows its first record task, the 4th, about \`A\\d{3}\`\\.$`,
        ),
      );
      assert.doesNotMatch(opening, /process/, "no count of the processes the run started");
      const solutions = lifecycleAndNegotiationSolutions(result, wire);
      assert.equal(solutions.match(/<details>\n<summary>\d\. [^<]+<\/summary>\n\n/g)?.length, 3);
      assert.equal(solutions.match(/\n\n<\/details>/g)?.length, 3);
      // Exercise 1 builds a decision from section 5's real kayit listing (lessons 5 to 7 keep one
      // "another seed" exercise, in lesson 7): readOnlyHint, default false.
      assert.match(
        flat(solutions),
        /`bolge_ozet` says `readOnlyHint: true`: it runs unasked; `kayit_yaz` says `readOnlyHint: false`: a person is asked first\./,
      );
      // The unasked read-only call needs the user's standing consent too (an expert's review).
      assert.match(
        flat(solutions),
        /\(`server\/tools\.mdx`\), and the user has given standing consent to read-only calls; otherwise both calls wait for a person\./,
      );
      assert.doesNotMatch(solutions, /What another seed moves/);
      assert.match(
        flat(solutions),
        /Display, logging and debugging: `server\/discover\.mdx`'s note on `serverInfo` says clients SHOULD NOT use it to change their behaviour; of `clientInfo` and `serverInfo`, `basic\/index\.mdx` says implementations SHOULD NOT either\. Such a host reads what section 5 showed `kayit` declaring of the protocol: 1 version, `2026-07-28`, and the capability `tools`\. So the two can talk, and the allowlist alone keeps `bolge_ozet` of `kayit`'s tools: 4 tools in all, section 6's second row\./,
      );
      // Exercise 2 is on MCP's negotiation: a modern error means no fallback; the retry names the
      // modern version both list, as section 3's retry did (stdio.mdx, versioning.mdx).
      assert.match(
        flat(solutions),
        /-32022 is a modern error, so the server is modern: no fallback to `initialize` \(`basic\/transports\/stdio\.mdx`\)\. The list lacks `2027-03-01`, the version the client named\. So the client retries the same request with a version both support from `data\.supported`, in `_meta` \(`basic\/versioning\.mdx`\): `2026-07-28`, as in section 3's retry\. `2025-11-25` is legacy, spoken only after `initialize`\./,
      );
      // The exercise names the version the client asked for, so a -32022 listing 2026-07-28 is consistent.
      assert.ok(
        flat(readFileSync(join(ROOT, "lessons", "05-lifecycle-and-negotiation.md"), "utf8")).includes(
          "2. A dual-era client written against a future revision names `2027-03-01` in `_meta`, and gets -32022 listing `2026-07-28` and `2025-11-25`. What does it send next?",
        ),
      );
      const raw = describeLifecycleAndNegotiationSeed(result);
      for (const text of [raw, solutions, formatPolicies(result), readPolicies(result), readGateRun(result)])
        assert.ok(widest(text) <= LINE_WIDTH);
    }
    for (const text of [readDiscover(wire), readStatelessMismatch(wire), readOpeningCosts(wire), readKayit(wire)])
      assert.ok(widest(text) <= LINE_WIDTH);
  });
});

describe("section 3's words on the plain dual-era olcum (no --era)", () => {
  it("refuses a legacy revision named in _meta with -32022, and lists 2026-07-28 alone there and in server/discover, so a client picking from the list cannot loop", async () => {
    const exchange = new LineExchange(["olcum"]);
    exchange.send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: requestMeta("2025-11-25") } });
    const refused = await exchange.read();
    const discover = new LineExchange(["olcum"]);
    discover.send({ jsonrpc: "2.0", id: 0, method: "server/discover", params: { _meta: requestMeta() } });
    const discovered = await discover.read();
    await Promise.all([exchange.close("done"), discover.close("done")]);
    assert.equal(refused.error?.code, -32022);
    const supported: string[] = refused.error.data.supported;
    assert.deepEqual(supported, discovered.result?.supportedVersions);
    assert.deepEqual(supported, ["2026-07-28"]);
    const exported = flat(readFileSync(join(ROOT, "lessons", "05-lifecycle-and-negotiation.md"), "utf8"));
    assert.ok(
      exported.includes(
        "Asked for `2025-11-25` in `_meta`, `olcum` refuses it too (-32022) and lists `2026-07-28` again: it serves that version through `initialize` alone.",
      ),
      "section 3 says what the plain olcum answers",
    );
    assert.ok(!exported.includes("though the same list names it"), "no list names a refused version");
    // The course's listing weighed against the spec where it first shows (the discover answer),
    // in a labelled box before the -32022 example, with its reason; said once.
    // The plain rule first (a student's reading and an expert's review): the course's servers, like SDK 2.4.0
    // (server Server.discover: modernProtocolVersions), list only the versions they serve without
    // initialize; why (schema.ts DiscoverResult; versioning.mdx Terminology); then that MCP's lists
    // may hold a legacy version (versioning.mdx's own example), which a dual-era client must then
    // read as calling for initialize.
    // What a client does first, in the box; the spec's silence on listing 2025-11-25, and the
    // course's choice weighed, in one folded note after it (a student's reading).
    const box =
      "**What `supportedVersions` is for.** It lists the versions a client may choose from for its later requests (`server/discover.mdx`; `DiscoverResult` in `schema.ts`).";
    // The spec's own -32022 example lists 2025-11-25 (2026-07-28 basic/versioning.mdx), and
    // supportedVersions is "Protocol versions the server supports" (server/discover.mdx): the
    // course's list is a narrower reading, not a gap in the spec (an expert's review).
    assert.ok(
      exported.includes(
        'The spec\'s own example -32022 (`basic/versioning.mdx`) lists `2025-11-25` beside `2026-07-28`. MCP does not say what a listed `2025-11-25` means. To a `DiscoverResult` its pages say "Select a mutually supported version from `supportedVersions` and continue" (`basic/transports/stdio.mdx`), and to -32022 "Do **not** fall back to `initialize`" (same page): either way "The client stays modern" (`basic/versioning.mdx`). The course\'s servers, like SDK 2.4.0, list only `2026-07-28`, and speak `2025-11-25` only after `initialize`: a narrower reading, the course\'s choice.',
      ),
    );
    // What a listed legacy version tells a client, labelled the course's reading: versioning.mdx
    // has a dual-era server answer initialize but says nothing of the list (a student's reading).
    assert.doesNotMatch(exported, /versioning\.mdx[^.]*says a listed/);
    assert.ok(!exported.includes("the spec does not say whether"), "the spec's example does list it");
    assert.doesNotMatch(exported, /Does a dual-era server list|Both choices are defensible/);
    // An expert's review: nothing in the spec says a later request cannot name 2025-11-25.
    assert.ok(!exported.includes("No later request's `_meta` can name"), "an inference, not a spec rule");
    assert.doesNotMatch(exported, /a conformant dual-era server lists/);
    const at = exported.indexOf(box);
    assert.ok(at >= 0, "the box states the choice and its reason");
    assert.ok(at < exported.indexOf("Here the client names `1900-01-01`"), "at the first listing");
    assert.ok(at > exported.indexOf('"supportedVersions":["2026-07-28"]'), "right after it");
    assert.equal(exported.split("like SDK 2.4.0, list only `2026-07-28`").length, 2, "said once");
    // The field's definition is the versions the server supports; "Terminology" grants no leave to
    // list fewer (an expert's review): the box gives the course's reason instead.
    assert.ok(!box.includes("Terminology"), "no permission read into versioning.mdx's Terminology");
    assert.ok(
      /^> \*\*What `supportedVersions` is for\.\*\*/m.test(
        readFileSync(join(ROOT, "lessons", "05-lifecycle-and-negotiation.md"), "utf8"),
      ),
      "a labelled box",
    );
    assert.ok(!exported.includes("the spec leaves open"), "the spec does not leave it open");
    assert.ok(!exported.includes("The course reads such a list"), "the course takes no reading");
    // MCP does not restrict supportedVersions or data.supported to modern versions (2026-07-28
    // server/discover.mdx, DiscoverResult; versioning.mdx's example lists 2025-11-25): the box no
    // longer ends in a sentence that reads as MCP's rule (an expert's review).
    assert.ok(!exported.includes("So a dual-era server lists the modern versions"), "not MCP's rule");
    assert.ok(exported.includes("a narrower reading, the course's choice"), "MCP's lists, said so");
    assert.doesNotMatch(exported, /arguably|round a loop/);
  });

  it("lists only 2026-07-28 once the process has served a 2026-07-28 request (the SDK pins the process to that era)", async () => {
    const exchange = new LineExchange(["olcum"]);
    exchange.send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: requestMeta() } });
    const listed = await exchange.read();
    exchange.send({ jsonrpc: "2.0", id: 2, method: "server/discover", params: { _meta: requestMeta() } });
    const discovered = await exchange.read();
    await exchange.close("done");
    assert.ok(Array.isArray(listed.result?.tools));
    assert.deepEqual(discovered.result?.supportedVersions, ["2026-07-28"]);
  });
});

describe("section 3's legacy server, on the TypeScript SDK 1.32.2 (test/fixtures/legacyServer.ts)", () => {
  /** The server's answer to one line sent first, with no initialize before it. */
  function firstAnswer(request: Record<string, unknown>): Record<string, any> {
    const run = spawnSync(LEGACY_FIXTURE_LAUNCH.command, LEGACY_FIXTURE_LAUNCH.args, {
      input: `${JSON.stringify(request)}\n`,
      encoding: "utf8",
      timeout: 30_000,
    });
    const [line] = run.stdout.split("\n").filter((text) => text.startsWith("{"));
    return JSON.parse(line) as Record<string, any>;
  }
  const meta = requestMeta();

  it("runs a tools/call that carries 2026-07-28's _meta and comes with no initialize, and answers with no resultType; it answers a probe -32601", () => {
    const called = firstAnswer({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "echo", arguments: { text: "A044" }, _meta: meta },
    });
    assert.deepEqual(called.result?.content, [{ type: "text", text: '{"echo":"A044"}' }]);
    assert.equal(called.result?.resultType, undefined);
    const probed = firstAnswer({ jsonrpc: "2.0", id: 0, method: "server/discover", params: { _meta: meta } });
    assert.equal(probed.error?.code, -32601);
    assert.match(
      readFileSync(join(ROOT, "node_modules", "@modelcontextprotocol", "sdk", "package.json"), "utf8"),
      /"version": "1\.32\.2"/,
      "the SDK the fixture runs",
    );
  });
});

describe("the homes lesson 5 keeps: the dual-era steps, the course's host, negotiated tools, the version rule and the course's gate beside the defaults-reading gate", () => {
  for (const folder of ["lessons", "lessons/seed-20260219"]) {
    it(`${folder}: each is said once, here, in the words later lessons point back to`, () => {
      const exported = flat(readFileSync(join(ROOT, folder, "05-lifecycle-and-negotiation.md"), "utf8"));
      // The dual-era rules as steps, cited, with the no-fallback rule and when a client does fall back.
      for (const phrase of [
        'Over stdio, a dual-era client meets an unknown server in three steps (`basic/versioning.mdx` and `basic/transports/stdio.mdx`, "Backward Compatibility…")',
        // The steps are stdio's; over HTTP a first modern request probes (streamable-http.mdx).
        'Over HTTP, on a `400 Bad Request` to the first modern request, the client SHOULD read the body by steps 2 and 3 (`basic/transports/streamable-http.mdx`, "Backward Compatibility").',
        // Listing modern versions alone follows server/discover.mdx's example; read literally, the
        // -32022 MUST (versioning.mdx) has a dual-era server list 2025-11-25 too: a choice, said so.
        "`olcum` lists only `2026-07-28`; the box below says why.",
        // versioning.mdx's example lists 2025-11-25 beside 2026-07-28; what that means, MCP does not
        // say, and a modern answer keeps the client modern (stdio.mdx, versioning.mdx).
        "It lists the versions a client may choose from for its later requests (`server/discover.mdx`; `DiscoverResult` in `schema.ts`).",
        // Page and schema disagree (2025-11-25 basic/lifecycle.mdx: SHOULD disconnect; schema.ts
        // InitializeResult.protocolVersion: MUST disconnect): the rule first, then the disagreement
        // in one clause (a student's reading).
        // What to do first, then the discrepancy folded (a student's reading).
        "SHOULD pick its latest. A client that does not support the answer disconnects (`basic/lifecycle.mdx` says SHOULD, the schema MUST).",
        // -32021 said where the probe names it (a student's reading; 2026-07-28 basic/index.mdx).
        'A -32021 says the request needs a client capability the client did not declare, named in its `data.requiredCapabilities`, such as `{"elicitation":{}}` (`basic/index.mdx`).',
        "In the notebook, change `SEED` and run all cells again; `mcp-course lesson 05 --seed N` does the same.",
        // listChanged is a SHOULD, and in 2026-07-28 only on a listen stream that asked (server/tools.mdx).
        "`listChanged` says the server will notify changes to a list (a SHOULD); `subscribe`, changes to one resource. In 2026-07-28 both come only on a `subscriptions/listen` stream that asked for them.",
        // Only a result and -32022 carry a version list; -32021 names missing capabilities.
        // Modern is 2026-07-28 and later (2026-07-28 basic/versioning.mdx, Terminology).
        "2. ← a result modern: pick a version from supportedVersions ← -32022, -32021 (modern errors) modern: no initialize; use data.supported, or fix the capability -32021 names",
        // The modern errors are not a closed list; the fallback is keyed to no one code (stdio.mdx).
        "3. ← any other error (-32601, -32602, …) legacy (2025-11-25 or earlier): … or no answer before a timeout → initialize, as in section 1",
        // -32022 taught first with a plainly unsupported version, as versioning.mdx's example does;
        // then a note: read literally, a dual-era server lists its legacy versions (that example
        // does), which clashes with stdio.mdx's no-fallback; the course's servers list 2026-07-28.
        "Here the client names `1900-01-01` in `_meta` to `olcum`, as the page's own example does, then retries:",
        // The SDK claim cites the installed source it rests on (sdk 1.32.2, shared/protocol.js).
        "1. → server/discover (_meta: 2026-07-28) the probe, to a server of unknown era",
        "so the fallback MUST NOT be keyed to one error code.",
        // The probe: what it is, closing server/discover's paragraph; then why a 2026-07-28-only
        // client probes too (stdio.mdx's RECOMMENDED), why skipping the probe is safe here, and only
        // here; the legacy risk made concrete (SDK 1.32.2, tested below) in a note.
        "Over stdio it can serve as a *probe*: a request sent only to learn which era the server speaks.",
        // One strength, SHOULD, for both clients over stdio (stdio.mdx says RECOMMENDED of the
        // 2026-07-28-only one); only lesson 1 says RECOMMENDED is a synonym of SHOULD. Over HTTP
        // the probe is optional: a dual-era client MAY try a modern request first
        // (streamable-http.mdx, "Backward Compatibility"; discover.mdx, "When to Call"). The split
        // said here (a student's reading).
        'Over stdio a client SHOULD probe first, whether it speaks only 2026-07-28 or both eras (`basic/transports/stdio.mdx`, "Backward Compatibility"). Over HTTP the probe is optional: a client MAY send its first request with `_meta` and read the answer (`basic/transports/streamable-http.mdx`, "Backward Compatibility"; `server/discover.mdx`, "When to Call").',
        // Why probe rather than send a tools/call first (stdio.mdx, "Backward Compatibility"; a student's reading).
        "The probe guards against a legacy server that never checks that `initialize` came first: sent a `tools/call` first, it might run it under its old rules, its era unseen. Such a server cannot answer `server/discover`, so the probe exposes it.",
        // A stdio session lasting as long as the process: one source, as lesson 7 cites it (an expert's review).
        'Over stdio, in the course\'s reading, it lasts as long as the server process, one session per server (`basic/lifecycle.mdx`, "Shutdown").',
        "The course's stdio clients skip it, safe with the course's own servers.",
        // The two eras' openings side by side, before the real lines.
        "2025-11-25, a session 2026-07-28, no session",
        "→ notifications/initialized",
        "→ server/discover (optional; _meta as below)",
        // The host to copy first, said so in one sentence (a student's and an expert's reading).
        'First, a host built on section 5\'s rules: *the host that trusts its servers\' hints*. It keeps every tool and asks through *the defaults-reading gate*, which holds a call to every tool not marked `readOnlyHint: true`, one with no `annotations` included: by "Default: false" it may write. This is the policy a host of yours should copy, on one condition: its read-only tools run unasked only with the user\'s standing consent (an "always allow" choice, say); without it, every call is asked through the "confirmation prompts" a host SHOULD show (`server/tools.mdx`, "User Interaction Model").',
        // Then the course's host, and not as a design to copy; no source the reader never sees.
        "Then the host the course measures with, *the course's host*: lesson 1's one MCP client per server, plus three rules. Two of them depart from MCP. It is measured to show what each MCP warning prevents, not as a design to copy.",
        // MCP's reading first: serverInfo for display (2026-07-28's SHOULD NOT), then the version rule against it.
        "**`serverInfo` is for display.** It and `clientInfo` are self-reported, for display, logging and debugging, and implementations SHOULD NOT use them to change their behaviour (`basic/index.mdx`).",
        // Up front: the course's host is not one to copy; its three rules; why the course measures it
        // all the same, and what MCP has a host do instead (a student's reading).
        // The two hosts in one table, each named, what it keeps and what it is for; why the course
        // measures a host that breaks a SHOULD NOT, in one sentence first (a student's reading).
        "| *version rule* | drops every tool of a server whose `serverInfo.version` is newer than the one the host was written against: the host knows `olcum` 2, `tarife` 1, `kayit` 2; `kayit` says 3 | goes against `server/discover.mdx`'s SHOULD NOT: clients are not to use `serverInfo` to change their behaviour |",
        '| *the course\'s gate* | holds a call to a tool whose `annotations` lack `readOnlyHint: true`; passes a tool sent with no `annotations` | departs from "Default: false" on that last case (below) |',
        // The three hosts in one table, each gate defined in its row (a student's and an expert's reading).
        "| host | tools it keeps | its gate: what it holds |",
        "| *the host that trusts its servers' hints* | every tool | *the defaults-reading gate*: a call to every tool not marked `readOnlyHint: true`, one with no `annotations` included (by MCP's default it may write) |",
        "| *the allowlisting host* | the allowlist's: every tool but `kayit_yaz` | the defaults-reading gate |",
        "| *the course's host* | the allowlist's, then the version rule's | *the course's gate*: a call to a tool whose `annotations` lack `readOnlyHint: true`, but not one sent with no `annotations`, against \"Default: false\" |",
        // The version rule's numbers said where they come from, and what "knows up to" means.
        // The allowlist's support is the host's control and the exposure UI.
        // MCP's defaults for a missing hint (given in lesson 4), in the body, before the course's gate.
        "**A missing hint takes MCP's default.** A tool's *annotations* are hints, to trust only from a trusted server, with lesson 4's defaults (`schema.mdx`, `ToolAnnotations`).",
        "A tool sent with no `annotations` may write, destructively, beyond the server.",
        // The course-wide names: the course's gate as the code holds it, the defaults-reading gate beside
        // it, and the last row marked as contrary to MCP's defaults on purpose.
        // Labelled an anti-pattern where it is defined, its rule stated in full (annotations present
        // without readOnlyHint count as a side effect; wireClient/tools.ts toolDeclaration).
        // The two cases of the course's gate side by side, so "passes" and "holds" cannot read as a
        // contradiction (a student's reading).
        // The approval gate defined where the lesson first uses it, on the host that trusts its servers' hints.
        "An *approval gate* is the code that holds a call until a person answers.",
        // Why a gate at all: annotations are untrusted unless from a trusted server (tools.mdx, Warning).
        // The three rules are section 5's bullets; section 6 refers back to them.
        '"there SHOULD always be a human in the loop with the ability to deny tool invocations" (`server/tools.mdx`, "User Interaction Model"',
        // The course's words beside the spec's: negotiated tools defined in one line, MCP negotiating
        // none; the handshake said to be the course's stand-in, priced in envelope tokens.
        "Each rule alone, then both; the tools a host keeps are its *kept tools*:",
        // No third opening: the simulator's handshake named as what it stands for, and why it is
        // neither of MCP's two openings.
        // Why not the real messages: the handshake prices discovery alike at every level, so only
        // the policy varies; the real ones were priced in sections 3 and 4 (a student's reading).
        // The hosts table read before it: the task's calls, asked defined, the first no ends the task.
        // Why no _meta: the simulator prices lesson 3's era-free word bodies; one answer per run said.
        // The overheads lesson 3 taught, left out to compare policies alone, no "taught later" (a student's reading).
        // One sentence says what question the table answers, its rows named, before it.
        // "would ask" counts held calls; the person is asked once, as the run stops there (a student's reading).
        // Lesson 6 said in reader terms.
        "Lesson 6, \"Writing a Server\", writes a server and declares its tools at four levels: what each level lets the defaults-reading gate do, and what the course's host keeps, from section 6's last row (five tools declared, three kept).",
        // Section 6 opens with its purpose and the simulator's pricing rule (its bodies are 2025-11-25's,
        // without the _meta lesson 3 adds in 2026-07-28), then the host that trusts its servers' hints as the
        // baseline, then the course's host as its measured variants, in the convention box.
        "## 6 · What may a host decide from what servers declare?",
        // MCP's principle of consent (2026-07-28 index.mdx, "Tool Safety") named, not quoted with a
        // lowercase aside (a student's reading).
        'MCP leaves to the host which tools it exposes and how consent is given (`server/tools.mdx`, "User Interaction Model"), within section 5\'s rules and the principle of consent before any tool (`index.mdx`).',
        // The hosts in a table before the results (a student's reading).
        "| rule | what it does | what MCP says |",
        // Skipping a SHOULD deviates from it: the condition stands in the sentence that recommends
        // the host (an expert's review); read-only calls still show their inputs.
        'Read-only is not harmless: arguments can leak data, so clients SHOULD "Show tool inputs to the user before calling the server" (same page).',
        "3. What is `serverInfo` for, by which spec sentences? A host that keeps that rule and the allowlist: which of `kayit`'s tools does it keep, and what in section 5's lines says it can talk to `kayit`?",
        // Each course rule beside the MCP sentence it follows or departs from.
        // The summary parts MCP's rules from the course's devices.
        '- MCP: a missing hint means "may write"; a person SHOULD be able to deny any call; `serverInfo` is for display (2026-07-28).',
        // The Summary keeps section 6's condition (an expert's review).
        "The host to copy holds each call to a tool not marked read-only, and runs a read-only one unasked only with the user's standing consent.",
        "- Course: its host adds an allowlist, a version rule on `serverInfo.version` and a gate that passes a tool with no `annotations` (the last two depart from MCP): it keeps three of five tools.",
        // Bytes are not what the revision is for (basic/index.mdx, "Statelessness"; an expert's reading).
        'Bytes are not why the revision changed: a 2026-07-28 request carries all a server needs to process it, so no session ties a client to one server process (`basic/index.mdx`, "Statelessness").',
        // Learning goal 4 is section 6's question.
        "4. What a host may decide from what servers declare, and where the course's own host departs.",
        // Capabilities as a table: side, what each unlocks, 2025-11-25's sub-flags (schema.mdx
        // ClientCapabilities, ServerCapabilities), fate in 2026-07-28 (its schema.mdx, changelog.mdx).
        "| capability (side) | what it unlocks | sub-flags in 2025-11-25 | in 2026-07-28 |",
        "| `resources` (server) | `resources/list`, `resources/read` (lesson 4) | `listChanged`, `subscribe` | kept |",
        // 2026-07-28 ClientCapabilities has `roots?: {}`; changelog Major 5 removes the notification.
        // 2025-11-25 client/roots.mdx: "boundaries"; 2026-07-28: "informational guidance rather than an
        // access-control mechanism".
        // What roots are now, the history in a clause (a student's reading).
        "| `roots` (client) | the directories and files the client considers relevant | `listChanged` | deprecated, without `listChanged` |",
        // The roots row's facts in a sentence; sampling in 2026-07-28 (client/sampling.mdx, Warning;
        // basic/patterns/mrtr.mdx: inputRequests values MUST be ElicitRequest, CreateMessageRequest or ListRootsRequest).
        'Roots are guidance, not access control (`client/roots.mdx`; 2025-11-25 called them "boundaries").',
        // sampling's two sub-flags read in one clause (2025-11-25 and 2026-07-28 schema.ts ClientCapabilities; an expert's review).
        "A client that declares `sampling` lets a server ask its model for a reply; with `context` the server may also ask that context from MCP servers join the prompt (soft-deprecated already in 2025-11-25), and with `tools` offer the model tools. Sampling is deprecated: existing implementations SHOULD migrate to calling a model provider's API directly; while it remains, a 2026-07-28 server asks for a completion as a `sampling/createMessage` request inside an `input_required` result",
        // The rows the course uses; sampling's sub-flags named (2025-11-25 schema.mdx, client/sampling.mdx);
        // elicitation's `{}` is form mode only (client/elicitation.mdx).
        "| `sampling` (client) | a reply from the host's model | `context` (context inclusion), `tools` (tool use) | deprecated |",
        "| `elicitation` (client) | input from the user | `form` (fields to fill), `url` (a page to open); `{}` means `form` only | kept |",
        // The rest in one sentence: tasks left the core for an extension (changelog.mdx, item 6);
        // `extensions` is new in 2026-07-28 (changelog.mdx, Minor 1).
        "The rest the course does not use: `completions` (suggested argument values), `logging` (deprecated in 2026-07-28), `tasks` (an extension in 2026-07-28), `experimental`, `extensions` (new). A *deprecated* feature stays in the spec; new implementations SHOULD NOT adopt it (`deprecated.mdx`).",
        // Where each side states capabilities in 2026-07-28: only results' `_meta` carry serverInfo.
        "In 2026-07-28 a server states its capabilities only in its `server/discover` result, and a client in every request's `_meta` (`server/discover.mdx`, `basic/index.mdx`).",
      ])
        assert.ok(exported.includes(phrase), `${folder}: ${phrase}`);
      // The course's host, its rules and its handshake stand in one box, a blockquote.
      const raw = readFileSync(join(ROOT, folder, "05-lifecycle-and-negotiation.md"), "utf8");
      assert.match(raw, /^\| \*allowlist\* \| keeps only the tools it names/m);
      assert.doesNotMatch(raw, /Two hosts\.|one of them twice|runs two hosts/);
      // Skipping a SHOULD is not "permitted"; the deprecation SHOULD NOT sits after the table, not in listChanged's lines.
      assert.doesNotMatch(exported, /A SHOULD permits that|asked for them\. New implementations SHOULD NOT/);
      // No table of the lesson's own paragraphs, no undefined sub-flag, no Note on the spec.
      assert.doesNotMatch(exported, /rules each result|includeContext|\*\*Note\.\*\*/);
      // One strength in running prose; the allowlist not rested on the UI-pattern sentence; a
      // SHOULD NOT is gone against, not broken.
      assert.doesNotMatch(exported, /RECOMMENDED|does the version rule break/);
      assert.doesNotMatch(exported, /selects legacy semantics|A server's name what|A client's name what/);
      // sampling, elicitation and tasks have sub-flags in 2025-11-25's schema.mdx: no "none" cell.
      assert.doesNotMatch(exported, /\| `(sampling|elicitation)` \(\w+\) \|[^|]*\| none \|/);
      // The capability table has four columns, the side beside the name; no "(below)" pointer.
      assert.doesNotMatch(exported, /\| side \| capability \||moved to an extension \(below\)/);
      // The two gates are told apart on their two cases in the course's gate's own bullet; the
      // course's host is not called an anti-pattern it then runs (a student's reading).
      assert.doesNotMatch(exported, /\| what the tool declares \||anti-pattern|knows up to/);
      // The course-wide names: one host, two named gates; the SDK's internals are not the lesson's.
      assert.doesNotMatch(
        exported,
        /the course's client|the reference gate|lesson 5's gate|SDK pins|MCP's own host|MCP-default/,
      );
      // No SDK source path or private name in the body; RECOMMENDED not set against SHOULD; the
      // listing's reason where the listing first shows, not at the end of the section.
      assert.doesNotMatch(
        exported,
        /_onrequest|dist\/esm|Aside for implementers|Even a 2026-07-28-only client is RECOMMENDED|the end of this section weighs/,
      );
      // The DELETE is conditional on a session id, and may be refused (2025-11-25 transports.mdx).
      assert.ok(
        exported.includes(
          "Over HTTP a server MAY name it with lesson 2's `MCP-Session-Id`; a client done with a named session SHOULD then send `DELETE` with that header, which the server MAY refuse with `405`",
        ),
      );
      // The host is one "that trusts its servers' hints", not "following MCP" nor "within MCP's rules"; the SDK 1.32.2 server is not
      // "lax, not wrong"; a modern error means a modern server, not a 2026-07-28 one.
      assert.doesNotMatch(
        exported,
        /host (that follows|following) MCP|within MCP's rules|breaks no MUST or SHOULD|lax, not wrong|means a 2026-07-28 server|spec's own `server\/discover` example|is non-conforming/,
      );
      // None of the wordings the readers found wrong or self-contradictory.
      assert.doesNotMatch(
        exported,
        /measuring device|reproduces the reference|deems relevant|obliges a server to refuse|any tool not declared `readOnlyHint: true`|the only version it serves per request/,
      );
      // No count of the server processes a section started, no run instruction in an exercise.
      assert.doesNotMatch(exported, /server processes|Run the lesson with another/);
      // Tokens are not set against bytes.
      assert.doesNotMatch(exported, /tokens against \d+ messages and \d+ bytes/);
      // The host that trusts its servers' hints, and its numbers, come before the course's host and its variants.
      // The approval gate is defined before the box uses the course's gate; the setups table
      // comes before the results table.
      const order = [
        "An *approval gate* is the code that holds a call until a person answers.",
        "Task 4, about",
        "| rule | what it does | what MCP says |",
        "policy tools kept dropped (by which rule)",
        "The version rule drops `kayit` whole",
        "| host | tools it keeps | its gate: what it holds |",
      ].map((phrase) => exported.indexOf(phrase));
      assert.ok(
        order.every((at) => at >= 0),
        `${folder}: ${order}`,
      );
      assert.deepEqual(
        order,
        [...order].sort((a, b) => a - b),
        `${folder}: conformant host first`,
      );
      // The -32022 example: a plain one first, its transcript, then the dual-era case in a note.
      const mismatch = [
        "Here the client names `1900-01-01` in `_meta` to `olcum`",
        '"message":"Unsupported protocol version: 1900-01-01."',
        "Over HTTP, on a `400 Bad Request` to the first modern request,",
      ].map((phrase) => exported.indexOf(phrase));
      assert.ok(
        mismatch.every((at) => at >= 0),
        `${folder}: ${mismatch}`,
      );
      assert.deepEqual(
        mismatch,
        [...mismatch].sort((a, b) => a - b),
        `${folder}: explained first`,
      );
    });
  }
});

describe("2026-07-28's _meta carries the client's side only (an expert's reading)", () => {
  for (const folder of ["lessons", "lessons/seed-20260219"]) {
    it(`${folder}: the server's side moves to server/discover and each result's _meta`, () => {
      const exported = flat(readFileSync(join(ROOT, folder, "05-lifecycle-and-negotiation.md"), "utf8"));
      // 2026-07-28 basic/index.mdx "_meta": requests carry protocolVersion, clientCapabilities and
      // clientInfo; server capabilities come from server/discover, serverInfo in each result's _meta.
      assert.ok(
        exported.includes(
          "What the client declared in `initialize`, every request now carries in its `_meta` (lesson 3); the server's side moves to `server/discover` and each result's `_meta`.",
        ),
        folder,
      );
      assert.doesNotMatch(exported, /What `initialize` agreed once/);
      // The fold's summary teaches; the version rule is applied first (sim/negotiation decideOn).
      assert.doesNotMatch(exported, /disconnecting obeys both|With both rules it reads first/);
      assert.doesNotMatch(exported, /informational guidance and not access control in 2026-07-28/);
    });
  }
});

describe("section 6 rebuilt, one idea at a time (a student's and an expert's reading)", () => {
  for (const folder of ["lessons", "lessons/seed-20260219"]) {
    it(`${folder}: MCP's rules, the course's host once, its policies, then the gates; negotiated tools defined once`, () => {
      const exported = flat(readFileSync(join(ROOT, folder, "05-lifecycle-and-negotiation.md"), "utf8"));
      const section = exported.slice(exported.indexOf("## 6 ·"), exported.indexOf("## Summary"));
      const steps = [
        "MCP leaves to the host which tools it exposes and how consent is given",
        "*the host that trusts its servers' hints*",
        "This is the policy a host of yours should copy, on one condition",
        "*the course's host*",
        "| rule | what it does | what MCP says |",
        "policy tools kept",
        "| host | tools it keeps | its gate: what it holds |",
      ].map((phrase) => section.indexOf(phrase));
      assert.ok(
        steps.every((at) => at >= 0),
        `${folder}: ${steps}`,
      );
      assert.deepEqual(
        steps,
        [...steps].sort((a, b) => a - b),
        folder,
      );
      // The course's host introduced after the host to copy, as two departures with their costs, not
      // as a host "built from two mistakes" (a student's and an expert's reading).
      assert.doesNotMatch(exported, /two mistakes MCP warns against/);
      assert.doesNotMatch(exported, /not a host to copy|instrument not to copy|MCP lets a host decide/);
      assert.equal(section.split("*the course's host*:").length, 2, "introduced once, then looked up in the table");
      // No source the reader never sees (a student's and an expert's reading), and five names cut
      // to three hosts, the gates in their rows.
      assert.doesNotMatch(exported, /reference lesson/i);
      assert.doesNotMatch(section, /one place to look their names up|\| host or gate \|/);
      // Its allowlist's contents stated, its version rule against server/discover.mdx's SHOULD NOT.
      assert.ok(section.includes("every tool the servers declare except `kayit_yaz`"));
      assert.ok(section.includes("goes against `server/discover.mdx`'s SHOULD NOT"));
      // Negotiated tools: the course's word for the tools kept, defined once here; the summary uses it.
      assert.equal(section.split("*kept tools*").length, 2, "defined once");
      // One name for the tools kept: lesson 6 says once why its tables head them `negotiated` (a student's reading).
      assert.doesNotMatch(section, /negotiated|later tables head/);
      assert.doesNotMatch(section, /head them \*negotiated\*/);
      assert.doesNotMatch(exported, /negotiated tools|three negotiated/, "kept tools, not negotiated");
      assert.ok(!/negotiation of a version and capabilities/.test(exported), "no second sense of the word");
      // No forward lesson number in the body, and none of the old section's second host table.
      assert.doesNotMatch(section, /lesson [6-9]|lesson 10/);
      assert.doesNotMatch(section, /\| host \| what it keeps \||This section runs two hosts/);
    });
  }
});

describe("the allowlist's contents and lesson 3's listen stream (an expert's and a student's reading)", () => {
  for (const folder of ["lessons", "lessons/seed-20260219"]) {
    it(`${folder}: section 6 says what the allowlist holds, so exercise 3 can be answered`, () => {
      const exported = flat(readFileSync(join(ROOT, folder, "05-lifecycle-and-negotiation.md"), "utf8"));
      // LESSON_POLICY's allowlist is every tool the servers declare but kayit_yaz.
      const tools = SERVER_FACTS.flatMap(({ tools }) => tools.map(({ name }) => name));
      assert.deepEqual(
        tools.filter((name) => name !== "kayit_yaz"),
        [...ALLOWLIST],
      );
      assert.ok(
        exported.includes(
          "| *allowlist* | keeps only the tools it names: every tool the servers declare except `kayit_yaz` |",
        ),
        folder,
      );
      assert.ok(!exported.includes("- *The allowlist* is the host's to set. The host"), `${folder}: old wording gone`);
      // An expert's review: architecture/index.mdx's "Controls client connection
      // permissions" is about connections; which tools reach the model is server/tools.mdx's "User Interaction
      // Model": "implementations are free to expose tools through any interface pattern".
      assert.ok(
        exported.includes(
          '| the host\'s to set: "implementations are free to expose tools through any interface pattern" (`server/tools.mdx`, "User Interaction Model") |',
        ),
        folder,
      );
      assert.ok(!exported.includes("Controls client connection permissions"), `${folder}: not the connections bullet`);
      // Lesson 3 only named subscriptions/listen; no "taught later" aside (a student's reading).
      assert.ok(!exported.includes("`subscriptions/listen` stream (lesson 3)"), folder);
      assert.ok(!exported.includes("(named in lesson 3, taught later)"), folder);
      assert.ok(exported.includes("`subscriptions/listen` stream that asked for them"), folder);
    });
  }
});
