/**
 * Distributions of one count over many seeds: min, median, max, and how many seeds differ from
 * the default seed.
 *
 * Values are kept as a histogram (value → seeds), not as a list, so a sweep's memory does not grow
 * with its length: a count takes few distinct values (tokens a few hundred at most).
 */

/** One count over a sweep. Every field is a value the count took, or a number of seeds. */
export interface Distribution {
  /** The smallest value on any seed of the sweep. */
  min: number;
  /**
   * The median: the lower middle value when the number of seeds is even (the ⌈n/2⌉-th smallest),
   * so it is always a value some seed produced.
   */
  median: number;
  /** The largest value on any seed of the sweep. */
  max: number;
  /** The value on the default seed (20260218), simulated on its own whether or not it is in the sweep. */
  atDefault: number;
  /** How many seeds of the sweep gave a value other than {@link atDefault}. */
  differing: number;
}

/** Collects one count's values, seed by seed, into a histogram. */
export class Tally {
  private readonly seeds = new Map<number, number>();
  private total = 0;

  /** Records one seed's value. */
  add(value: number): void {
    this.seeds.set(value, (this.seeds.get(value) ?? 0) + 1);
    this.total += 1;
  }

  /** How many values were recorded. */
  get count(): number {
    return this.total;
  }

  /**
   * The distribution of the recorded values against the default seed's value.
   *
   * @throws RangeError when nothing was recorded (a distribution of no seeds has no min).
   */
  distribution(atDefault: number): Distribution {
    if (this.total === 0) throw new RangeError("a distribution needs at least one seed");
    const values = [...this.seeds.keys()].sort((a, b) => a - b);
    const middle = Math.ceil(this.total / 2); // the ⌈n/2⌉-th smallest
    let seen = 0;
    let median = values[0];
    for (const value of values) {
      seen += this.seeds.get(value)!;
      if (seen >= middle) {
        median = value;
        break;
      }
    }
    return {
      min: values[0],
      median,
      max: values[values.length - 1],
      atDefault,
      differing: this.total - (this.seeds.get(atDefault) ?? 0),
    };
  }
}

/**
 * The distribution of a list of values (one per seed) against the default seed's value.
 *
 * @throws RangeError for an empty list.
 */
export function distributionOf(values: readonly number[], atDefault: number): Distribution {
  const tally = new Tally();
  for (const value of values) tally.add(value);
  return tally.distribution(atDefault);
}
