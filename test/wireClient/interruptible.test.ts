// An interruptible run owns SIGINT only while it runs and only where the process handles SIGINT itself (a kernel; a
// stand-in listener here): SIGINT then kills its servers and awaits them, fails their pending reads, refuses new
// ones and rejects the run with one line; the process's own listener is back after success, failure and interrupt.
// Where nothing listens (a script, the CLI, a test), a run adds no listener.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { inspect } from "node:util";
import { after, afterEach, beforeEach, describe, test } from "node:test";
import { runWithoutASessionOnTheWire } from "../../src/lessons/withoutASession/wire";
import {
  interruptedLine,
  interruptible,
  RunInterrupted,
  startServerProcess,
  stopOnInterrupt,
} from "../../src/wireClient/interruptible";
import { currentServer } from "../../src/lessons/writingAClient/currentClient";
import { LineExchange } from "../../src/wireClient/lineExchange";
import { SERVE_SCRIPT } from "../../src/wireClient/serveCommand";
import { DEFAULT_SEED } from "../../src/sim/seed";

/**
 * The live `serve` processes whose parent is this one (Linux: read off /proc); other children
 * (tsx's esbuild, say) come and go on their own.
 */
function ourServers(): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    let command: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
      command = readFileSync(`/proc/${name}/cmdline`, "utf8");
    } catch {
      continue; // ended while we looked
    }
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (state !== "Z" && Number(ppid) === process.pid && command.split("\0").includes(SERVE_SCRIPT))
      found.push(Number(name));
  }
  return found;
}

