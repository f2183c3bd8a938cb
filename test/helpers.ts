// Shared test helpers: the reference fixture and paths.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(__dirname, "..");

/** One seed's figures from the reference's own code (see test/fixtures/README.md). */
export interface ReferenceSeed {
  seed: number;
  draws: number[];
  draws_task11: number[];
  subscribers: Record<string, { bolge: string; tip: string; onceki: number; simdiki: number }>;
  tasks: { type: string; subscriber: string; region: string; expected: number | boolean }[];
  handshake: { negotiated: number; dropped: number; request: number; response: number; tokens: number; round_trips: number }[];
  runs: RunFigures[];
  second_run: RunFigures[];
  wide: RunFigures[];
  printed: string;
}

export interface RunFigures {
  agreed: number;
  calls: number;
  failed: number;
  completed: number;
  blocked: number;
  written: number;
  request: number;
  response: number;
  tokens: number;
  round_trips: number;
}

export const REFERENCE: ReferenceSeed[] = JSON.parse(readFileSync(join(ROOT, "test", "fixtures", "reference-runs.json"), "utf8"));

export const EDGE_SEEDS = [0, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1];
