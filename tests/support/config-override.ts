import { afterAll } from "vitest";
import type * as ConfigModule from "@/lib/core/config";

type Config = ReturnType<typeof ConfigModule.getConfig>;

/**
 * For `vi.mock("@/lib/core/config", …)`: the real module, with `getConfig()` answering the real
 * configuration as `patch` changes it on each call (so a test can flip a setting between cases).
 */
export async function configWith(
  original: () => Promise<typeof ConfigModule>,
  patch: (config: Config) => Config,
): Promise<typeof ConfigModule> {
  const actual = await original();
  return { ...actual, getConfig: () => patch(actual.getConfig()) };
}

/** After the suite: unsets the variables it set and drops the cached configuration, so the next suite reads its own. */
export function unsetEnvAfterSuite(...names: string[]): void {
  afterAll(() => {
    for (const name of names) delete process.env[name];
    (globalThis as { __driverPortalConfig?: unknown }).__driverPortalConfig = undefined;
  });
}
