/**
 * The claims each lesson's prose makes, as named predicates over one seed's result.
 *
 * A lesson's prose is computed from its run and checks what it says for the seed it runs with
 * (see `prose.ts` in each lesson); a sweep checks the same sentences over many seeds and counts
 * where they held. Each claim names the prose it comes from. A predicate receives the seed's
 * result and the default seed's (20260218), for claims that compare seeds ("does not depend on
 * the seed"); claims about one seed alone ignore the second argument.
 */
import { AGENT_POLICIES } from "../fleet/agents";
import { CRASH_ON_CALL } from "../fleet/conditions";
import { MAX_ROWS, FLEET_SIZE } from "../fleet/catalog";
import { PATH_NAMES } from "../fleet/paths";
import type { AgentRunRecord } from "../fleet/runAgents";
import type { FleetLessonResult } from "../lessons/fleetBehindTheBoundary/simulate";
import type { WritingAServerResult } from "../lessons/writingAServer/simulate";
import { sameHandshakeCost } from "../world/handshakes";
import { sameRunRow } from "../world/runTasks";

/**
 * A claim: an id, the sentence it checks, and the predicate.
 *
 * @typeParam R the lesson's result.
 */
export interface Claim<R> {
  /** Short kebab-case name, stable across versions (the key in `sweep --json`). */
  id: string;
  /** The claim in one sentence, as a reader would check it in the lesson. */
  statement: string;
  /**
   * Whether the claim holds for one seed.
   *
   * @param result the seed's result.
   * @param reference the default seed's result.
   */
  holds(result: R, reference: R): boolean;
}

/**
 * "Tokens move by a few": the most envelope tokens a lesson-6 run may differ by, between seeds or
 * between a seed's two runs, for the claim to hold. A token is 4 characters of a message body, and
 * a longer region name or subscriber reading costs one or two more (lesson 6, second-run reading);
 * 10 tokens is about 1% of a run at levels 1 and 2 (≈ 816 tokens).
 */
export const FEW_TOKENS = 10;

/** The servers lesson 8's level tables negotiate with: the three lesson-6 servers and the fleet. */
export const LESSON_8_SERVERS = 4;

const within = (a: number, b: number, by: number) => Math.abs(a - b) <= by;

/**
 * Lesson 6's claims. Sources: lesson 6's readings of its tables, in its notebook's markdown cells
 * and `src/lessons/writingAServer/prose.ts`, and "tokens move by a few".
 */
export const WRITING_A_SERVER_CLAIMS: readonly Claim<WritingAServerResult>[] = [
  {
    id: "completed-independent-of-seed",
    statement:
      "completed tasks per level are the default seed's: what the table counts belongs to the contract, not the data",
    holds: (r, ref) => r.runs.every((run, i) => run.completed === ref.runs[i].completed),
  },
  {
    id: "tokens-move-by-a-few",
    statement: `tokens per level are within ${FEW_TOKENS} of the default seed's`,
    holds: (r, ref) => r.runs.every((run, i) => within(run.tokens, ref.runs[i].tokens, FEW_TOKENS)),
  },
  {
    id: "second-run-completes-the-same",
    statement:
      "the second run (tasks from seed + 1) completes as many tasks as the first, at every level (lesson 6)",
    holds: (r) => r.runs.every((run, i) => run.completed === r.secondRun.runs[i].completed),
  },
  {
    id: "second-run-tokens-move-by-a-few",
    statement: `the second run's tokens are within ${FEW_TOKENS} of the first run's, at every level (lesson 6)`,
    holds: (r) =>
      r.runs.every((run, i) => within(run.tokens, r.secondRun.runs[i].tokens, FEW_TOKENS)),
  },
  {
    id: "discovery-costs-the-same-at-every-level",
    statement:
      "the handshake costs the same requests, responses, tokens and round trips at every level (lesson 6)",
    holds: (r) => r.handshake.every((row) => sameHandshakeCost(row, r.handshake[0])),
  },
  {
    id: "full-declaration-keeps-fewest-tools",
    statement:
      "by the course's version rule, the full declaration (level 3) leaves fewer tools than any other level (lesson 6)",
    holds: (r) =>
      r.handshake.slice(0, 3).every((row) => r.handshake[3].negotiated < row.negotiated),
  },
  {
    id: "names-alone-cheapest-and-complete-nothing",
    statement:
      "with names alone (level 0) no task completes, and the run is the cheapest in tokens (lesson 6)",
    holds: (r) =>
      r.runs[0].completed === 0 && r.runs.every((run) => r.runs[0].tokens <= run.tokens),
  },
  {
    id: "unnegotiated-calls-send-nothing",
    statement:
      "at level 1 every failed call went to a tool that was not negotiated and sent no message (lesson 6)",
    holds: (r) =>
      r.runs[1].failed > 0 &&
      r.runs[1].calls - (r.runs[1].request - r.handshake[1].request) === r.runs[1].failed,
  },
  {
    id: "side-effect-level-prints-level-1",
    statement:
      "level 2 prints the same row as level 1: a side effect nobody exercises changes no count (lesson 6)",
    holds: (r) => sameRunRow(r.runs[2], r.runs[1]),
  },
  {
    id: "full-declaration-cheaper-and-worse",
    statement: "level 3 costs fewer tokens than level 2 and completes fewer tasks (lesson 6)",
    holds: (r) => r.runs[3].tokens < r.runs[2].tokens && r.runs[3].completed < r.runs[2].completed,
  },
  {
    id: "undeclared-side-effect-goes-through",
    statement:
      "on the wide allowlist at level 1, kayit_yaz writes records unasked: some written, none blocked (lesson 6)",
    holds: (r) => r.wide[0].written > 0 && r.wide[0].blocked === 0,
  },
  {
    id: "declared-side-effect-is-gated",
    statement:
      "declared at level 2, the same writes are all blocked without approval and all go through with it (lesson 6)",
    holds: (r) =>
      r.wide[1].blocked === r.wide[0].written &&
      r.wide[1].written === 0 &&
      r.wide[2].written === r.wide[0].written,
  },
];

