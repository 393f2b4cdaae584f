import { describe, expect, it } from "vitest";
import { routeOf, routePatternsOf } from "@/lib/core/observability/http";

/** Requests are counted by their route pattern: never a raw path with an id, an address or a query. */
const routes = routePatternsOf({
  staticRoutes: [
    { page: "/account", regex: "^/account(?:/)?$" },
    { page: "/api/metrics", regex: "^/api/metrics(?:/)?$" },
  ],
  dynamicRoutes: [
    { page: "/api/admin/users/[id]/expense-pack", regex: "^/api/admin/users/([^/]+?)/expense\\-pack(?:/)?$" },
    { page: "/sessions/[id]", regex: "^/sessions/([^/]+?)(?:/)?$" },
  ],
});

describe("route labels", () => {
  it("names a request by its route pattern", () => {
    expect(routeOf("/account?tab=1", routes)).toBe("/account");
    expect(routeOf("/api/admin/users/1234/expense-pack?from=2026-01", routes)).toBe(
      "/api/admin/users/[id]/expense-pack",
    );
    expect(routeOf("/sessions/ab12-cd34", routes)).toBe("/sessions/[id]");
  });

  it("counts a page's client-router payloads as the page, Next's files as one, and anything else as (other)", () => {
    expect(routeOf("/account.rsc", routes)).toBe("/account");
    expect(routeOf("/account.segments/_tree.segment.rsc", routes)).toBe("/account");
    expect(routeOf("/_next/static/chunks/abc123.js", routes)).toBe("/_next");
    expect(routeOf("/nowhere/driver%40example.com", routes)).toBe("(other)");
    expect(routeOf("/users/1234", routes)).toBe("(other)");
    expect(routeOf(undefined, [])).toBe("(other)");
  });
});
