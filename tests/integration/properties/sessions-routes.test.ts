import fc from "fast-check";
import { afterAll, beforeAll, describe, it, vi } from "vitest";
import * as oneExport from "@/app/api/sessions/[id]/export/route";
import * as allExport from "@/app/api/sessions/export/route";
import * as live from "@/app/api/sessions/live/route";
import { driverSideViewer, pathParamValue, queryArb, queryValue, requestHeadersArb, toRequestUrl } from "./arbitraries";
import {
  expectRouteOutcome,
  exportedHandlers,
  finishRun,
  NUM_RUNS,
  PROPERTY_TIMEOUT_MS,
  type RouteHandler,
  setUpWorld,
  startRun,
  tearDownWorld,
} from "./harness";

vi.mock("next/headers", async () => (await import("./harness")).nextHeadersMock);
vi.mock("next/cache", async () => (await import("./harness")).nextCacheMock);
vi.mock("next/navigation", async (original) => ({ ...(await original<object>()), ...(await import("./harness")).nextNavigationMock }));
vi.mock("@/lib/auth/viewer", async () => (await import("./harness")).viewerMock);
vi.mock("@/lib/auth", async () => (await import("./harness")).authMock);

beforeAll(setUpWorld);
afterAll(tearDownWorld);

/** The export's own filters, plausible and not, plus anything else a URL may carry. */
const exportQuery = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .record(
        {
          status: fc.oneof(fc.constantFrom("finished", "charging", "started", "failed", "FINISHED", "running"), queryValue),
          from: fc.oneof(fc.constantFrom("2025-01-01", "2026-02-01", "2026-02-29", "1999-12-31", "2101-01-01"), queryValue),
          to: fc.oneof(fc.constantFrom("2026-03-31", "2025-12-31", "2024-02-29"), queryValue),
          userId: fc.constantFrom("1002", "1001", "-1"),
        },
        { requiredKeys: [] },
      )
      .map((q) => new URLSearchParams(q).toString()),
  },
  { weight: 1, arbitrary: queryArb },
);

interface RouteCase {
  file: string;
  module: Record<string, unknown>;
  pathname: (params: Record<string, string>) => string;
  query: fc.Arbitrary<string>;
  params: fc.Arbitrary<Record<string, string>>;
}

const CASES: RouteCase[] = [
  { file: "app/api/sessions/export/route.ts", module: allExport, pathname: () => "/api/sessions/export", query: exportQuery, params: fc.constant({}) },
  {
    file: "app/api/sessions/[id]/export/route.ts",
    module: oneExport,
    pathname: (p) => `/api/sessions/${encodeURIComponent(p.id ?? "")}/export`,
    query: queryArb,
    params: fc.record({ id: fc.oneof(fc.integer({ min: 70_001, max: 70_200 }).map(String), pathParamValue) }),
  },
  { file: "app/api/sessions/live/route.ts", module: live, pathname: () => "/api/sessions/live", query: queryArb, params: fc.constant({}) },
];

describe("session route handlers: never a 500, never a throw", () => {
  for (const c of CASES) {
    for (const [method, handler] of exportedHandlers(c.module)) {
      it(
        `${method} ${c.file} × ${NUM_RUNS}`,
        async () => {
          await fc.assert(
            fc.asyncProperty(c.query, c.params, requestHeadersArb, driverSideViewer, async (query, params, headers, viewer) => {
              await startRun({ viewer, headers });
              const request = new Request(toRequestUrl(c.pathname(params), query), { method, headers });
              await expectRouteOutcome(() => (handler as RouteHandler)(request, { params: Promise.resolve(params) }), `${method} ${c.file}`);
              await finishRun();
            }),
            { numRuns: NUM_RUNS },
          );
        },
        PROPERTY_TIMEOUT_MS,
      );
    }
  }
});
