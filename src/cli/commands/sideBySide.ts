/**
 * How `mcp-course lesson` runs several lessons: side by side, each in its own kernel or worker,
 * so that one lesson's kernel start and cells overlap another's.
 */

/** What the schedule reads of a lesson. */
export interface Schedulable {
  /** Whether the lesson starts real servers and times calls against short client timeouts. */
  startsServers: boolean;
}

/**
 * Runs `lessons` at most `width` at a time and waits for all of them.
 *
 * A lesson that starts servers of its own (lessons 9 and 10) times calls against client timeouts
 * of a few hundred milliseconds, so only one such lesson runs at a time. They go first, because
 * they run one after another; the other lessons fill the remaining places, in the order given.
 * When a lesson fails, no further lesson starts, those running finish (each writes only its own
 * files), and the first failure is thrown.
 *
 * @param width how many lessons may run at once; at least 1.
 * @param run executes one lesson and writes its export.
 * @throws what the first failing `run` threw.
 */
export async function runSideBySide<T extends Schedulable>(
  lessons: readonly T[],
  width: number,
  run: (lesson: T) => Promise<void>,
): Promise<void> {
  const waiting = [
    ...lessons.filter((lesson) => lesson.startsServers),
    ...lessons.filter((lesson) => !lesson.startsServers),
  ];
  const running = new Set<Promise<void>>();
  let serversInUse = false;
  let failure: { error: unknown } | undefined;
  const start = (lesson: T) => {
    if (lesson.startsServers) serversInUse = true;
    const finished: Promise<void> = run(lesson)
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => {
        if (lesson.startsServers) serversInUse = false;
        running.delete(finished);
      });
    running.add(finished);
  };
  while (failure === undefined && waiting.length > 0) {
    const next = waiting.findIndex((lesson) => !(lesson.startsServers && serversInUse));
    if (next >= 0 && running.size < Math.max(1, width)) start(waiting.splice(next, 1)[0]);
    else await Promise.race(running);
  }
  await Promise.all(running);
  if (failure !== undefined) throw failure.error;
}
