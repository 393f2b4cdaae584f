/**
 * Work when the process stops, after in-flight requests. On globalThis: the preload script and bundles share only it.
 */
type ShutdownHook = () => Promise<void> | void;

const holder = globalThis as unknown as { __driverPortalShutdownHooks?: ShutdownHook[] };

export function onShutdown(hook: ShutdownHook): void {
  (holder.__driverPortalShutdownHooks ??= []).push(hook);
}
