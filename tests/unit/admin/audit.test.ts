import { describe, expect, it } from "vitest";
import { auditErrorText, redactDetails } from "@/lib/core/audit";
import { auditFilterQuery, parseAuditFilter } from "@/lib/features/admin/audit-filter";
import { PlatformValidationError } from "@/lib/platform/errors";

describe("audit details", () => {
  it("never keep anything named like a password, however deep", () => {
    const kept = redactDetails({
      email: "a@example.com",
      password: "hunter22",
      newPassword: "x",
      nested: { Passwd: "y", list: [{ appPassword: "z", ok: 1 }], clientSecret: "s" },
    });
    expect(kept).toEqual({ email: "a@example.com", nested: { list: [{ ok: 1 }] } });
    expect(JSON.stringify(kept)).not.toMatch(/hunter22|"x"|"y"|"z"|"s"/);
  });

  it("keep platform errors to endpoint and status, never the platform's own text", () => {
    const error = new PlatformValidationError("users.changeEmail", { email: ["taken"] }, "driver@example.com is taken");
    const text = auditErrorText(error);
    expect(text).toContain("users.changeEmail");
    expect(text).not.toContain("driver@example.com");
    expect(auditErrorText("boom")).toBe("Unknown error");
  });
});

describe("audit filters in the URL", () => {
  it("parse every filter and build the same query back", () => {
    const { filter, problems } = parseAuditFilter({
      actor: " Support@Example.com ",
      action: "card.link",
      driver: "1001",
      outcome: "failure",
      from: "2026-03-01",
      to: "2026-03-31",
      page: "3",
    });
    expect(problems).toEqual([]);
    expect(filter).toEqual({
      actor: "support@example.com",
      action: "card.link",
      driver: 1001,
      outcome: "failure",
      from: "2026-03-01",
      to: "2026-03-31",
      page: 3,
    });
    expect(parseAuditFilter(Object.fromEntries(new URLSearchParams(auditFilterQuery(filter).slice(1))))).toEqual({
      filter,
      problems: [],
    });
  });

  it("ignore bad values with a message instead of failing", () => {
    const bad = { action: "drop table", driver: "12abc", outcome: "maybe", from: "2026-02-30", page: "-1" };
    const { filter, problems } = parseAuditFilter(bad);
    expect(filter).toEqual({ page: 1 });
    expect(problems).toHaveLength(5);
  });

  it("swap a reversed date range", () => {
    const { filter, problems } = parseAuditFilter({ from: "2026-04-01", to: "2026-03-01" });
    expect(filter).toMatchObject({ from: "2026-03-01", to: "2026-04-01" });
    expect(problems[0]).toMatch(/swapped/);
  });
});
