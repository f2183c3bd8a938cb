// Lesson 8's computed prose says what its run did, for any seed: no gap or stray value, no later lesson named, every figure the run's own.
import assert from "node:assert/strict";
import { test } from "node:test";
import { WAVE_BANDS } from "../../src/fleet/agents";
import { LATENCY_MICROS } from "../../src/fleet/conditions";
import * as prose from "../../src/lessons/fleetBehindTheBoundary/prose";
import { simulateFleetLesson } from "../../src/lessons/fleetBehindTheBoundary/simulate";
import { DEFAULT_SEED } from "../../src/sim/seed";

const SEEDS = [DEFAULT_SEED, 20260219, 1, 77, 4242];

/** Prose with its line breaks and indents read as the single spaces markdown renders them as. */
const flat = (text: string) => text.replace(/\s+/g, " ");

/** Every paragraph the lesson computes, for one seed. */
function allProse(seed: number): Record<string, string> {
  const r = simulateFleetLesson(seed);
  return {
    describeFleetSeed: prose.describeFleetSeed(r),
    readFleet: prose.readFleet(r),
    quoteQuestion: prose.quoteQuestion(),
    readGroundTruth: prose.readGroundTruth(r),
    readLevels: prose.readLevels(r),
    readChannels: prose.readChannels(r),
    readMalformed: prose.readMalformed(r),
    describeTurns: prose.describeTurns(r),
    describeConditions: prose.describeConditions(),
    describeClock: prose.describeClock(),
    readConditions: prose.readConditions(r),
    summarizeFleet: prose.summarizeFleet(r),
    solveExercises: prose.solveExercises(r),
  };
}

