/**
 * The simulator's requests and round trips, server by server: lesson 6's run at one level, each
 * request filed under the server it goes to, each counted by the envelope's own rule (one round
 * trip on a local transport, `REMOTE_ROUND_TRIPS` on a remote one: reference lesson 004, IM4).
 *
 * The run is the simulator's own: the same negotiation, the same task chains through `callTool`,
 * so the per-server figures sum to the run's `request` and `round_trips` (`runTasks`). Nothing is
 * counted anew: the envelope counts, and this one only notes where each request went.
 */
import type { Session } from "../sim/client";
import type { Level } from "../sim/declaration";
import { Envelope, type CallForm, type MessageKind, type Transport } from "../sim/envelope";
import { negotiate } from "../sim/negotiation";
import type { Fields, Value } from "../sim/values";
import { runTask, type RunOptions } from "./runTasks";
import { LESSON_POLICY, WORLD_WORDS } from "./servers";
import { drawTasks, withExpectedAnswers } from "./tasks";
import type { World } from "./world";

/** One server's part of a simulated run: the requests sent to it and their round trips. */
export interface ServerRequests {
  server: string;
  /** Where the server runs, as its facts say (`SERVER_FACTS`). */
  transport: Transport;
  requests: number;
  /** The round trips the envelope counted for those requests. */
  roundTrips: number;
}

/**
 * An envelope that also files every request under its server: a call under its form's server
 * (`CallForm.server`), a handshake request under the server its body asks about (the reference's
 * `yetenek sor <server>`, "ask <server> for its capabilities": `handshake`, `sim/negotiation.ts`).
 */
class FilingEnvelope extends Envelope {
  readonly byServer = new Map<string, ServerRequests>();

  override send(kind: MessageKind, body: string | readonly Value[], transport?: Transport): number {
    const before = this.counts().round_trips;
    const cost = super.send(kind, body, transport);
    if (kind === "request") {
      const words = typeof body === "string" ? body.split(" ") : body;
      this.file(String(words[2]), transport ?? "local", before);
    }
    return cost;
  }

  override sendCall(form: CallForm, args: Fields, transport?: Transport): number {
    const before = this.counts().round_trips;
    const cost = super.sendCall(form, args, transport);
    this.file(form.server, transport ?? "local", before);
    return cost;
  }

  /** Adds the request just counted (round trips since `before`) to `server`'s row. */
  private file(server: string, transport: Transport, before: number): void {
    const row = this.byServer.get(server) ?? { server, transport, requests: 0, roundTrips: 0 };
    row.requests += 1;
    row.roundTrips += this.counts().round_trips - before;
    this.byServer.set(server, row);
  }
}

/**
 * Lesson 6's twelve tasks at `level` in the simulator, the requests and round trips per server,
 * in the order the servers are negotiated (olcum, tarife, kayit). A server that no request
 * reached is listed with zeros.
 *
 * @param options policy, approval and task seed, as `runTasks` takes them (the others are ignored).
 */
export function requestsByServer(
  world: World,
  level: Level,
  options: Pick<RunOptions, "policy" | "approval" | "taskSeed"> = {},
): ServerRequests[] {
  const envelope = new FilingEnvelope(WORLD_WORDS);
  const { negotiated } = negotiate(world.servers, level, options.policy ?? LESSON_POLICY, envelope);
  const session: Session = { envelope, negotiated, approval: options.approval ?? false };
  const tasks = withExpectedAnswers(drawTasks(options.taskSeed ?? world.seed), world);
  for (const task of tasks) runTask(session, task);
  return world.servers.map(
    ({ name, transport }) =>
      envelope.byServer.get(name) ?? { server: name, transport, requests: 0, roundTrips: 0 },
  );
}
