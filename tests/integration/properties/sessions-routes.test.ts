import fc from "fast-check";
import { describe } from "vitest";
import * as oneExport from "@/app/api/sessions/[id]/export/route";
import * as receipt from "@/app/api/sessions/[id]/receipt/route";
import * as platformReceipt from "@/app/api/sessions/[id]/platform-receipt/route";
import * as allExport from "@/app/api/sessions/export/route";
import * as expensePack from "@/app/api/sessions/expense-pack/route";
import * as live from "@/app/api/sessions/live/route";
import {
  downloadFilterQuery,
  driverSideViewer,
  expensePackQuery,
  pathParamValue,
  queryArb,
  queryValue,
} from "./arbitraries";
import { checkRouteProperty, plainRoute, type RouteProperty } from "./checks";

const exportQuery = downloadFilterQuery({
  status: fc.oneof(fc.constantFrom("finished", "charging", "started", "failed", "FINISHED", "running"), queryValue),
  from: fc.oneof(fc.constantFrom("2025-01-01", "2026-02-01", "2026-02-29", "1999-12-31", "2101-01-01"), queryValue),
  to: fc.oneof(fc.constantFrom("2026-03-31", "2025-12-31", "2024-02-29"), queryValue),
});

const CASES: Omit<RouteProperty, "viewer">[] = [
  plainRoute(expensePack, "/api/sessions/expense-pack", expensePackQuery),
  plainRoute(allExport, "/api/sessions/export", exportQuery),
  {
    file: "app/api/sessions/[id]/export/route.ts",
    module: oneExport,
    pathname: (p) => `/api/sessions/${encodeURIComponent(p.id ?? "")}/export`,
    query: queryArb,
    params: fc.record({ id: fc.oneof(fc.integer({ min: 70_001, max: 70_200 }).map(String), pathParamValue) }),
  },
  {
    file: "app/api/sessions/[id]/receipt/route.ts",
    module: receipt,
    pathname: (p) => `/api/sessions/${encodeURIComponent(p.id ?? "")}/receipt`,
    query: queryArb,
    params: fc.record({ id: fc.oneof(fc.integer({ min: 70_001, max: 70_200 }).map(String), pathParamValue) }),
  },
  {
    file: "app/api/sessions/[id]/platform-receipt/route.ts",
    module: platformReceipt,
    pathname: (p) => `/api/sessions/${encodeURIComponent(p.id ?? "")}/platform-receipt`,
    query: queryArb,
    params: fc.record({ id: fc.oneof(fc.integer({ min: 70_001, max: 70_200 }).map(String), pathParamValue) }),
  },
  plainRoute(live, "/api/sessions/live", queryArb),
];

describe("session route handlers: never a 500, never a throw", () => {
  for (const c of CASES) checkRouteProperty({ ...c, viewer: driverSideViewer });
});
