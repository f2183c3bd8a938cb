// Lesson 10's probe rule (any answer that is not a modern one means a legacy server), as `meansLegacy` (src/wireClient/probe.ts) applies it, checked against the SDK it reads: pinned to 2026-07-28, the SDK's probe reports every answer that is not a modern one as `EraNegotiationFailed` (so our client falls back to initialize), whatever the server's error code, -32020 and -32021 included, and a -32022 without its list of versions too.
import assert from "node:assert/strict";
import { test } from "node:test";
import { probeEra } from "../../src/wireClient/probe";

/** A stdio server, as `node -e` source, that answers every request with `reply(id)`. */
function answering(reply: string): string {
  return (
    'let buf = "";' +
    'process.stdin.on("data", (d) => { buf += d; let i;' +
    ' while ((i = buf.indexOf("\\n")) >= 0) { const line = buf.slice(0, i); buf = buf.slice(i + 1);' +
    " const m = JSON.parse(line); if (m.id === undefined) continue;" +
    ` process.stdout.write(JSON.stringify(${reply}) + "\\n"); } });`
  );
}

const error = (code: number, data = "undefined") =>
  `{ jsonrpc: "2.0", id: m.id, error: { code: ${code}, message: "no", data: ${data} } }`;

for (const [what, reply] of [
  ["-32602 (invalid params)", error(-32602)],
  ["-32020 (HeaderMismatch)", error(-32020)],
  ["-32021 (MissingRequiredClientCapability)", error(-32021, "{ requiredCapabilities: {} }")],
  ["-32022 without a supported list", error(-32022)],
  ["a result that is not a DiscoverResult", '{ jsonrpc: "2.0", id: m.id, result: {} }'],
] as const) {
  test(`the probe answered with ${what} calls the server legacy (the SDK's EraNegotiationFailed)`, async () => {
    const probe = await probeEra({ command: process.execPath, args: ["-e", answering(reply)] }, 5_000);
    assert.equal(probe.verdict, "legacy");
    assert.equal(probe.traffic.received.total.messages, 1);
  });
}
