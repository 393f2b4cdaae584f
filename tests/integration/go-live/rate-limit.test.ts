import { describe, expect, it } from "vitest";
import { createPlatformEmulator, DEMO_DRIVER_ID } from "@/emulators/platform";
import { createPlatformClient } from "@/lib/platform/client";
import { PlatformRateLimitedError } from "@/lib/platform/errors";

/**
 * A15 and emulator place 10: AMPECO names only "X-RateLimit-*" for its 429s. With each header form the emulator can
 * send (the `rateLimitHeaders` setting), the client waits as long as the answer says, or backs off and reports the
 * limit when it says nothing. The clock moves only when the client sleeps.
 */
const KEY = "rate-limit-key";

function setUp(form: "reset-epoch" | "retry-after" | "reset-seconds-left" | "none") {
  const clock = { ms: Date.parse("2026-03-14T17:00:00Z") };
  const emulator = createPlatformEmulator({
    dialect: "ampeco",
    apiKey: KEY,
    readOnlyKey: `${KEY}-ro`,
    now: () => new Date(clock.ms),
    settings: { rateLimitHeaders: form, rateLimit: { limit: 1, windowMs: 30_000 } },
  });
  const waits: number[] = [];
  const client = createPlatformClient({
    dialect: "ampeco",
    baseUrl: "https://tenant.test",
    apiKey: KEY,
    fetch: (input, init) => emulator.handle(new Request(input, init)),
    timeoutMs: 2_000,
    maxRetries: 2,
    retryCapMs: 60_000,
    partnerId: 1116,
    userGroupId: 257,
    logger: () => undefined,
    now: () => clock.ms,
    sleep: async (ms) => {
      waits.push(ms);
      clock.ms += ms;
    },
  });
  return { client, waits };
}

describe('a 429 in each form AMPECO\'s "X-RateLimit-*" allows', () => {
  it.each(["reset-epoch", "retry-after", "reset-seconds-left"] as const)(
    "%s: the client waits until the window opens again, then the read succeeds",
    async (form) => {
      const { client, waits } = setUp(form);
      await client.users.getUser(DEMO_DRIVER_ID);
      await expect(client.users.getUser(DEMO_DRIVER_ID)).resolves.toMatchObject({ id: DEMO_DRIVER_ID });
      expect(waits).toHaveLength(1);
      expect(waits[0]).toBeGreaterThanOrEqual(29_000);
      expect(waits[0]).toBeLessThanOrEqual(31_000);
    },
  );

  it("none: the client backs off briefly, then reports the limit without a wait it cannot know", async () => {
    const { client, waits } = setUp("none");
    await client.users.getUser(DEMO_DRIVER_ID);
    const refused = await client.users.getUser(DEMO_DRIVER_ID).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PlatformRateLimitedError);
    expect(refused).toMatchObject({ retryAfterSeconds: null });
    expect(waits).toHaveLength(2);
    expect(Math.max(...waits)).toBeLessThan(1_000);
  });
});
