import { vi } from "vitest";

/**
 * Set-up of the projects whose files share a worker's imported packages (vitest.config.mts): each file starts with
 * the project's own modules unloaded and the portal's globalThis holders (`__driverPortal*`) gone, as in a worker of
 * its own, while next, PGlite, zod and the rest stay loaded.
 */
vi.resetModules();
for (const key of Object.keys(globalThis)) {
  if (key.startsWith("__driverPortal")) delete (globalThis as Record<string, unknown>)[key];
}
