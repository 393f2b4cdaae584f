import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "@/lib/core/config";
import { rateLimitCounters } from "@/lib/core/db/schema";
import { serviceHarnessForSuite } from "../../support/service-harness";
import { holdClockStill } from "../../support/still-clock";

/**
 * Finding 5 of the security review: per-client limits (here the sign-up limit) must not take the
 * client's address from what the client wrote into X-Forwarded-For. The sign-up action runs for
 * real against the emulator and a test database; only Next's request headers are faked, shaped as
 * the portal's node options make them (the socket's address last, see client-peer-address.test.ts).
 */
const holder = vi.hoisted(() => ({
  harness: null as unknown as import("../driver-services/harness").ServiceHarness,
  forwardedFor: "",
}));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));
vi.mock("@/lib/core/auth", () => ({ signIn: vi.fn(async () => "/check-your-email"), auth: vi.fn(async () => null) }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": holder.forwardedFor }),
  // The sign-up form remembers the address typed for "Check your e-mail" (lib/core/auth/mail-sent-to.ts).
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));
// The sign-up mails after its answer (Next's after()); this test counts only the answers.
vi.mock("next/server", () => ({ after: () => undefined }));

const { signUpAction } = await import("@/lib/features/accounts/actions/sign-up");
const globals = globalThis as { __driverPortalConfig?: unknown; __driverPortalPeerAddressHook?: boolean };

function signUpForm(): FormData {
  const form = new FormData();
  const fields = {
    email: `limit.${randomUUID().slice(0, 8)}@example.com`,
    password: "app-secret-1",
    firstName: "Lim",
    lastName: "It",
    country: "NL",
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const isRedirect = (error: unknown) => String((error as { digest?: unknown })?.digest).startsWith("NEXT_REDIRECT");

/** Signs up once from a request whose X-Forwarded-For is `forwardedFor`: true when the limit let it through. */
async function signUpFrom(forwardedFor: string): Promise<boolean> {
  holder.forwardedFor = forwardedFor;
  const result = await signUpAction({ status: "idle" }, signUpForm()).catch((error: unknown) => {
    if (isRedirect(error)) return { status: "ok" as const };
    throw error;
  });
  if (result.status === "error" && /Too many sign-ups/.test(result.message)) return false;
  expect(result.status, JSON.stringify(result)).toBe("ok");
  return true;
}

const h = serviceHarnessForSuite({ seams: holder, resetBeforeEach: false });
beforeAll(() => {
  globals.__driverPortalPeerAddressHook = true;
});
afterAll(async () => {
  globals.__driverPortalConfig = undefined;
  delete globals.__driverPortalPeerAddressHook;
});

describe("the per-client sign-up limit and X-Forwarded-For", () => {
  beforeEach(async () => {
    await h.db.db.delete(rateLimitCounters);
    // A test that ran across a full hour (a CI run at 07:00:00) saw the hourly count restart midway.
    holdClockStill();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const limitBehindProxies = (hops: string) => {
    globals.__driverPortalConfig = loadConfig({
      NODE_ENV: "test",
      LIMIT_SIGNUP_PER_CLIENT_PER_HOUR: "3",
      TRUSTED_PROXY_HOPS: hops,
    });
  };

  it("TRUSTED_PROXY_HOPS=0: a new X-Forwarded-For value per request does not reset the limit", async () => {
    limitBehindProxies("0");
    const allowed = [];
    for (let i = 1; i <= 5; i++) allowed.push(await signUpFrom(`198.51.100.${i}, 203.0.113.50`));
    expect(allowed).toEqual([true, true, true, false, false]);
  });

  it("TRUSTED_PROXY_HOPS=1: the address the proxy appended counts, not the client's own entries", async () => {
    limitBehindProxies("1");
    const allowed = [];
    for (let i = 1; i <= 4; i++) allowed.push(await signUpFrom(`198.51.100.${i}, 203.0.113.9, 127.0.0.1`));
    expect(allowed).toEqual([true, true, true, false]);
    // Another client behind the same proxy has a limit of its own.
    expect(await signUpFrom("203.0.113.10, 127.0.0.1")).toBe(true);
  });
});
