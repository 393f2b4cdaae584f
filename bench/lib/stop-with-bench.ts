/**
 * What the bench starts (emulators, portals, nginx, a database) must stop with it, also when it is
 * interrupted (Ctrl-C) in the middle of a phase: a child left behind keeps its port and its cores.
 */

interface Stoppable {
  stop(): Promise<void>;
}

const registered: Array<() => Promise<void>> = [];

/** Registers a started thing; the returned copy's stop() runs the original once, however often it is called. */
export function stopWithBench<T extends Stoppable>(thing: T): T {
  let stopping: Promise<void> | null = null;
  const stop = () => (stopping ??= thing.stop());
  registered.push(stop);
  return { ...thing, stop };
}

/** Stops everything registered and not stopped yet, newest first; a failure is reported, not thrown. */
export async function stopEverything(): Promise<void> {
  for (const stop of registered.splice(0).reverse()) {
    await stop().catch((error: unknown) => console.error(`[bench] could not stop a child: ${String(error)}`));
  }
}