test(`for ${SEEDS.length} seeds, no paragraph has a gap, a stray value, or a later lesson in it`, () => {
  for (const seed of SEEDS) {
    for (const [name, text] of Object.entries(allProse(seed))) {
      assert.doesNotMatch(text, /(?<!")undefined(?!")|NaN|\[object |null vs|\$\{/, `${name}, seed ${seed}`);
      assert.doesNotMatch(text, /\blessons? (9|10)\b|\ba later lesson\b|\bnext lesson\b/i, `${name}, seed ${seed}`);
      assert.doesNotMatch(text, /seed document|reference lesson|\bIM\d/, `${name}, seed ${seed}: no provenance labels`);
      assert.doesNotMatch(
        text,
        /experiment/i,
        `${name}, seed ${seed}: the source is named once, in the notebook's introduction`,
      );
      for (const line of text.split("\n"))
        assert.ok(line.length <= 100, `${name}, seed ${seed}: ${line.length} columns: ${line}`);
    }
  }
});

test("the channel reading and the summary say where -32602, -32000 and -32001 come from", () => {
  const r = simulateFleetLesson(DEFAULT_SEED);
  const channels = flat(prose.readChannels(r));
  // 2025-06-18 lists invalid arguments among protocol errors and gives them no code: -32602 is the course's reading.
  assert.match(
    channels,
    /lists invalid arguments among protocol errors but gives them no code, and lists invalid input data among tool execution errors/,
  );
  assert.match(channels, /`-32602`, JSON-RPC.s "Invalid params", is the course.s reading of an outdated rule/);
  assert.match(channels, /2025-11-25 made input validation errors tool execution errors/);
  assert.match(
    channels,
    /`MCP error -32602: Tool rank_by_rate not found` arrives as an error result, as SDK 1\.x sends it, where every revision asks for a protocol error/,
  );
  const conditions = flat(prose.readConditions(r));
  assert.match(
    conditions,
    /`-32001` is SDK 1\.x's code for its client's timeout \(SDK 2\.4's client reports an `SdkError` with code `"REQUEST_TIMEOUT"`\), and never travels on the wire/,
  );
  assert.match(
    conditions,
    /`MCP error -32000: Connection closed` — again SDK 1\.x's client code \(2\.4's is `"CONNECTION_CLOSED"`\), raised when the pipe closes/,
  );
  assert.match(
    conditions,
    /had the request carried a `progressToken` in its `_meta`, the server could send `notifications\/progress`/,
  );
  assert.match(
    flat(prose.summarizeFleet(r)),
    /`-32000` and `-32001` are SDK 1\.x's client codes \(2\.4 has `"CONNECTION_CLOSED"` and `"REQUEST_TIMEOUT"`\) and never cross the wire/,
  );
});

test("the clock says what ms/call holds, and the figure rebuilds from LATENCY_MICROS: calls, timeouts and restarts, no start-up", () => {
  const r = simulateFleetLesson(DEFAULT_SEED);
  assert.match(
    flat(prose.describeClock()),
    /`ms\/call` is the tool calls' virtual time \(waits, timeouts and restarts in, start-up out\) per call/,
  );
  const restart = r.matrix.find((m) => m.condition === "crash-restart" && m.policy === "thorough")!;
  assert.equal(
    restart.callMicros,
    restart.toolCalls * LATENCY_MICROS.validatingCall + restart.restarts * LATENCY_MICROS.restart,
  );
});

test("the worked examples are the run's: turns add up, the handshake is the envelope's, the clock is LATENCY_MICROS", () => {
  const r = simulateFleetLesson(DEFAULT_SEED);
  const thorough = r.turnSizes.thorough;
  assert.ok(
    flat(prose.describeTurns(r)).includes(`${thorough.join(" + ")} = ${thorough.reduce((a, b) => a + b, 0)} calls`),
  );
  const shortcut = r.matrix.find((m) => m.condition === "raw" && m.policy === "shortcut")!;
  assert.ok(
    flat(prose.readConditions(r)).includes(
      `Of the shortcut agent's ${shortcut.envelope.tokens.toLocaleString("en-US")} tokens on \`raw\`, ${r.handshake.tokens} are the handshake — here MCP's opening of a connection, not lesson 6's \`yetenek sor\`: 5 messages`,
    ),
  );
  assert.ok(
    flat(prose.describeClock()).includes(
      `${(LATENCY_MICROS.rawCall / 1000).toFixed(3)} and ${(LATENCY_MICROS.validatingCall / 1000).toFixed(3)} ms for a call`,
    ),
  );
  assert.ok(flat(prose.readLevels(r)).includes("`tarife` and `kayit` are remote"));
  assert.ok(flat(prose.readLevels(r)).includes('`arac bildirilmedi` ("tool not declared")'));
});

test("the solutions name the calls the validating server refused, and the stop the true rate allows", () => {
  for (const seed of SEEDS) {
    const r = simulateFleetLesson(seed);
    const solutions = flat(prose.solveExercises(r));
    for (const row of r.malformed.filter((m) => m.outcomes.validating.channel === "JSON-RPC error"))
      assert.ok(solutions.includes(`*${row.label}*`), `${seed}: ${row.label}`);
    const { device, shortcut } = r.truth;
    assert.ok(
      solutions.includes(
        `reads past ${shortcut.device.downtime_min} × ${device.operating_hours} ÷ ${device.downtime_min} = `,
      ),
      `seed ${seed}`,
    );
    assert.equal(prose.solveExercises(r).match(/^\d\. /gm)?.length, 5, "one answer per exercise");
  }
});

test("the thorough agent's turn table rebuilds its run: calls per turn, and the stop where the bound says", () => {
  for (const seed of SEEDS) {
    const r = simulateFleetLesson(seed);
    const turns = r.thoroughTurns;
    assert.deepEqual(
      turns.map((t) => t.calls),
      r.turnSizes.thorough,
      `seed ${seed}: the same turns as the run`,
    );
    for (const t of turns.slice(1, -1)) assert.equal(t.calls, 2 * t.bands.length, `seed ${seed}: two pages per band`);
    // Each band turn carries the halves the turn before left waiting, then new bands up to four.
    for (let k = 2; k < turns.length - 1; k++) {
      const halves = turns[k - 1].bands.filter((b) => b.crowded).length * 2;
      const bands = turns[k].bands;
      const ranOut = bands.some((b) => b.max === 500);
      assert.ok(
        bands.length === Math.max(halves, WAVE_BANDS) || (ranOut && bands.length >= halves),
        `seed ${seed}, turn ${k + 1}`,
      );
    }
    // The stop: the last band turn is the first whose hours read pass most × hours ÷ downtime.
    const { device, shortcut } = r.truth;
    const passes = (covered: number) =>
      covered * device.downtime_min > shortcut.device.downtime_min * device.operating_hours || covered >= 500;
    const first = turns.findIndex((t) => t.bands.length > 0 && passes(t.covered));
    assert.equal(first, turns.length - 2, `seed ${seed}: stops after the first turn past the bound`);
    assert.ok(
      flat(prose.describeTurns(r)).includes(
        `Turn ${first + 1} is the first after which they are more (${turns[first].covered})`,
      ),
      `seed ${seed}`,
    );
  }
});

test("the level reading counts the other tools lesson 6's client drops at level 3 from the run", () => {
  for (const seed of SEEDS) {
    const r = simulateFleetLesson(seed);
    const others = r.lessonClientLevels[3].dropped - 3;
    assert.equal(others, 2, `seed ${seed}`);
    assert.ok(
      flat(prose.readLevels(r)).includes(`The other ${others} tools dropped at level 3 are \`kayit\`'s`),
      `seed ${seed}`,
    );
  }
});

test("solution 4 names what the agent has read before the crash, for each seed, without the thorough agent's fallback as its answer", () => {
  for (const seed of SEEDS) {
    const r = simulateFleetLesson(seed);
    const text = flat(prose.solveExercises(r).split(/\n(?=\d\. )/)[3]);
    const { device } = r.truth;
    const firstBand = r.thoroughTurns[1].bands[0];
    if (!firstBand.crowded && device.operating_hours < firstBand.max) {
      assert.ok(
        text.includes(`answers \`${device.device_id} vs unknown\`: the right device, and still a wrong answer`),
        `seed ${seed}`,
      );
    }
    assert.ok(/is the thorough agent.s fallback/.test(text) || text.includes("no band in full"), `seed ${seed}`);
  }
});
