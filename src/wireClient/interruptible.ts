/**
 * A run that starts server processes, stopped by an interrupt (SIGINT) as a whole: its servers
 * killed, no new one started, the run rejected with one line.
 *
 * Why the run must listen itself: a kernel's interrupt does not reach the code a cell awaits.
 * tslab's kernel turns SIGINT into `executor.interrupt()`, which rejects the promise it races
 * against the cell's and leaves the cell's work running (tslab 1.0.22, `dist/main.js` and
 * `dist/executor.js`): the servers of a wire run went on starting, and what the run printed as
 * it failed landed in the cells after it. So, for the duration of a run, SIGINT belongs to it.
 *
 * - A run ({@link interruptible}) carries its context (an `AbortSignal` and the processes it
 *   started) in an `AsyncLocalStorage` (Node's `node:async_hooks`), so every process started
 *   under it, however deep, through {@link startServerProcess}, is the run's; nothing is kept
 *   between runs. A run started inside another is part of the outer one.
 * - Only a process that already handles SIGINT (a kernel: tslab's, or the `tslab` engine's
 *   worker) hands it to a run: its listeners are set aside while the run lasts, so the cell
 *   fails with the run's line rather than tslab's "Interrupted asynchronously", and put back when
 *   it ends, whether it succeeded, failed or was interrupted. A process with no SIGINT listener (a
 *   script, a test) keeps Node's default, which ends it: a run there adds nothing. (`mcp-course
 *   lesson` listens in its own process, which starts no run: its notebooks run in kernels or
 *   workers, each a process of its own.)
 * - On SIGINT the run aborts: a process not yet started is refused, each running one gets SIGTERM
 *   (SIGKILL {@link STOP_GRACE_MS} later if it is still there) and is awaited until it has closed,
 *   so their pending requests fail; the run waits for its work to settle (at most
 *   {@link STOP_GRACE_MS}) and rejects with {@link RunInterrupted}. A server some other code spawns
 *   (the SDK's stdio transport) is stopped by the function registered with {@link stopOnInterrupt}. A second SIGINT while it
 *   stops goes to the listeners set aside (the kernel's own interrupt).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ChildProcess } from "node:child_process";
import { inspect } from "node:util";

/** A run's own state, for as long as it runs. */
interface RunContext {
  /** Aborted by the run's SIGINT listener. */
  readonly signal: AbortSignal;
  /** The processes the run started, until each has closed. */
  readonly processes: Set<ChildProcess>;
  /** How to stop the servers started by code the run does not spawn itself, until each is closed. */
  readonly stops: Set<() => Promise<void>>;
}

/** The run the calling code belongs to (none outside {@link interruptible}). */
const runs = new AsyncLocalStorage<RunContext>();

/**
 * How long a stopped server gets between SIGTERM and SIGKILL, and an interrupted run's work to
 * settle once its servers are gone, ms: the 2 s the SDK's stdio transport waits between its own
 * steps when it closes a server (SDK 2.4.0 `StdioClientTransport.close`).
 */
export const STOP_GRACE_MS = 2000;

/** The line an interrupted run rejects with: how many of its server processes were stopped. */
export function interruptedLine(stopped: number): string {
  if (stopped === 0) return "Interrupted: no server process was running";
  return `Interrupted: ${stopped} server process${stopped === 1 ? "" : "es"} stopped`;
}

/**
 * What an interrupted run rejects with: one line ({@link interruptedLine}), which is also its
 * `stack` and what `console.error` prints of it (a cell's error is printed so), since where the
 * run was when interrupted is no error of the reader's.
 */
export class RunInterrupted extends Error {
  override readonly name = "RunInterrupted";

  /** @param stopped the run's server processes not yet closed when the interrupt came, all now ended. */
  constructor(readonly stopped: number) {
    super(interruptedLine(stopped));
    this.stack = this.message;
  }

  /** The one line, for `console.log`, `console.error` and `util.inspect`. */
  [inspect.custom](): string {
    return this.message;
  }
}

/**
 * Starts a server process as part of the run the caller belongs to, if any: `start` spawns it
 * (`() => spawn(…)`), and the run stops it when interrupted. Outside a run, just `start()`.
 *
 * @returns what `start` returned.
 * @throws Error when the run has been interrupted: no process is started then.
 */
export function startServerProcess<Child extends ChildProcess>(start: () => Child): Child {
  const run = runs.getStore();
  if (run?.signal.aborted) throw new Error("Interrupted: no further server process is started");
  const child = start();
  if (run && child.pid !== undefined) {
    run.processes.add(child);
    child.once("close", () => run.processes.delete(child));
  }
  return child;
}

