// Lessons run side by side: never more than the width, never two that start servers at once,
// those that do first, and after a failure nothing new starts and the first error comes out.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runSideBySide } from "../../src/cli/commands/sideBySide";
import { cli } from "../helpers";

interface FakeLesson {
  name: string;
  startsServers: boolean;
  /** Turns of the event loop it runs for. */
  turns: number;
  fails?: boolean;
}

const lesson = (name: string, startsServers: boolean, turns: number, fails = false): FakeLesson => ({
  name,
  startsServers,
  turns,
  fails,
});

/** Runs fake lessons, recording starts, ends and how many ran at once. */
async function schedule(lessons: FakeLesson[], width: number) {
  const events: string[] = [];
  let atOnce = 0;
  let most = 0;
  let serversAtOnce = 0;
  let mostServers = 0;
  const outcome = await runSideBySide(lessons, width, async (l) => {
    events.push(`start ${l.name}`);
    atOnce++;
    most = Math.max(most, atOnce);
    if (l.startsServers) mostServers = Math.max(mostServers, ++serversAtOnce);
    try {
      for (let i = 0; i < l.turns; i++) await new Promise((resolve) => setImmediate(resolve));
      if (l.fails) throw new Error(`${l.name} failed`);
    } finally {
      atOnce--;
      if (l.startsServers) serversAtOnce--;
      events.push(`end ${l.name}`);
    }
  }).then(
    () => "ok",
    (error: Error) => error.message,
  );
  return { events, most, mostServers, outcome };
}

const COURSE = [
  lesson("06", false, 3),
  lesson("07", false, 3),
  lesson("08", false, 3),
  lesson("09", true, 8),
  lesson("10", true, 6),
];

test("two at a time: the lessons that start servers first and one at a time, the others beside them", async () => {
  const { events, most, mostServers, outcome } = await schedule(COURSE, 2);
  assert.equal(outcome, "ok");
  assert.equal(most, 2);
  assert.equal(mostServers, 1);
  assert.deepEqual(events.slice(0, 2), ["start 09", "start 06"]);
  assert.equal(events.filter((e) => e.startsWith("end")).length, 5);
  assert.ok(events.indexOf("start 10") > events.indexOf("end 09"));
});

test("width 1 runs the lessons one after another, servers first", async () => {
  const { events, most } = await schedule(COURSE, 1);
  assert.equal(most, 1);
  assert.deepEqual(
    events.filter((e) => e.startsWith("start")),
    ["start 09", "start 10", "start 06", "start 07", "start 08"],
  );
});

test("a wide schedule still runs one server lesson at a time", async () => {
  const { most, mostServers } = await schedule(COURSE, 8);
  assert.equal(mostServers, 1);
  assert.equal(most, 4);
});

test("after a failure no lesson starts, those running finish, and the first error is thrown", async () => {
  const lessons = [
    lesson("06", false, 1, true),
    lesson("07", false, 5),
    lesson("08", false, 1),
    lesson("09b", false, 1, true),
  ];
  const { events, outcome } = await schedule(lessons, 2);
  assert.equal(outcome, "06 failed");
  assert.ok(events.includes("end 07"), "the lesson running beside it finishes");
  assert.ok(!events.includes("start 08") && !events.includes("start 09b"));
});

test("--jobs takes a whole number from 1 to 64; anything else is one line and exit 2, before anything runs", () => {
  for (const bad of ["0", "65", "1.5", "-1", "two", ""]) {
    const run = cli(["lesson", "06", "--jobs", bad]);
    assert.equal(run.status, 2, bad);
    assert.equal(
      run.stderr,
      `mcp-course: option '--jobs <n>' argument '${bad}' is invalid. Expected a whole number of lessons to run at once, from 1 to 64.\n`,
    );
  }
});
