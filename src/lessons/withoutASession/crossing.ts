/**
 * Where two runs of the same tasks change order: read off their cumulative points (before the
 * first call, then after each task), never from a formula. The simulated half reads tokens off
 * its points, the wire half bytes or messages off its own; both ask this one function.
 */

/** A run's cumulative count at one point: before the first call (`task` 0) or after task `task`. */
export interface TaskPoint {
  /** 0 before the first task's calls, else the number of tasks done. */
  task: number;
  /** Tool calls the tasks made so far (including those that ended in the client). */
  calls: number;
}

/** A run to compare: its label and its points, one per task boundary. */
export interface PointSeries<P extends TaskPoint> {
  label: string;
  cumulative: readonly P[];
}

/** Where `b`'s cumulative value and `a`'s change order, for one value of the points. */
export interface Crossing<P extends TaskPoint = TaskPoint> {
  /** The two labels compared, `a` then `b`. */
  a: string;
  b: string;
  /** What was compared: `tokens`, `bytes`, `messages`. */
  value: string;
  /** Which is cheaper before the first call: `a`, `b`, or `equal`. */
  cheaperFirst: "a" | "b" | "equal";
  /** `b`'s point where the other one is first cheaper (strictly), or null if none in the run. */
  at: P | null;
  /** `b`'s value less `a`'s at every point, in point order. */
  gaps: number[];
}

/**
 * Where two runs' cumulative values change order (see {@link Crossing}).
 *
 * @param value the name of the value compared, e.g. `tokens`.
 * @param pick reads that value off a point.
 * @throws RangeError if the two runs have different numbers of points.
 */
export function crossingOf<P extends TaskPoint>(
  a: PointSeries<P>,
  b: PointSeries<P>,
  value: string,
  pick: (point: P) => number,
): Crossing<P> {
  if (a.cumulative.length !== b.cumulative.length)
    throw new RangeError("crossingOf compares runs of the same tasks");
  const gaps = a.cumulative.map((p, i) => pick(b.cumulative[i]) - pick(p));
  const cheaperFirst = gaps[0] > 0 ? "a" : gaps[0] < 0 ? "b" : "equal";
  const flipped = gaps.findIndex((gap) =>
    cheaperFirst === "a" ? gap < 0 : cheaperFirst === "b" ? gap > 0 : gap !== 0,
  );
  return {
    a: a.label,
    b: b.label,
    value,
    cheaperFirst,
    at: flipped < 0 ? null : b.cumulative[flipped],
    gaps,
  };
}

/** Whether `b` is below `a` at every point (`b` strictly cheaper throughout). */
export function belowThroughout(crossing: Crossing): boolean {
  return crossing.gaps.every((gap) => gap < 0);
}

/** The point where a crossing happens, in words: `after task N (call C)`, or `none`. */
export function crossingText(crossing: Crossing): string {
  return crossing.at === null
    ? "none"
    : `after task ${crossing.at.task} (call ${crossing.at.calls})`;
}