/** The record of one condition × policy (conditions and policies as named in `CONDITIONS` and `AGENT_POLICIES`). */
function record(result: FleetLessonResult, condition: string, policy: string): AgentRunRecord {
  const found = result.matrix.find((r) => r.condition === condition && r.policy === policy);
  if (!found) throw new Error(`seed ${result.seed}: no run for ${condition} × ${policy}`);
  return found;
}
const thorough = (result: FleetLessonResult, condition: string) =>
  record(result, condition, "thorough");
const shortcut = (result: FleetLessonResult, condition: string) =>
  record(result, condition, "shortcut");
const HEALTHY = ["direct", "raw", "validating"] as const;
const CRASHES = ["crash", "crash-explained", "crash-restart"] as const;

/**
 * Lesson 8's claims. Source: the markdown cells of `notebooks/08-the-fleet-behind-the-boundary.ipynb`
 * and `src/lessons/fleetBehindTheBoundary/prose.ts`.
 */
export const FLEET_CLAIMS: readonly Claim<FleetLessonResult>[] = [
  {
    id: "answer-out-of-reach-of-a-page",
    statement: `at least ${MAX_ROWS} low-hour devices have more raw downtime than the answer's, and the shortcut answer is another (readGroundTruth)`,
    holds: (r) => r.truth.moreRawDowntime >= MAX_ROWS && r.truth.shortcut.answer !== r.truth.answer,
  },
  {
    id: "level-0-counts-the-whole-fleet",
    statement: `at level 0 count_devices answers for the whole fleet (${FLEET_SIZE}); from level 1, for the low-hour devices (the level table of simulate --lesson fleet)`,
    holds: (r) =>
      r.levels[0].count === FLEET_SIZE &&
      r.levels.slice(1).every((row) => row.count === r.truth.lowHourCount),
  },
  {
    id: "lesson-6-client-refuses-the-fleet",
    statement: `lesson 6's client refuses the fleet's first tool at every level; its ${LESSON_8_SERVERS} requests are the handshake alone (the level table of simulate --lesson fleet)`,
    holds: (r) =>
      r.lessonClientLevels.every(
        (row) =>
          row.calls === 1 &&
          row.failed === 1 &&
          row.failure?.startsWith("count_devices: ") === true &&
          row.request === LESSON_8_SERVERS,
      ),
  },
  {
    id: "validation-changes-the-contract",
    statement:
      "some malformed call succeeds on one path and fails on another (lesson 8's malformed-call reading and summary)",
    holds: (r) =>
      r.malformed.some((row) => new Set(PATH_NAMES.map((p) => row.outcomes[p].isError)).size > 1),
  },
  {
    id: "healthy-paths-agree",
    statement:
      "on direct, raw and validating each agent gives the same answer with the same number of calls (lesson 8's faults reading)",
    holds: (r) =>
      AGENT_POLICIES.every((p) =>
        HEALTHY.every(
          (c) =>
            record(r, c, p.name).answer === record(r, "direct", p.name).answer &&
            record(r, c, p.name).toolCalls === record(r, "direct", p.name).toolCalls,
        ),
      ),
  },
  {
    id: "thorough-right-on-healthy-paths",
    statement:
      "the thorough agent is right on direct, raw and validating (lesson 8's faults reading)",
    holds: (r) => HEALTHY.every((c) => thorough(r, c).correct),
  },
  {
    id: "boundary-costs-tokens",
    statement:
      "in-process (direct) costs no envelope tokens; over raw and validating every run costs some (lesson 8's faults reading)",
    holds: (r) =>
      AGENT_POLICIES.every(
        (p) =>
          record(r, "direct", p.name).envelope.tokens === 0 &&
          record(r, "raw", p.name).envelope.tokens > 0 &&
          record(r, "validating", p.name).envelope.tokens > 0,
      ),
  },
  {
    id: "shortcut-always-wrong",
    statement: "the shortcut agent is wrong under every condition (lesson 8's faults reading)",
    holds: (r) => r.matrix.every((run) => run.policy !== "shortcut" || !run.correct),
  },
  {
    id: "thorough-right-after-slow",
    statement:
      "after the slow tool's timeout the thorough agent retries and is right: 1 tool error, one turn more than validating (lesson 8's faults reading)",
    holds: (r) =>
      thorough(r, "slow").correct &&
      thorough(r, "slow").toolErrors === 1 &&
      thorough(r, "slow").turns === thorough(r, "validating").turns + 1,
  },
  {
    id: "thorough-wrong-after-crash",
    statement:
      "after a crash with no recovery the thorough agent is wrong (lesson 8's faults reading)",
    holds: (r) => !thorough(r, "crash").correct,
  },
  {
    id: "explained-crash-stops-the-waste",
    statement:
      "when the client says the server is gone, the thorough agent makes fewer calls and errors, in fewer turns, and gives the same answer (lesson 8's faults reading)",
    holds: (r) => {
      const [crash, explained] = [thorough(r, "crash"), thorough(r, "crash-explained")];
      return (
        explained.toolCalls < crash.toolCalls &&
        explained.toolErrors < crash.toolErrors &&
        explained.turns < crash.turns &&
        explained.answer === crash.answer
      );
    },
  },
  {
    id: "thorough-right-after-restart",
    statement:
      "with a restart and one retry the thorough agent is right: 1 restart, no tool error, more tokens than validating (lesson 8's faults reading)",
    holds: (r) => {
      const restart = thorough(r, "crash-restart");
      return (
        restart.correct &&
        restart.restarts === 1 &&
        restart.toolErrors === 0 &&
        restart.envelope.tokens > thorough(r, "validating").envelope.tokens
      );
    },
  },
  {
    id: "shortcut-unmoved-by-crashes",
    statement: `the shortcut agent makes fewer than ${CRASH_ON_CALL} calls, so under every crash its row is validating's (lesson 8's faults reading)`,
    holds: (r) => {
      const base = shortcut(r, "validating");
      return (
        base.toolCalls < CRASH_ON_CALL &&
        CRASHES.every((c) => {
          const run = shortcut(r, c);
          return (
            run.answer === base.answer &&
            run.toolCalls === base.toolCalls &&
            run.toolErrors === base.toolErrors &&
            run.envelope.tokens === base.envelope.tokens
          );
        })
      );
    },
  },
  {
    id: "stray-line-is-harmless",
    statement:
      "with a stray stdout line the thorough agent is right with no tool error, though the client counts stray lines (lesson 8's faults reading)",
    holds: (r) =>
      thorough(r, "stdout-line").correct &&
      thorough(r, "stdout-line").toolErrors === 0 &&
      thorough(r, "stdout-line").transportErrors > 0,
  },
  {
    id: "unterminated-stdout-breaks-every-call",
    statement:
      "with unterminated stray stdout every call fails and neither agent answers (lesson 8's faults reading)",
    holds: (r) =>
      AGENT_POLICIES.every((p) => {
        const run = record(r, "stdout-unterminated", p.name);
        return run.answer === null && run.toolCalls > 0 && run.toolErrors === run.toolCalls;
      }),
  },
];
