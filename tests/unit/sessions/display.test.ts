import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/core/i18n/translator";
import { sessionCsvRow, sessionCsvRows, sessionCsvWords } from "@/lib/features/sessions/csv";
import { sessionCurrency, sessionStatusDetail } from "@/lib/features/sessions/display";
import { toLiveSessionView } from "@/lib/features/sessions/live-view";
import { running, session } from "./fixtures";

const t = translatorFor("en");
const words = sessionCsvWords(t);

describe("what a session's own platform data adds (ampeco)", () => {
  it("its own currency wins over the account's, in the views and in the CSV", () => {
    expect(sessionCurrency(session({ currency: "CHF" }), "EUR")).toBe("CHF");
    expect(sessionCurrency(session(), "EUR")).toBe("EUR");
    expect(toLiveSessionView(running({ currency: "CHF" })).currency).toBe("CHF");
    expect(toLiveSessionView(running()).currency).toBeNull();
    const cells = (row: string) => row.trimEnd().split(",");
    expect(cells(sessionCsvRow(session({ currency: "CHF" }), "EUR", words))[8]).toBe("CHF");
    const page = sessionCsvRows([session({ currency: "CHF" }), session({ id: "70002" })], "EUR", words)
      .trimEnd()
      .split("\r\n");
    expect(page.map((row) => cells(row)[8])).toEqual(["CHF", "EUR"]);
  });

  it("keeps 'expired' visible on a failed session, and says nothing for other statuses", () => {
    expect(sessionStatusDetail(session({ status: "failed", platformStatus: "expired" }))).toBe("expired");
    expect(sessionStatusDetail(session({ status: "failed", platformStatus: "failed" }))).toBeNull();
    expect(sessionStatusDetail(session({ status: "finished", platformStatus: "finished" }))).toBeNull();
    expect(sessionStatusDetail(session({ status: "failed" }))).toBeNull();
  });
});