/**
 * Makes a server that the run does not spawn itself part of the run the caller belongs to, if
 * any: the SDK's `StdioClientTransport` spawns its own process, which only its `close()` ends, so
 * that is what `stop` is (`() => transport.close()`). The run calls it when interrupted, counting
 * it as one server process; call the returned function once the server is closed.
 *
 * @returns a function that takes `stop` off the run (nothing to do outside a run).
 * @throws Error when the run has been interrupted: the server must not be started then.
 */
export function stopOnInterrupt(stop: () => Promise<void>): () => void {
  const run = runs.getStore();
  if (run?.signal.aborted) throw new Error("Interrupted: no further server process is started");
  if (!run) return noop;
  run.stops.add(stop);
  return () => void run.stops.delete(stop);
}

/** Resolves once `promise` has settled or `ms` have passed, whichever is first. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([promise.then(noop, noop), timeout]);
  clearTimeout(timer);
}

function noop(): void {}

/**
 * SIGTERM (unless it has exited), then SIGKILL if it has not exited {@link STOP_GRACE_MS} later;
 * resolves once it has closed (exited, its pipes read to their end).
 */
async function stopProcess(child: ChildProcess): Promise<void> {
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  if (running()) child.kill("SIGTERM");
  await settledWithin(closed, STOP_GRACE_MS);
  if (running()) child.kill("SIGKILL");
  await closed;
}

/**
 * Stops an aborted run: every process of it that has not closed yet ended and closed, then its
 * work given up to {@link STOP_GRACE_MS} to settle. Returns how many processes there were (some
 * may have been ending already: a kernel's interrupt reaches them too, see {@link interruptible}).
 */
async function stopRun(run: RunContext, work: Promise<unknown>): Promise<number> {
  const processes = [...run.processes];
  const stops = [...run.stops];
  await Promise.all([...processes.map(stopProcess), ...stops.map((stop) => stop().catch(noop))]);
  await settledWithin(work, STOP_GRACE_MS);
  return processes.length + stops.length;
}

/** Marks the SIGINT listeners that belong to runs, so that a run sets aside only the process's own. */
const RUN_LISTENER = Symbol("interruptible run");

type SigintListener = ((...args: unknown[]) => void) & { [RUN_LISTENER]?: true };

/**
 * Runs `work` as one interruptible run (see the module comment): where the process handles SIGINT
 * (a kernel), SIGINT stops it for as long as it runs; elsewhere it is `work()` unchanged.
 *
 * @param work the run; every server process it starts through {@link startServerProcess}, at any
 *   depth, is the run's.
 * @returns what `work` resolves to.
 * @throws (rejects) RunInterrupted, once its servers have been stopped, when SIGINT came while it
 *   ran (however `work` then ended); otherwise whatever `work` rejects with.
 */
export async function interruptible<T>(work: () => Promise<T>): Promise<T> {
  if (runs.getStore()) return work();
  // A cell's synchronous part runs under `vm`'s `breakOnSigint`, which takes the SIGINT listeners
  // away until it returns (Node's `vm` documentation, `breakOnSigint`): they are read after it.
  await undefined;
  if (process.listenerCount("SIGINT") === 0) return work();
  const controller = new AbortController();
  const run: RunContext = { signal: controller.signal, processes: new Set(), stops: new Set() };
  const setAside = (process.rawListeners("SIGINT") as SigintListener[]).filter(
    (listener) => !listener[RUN_LISTENER],
  );
  const listener: SigintListener = (...args) => {
    if (!controller.signal.aborted) controller.abort();
    else for (const other of setAside) other.apply(process, args);
  };
  listener[RUN_LISTENER] = true;
  for (const other of setAside) process.removeListener("SIGINT", other);
  process.on("SIGINT", listener);
  try {
    const working = runs.run(run, work);
    const interrupted = new Promise<never>((_, reject) =>
      controller.signal.addEventListener(
        "abort",
        () => void stopRun(run, working).then((stopped) => reject(new RunInterrupted(stopped))),
        { once: true },
      ),
    );
    try {
      const value = await Promise.race([working, interrupted]);
      if (!controller.signal.aborted) return value;
    } catch (error) {
      // A kernel's interrupt reaches its whole process group (jupyter_client's `signal_kernel`),
      // so the servers may stop by themselves and the work fail on them before this process's
      // own SIGINT is handled; that SIGINT is pending by then, and is handled in the same turn
      // of the event loop, before `setImmediate`'s callbacks.
      await new Promise((resolve) => setImmediate(resolve));
      if (!controller.signal.aborted) throw error;
    }
    // Interrupted: whatever the work did since (failed on a server it lost, or even finished)
    // was the interrupt's doing; the run ends as the interrupt.
    return await interrupted;
  } finally {
    process.removeListener("SIGINT", listener);
    for (const other of [...setAside].reverse()) process.prependListener("SIGINT", other);
  }
}
