// The world's resources have one set of contents, read by the real servers as JSON and by the simulator as words: the subscriber list is every subscriber in id order, the tier table the tariff's constants.
import assert from "node:assert/strict";
import { test } from "node:test";
import { resourceText } from "../../src/server/resources";
import {
  contentWords,
  isWorldResource,
  parseResourceUri,
  resourceContents,
  resourceUri,
  SUBSCRIBER_LIST,
  TIER_TABLE,
} from "../../src/world/resources";
import { SUBSCRIBER_IDS } from "../../src/world/subscribers";
import { ABOVE_TOP_TIER, COMMERCIAL_FACTOR, TIERS } from "../../src/world/tariff";
import { createWorld } from "../../src/world/world";

test("abone_listesi holds every subscriber, in id order, each with bolge, tip, onceki, simdiki", () => {
  for (const seed of [0, 7, 20260218]) {
    const world = createWorld(seed);
    const contents = resourceContents(SUBSCRIBER_LIST, world);
    assert.deepEqual(Object.keys(contents), SUBSCRIBER_IDS);
    assert.deepEqual(contents, world.subscribers);
    for (const row of Object.values(contents))
      assert.deepEqual(Object.keys(row as object), ["bolge", "tip", "onceki", "simdiki"]);
    // The real server's text is this value's JSON, byte for byte.
    assert.equal(resourceText(SUBSCRIBER_LIST, { world }), JSON.stringify(contents));
  }
  assert.throws(() => resourceContents(SUBSCRIBER_LIST), /needs a world/);
});

test("basamak_tablosu is the tariff's tiers, its price above them and the business factor; no world needed", () => {
  assert.deepEqual(resourceContents(TIER_TABLE), {
    basamaklar: TIERS.map(([ust_m3, birim_fiyat]) => ({ ust_m3, birim_fiyat })),
    ust_basamak_birim_fiyat: ABOVE_TOP_TIER,
    isyeri_carpani: COMMERCIAL_FACTOR,
  });
  assert.equal(resourceText(TIER_TABLE, {}), JSON.stringify(resourceContents(TIER_TABLE)));
  assert.throws(() => resourceText(SUBSCRIBER_LIST, {}), /no contents/);
  assert.throws(() => resourceText("nothing", {}), /no contents/);
});

test("contentWords reads a record key before value, a list item by item", () => {
  assert.deepEqual(contentWords({ A001: { bolge: "dogu", onceki: 1 }, x: [{ a: 2 }, 3], y: null }), [
    "A001",
    "bolge",
    "dogu",
    "onceki",
    1,
    "x",
    "a",
    2,
    3,
    "y",
    null,
  ]);
  const world = createWorld(20260218);
  const words = contentWords(resourceContents(SUBSCRIBER_LIST, world));
  assert.equal(words.length, 9 * SUBSCRIBER_IDS.length, "an id and four key-value pairs per subscriber");
});

test("a URI is <server>://<name>, and parses back", () => {
  assert.equal(resourceUri("olcum", SUBSCRIBER_LIST), "olcum://abone_listesi");
  assert.deepEqual(parseResourceUri("tarife://basamak_tablosu"), { server: "tarife", name: TIER_TABLE });
  for (const bad of ["olcum:/x", "://x", "olcum://", "olcum://a/b", "abone_listesi"])
    assert.equal(parseResourceUri(bad), undefined, bad);
  assert.ok(isWorldResource(TIER_TABLE) && isWorldResource(SUBSCRIBER_LIST) && !isWorldResource("cihaz_listesi"));
});
