import fc from "fast-check";
import { describe } from "vitest";
import * as ledgerExport from "@/app/api/payments/export/route";
import * as invoice from "@/app/api/payments/invoices/[id]/route";
import * as staffInvoice from "@/app/api/admin/users/[id]/invoices/[invoiceId]/route";
import {
  downloadFilterQuery,
  driverSideViewer,
  pathParamValue,
  queryArb,
  queryValue,
  staffSideViewer,
} from "./arbitraries";
import { checkRouteProperty, plainRoute, type RouteProperty } from "./checks";

const exportQuery = downloadFilterQuery({
  kind: fc.oneof(fc.constantFrom("charge", "top-up", "fee", "FEE", "refund"), queryValue),
  from: fc.oneof(fc.constantFrom("2026-01-01", "2026-02-29", "1999-12-31"), queryValue),
  to: fc.oneof(fc.constantFrom("2026-03-31", "2025-12-31"), queryValue),
});

const CASES: Omit<RouteProperty, "viewer">[] = [
  plainRoute(ledgerExport, "/api/payments/export", exportQuery),
  {
    file: "app/api/payments/invoices/[id]/route.ts",
    module: invoice,
    pathname: (p) => `/api/payments/invoices/${encodeURIComponent(p.id ?? "")}`,
    query: queryArb,
    params: fc.record({ id: fc.oneof(fc.integer({ min: 1, max: 9_999 }).map(String), pathParamValue) }),
  },
];

describe("payment route handlers: never a 500, never a throw", () => {
  for (const c of CASES) checkRouteProperty({ ...c, viewer: driverSideViewer });
  checkRouteProperty({
    file: "app/api/admin/users/[id]/invoices/[invoiceId]/route.ts",
    module: staffInvoice,
    pathname: (p) =>
      `/api/admin/users/${encodeURIComponent(p.id ?? "")}/invoices/${encodeURIComponent(p.invoiceId ?? "")}`,
    query: queryArb,
    params: fc.record({
      id: fc.oneof(fc.constantFrom("1001", "1002"), pathParamValue),
      invoiceId: fc.oneof(fc.integer({ min: 1, max: 9_999 }).map(String), pathParamValue),
    }),
    viewer: staffSideViewer,
  });
});
