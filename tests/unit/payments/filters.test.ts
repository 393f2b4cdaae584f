import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/core/i18n/translator";
import { wordedProblems } from "@/tests/support/worded";
import {
  matchesTransactionFilter,
  parsePaymentFilter,
  paymentFilterQuery,
  paymentKindOf,
  toTransactionFilter,
} from "@/lib/features/payments/filters";
import { transaction } from "./fixtures";
import type { TransactionKind } from "@/lib/platform/types";

const parseWithWords = wordedProblems(parsePaymentFilter);
const parse = (input: Parameters<typeof parseWithWords>[0]) => parseWithWords(input);

describe("parsePaymentFilter", () => {
  it("reads kind, period and page from the URL", () => {
    expect(parse(new URLSearchParams("kind=top-up&from=2026-01-01&to=2026-01-31&page=3"))).toEqual({
      filter: { kind: "top-up", from: "2026-01-01", to: "2026-01-31", page: 3 },
      problems: [],
    });
  });

  it("gives the defaults for an empty URL and for the empty fields of the plain GET form", () => {
    expect(parse({})).toEqual({ filter: { page: 1 }, problems: [] });
    expect(parse(new URLSearchParams("kind=&from=&to="))).toEqual({ filter: { page: 1 }, problems: [] });
  });

  it("takes the first of repeated values and ignores case in the kind", () => {
    expect(parse({ kind: ["FEE", "charge"], page: "2" }).filter).toEqual({ kind: "fee", page: 2 });
  });

  it("falls back and says why for every bad value, never throwing", () => {
    const { filter, problems } = parse(new URLSearchParams("kind=refund&from=2026-02-30&to=yesterday&page=0"));
    expect(filter).toEqual({ page: 1 });
    expect(problems).toEqual([
      "“refund” is not a kind of payment, so payments of every kind are shown.",
      "“0” is not a page number, so the first page is shown.",
      "The start date “2026-02-30” is not a date like 2026-03-14, so it was ignored.",
      "The end date “yesterday” is not a date like 2026-03-14, so it was ignored.",
    ]);
  });

  it("drops a reversed range with one message, and shortens a long echoed value", () => {
    expect(parse(new URLSearchParams("from=2026-03-10&to=2026-03-01"))).toEqual({
      filter: { page: 1 },
      problems: [
        "The start date is after the end date, so the date range was ignored. Pick a start date on or before the end date.",
      ],
    });
    const long = parse(new URLSearchParams({ kind: "x".repeat(500) })).problems[0]!;
    expect(long.length).toBeLessThan(120);
  });

  it("speaks the driver's language", () => {
    expect(parseWithWords(new URLSearchParams("kind=nope"), translatorFor("de")).problems[0]).toContain(
      "keine Zahlungsart",
    );
  });
});

describe("paymentFilterQuery", () => {
  it("keeps the filters in the URL and leaves the defaults out", () => {
    expect(paymentFilterQuery({ kind: "charge", from: "2026-03-01", to: "2026-03-31", page: 2 })).toBe(
      "?kind=charge&from=2026-03-01&to=2026-03-31&page=2",
    );
    expect(paymentFilterQuery({ page: 1 })).toBe("");
  });

  it("round-trips through the parser", () => {
    const filter = { kind: "authorisation" as const, from: "2025-12-01", to: "2026-01-15", page: 4 };
    expect(parse(new URLSearchParams(paymentFilterQuery(filter).slice(1))).filter).toEqual(filter);
  });
});

describe("toTransactionFilter and matchesTransactionFilter", () => {
  it("turns calendar days in Amsterdam into inclusive UTC instants and URL kinds into platform kinds", () => {
    expect(toTransactionFilter(1001, { kind: "authorisation", from: "2026-03-01", to: "2026-03-31" })).toEqual({
      userId: 1001,
      createdAfter: "2026-02-28T23:00:00Z",
      createdBefore: "2026-03-31T21:59:59Z",
      kinds: ["payment_authorisation", "payment_terminal_authorisation"],
    });
    expect(toTransactionFilter(1001, {})).toEqual({ userId: 1001 });
  });

  it("drops another user's row, a row of another kind and a row outside the period", () => {
    const filter = toTransactionFilter(1001, { kind: "charge", from: "2026-03-14", to: "2026-03-14" });
    expect(matchesTransactionFilter(transaction(), filter)).toBe(true);
    expect(matchesTransactionFilter(transaction({ userId: 1002 }), filter)).toBe(false);
    expect(matchesTransactionFilter(transaction({ userId: null }), filter)).toBe(false);
    expect(matchesTransactionFilter(transaction({ kind: "topup_package" }), filter)).toBe(false);
    expect(matchesTransactionFilter(transaction({ date: "2026-03-14T23:00:00Z" }), filter)).toBe(false);
    expect(matchesTransactionFilter(transaction({ date: "2026-03-13T22:59:59Z" }), filter)).toBe(false);
    expect(matchesTransactionFilter(transaction({ date: "not a date" }), filter)).toBe(false);
  });

  it("maps every platform kind to a URL kind", () => {
    const platformKinds: TransactionKind[] = [
      "session",
      "subscription_plan",
      "topup_package",
      "custom_fee",
      "payment_terminal_authorisation",
    ];
    expect(platformKinds.map(paymentKindOf)).toEqual(["charge", "subscription", "top-up", "fee", "authorisation"]);
  });
});
