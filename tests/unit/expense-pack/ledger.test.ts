import { describe, expect, it } from "vitest";
import { amountCents, MAX_SET_ASIDE_LISTED, PackLedger, packLineKind } from "@/lib/features/expense-pack/ledger";
import { running, session } from "../sessions/fixtures";

const AS_OF = Date.parse("2026-03-14T20:00:00Z");

describe("what an expense pack counts", () => {
  it("claims a session that had finished at the pack's moment, and only that", () => {
    expect(packLineKind(session({ stoppedAt: "2026-03-14T19:00:00Z" }), AS_OF)).toBe("claimed");
    // Finished while the pack was being written: running in every file of that pack.
    expect(packLineKind(session({ stoppedAt: "2026-03-14T20:00:01Z", stoppedAtLocal: null }), AS_OF)).toBe("running");
    expect(packLineKind(running(), AS_OF)).toBe("running");
    expect(packLineKind(session({ status: "failed" }), AS_OF)).toBe("failed");
  });

  it("adds energy in Wh and money in cents per currency, so many sessions do not drift", () => {
    const ledger = new PackLedger(AS_OF, "EUR");
    for (let i = 0; i < 1000; i++) ledger.add(session({ id: String(i), amount: 0.1, energyWh: 1234.4 }));
    ledger.add(session({ id: "2000", amount: 5, currency: "GBP", energyWh: 10 }));
    expect(ledger.currencyTotals()).toEqual([
      { currency: "EUR", sessions: 1000, wh: 1_234_000, cents: 10_000 },
      { currency: "GBP", sessions: 1, wh: 10, cents: 500 },
    ]);
    expect(ledger.claimedSessions).toBe(1001);
    expect(amountCents(0.1 + 0.2)).toBe(30);
    expect(amountCents(Number.NaN)).toBe(0);
  });

  it("lists running and failed sessions apart, up to a limit, and counts the rest", () => {
    const ledger = new PackLedger(AS_OF, null);
    for (let i = 0; i < MAX_SET_ASIDE_LISTED + 5; i++) ledger.add(session({ id: String(i), status: "failed" }));
    expect(ledger.setAside).toHaveLength(MAX_SET_ASIDE_LISTED);
    expect(ledger.setAsideNotListed).toBe(5);
    expect(ledger.claimedSessions).toBe(0);
    expect(ledger.currencyOf(session({ currency: null }))).toBe("");
  });
});
