import fc from "fast-check";
import { describe } from "vitest";
import * as oneExport from "@/app/api/sessions/[id]/export/route";
import * as allExport from "@/app/api/sessions/export/route";
import * as expensePack from "@/app/api/sessions/expense-pack/route";
import * as live from "@/app/api/sessions/live/route";
import { driverSideViewer, expensePackQuery, pathParamValue, queryArb, queryValue } from "./arbitraries";
import { checkRouteProperty, type RouteProperty } from "./checks";

/** The export's own filters, plausible and not, plus anything else a URL may carry. */
const exportQuery = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .record(
        {
          status: fc.oneof(
            fc.constantFrom("finished", "charging", "started", "failed", "FINISHED", "running"),
            queryValue,
          ),
          from: fc.oneof(
            fc.constantFrom("2025-01-01", "2026-02-01", "2026-02-29", "1999-12-31", "2101-01-01"),
            queryValue,
          ),
          to: fc.oneof(fc.constantFrom("2026-03-31", "2025-12-31", "2024-02-29"), queryValue),
          userId: fc.constantFrom("1002", "1001", "-1"),
        },
        { requiredKeys: [] },
      )
      .map((q) => new URLSearchParams(q).toString()),
  },
  { weight: 1, arbitrary: queryArb },
);

const CASES: Omit<RouteProperty, "viewer">[] = [
  {
    file: "app/api/sessions/expense-pack/route.ts",
    module: expensePack,
    pathname: () => "/api/sessions/expense-pack",
    query: expensePackQuery,
    params: fc.constant({}),
  },
  {
    file: "app/api/sessions/export/route.ts",
    module: allExport,
    pathname: () => "/api/sessions/export",
    query: exportQuery,
    params: fc.constant({}),
  },
  {
    file: "app/api/sessions/[id]/export/route.ts",
    module: oneExport,
    pathname: (p) => `/api/sessions/${encodeURIComponent(p.id ?? "")}/export`,
    query: queryArb,
    params: fc.record({ id: fc.oneof(fc.integer({ min: 70_001, max: 70_200 }).map(String), pathParamValue) }),
  },
  {
    file: "app/api/sessions/live/route.ts",
    module: live,
    pathname: () => "/api/sessions/live",
    query: queryArb,
    params: fc.constant({}),
  },
];

describe("session route handlers: never a 500, never a throw", () => {
  for (const c of CASES) checkRouteProperty({ ...c, viewer: driverSideViewer });
});
