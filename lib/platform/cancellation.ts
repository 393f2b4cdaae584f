import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The signal that cancels every platform call made inside `withPlatformSignal` (a download the driver cancelled):
 * `request()` aborts the call in flight and starts no other, however deep the call sits.
 */
const scope = new AsyncLocalStorage<AbortSignal>();

export function withPlatformSignal<T>(signal: AbortSignal, run: () => T): T {
  return scope.run(signal, run);
}

/** The signal of the surrounding download, if any. */
export function currentPlatformSignal(): AbortSignal | undefined {
  return scope.getStore();
}

/** The error a cancelled call ends with: the signal's reason, or an AbortError. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The download was cancelled", "AbortError");
}

/** An async generator whose every step runs under `signal`, so the platform calls it makes can be aborted. */
export async function* underPlatformSignal<T>(
  signal: AbortSignal,
  steps: AsyncGenerator<T, void, undefined>,
): AsyncGenerator<T, void, undefined> {
  try {
    for (;;) {
      if (signal.aborted) throw abortReason(signal);
      const next = await withPlatformSignal(signal, () => steps.next());
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await withPlatformSignal(signal, () => steps.return(undefined));
  }
}
