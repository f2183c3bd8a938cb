// The scripted 2025-11-25 opening agrees on 2025-11-25 with a real server, sends initialize then notifications/initialized and nothing else, and leaves the exchange ready for requests; a server that speaks only 2026-07-28 is refused with an error.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LineExchange } from "../../src/wireClient/lineExchange";
import { OPENING_REVISION, openLegacySession } from "../../src/wireClient/legacyOpening";

test("opens olcum in 2025-11-25, then a request is answered in that session", async () => {
  const exchange = new LineExchange(["olcum", "--seed", "0"]);
  try {
    const result = await openLegacySession(exchange, 7);
    assert.equal(OPENING_REVISION, "2025-11-25");
    assert.equal(result.protocolVersion, "2025-11-25");
    assert.deepEqual(result.serverInfo, { name: "olcum", version: "2" });
    const sent = exchange.steps.filter((s) => s.from === "client" && "line" in s);
    assert.deepEqual(
      sent.map((s) => ("line" in s ? JSON.parse(s.line).method : "")),
      ["initialize", "notifications/initialized"],
    );
    assert.equal("line" in sent[0] && JSON.parse(sent[0].line).id, 7);
    exchange.send({ jsonrpc: "2.0", id: 8, method: "tools/list" });
    const listed = await exchange.read();
    assert.equal(listed.id, 8);
    assert.deepEqual(
      listed.result.tools.map((tool: { name: string }) => tool.name),
      ["sayac_oku", "tuketim"],
    );
  } finally {
    assert.equal(await exchange.close("done"), 0);
  }
});

test("a server that speaks only the stateless era is refused", async () => {
  const exchange = new LineExchange(["olcum", "--era", "stateless"]);
  try {
    await assert.rejects(openLegacySession(exchange), /did not agree on 2025-11-25/);
  } finally {
    await exchange.close("done");
  }
});