// Should a run not stop its servers (the failure these tests look for), they are ended here, so
// that the file's process can exit and report.
after(() => {
  for (const pid of ourServers()) process.kill(pid, "SIGKILL");
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once at least `count` of our servers run (polled), or rejects after `ms`. */
async function serversReach(count: number, ms = 60_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) if (ourServers().length >= count) return;
  throw new Error(`fewer than ${count} servers after ${ms} ms`);
}

/**
 * What `run` rejects with, checked to be an interrupt: a RunInterrupted whose message is its one
 * line, which is also all `console.error` prints of it (as a cell prints its error).
 */
async function interruption(run: Promise<unknown>): Promise<RunInterrupted> {
  const error = await run.then(
    (value) => assert.fail(`the run was not interrupted: it resolved to ${inspect(value)}`),
    (rejection: unknown) => rejection,
  );
  assert.ok(error instanceof RunInterrupted, `not a RunInterrupted: ${inspect(error)}`);
  assert.equal(error.message, interruptedLine(error.stopped));
  assert.equal(inspect(error), error.message, "printed as its one line");
  assert.equal(error.stack, error.message);
  return error;
}

test("the line names how many server processes were stopped", () => {
  assert.equal(interruptedLine(0), "Interrupted: no server process was running");
  assert.equal(interruptedLine(1), "Interrupted: 1 server process stopped");
  assert.equal(interruptedLine(13), "Interrupted: 13 server processes stopped");
});

test("where nothing listens for SIGINT, a run adds no listener: the work's result and error come through unchanged", async () => {
  assert.equal(process.listenerCount("SIGINT"), 0, "the test runner's own process has no SIGINT listener");
  let during = -1;
  const value = await interruptible(async () => {
    await sleep(10);
    during = process.listenerCount("SIGINT");
    return 42;
  });
  assert.equal(value, 42);
  assert.equal(during, 0, "Node's default (exit) stays in charge");
  const failure = new Error("the work's own failure");
  await assert.rejects(
    interruptible(async () => {
      throw failure;
    }),
    (error) => error === failure,
  );
  assert.equal(process.listenerCount("SIGINT"), 0);
});

describe("in a process that handles SIGINT (a stand-in for the kernel's listener)", () => {
  let kernelInterrupts = 0;
  const kernel = () => {
    kernelInterrupts += 1;
  };
  beforeEach(() => {
    kernelInterrupts = 0;
    process.on("SIGINT", kernel);
  });
  afterEach(() => {
    process.removeListener("SIGINT", kernel);
  });

  test("the run's listener replaces the kernel's while it runs; the kernel's is back after success and after failure", async () => {
    let during: unknown[] = [];
    assert.equal(
      await interruptible(async () => {
        await sleep(10);
        during = process.listeners("SIGINT");
        // A run inside a run is part of it: no second listener.
        return interruptible(async () => process.listenerCount("SIGINT"));
      }),
      1,
    );
    assert.equal(during.length, 1);
    assert.notEqual(during[0], kernel);
    assert.deepEqual(process.listeners("SIGINT"), [kernel]);
    await assert.rejects(
      interruptible(async () => {
        throw new Error("ordinary failure");
      }),
      /ordinary failure/,
    );
    assert.deepEqual(process.listeners("SIGINT"), [kernel]);
    assert.equal(kernelInterrupts, 0);
  });

  test(
    "SIGINT stops lesson 10's wire run: its servers are killed and awaited, none is started after, the run rejects with one line",
    { timeout: 60_000 },
    async () => {
      assert.deepEqual(ourServers(), []);
      const run = runWithoutASessionOnTheWire(DEFAULT_SEED);
      await serversReach(3);
      process.kill(process.pid, "SIGINT");
      const { stopped } = await interruption(run);
      assert.ok(stopped >= 1, `${stopped} stopped`);
      assert.deepEqual(ourServers(), [], "no server is left once the run has rejected");
      await sleep(1000);
      assert.deepEqual(ourServers(), [], "and none is started after");
      assert.equal(kernelInterrupts, 0, "the first SIGINT was the run's");
      assert.deepEqual(process.listeners("SIGINT"), [kernel]);
    },
  );

  test(
    "a pending read fails as its server is killed, and a server asked for after the interrupt is refused",
    { timeout: 60_000 },
    async () => {
      let started!: () => void;
      const serving = new Promise<void>((resolve) => (started = resolve));
      let readError: unknown;
      let spawnError: unknown;
      const run = interruptible(async () => {
        const exchange = new LineExchange(["olcum"]);
        started();
        try {
          await exchange.read(); // the server writes nothing until asked: pending until it is killed
        } catch (error) {
          readError = error;
        }
        try {
          await new LineExchange(["tarife"]).close("it should not have started");
        } catch (error) {
          spawnError = error;
        }
        return "finished";
      });
      await serving;
      process.kill(process.pid, "SIGINT");
      assert.equal((await interruption(run)).stopped, 1);
      assert.match(String(readError), /mcp-course serve olcum closed its stdout before answering/);
      assert.match(String(spawnError), /Interrupted: no further server process is started/);
      assert.deepEqual(ourServers(), []);
    },
  );

  test(
    "a server the SDK's stdio transport spawns is stopped by the function registered for it",
    { timeout: 60_000 },
    async () => {
      const transport = currentServer("tarife");
      let started!: () => void;
      const up = new Promise<void>((resolve) => (started = resolve));
      const run = interruptible(async () => {
        stopOnInterrupt(() => transport.close());
        await transport.start();
        started();
        await new Promise(() => {}); // a run that would wait for ever
      });
      await up;
      const pid = transport.pid!;
      process.kill(process.pid, "SIGINT");
      assert.equal((await interruption(run)).stopped, 1);
      assert.throws(() => process.kill(pid, 0), { code: "ESRCH" }, "the server's process is gone");
      assert.deepEqual(process.listeners("SIGINT"), [kernel]);
    },
  );

  test(
    "a server that ignores SIGTERM is killed 2 s later; a second SIGINT meanwhile goes to the kernel's listener",
    { timeout: 60_000 },
    async () => {
      let child!: ReturnType<typeof spawn>;
      let ready!: () => void;
      const deaf = new Promise<void>((resolve) => (ready = resolve));
      const run = interruptible(async () => {
        child = startServerProcess(() =>
          spawn(
            process.execPath,
            ["-e", "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); console.log('ready')"],
            { stdio: ["ignore", "pipe", "ignore"] },
          ),
        );
        child.stdout!.once("data", ready); // its SIGTERM listener is in place
        await new Promise(() => {}); // a run that would wait for ever
      });
      await deaf;
      const interruptedAt = Date.now();
      process.kill(process.pid, "SIGINT");
      await sleep(200);
      process.kill(process.pid, "SIGINT");
      assert.equal((await interruption(run)).stopped, 1);
      assert.equal(kernelInterrupts, 1, "the second SIGINT reached the kernel's listener");
      assert.equal(child.signalCode, "SIGKILL");
      const took = Date.now() - interruptedAt;
      // 2 s to SIGKILL, then 2 s for the work, which never settles.
      assert.ok(took >= 3900 && took < 8000, `${took} ms`);
      assert.deepEqual(process.listeners("SIGINT"), [kernel]);
    },
  );
});
