/** When a table's expired rows are deleted: at most once per `everyMs` in a process, not on every write (each delete is a scan). */
export function pruneSchedule(everyMs: number): (nowMs: number) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return (nowMs) => {
    if (nowMs - last < everyMs) return false;
    last = nowMs;
    return true;
  };
}
