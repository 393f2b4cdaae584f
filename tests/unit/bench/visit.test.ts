import { describe, expect, it } from "vitest";
import type { Render } from "@/bench/phases/overhead";
import { firstSessionPath, summariseVisits, VISIT_PAGES } from "@/bench/phases/visit";

/** The visit phase's pure parts: the session it opens, and N visits summed into per-visit and per-page figures. */

describe("firstSessionPath", () => {
  it("takes the first session the page links to, not the list's own paging or filter links", () => {
    const html =
      '<a href="/sessions?page=2">next</a><a href="/api/sessions/export">CSV</a>' +
      '<a href="/sessions/1234">A</a><a href="/sessions/99">B</a>';
    expect(firstSessionPath(html)).toBe("/sessions/1234");
  });

  it("is null on a page without a session link", () => {
    expect(firstSessionPath('<a href="/sessions">Sessions</a>')).toBeNull();
  });
});

describe("summariseVisits", () => {
  const render = (ms: number, calls: number, bytes = 2048): Render => ({
    ms,
    bytes,
    upstreamMs: calls * 50,
    calls: Array.from({ length: calls }, () => ({ method: "GET", path: "/x", status: 200, start: 0, end: 50 })),
    start: 0,
    end: ms,
  });
  const visit = (scale: number) => VISIT_PAGES.map((_, index) => render((index + 1) * 10 * scale, index % 2));

  it("divides the CPU time by the visits and takes each page's median", () => {
    const run = summariseVisits(50, [visit(1), visit(2), visit(3)], 0.6);
    expect(run.upstreamLatencyMs).toBe(50);
    expect(run.visits).toBe(3);
    expect(run.cpuMsPerVisit).toBe(200);
    expect(run.medianVisitMs).toBe(420);
    expect(run.upstreamCallsPerVisit).toBe(3);
    expect(run.pages.map((page) => page.page)).toEqual([...VISIT_PAGES]);
    expect(run.pages[0]).toEqual({
      page: "/account",
      medianMs: 20,
      medianUpstreamMs: 0,
      upstreamCallsPerRender: 0,
      htmlKb: 2,
    });
    expect(run.pages[5]?.medianMs).toBe(120);
    expect(run.pages[5]?.upstreamCallsPerRender).toBe(1);
  });

  it("refuses no visits and a visit short of a page", () => {
    expect(() => summariseVisits(0, [], 1)).toThrow(/no visits/);
    expect(() => summariseVisits(0, [visit(1).slice(0, 3)], 1)).toThrow(/without \/sessions\/\{id\}/);
  });
});
