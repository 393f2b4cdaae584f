/**
 * Work when the process stops, after in-flight requests. On globalThis: the preload script and bundles share only it.
 */
type ShutdownHook = () => Promise<void> | void;
type DrainHook = () => void;

const holder = globalThis as unknown as {
  __driverPortalShutdownHooks?: ShutdownHook[];
  __driverPortalDrainHooks?: Set<DrainHook>;
  __driverPortalDraining?: boolean;
};

/** Whether the instance has begun to stop (scripts/graceful-shutdown.mjs sets it): readiness fails from then on. */
export function isDraining(): boolean {
  return holder.__driverPortalDraining === true;
}

export function onShutdown(hook: ShutdownHook): void {
  (holder.__driverPortalShutdownHooks ??= []).push(hook);
}

/** Called when the instance starts draining, before it waits for requests: a stream that never ends closes then. */
export function onDrain(hook: DrainHook): () => void {
  const hooks = (holder.__driverPortalDrainHooks ??= new Set());
  hooks.add(hook);
  return () => void hooks.delete(hook);
}

/** What scripts/graceful-shutdown.mjs does at the start of draining (the same loop, for tests). */
export function runDrainHooks(): void {
  for (const hook of [...(holder.__driverPortalDrainHooks ?? [])]) hook();
}
