// The tokenizer cuts lower-cased words into pieces of at most five characters, commas apart.
import assert from "node:assert/strict";
import { test } from "node:test";
import { describeFields } from "../../src/sim/client";
import { Envelope, ENVELOPE_TOKENS } from "../../src/sim/envelope";
import seedrandom from "seedrandom";
import { countTokens, tokenize, wordTokens } from "../../src/sim/tokenizer";
import { valueTokens } from "../../src/sim/values";
import { SAMPLE_VALUES } from "./sampleValues";

test("words are cut into five-character pieces, commas stand alone, case is folded", () => {
  assert.deepEqual(tokenize("sayac_oku abone A001"), ["sayac", "_oku", "abone", "a001"]);
  assert.deepEqual(tokenize("bolge_ozet bolge merkez"), ["bolge", "_ozet", "bolge", "merke", "z"]);
  assert.deepEqual(tokenize("a,b"), ["a", ",", "b"]);
  assert.deepEqual(tokenize("  sayac_oku  "), ["sayac", "_oku"]);
  assert.deepEqual(tokenize(""), []);
});

test("a message costs its tokens plus the envelope; a remote request counts two round trips", () => {
  const envelope = new Envelope();
  assert.equal(envelope.send("request", "yetenek sor kayit", "remote"), 4 + ENVELOPE_TOKENS);
  assert.equal(envelope.send("response", "m3 12"), 2 + ENVELOPE_TOKENS);
  envelope.send("request", "sayac_oku ", "local");
  envelope.send("notification", "x");
  assert.deepEqual(envelope.counts(), {
    request: 2,
    response: 1,
    notification: 1,
    tokens: 12 + 10 + 10 + 9,
    round_trips: 3,
  });
});

test("countTokens equals tokenize(...).length on 20,000 random bodies", () => {
  const random = seedrandom("tokenizer");
  const alphabet = ["a", "B", "_", "1", ",", " ", "  ", "\t", "\n", "\x1c", "ç", "İ", "\u00a0", "abcdef", "merkez"];
  for (let i = 0; i < 20000; i++) {
    let body = "";
    const length = Math.floor(random() * 24);
    for (let k = 0; k < length; k++) body += alphabet[Math.floor(random() * alphabet.length)];
    assert.equal(countTokens(body), tokenize(body).length, JSON.stringify(body));
  }
});

test("sendFields costs what send costs for the written-out body, and words cost what their text costs", () => {
  const random = seedrandom("bodies");
  const keys = ["abone", "onceki", "simdiki", "tip", "m3", "tutar", "bolge", "yazildi", "hata", "a,b", "x y"];
  const values = [...SAMPLE_VALUES];
  const known = wordTokens(["sayac_oku", "abone", "tip", "a,b", "A001", "abone yok", ""]);
  for (let i = 0; i < 5000; i++) {
    const fields: Record<string, string | number | boolean | null> = {};
    for (let k = Math.floor(random() * 4); k > 0; k--)
      fields[keys[Math.floor(random() * keys.length)]] = values[Math.floor(random() * values.length)];
    const head = ["", "sayac_oku", "bolge_ozet"][i % 3];
    const text = head === "" ? describeFields(fields) : `${head} ${describeFields(fields)}`;
    assert.equal(new Envelope().sendFields("request", head, fields), new Envelope().send("request", text), text);
    // An envelope that knows some words in advance counts the same: the table only saves counting them.
    assert.equal(new Envelope(known).sendFields("request", head, fields), new Envelope().send("request", text), text);
    const words = [head, ...Object.values(fields)];
    const written = words
      .map((w) => (w === null ? "None" : w === true ? "True" : w === false ? "False" : String(w)))
      .join(" ");
    assert.equal(new Envelope().send("response", words), new Envelope().send("response", written), written);
  }
});

test("a word table holds each word's countTokens; a value costs what its written text costs", () => {
  const words = ["sayac_oku", "abone yok", "a,b", "", "merkez"];
  assert.deepEqual(
    Object.entries(wordTokens(words)),
    words.map((word) => [word, countTokens(word)]),
  );
  assert.equal(Object.getPrototypeOf(wordTokens(words)), null, "no word reads as an inherited property");
  assert.equal(wordTokens(words).constructor, undefined);
  for (const [value, text] of [
    [null, "None"],
    [true, "True"],
    [false, "False"],
    [0, "0"],
    [123456, "123456"],
    [-5, "-5"],
    [1.5, "1.5"],
    ["A001", "A001"],
  ] as const) {
    assert.equal(valueTokens(value), countTokens(text), text);
  }
});
