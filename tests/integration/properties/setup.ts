import { afterAll, beforeAll, vi } from "vitest";
import { setUpWorld, tearDownWorld } from "./harness";

/**
 * Set-up file of the "properties" vitest project (vitest.config.mts): it runs before each test file
 * there, so every property file gets the same faked request context and a world of its own. Only
 * Next's request context is faked; the modules are the harness's objects (see ./harness.ts).
 */
vi.mock("next/headers", async () => (await import("./harness")).nextHeadersMock);
vi.mock("next/server", async (original) => ({
  ...(await original<object>()),
  ...(await import("./harness")).nextServerMock,
}));
vi.mock("next/cache", async () => (await import("./harness")).nextCacheMock);
vi.mock("next/navigation", async (original) => ({
  ...(await original<object>()),
  ...(await import("./harness")).nextNavigationMock,
}));
vi.mock("@/lib/core/auth/viewer", async () => (await import("./harness")).viewerMock);
vi.mock("@/lib/core/auth", async () => (await import("./harness")).authMock);

beforeAll(setUpWorld);
afterAll(tearDownWorld);
