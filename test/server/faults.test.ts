// Invariant: each `--fault` of `mcp-course serve` happens for real and only as described (crash:N exits during the Nth tools/call with no response, noisy-line writes a stray line, noisy-raw glues stray text to every response, slow delays the first top_devices only), and the real fleet answers the eight malformed calls exactly as the simulator's path servers do.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { generateFleet } from "../../src/fleet/generator";
import { MALFORMED_CALLS } from "../../src/fleet/malformed";
import { createPathServer } from "../../src/fleet/paths";
import { SLOW_PROGRESS_STEPS, strayText } from "../../src/server/faults";
import { DEFAULT_SEED } from "../../src/sim/seed";
import { answer, call, eventsOf, messages, OPENING, request, runServer } from "./wire";

const THREE_CALLS =
  OPENING +
  call(2, "count_devices") +
  call(3, "count_devices", { site: "BRD" }) +
  call(4, "get_device", { device_id: "AV3-001" });

describe("serve --fault", () => {
  it("crash:2 exits with code 1 while handling the 2nd tools/call: the 1st answered, the 2nd and 3rd never", async () => {
    const run = await runServer(["fleet", "--fault", "crash:2"], THREE_CALLS);
    assert.equal(run.code, 1);
    assert.ok(answer(run, 2)?.result);
    assert.equal(answer(run, 3), undefined);
    assert.equal(answer(run, 4), undefined);
    const stop = run.events.at(-1)!;
    assert.equal(stop.event, "stopping");
    assert.equal(stop.reason, "crash");
    assert.equal(run.events[0].fault, "crash:2");
  });

  it("crash without N exits on the 6th call (CRASH_ON_CALL)", async () => {
    const calls = Array.from({ length: 7 }, (_, i) => call(2 + i, "count_devices")).join("");
    const run = await runServer(
      ["kayit", "--fault", "crash"],
      OPENING + calls.replaceAll("count_devices", "bolge_ozet"),
    );
    assert.equal(run.code, 1);
    assert.deepEqual(
      [2, 3, 4, 5, 6, 7, 8].map((id) => answer(run, id) !== undefined),
      [true, true, true, true, true, false, false],
    );
  });

  it("noisy-line writes one stray newline-terminated line per tools/call, and every call is still answered", async () => {
    const run = await runServer(["fleet", "--fault", "noisy-line"], THREE_CALLS);
    assert.equal(run.code, 0);
    const stray = run.lines.filter((text) => !text.startsWith("{"));
    assert.deepEqual(stray, [strayText("count_devices"), strayText("count_devices"), strayText("get_device")]);
    for (const id of [1, 2, 3, 4]) assert.ok(answer(run, id)?.result, `response ${id}`);
  });

  it("noisy-raw writes stray text with no newline before every tools/call response, so those lines no longer parse", async () => {
    const run = await runServer(["fleet", "--fault", "noisy-raw"], THREE_CALLS);
    assert.equal(run.code, 0);
    assert.ok(answer(run, 1)?.result, "initialize is untouched");
    for (const id of [2, 3, 4]) assert.equal(answer(run, id), undefined);
    const glued = run.lines.filter((text) => text.startsWith(strayText("")));
    assert.equal(glued.length, 3);
    assert.ok(
      glued.every((text) => /\{"result":/.test(text)),
      "each response follows the stray text on the same line",
    );
  });

  it("slow delays the first top_devices only, by --slow-ms: the second is answered first", async () => {
    const slowMs = 300;
    const run = await runServer(
      ["fleet", "--fault", "slow", "--slow-ms", String(slowMs)],
      OPENING +
        call(2, "top_devices", { field: "alerts" }) +
        call(3, "top_devices", { field: "alerts" }) +
        call(4, "count_devices"),
    );
    assert.equal(run.code, 0, "stdin closed early, yet the slow call is answered before the exit");
    const order = messages(run).map((m) => m.id);
    assert.ok(order.indexOf(3) < order.indexOf(2) && order.indexOf(4) < order.indexOf(2), `order ${order}`);
    assert.deepEqual(answer(run, 2)!.result, answer(run, 3)!.result);
    const durations = eventsOf(run, "call").map((c) => [c.tool, c.duration_ms >= slowMs - 20]);
    assert.deepEqual(durations, [
      ["top_devices", false],
      ["count_devices", false],
      ["top_devices", true],
    ]);
  });

  it("slow with a progressToken: SLOW_PROGRESS_STEPS progress notifications carrying the token, increasing, before the response; the next call (no token, no sleep left) is answered", async () => {
    const run = await runServer(
      ["fleet", "--fault", "slow", "--slow-ms", "150"],
      OPENING +
        request(2, "tools/call", {
          name: "top_devices",
          arguments: { field: "alerts" },
          _meta: { progressToken: "p-2" },
        }) +
        call(3, "top_devices", { field: "alerts" }),
    );
    assert.equal(run.code, 0);
    const all = messages(run);
    const progress = all.filter((m) => m.method === "notifications/progress");
    assert.deepEqual(
      progress.map((m) => m.params),
      Array.from({ length: SLOW_PROGRESS_STEPS }, (_, k) => ({
        progressToken: "p-2",
        progress: k + 1,
        total: SLOW_PROGRESS_STEPS,
        message: `top_devices: part ${k + 1} of ${SLOW_PROGRESS_STEPS} done`,
      })),
    );
    assert.ok(
      progress.every((m) => !("id" in m)),
      "notifications carry no id",
    );
    const last = all.lastIndexOf(progress.at(-1)!);
    assert.ok(last < all.findIndex((m) => m.id === 2), "the response to the slow call comes after its progress");
    assert.ok(answer(run, 3)?.result, "the second top_devices, with no token and no delay, is answered");
  });

  it("no fault: nothing but responses on stdout", async () => {
    const run = await runServer(["fleet"], THREE_CALLS);
    assert.deepEqual(
      messages(run).map((m) => m.id),
      [1, 2, 3, 4],
    );
  });
});

describe("serve fleet --path: the real server answers as the simulator's path server does", () => {
  const fleet = generateFleet(DEFAULT_SEED);
  // The validating path answers refused arguments by the revision the opening agreed on: a −32602
  // error in 2025-06-18, an error result in 2025-11-25 (server/tools.mdx "Error Handling" of each).
  for (const revision of ["2025-06-18", "2025-11-25"])
    for (const path of ["raw", "validating"] as const) {
      it(`${path}, ${revision}: the eight malformed calls, result or error, code and message, equal the simulator's`, async () => {
        const opening = OPENING.replace('"protocolVersion":"2025-06-18"', `"protocolVersion":"${revision}"`);
        assert.ok(opening.includes(revision), "the opening names the revision");
        const input =
          opening +
          MALFORMED_CALLS.map((m, i) => call(10 + i, m.call.name, m.call.arguments as Record<string, unknown>)).join(
            "",
          );
        const run = await runServer(["fleet", "--path", path], input);
        const simulated = createPathServer(path, fleet, revision);
        MALFORMED_CALLS.forEach((m, i) => {
          const expected = simulated.handle({
            jsonrpc: "2.0",
            id: 10 + i,
            method: "tools/call",
            params: { name: m.call.name, arguments: { ...m.call.arguments } },
          })!;
          const real = answer(run, 10 + i)!;
          // An unknown tool is the protocol error −32602 on both paths, real and simulated ("Protocol
          // Errors … Unknown tool", 2025-06-18 server/tools.mdx "Error Handling").
          if (m.label === "unknown tool")
            assert.deepEqual(real.error, { code: -32602, message: `Unknown tool: ${m.call.name}` }, m.label);
          if ("error" in expected) assert.deepEqual(real.error, expected.error, m.label);
          else assert.deepEqual(real.result, expected.result, m.label);
        });
      });
    }
});
