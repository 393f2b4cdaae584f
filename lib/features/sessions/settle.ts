/**
 * A promise that never rejects, so a page can start independent platform reads together and decide
 * per result what to show (and a late failure never surfaces as an unhandled rejection). Pure.
 */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}
