import { describe, expect, it } from "vitest";
import { users } from "@/lib/core/db/schema";
import type { MailMessage } from "@/lib/core/mail/send";
import { receiptPlaceOf, sendChargeReceipt } from "@/lib/features/live/receipt";
import type { ChargingSession } from "@/lib/platform/types";
import { DEMO_DRIVER_ID, sessionsHarnessForSuite, type SessionsHarness } from "./harness";

/**
 * Issue 36: the receipt mail names the session's place (name, street, city) wherever the platform tells it, in both
 * dialects; "not known" only where the platform answers 404 for the location (the contract's default).
 */
async function newestFinished(h: SessionsHarness): Promise<ChargingSession[]> {
  const page = await h.deps.platform.sessions.listSessions({ userId: DEMO_DRIVER_ID, page: 1, perPage: 25 });
  return page.items.filter((s) => s.status === "finished");
}

async function mailedReceipt(h: SessionsHarness, session: ChargingSession): Promise<MailMessage> {
  const email = `receipt.${session.id}@example.com`;
  await h.opened.db.delete(users);
  await h.opened.db.insert(users).values({ email, platformUserId: DEMO_DRIVER_ID });
  const sent: MailMessage[] = [];
  const change = {
    id: session.id,
    status: "finished" as const,
    // The contract's sessions may carry local times only: the mail needs instants, any will do here.
    startedAt: session.startedAt ?? "2026-03-14T09:00:00Z",
    stoppedAt: session.stoppedAt ?? "2026-03-14T10:00:00Z",
    energyWh: session.energyWh,
    amount: session.amount,
    currency: "EUR",
    chargePointId: null,
    updatedAt: session.stoppedAt ?? "2026-03-14T10:00:00Z",
  };
  const mailed = await sendChargeReceipt(DEMO_DRIVER_ID, change, {
    db: h.opened.db,
    send: async (message) => void sent.push(message),
    locationOf: (id, locale) => receiptPlaceOf(id, locale, h.deps),
    accountUrl: "http://localhost/account",
  });
  expect(mailed).toBe(true);
  return sent[0]!;
}

describe("where the platform tells the places (the ampeco emulator's default)", () => {
  const h = sessionsHarnessForSuite({ seedLocations: true });

  it("names the place, street and city of an own site and of a roaming partner's site", async () => {
    const finished = await newestFinished(h);
    const own = finished.find((s) => s.locationId === 501);
    const roaming = finished.find((s) => s.locationId === 901 || s.locationId === 902);
    expect(own && roaming).toBeTruthy();
    expect(await receiptPlaceOf(own!.id, "en", h.deps)).toBe("Westerpark Charging Hub, Haarlemmerweg 8, Amsterdam");
    expect(await receiptPlaceOf(own!.id, "nl", h.deps)).toBe("Laadplein Westerpark, Haarlemmerweg 8, Amsterdam");
    expect(await receiptPlaceOf(roaming!.id, "en", h.deps)).toMatch(
      /^(Partner hub Sloterdijk, Orlyplein 10|Partner charger Amstel, Julianaplein 1), Amsterdam$/,
    );

    const mail = await mailedReceipt(h, roaming!);
    expect(mail.text).toMatch(/^Charging location: Partner (hub Sloterdijk|charger Amstel), \S+ \d+, Amsterdam$/m);
    expect(mail.text).not.toContain("not known");
  });
});

describe("where the platform answers 404 for every location (the contract's default)", () => {
  const h = sessionsHarnessForSuite();

  it("says the place is not known, and nothing else fails", async () => {
    const [session] = await newestFinished(h);
    expect(await receiptPlaceOf(session!.id, "en", h.deps)).toBeNull();
    const mail = await mailedReceipt(h, session!);
    expect(mail.text).toMatch(/^Charging location: not known$/m);
  });
});
