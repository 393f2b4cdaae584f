import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isPagePath, PAGE_ROUTES } from "@/lib/core/auth/page-routes";

/** Every page.tsx under app/, as its route: route groups left out, `[param]` kept. */
function pagesUnder(dir: string, route = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const segment = /^\(.*\)$/.test(entry.name) ? "" : `/${entry.name}`;
      found.push(...pagesUnder(path.join(dir, entry.name), route + segment));
    } else if (entry.name === "page.tsx") found.push(route || "/");
  }
  return found;
}

describe("the page list the middleware denies signed-out visitors by", () => {
  it("names every page under app/, so a page added tomorrow is protected from its first day", () => {
    expect([...PAGE_ROUTES].sort()).toEqual(pagesUnder(path.join(process.cwd(), "app")).sort());
  });

  it("matches a dynamic segment as one segment, and nothing longer", () => {
    expect(isPagePath("/sessions/abc-123")).toBe(true);
    expect(isPagePath("/admin/users/1001/cards/7/move")).toBe(true);
    expect(isPagePath("/sessions/abc/extra")).toBe(false);
    expect(isPagePath("/no-such-page")).toBe(false);
    expect(isPagePath("/")).toBe(true);
  });
});
