// The stateless era's envelope: each call costs lesson 6's body plus exactly its protocol fields' words, one message at a time.
import assert from "node:assert/strict";
import { test } from "node:test";
import seedrandom from "seedrandom";
import { callForm, Envelope, ENVELOPE_TOKENS } from "../../src/sim/envelope";
import {
  CLIENT_INFO,
  identityWords,
  initializeParams,
  partsTokens,
  requestFields,
  resultFields,
  wordsTokens,
} from "../../src/sim/eras";
import { eraEnvelope, StatelessEnvelope } from "../../src/sim/statelessEnvelope";
import { countTokens } from "../../src/sim/tokenizer";
import type { Fields } from "../../src/sim/values";
import { WIRE_CLIENT_INFO } from "../../src/wireClient/clientInfo";
import {
  CACHE_HINT,
  CLIENT_CAPABILITIES_KEY,
  CLIENT_INFO_KEY,
  PROTOCOL_VERSION_KEY,
} from "../../src/protocol/revisions";

const SERVERS = [
  { name: "olcum", version: 2 },
  { name: "tarife", version: 1 },
  { name: "kayit", version: 3 },
];

test("the stateless _meta is the spec's three keys, spelt in full, with the version, no capability words, and the client's identity", () => {
  const meta = requestFields("stateless");
  assert.deepEqual(
    meta.map((p) => p.part),
    ["protocolVersion", "clientCapabilities", "clientInfo"],
  );
  assert.deepEqual(
    meta.flatMap((p) => p.words),
    [PROTOCOL_VERSION_KEY, "2026-07-28", CLIENT_CAPABILITIES_KEY, CLIENT_INFO_KEY, "mcp-course", "surum", "0"],
  );
  // io.mo|delco|ntext|proto|col/p|rotoc|olver|sion 2026-|07-28: 10; …/clientcapabilities: 9; …/clientinfo mcp-c|ourse surum 0: 7 + 4
  assert.equal(partsTokens(meta), 30);
  assert.deepEqual(requestFields("legacy"), [], "a legacy request carries no per-request field");
  assert.equal(
    partsTokens(initializeParams()),
    14,
    "proto|colve|rsion 2025-|11-25 capab|iliti|es clien|tinfo mcp-c|ourse surum 0",
  );
});

test("one client identity: the simulated client's is the real client's", () => {
  assert.deepEqual({ ...CLIENT_INFO }, { ...WIRE_CLIENT_INFO });
});

test("a stateless result carries resultType, the answering server's identity, and on a list the real servers' cache hint", () => {
  const call = resultFields("stateless", SERVERS[0], false);
  assert.deepEqual(
    [...call.head, ...call.tail].flatMap((p) => p.words),
    ["resultType", "complete", "olcum", "surum", 2],
  );
  const list = resultFields("stateless", SERVERS[1], true);
  assert.deepEqual(
    list.tail.flatMap((p) => p.words),
    ["tarife", "surum", 1, "ttlMs", CACHE_HINT.ttlMs, "cacheScope", CACHE_HINT.cacheScope],
  );
  assert.deepEqual(
    list.tail.map((p) => p.part),
    ["serverInfo", "cache"],
  );
  assert.deepEqual(resultFields("legacy", SERVERS[0], true), { head: [], tail: [] });
});

test("each stateless call costs exactly its _meta words more, each result exactly resultType and its server's identity more; no message or round trip more", () => {
  const random = seedrandom("stateless");
  const names = ["abone", "m3", "tip", "bolge", "deger"];
  const values = ["A001", "merkez", "mesken", "abone yok", 0, 7, 100000, 2 ** 53 - 1, -5, 1.5, true, null];
  const meta = wordsTokens(requestFields("stateless").flatMap((p) => p.words));
  for (let i = 0; i < 3000; i++) {
    const fields = names.filter(() => random() < 0.5);
    const args: Fields = {};
    for (const field of fields) args[field] = values[Math.floor(random() * values.length)];
    const server = SERVERS[i % SERVERS.length];
    const form = callForm(["sayac_oku", "tarife", "bolge_ozet"][i % 3], fields, undefined, server.name);
    const result: Fields = { onceki: Math.floor(random() * 1e6), tip: "mesken" };
    const transport = random() < 0.5 ? "local" : "remote";
    const plain = new Envelope();
    const stateless = new StatelessEnvelope(SERVERS);
    const request = stateless.sendCall(form, args, transport);
    assert.equal(request, plain.sendCall(form, args, transport) + meta);
    const answer = stateless.sendFields("response", "", result);
    const identity = wordsTokens(["resultType", "complete", ...identityWords(server)]);
    assert.equal(answer, plain.sendFields("response", "", result) + identity);
    // The same as sending the whole body as words on the era-free envelope.
    const written = new Envelope();
    const body = [
      form.name,
      ...fields.flatMap((f) => [f, args[f]]),
      ...requestFields("stateless").flatMap((p) => p.words),
    ];
    assert.equal(written.send("request", body, transport), request);
    const { request: r, response: s, notification: n, round_trips } = stateless.counts();
    assert.deepEqual({ r, s, n, round_trips }, { r: 1, s: 1, n: 0, round_trips: plain.counts().round_trips });
    assert.equal(stateless.counts().tokens, plain.counts().tokens + meta + identity);
    assert.deepEqual(stateless.tokensByKind(), {
      request: plain.tokensByKind().request + meta,
      response: plain.tokensByKind().response + identity,
      notification: 0,
    });
    // Each message's tokens include what the stateless era adds to it, and no more messages.
    assert.deepEqual(stateless.messageTokens(), [request, answer], "one entry per message, _meta and identity in it");
  }
});

test("the stateless envelope refuses what it cannot word, and its clone keeps its servers and counts", () => {
  const envelope = new StatelessEnvelope(SERVERS);
  assert.throws(() => envelope.sendFields("response", "", { a: 1 }), /answers a call/);
  assert.throws(() => envelope.sendCall(callForm("x", [], undefined, "nowhere"), {}), /does not know/);
  assert.throws(() => envelope.sendFields("request", "x", {}), /sendCall or send/);
  envelope.sendCall(callForm("tarife", ["m3"], undefined, "tarife"), { m3: 12 }, "remote");
  envelope.sendFields("response", "", { tutar: 40 });
  assert.throws(() => envelope.sendFields("response", "", { tutar: 40 }), /answers a call/, "one result per call");
  const copy = envelope.clone();
  assert.ok(copy instanceof StatelessEnvelope);
  assert.deepEqual(copy.counts(), envelope.counts());
  assert.deepEqual(copy.messageTokens(), envelope.messageTokens(), "the copy starts from the same messages");
  assert.equal(
    copy.sendCall(callForm("tuketim", [], undefined, "olcum"), {}),
    countTokens("tuketim") + 30 + ENVELOPE_TOKENS,
  );
  assert.notDeepEqual(copy.counts(), envelope.counts(), "the copy counts on its own");
  // `send` counts a body as given, in either era: discovery writes its own fields.
  assert.equal(
    new StatelessEnvelope(SERVERS).send("request", "tools/list olcum"),
    new Envelope().send("request", "tools/list olcum"),
  );
  assert.ok(!(eraEnvelope("legacy", SERVERS) instanceof StatelessEnvelope));
  assert.ok(eraEnvelope("stateless", SERVERS) instanceof StatelessEnvelope);
});
