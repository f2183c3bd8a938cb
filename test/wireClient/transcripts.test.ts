// Invariant: discoverOpening is a real stateless opening that asks first — server/discover, then tools/list, each request with the stateless _meta, each answer a complete result naming the server in _meta — and the process exits cleanly.
import assert from "node:assert/strict";
import { test } from "node:test";
import { isTranscriptLine } from "../../src/wireClient/lineExchange";
import { discoverOpening, requestMeta } from "../../src/wireClient/transcripts";

test("discoverOpening on serve kayit: server/discover then tools/list, _meta on both, serverInfo version 3 in both results", async () => {
  const transcript = await discoverOpening("kayit");
  assert.equal(transcript.era, "stateless");
  assert.equal(transcript.command, "mcp-course serve kayit");
  const lines = transcript.steps.filter(isTranscriptLine);
  assert.deepEqual(
    lines.map((step) => step.from),
    ["client", "server", "client", "server"],
  );
  const [discover, discovered, list, listed] = lines.map((step) => JSON.parse(step.line) as Record<string, any>);
  assert.deepEqual([discover.method, discover.id, list.method, list.id], ["server/discover", 0, "tools/list", 1]);
  for (const request of [discover, list]) assert.deepEqual(request.params, { _meta: requestMeta() });
  assert.deepEqual(discovered.result.capabilities, { tools: {} });
  assert.deepEqual(discovered.result.supportedVersions, ["2026-07-28"]);
  for (const answer of [discovered, listed]) {
    assert.equal(answer.result.resultType, "complete");
    assert.deepEqual(answer.result._meta["io.modelcontextprotocol/serverInfo"], {
      name: "kayit",
      version: "3",
    });
  }
  assert.deepEqual(
    listed.result.tools.map((tool: { name: string }) => tool.name),
    ["bolge_ozet", "kayit_yaz"],
  );
  for (const step of lines) assert.equal(step.bytes, Buffer.byteLength(step.line) + 1);
  assert.ok(transcript.steps.some((step) => !isTranscriptLine(step) && step.event === "exits with code 0"));
  assert.match(transcript.outcome, /^1 version supported; then 2 tools listed, no session opened$/);
});
