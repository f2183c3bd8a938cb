// A call's form counts the tool's name and declared fields once; a request sent with it costs what the written-out body costs.
import assert from "node:assert/strict";
import { test } from "node:test";
import seedrandom from "seedrandom";
import { describeFields } from "../../src/sim/client";
import { callForm, Envelope } from "../../src/sim/envelope";
import { countTokens, wordTokens } from "../../src/sim/tokenizer";
import type { Fields } from "../../src/sim/values";
import { SAMPLE_VALUES } from "./sampleValues";

test("a call's form holds the tokens of its name and of each field, from the word table or counted, in declared order", () => {
  const fields = ["abone", "onceki", "a,b", "x y", ""];
  const counted = fields.map((field) => countTokens(field));
  assert.deepEqual(callForm("sayac_oku", fields), {
    name: "sayac_oku",
    server: "",
    fields,
    nameTokens: countTokens("sayac_oku"),
    fieldTokens: counted,
  });
  const known = wordTokens(["sayac_oku", "abone", "a,b"]);
  assert.deepEqual(callForm("sayac_oku", fields, known), callForm("sayac_oku", fields));
  // A word table is trusted: a form takes a word's count from it, so a wrong table shows in the form.
  assert.equal(callForm("sayac_oku", ["abone"], { sayac_oku: 40, abone: 7 }).nameTokens, 40);
  assert.deepEqual(callForm("sayac_oku", ["abone"], { sayac_oku: 40, abone: 7 }).fieldTokens, [7]);
  assert.deepEqual(callForm("tuketim", []), {
    name: "tuketim",
    server: "",
    fields: [],
    nameTokens: countTokens("tuketim"),
    fieldTokens: [],
  });
});

test("sendCall costs exactly what sendFields and send cost for the call's name and the form's fields present in the arguments", () => {
  const random = seedrandom("calls");
  const names = ["abone", "onceki", "simdiki", "tip", "m3", "bolge", "sutun", "deger", "a,b", "x y"];
  const values = [...SAMPLE_VALUES, undefined];
  const known = wordTokens(["sayac_oku", "abone", "A001", "merkez"]);
  for (let i = 0; i < 5000; i++) {
    const fields = names.filter(() => random() < 0.3);
    const args: Fields = {};
    for (const field of fields) {
      const value = values[Math.floor(random() * values.length)];
      if (value !== undefined) args[field] = value;
    }
    // Keys of `args` that are not fields of the form are not sent.
    if (random() < 0.2) args.extra = 5;
    const sent: Fields = {};
    for (const field of fields) if (args[field] !== undefined) sent[field] = args[field];
    const name = ["sayac_oku", "bolge_ozet"][i % 2];
    const text = fields.length && Object.keys(sent).length ? `${name} ${describeFields(sent)}` : name;
    for (const transport of ["local", "remote"] as const) {
      for (const [words, form] of [
        [undefined, callForm(name, fields)],
        [known, callForm(name, fields, known)],
      ] as const) {
        const byCall = new Envelope(words);
        const byFields = new Envelope();
        const byText = new Envelope();
        assert.equal(
          byCall.sendCall(form, args, transport),
          byFields.sendFields("request", name, sent, transport),
          text,
        );
        byText.send("request", text, transport);
        assert.deepEqual(byCall.counts(), byFields.counts(), text);
        assert.deepEqual(byCall.counts(), byText.counts(), text);
        assert.deepEqual(byCall.tokensByKind(), byText.tokensByKind(), text);
      }
    }
  }
});

test("every request sent with a form is one counted request: counts grow one message at a time", () => {
  const envelope = new Envelope();
  const form = callForm("tarife", ["m3", "tip"]);
  for (let k = 1; k <= 5; k++) {
    const cost = envelope.sendCall(form, { m3: k, tip: "mesken" }, "remote");
    assert.equal(cost, countTokens(`tarife m3 ${k} tip mesken`) + 8);
    assert.deepEqual(envelope.counts(), {
      request: k,
      response: 0,
      notification: 0,
      tokens: k * cost,
      round_trips: 2 * k,
    });
  }
});

test("a call and an answer by name cost exactly what their written-out bodies cost, one message each, with or without known words", () => {
  const random = seedrandom("values");
  const names = ["abone", "onceki", "simdiki", "tip", "m3", "bolge", "sutun", "deger", "a,b", "x y", "hata"];
  const values = [...SAMPLE_VALUES, undefined, [1, "a"], { k: 1 }];
  const known = wordTokens(["sayac_oku", "abone", "A001", "merkez"]);
  for (let i = 0; i < 5000; i++) {
    const fields = names.filter(() => random() < 0.3);
    const state: Fields = {};
    for (const name of names) {
      const value = values[Math.floor(random() * values.length)];
      if (value !== undefined && random() < 0.7) state[name] = value;
    }
    const args: Fields = {};
    for (const field of fields) if (state[field] !== undefined) args[field] = state[field];
    const name = ["sayac_oku", "bolge_ozet"][i % 2];
    const transport = random() < 0.5 ? "local" : "remote";
    for (const words of [undefined, known]) {
      const counted = new Envelope(words);
      const written = new Envelope();
      assert.equal(
        counted.sendCall(callForm(name, fields, words), state, transport),
        written.send("request", `${name} ${describeFields(args)}`, transport),
        "only the form's fields are read",
      );
      assert.equal(counted.sendFields("response", "", state), written.send("response", describeFields(state)));
      assert.deepEqual(counted.counts(), written.counts());
      assert.deepEqual(counted.tokensByKind(), written.tokensByKind());
    }
  }
});
