// A scripted client on a real server that dies mid-call: the lines before are read as they came, the end of stdout
// is an event (no line, no error), and the exit is waited for with stdin left open, its code recorded.
import assert from "node:assert/strict";
import { test } from "node:test";
import { isTranscriptLine, LineExchange } from "../../src/wireClient/lineExchange";
import { requestMeta } from "../../src/wireClient/transcripts";

test("readOrEnd reads the answers, then the end of stdout; waitForExit records the exit code", async () => {
  const exchange = new LineExchange(["olcum", "--fault", "crash:1"]);
  exchange.send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: requestMeta() } });
  const listed = await exchange.readOrEnd();
  assert.equal(listed?.id, 1);
  assert.ok(Array.isArray(listed?.result?.tools));
  const call = { name: "sayac_oku", arguments: { abone: "A001" }, _meta: requestMeta() };
  exchange.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: call });
  assert.equal(await exchange.readOrEnd(), undefined, "the crashed call is never answered");
  assert.equal(await exchange.waitForExit(), 1);
  const steps = exchange.transcript("stateless", "crashed").steps;
  assert.deepEqual(
    steps.map((step) => (isTranscriptLine(step) ? `${step.from} line` : `${step.from}: ${step.event}`)),
    [
      "client line",
      "server line",
      "client line",
      "server: closes stdout without answering",
      "server: exits with code 1",
    ],
  );
  const events = exchange.log().map((line) => (JSON.parse(line) as { event: string }).event);
  assert.deepEqual(events, ["serving", "stopping"], "no call line: the call never finished");
  await assert.rejects(exchange.read(), /closed its stdout before answering/);
});
