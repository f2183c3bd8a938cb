// resources/read and prompts/get in the simulator: one request and one response each, counted by the envelope like any other message, their bodies the world's own contents and text as words.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Envelope, ENVELOPE_TOKENS, REMOTE_ROUND_TRIPS } from "../../src/sim/envelope";
import { countTokens } from "../../src/sim/tokenizer";
import { pyStr } from "../../src/sim/values";
import { getPrompt, PROMPT_GET, readResource, RESOURCE_READ } from "../../src/world/primitives";
import { chargePromptText, PromptArgumentError } from "../../src/world/prompts";
import { contentWords, resourceContents, SUBSCRIBER_LIST, TIER_TABLE } from "../../src/world/resources";
import { WORLD_WORDS } from "../../src/world/servers";
import { createWorld } from "../../src/world/world";

const world = createWorld(20260218);

test("resources/read: the request names the method and URI, the response is the contents as words", () => {
  const envelope = new Envelope(WORLD_WORDS);
  const { contents, exchange } = readResource(world, "olcum://abone_listesi", envelope);
  assert.deepEqual(contents, resourceContents(SUBSCRIBER_LIST, world));
  assert.equal(exchange.request.body, `${RESOURCE_READ} olcum://abone_listesi`);
  assert.equal(exchange.response.body, contentWords(contents).map(pyStr).join(" "));
  assert.equal(exchange.request.tokens, countTokens(exchange.request.body) + ENVELOPE_TOKENS);
  assert.equal(exchange.response.tokens, countTokens(exchange.response.body) + ENVELOPE_TOKENS);
  assert.deepEqual(
    [exchange.server, exchange.transport, exchange.request.roundTrips, exchange.response.roundTrips],
    ["olcum", "local", 1, 0],
  );
  assert.deepEqual(envelope.counts(), {
    request: 1,
    response: 1,
    notification: 0,
    round_trips: 1,
    tokens: exchange.request.tokens + exchange.response.tokens,
  });
});

test("a resource on a remote server costs the doubled round trip; a URI no server offers is refused and counts nothing", () => {
  const envelope = new Envelope();
  const { exchange } = readResource(world, "tarife://basamak_tablosu", envelope);
  assert.equal(exchange.request.roundTrips, REMOTE_ROUND_TRIPS);
  assert.equal(exchange.response.body, contentWords(resourceContents(TIER_TABLE)).map(pyStr).join(" "));
  const before = envelope.counts();
  for (const uri of ["olcum://basamak_tablosu", "kayit://abone_listesi", "nothing"])
    assert.throws(() => readResource(world, uri, envelope), RangeError, uri);
  assert.deepEqual(envelope.counts(), before);
});

test("prompts/get: the request names the method, the prompt and its arguments, the response is the message's text", () => {
  const envelope = new Envelope();
  const args = { m3: "23", tip: "isyeri" };
  const { text, exchange } = getPrompt(world, "bedel_aciklamasi", args, envelope);
  assert.equal(text, chargePromptText(args));
  assert.equal(exchange.request.body, `${PROMPT_GET} bedel_aciklamasi m3 23 tip isyeri`);
  assert.equal(exchange.response.body, text);
  assert.equal(exchange.response.tokens, countTokens(text) + ENVELOPE_TOKENS);
  assert.deepEqual([exchange.server, exchange.request.roundTrips], ["tarife", REMOTE_ROUND_TRIPS]);
  const before = envelope.counts();
  assert.throws(() => getPrompt(world, "nothing", args, envelope), RangeError);
  assert.throws(() => getPrompt(world, "bedel_aciklamasi", { tip: "mesken" }, envelope), PromptArgumentError);
  assert.deepEqual(envelope.counts(), before);
});
