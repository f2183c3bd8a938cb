/**
 * A sweep as one JSON object (`mcp-course sweep --json`).
 *
 * Shape: `{lesson, from, to, count, default_seed, groups: {NAME: [{...key, counts: {COUNT:
 * {min, median, max, default, differing}}}]}, claims: [{id, statement, held, seeds, failed_on}]}`.
 * Keys are snake_case and in a fixed order, like `simulate --json`; every number is an integer.
 */
import type { SweepResult } from "./sweep";

/** A count's distribution in JSON: `default` is the default seed's value, `differing` a number of seeds. */
export interface DistributionJson {
  min: number;
  median: number;
  max: number;
  default: number;
  differing: number;
}

/** One row: its key's fields (`level`, `declaration`; `condition`, `policy`), then `counts`. */
export type SweepRowJson = Record<string, string | number | Record<string, DistributionJson>> & {
  counts: Record<string, DistributionJson>;
};

/** A claim in JSON: `failed_on` lists the first seeds it failed on (at most five). */
export interface ClaimJson {
  id: string;
  statement: string;
  held: number;
  seeds: number;
  failed_on: number[];
}

/** The whole object. */
export interface SweepJson {
  lesson: string;
  from: number;
  to: number;
  count: number;
  default_seed: number;
  groups: Record<string, SweepRowJson[]>;
  claims: ClaimJson[];
}

/** The JSON object of a sweep (serialise with `JSON.stringify(…, null, 2)`). */
export function sweepJson(result: SweepResult): SweepJson {
  return {
    lesson: result.lesson,
    from: result.from,
    to: result.to,
    count: result.count,
    default_seed: result.defaultSeed,
    groups: Object.fromEntries(
      result.groups.map((group) => [
        group.name,
        group.rows.map((row) => ({
          ...row.key,
          counts: Object.fromEntries(
            group.counts.map((name) => {
              const d = row.counts[name];
              return [
                name,
                {
                  min: d.min,
                  median: d.median,
                  max: d.max,
                  default: d.atDefault,
                  differing: d.differing,
                },
              ];
            }),
          ),
        })) as SweepRowJson[],
      ]),
    ),
    claims: result.claims.map((claim) => ({
      id: claim.id,
      statement: claim.statement,
      held: claim.held,
      seeds: claim.seeds,
      failed_on: [...claim.failedOn],
    })),
  };
}
