/**
 * Work to do when the process stops (scripts/graceful-shutdown.mjs runs these after the last
 * request in flight has finished, before it exits): close the database pool, flush PGlite.
 * Kept on globalThis because the preload script and the app's bundles share only that.
 */
type ShutdownHook = () => Promise<void> | void;

const holder = globalThis as unknown as { __driverPortalShutdownHooks?: ShutdownHook[] };

export function onShutdown(hook: ShutdownHook): void {
  (holder.__driverPortalShutdownHooks ??= []).push(hook);
}
