import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/core/i18n/translator";
import { wordedProblems } from "@/tests/support/worded";
import {
  matchesSessionFilter,
  parseSessionFilter as parseKeys,
  rangeToInstants,
  sessionFilterQuery,
} from "@/lib/features/sessions/filters";
import { session } from "./fixtures";

const parseWithWords = wordedProblems(parseKeys);
const parseSessionFilter = (input: Parameters<typeof parseWithWords>[0]) => parseWithWords(input);

describe("parseSessionFilter", () => {
  it("reads status, date range and paging from the URL", () => {
    const parsed = parseSessionFilter(
      new URLSearchParams("status=finished&from=2026-01-01&to=2026-01-31&page=3&perPage=50"),
    );
    expect(parsed).toEqual({
      filter: { status: "finished", from: "2026-01-01", to: "2026-01-31", page: 3, perPage: 50 },
      problems: [],
    });
  });

  it("gives the defaults for an empty URL, and for empty fields of a plain GET form", () => {
    expect(parseSessionFilter({})).toEqual({ filter: { page: 1, perPage: 25 }, problems: [] });
    expect(parseSessionFilter(new URLSearchParams("status=&from=&to="))).toEqual({
      filter: { page: 1, perPage: 25 },
      problems: [],
    });
  });

  it("accepts Next's searchParams object, taking the first of repeated values", () => {
    expect(parseSessionFilter({ status: ["failed", "finished"], page: "2" }).filter).toEqual({
      status: "failed",
      page: 2,
      perPage: 25,
    });
  });

  it("falls back to the default with a message for each bad value, never throwing", () => {
    const bad = parseSessionFilter(
      new URLSearchParams("status=exploded&page=-4&perPage=7&from=2026-02-30&to=yesterday"),
    );
    expect(bad.filter).toEqual({ page: 1, perPage: 25 });
    expect(bad.problems).toHaveLength(5);
    expect(bad.problems[0]).toMatch(/“exploded” is not a session status/);
    expect(bad.problems.join(" ")).toMatch(/first page/);
    expect(bad.problems.join(" ")).toMatch(/Rows per page can be 10, 25, 50, 100/);
    expect(bad.problems.join(" ")).toMatch(/start date “2026-02-30”/);
    expect(bad.problems.join(" ")).toMatch(/end date “yesterday”/);
  });

  it("rejects absurd pages and years, and shortens echoed input", () => {
    const parsed = parseSessionFilter(
      new URLSearchParams(`page=99999999999&from=1850-01-01&status=${"x".repeat(500)}`),
    );
    expect(parsed.filter).toEqual({ page: 1, perPage: 25 });
    for (const message of parsed.problems) expect(message.length).toBeLessThan(160);
  });

  it("says what it ignored in the driver's language", () => {
    const bad = new URLSearchParams("status=exploded&perPage=7");
    expect(parseWithWords(bad, translatorFor("nl")).problems).toEqual([
      "“exploded” is geen status van een laadsessie, dus worden laadsessies met elke status getoond.",
      "Rijen per pagina kan 10, 25, 50, 100 zijn; in plaats van “7” worden er 25 getoond.",
    ]);
    expect(parseWithWords(bad, translatorFor("de")).problems[0]).toBe(
      "„exploded“ ist kein Status eines Ladevorgangs, daher werden Ladevorgänge mit jedem Status angezeigt.",
    );
  });

  it("drops a range whose start is after its end, and says why", () => {
    const parsed = parseSessionFilter(new URLSearchParams("from=2026-03-10&to=2026-03-01&status=FAILED"));
    expect(parsed.filter).toEqual({ status: "failed", page: 1, perPage: 25 });
    expect(parsed.problems).toEqual([expect.stringMatching(/start date is after the end date/)]);
  });
});

describe("sessionFilterQuery", () => {
  it("leaves defaults out and round-trips through the parser", () => {
    expect(sessionFilterQuery({ page: 1, perPage: 25 })).toBe("");
    const filter = { status: "charging" as const, from: "2026-03-01", to: "2026-03-31", page: 2, perPage: 10 };
    const query = sessionFilterQuery(filter);
    expect(query).toBe("?status=charging&from=2026-03-01&to=2026-03-31&perPage=10&page=2");
    expect(parseSessionFilter(new URLSearchParams(query.slice(1))).filter).toEqual(filter);
  });
});

describe("date range → platform instants", () => {
  it("covers whole days in Amsterdam time, inclusive, with second precision", () => {
    expect(rangeToInstants({ from: "2026-01-15", to: "2026-01-15" })).toEqual({
      startedAfter: "2026-01-14T23:00:00Z",
      startedBefore: "2026-01-15T22:59:59Z",
    });
    // Summer time: UTC+2.
    expect(rangeToInstants({ from: "2026-07-01" })).toEqual({ startedAfter: "2026-06-30T22:00:00Z" });
    // The day the clocks go forward has 23 hours.
    expect(rangeToInstants({ to: "2026-03-29" })).toEqual({ startedBefore: "2026-03-29T21:59:59Z" });
  });

  it("is checked again on the portal side, from local or UTC times", () => {
    const instants = rangeToInstants({ from: "2026-03-14", to: "2026-03-14" });
    expect(matchesSessionFilter(session(), { status: "finished", ...instants })).toBe(true);
    expect(matchesSessionFilter(session(), { status: "failed" })).toBe(false);
    expect(matchesSessionFilter(session({ startedAtLocal: "2026-03-15T00:00:00+01:00" }), instants)).toBe(false);
    expect(matchesSessionFilter(session({ startedAtLocal: "2026-03-14T23:59:59+01:00" }), instants)).toBe(true);
    expect(matchesSessionFilter(session({ startedAtLocal: null, startedAt: "2026-03-13T22:59:59Z" }), instants)).toBe(
      false,
    );
    expect(matchesSessionFilter(session({ startedAtLocal: null, startedAt: null }), instants)).toBe(false);
    expect(matchesSessionFilter(session({ startedAtLocal: null, startedAt: null }), {})).toBe(true);
  });
});
