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
