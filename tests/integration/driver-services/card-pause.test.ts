import { describe, expect, it, vi } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import { sentTo } from "./harness";
import { serviceHarnessForSuite } from "../../support/service-harness";

const holder = vi.hoisted(() => ({ harness: null as unknown as import("./harness").ServiceHarness }));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));

const { blockDriverCard, CardNotOwnedError, CardStatusRefusedError, pauseDriverCard, resumeDriverCard } =
  await import("@/lib/features/cards/service");
const { latestCardStatusChanges } = await import("@/lib/features/cards/status-history");
const { translatorFor } = await import("@/lib/core/i18n/translator");

/** A refusal as the driver reads it in English (the error carries a catalogue key, which the action helper words). */
const refusalInEnglish = (error: unknown) =>
  error instanceof CardStatusRefusedError ? translatorFor("en")(error.key, error.values) : undefined;

const DRIVER = { role: "driver" } as const;
const SUPPORT = { role: "support", email: "support@example.com" } as const;

/** Pause and resume in both dialects: `inactive` in the contract, the owner-blocked `suspended` on AMPECO. */
describe.each(["contract", "ampeco"] as const)("pausing and resuming a card (%s dialect)", (dialect) => {
  const h = serviceHarnessForSuite({ seams: holder, dialect });

  const activeCard = async () => {
    const { listDriverCards } = await import("@/lib/features/cards/service");
    const card = (await listDriverCards(DEMO_DRIVER_ID)).find((c) => c.status === "active");
    if (!card) throw new Error("the seed has an active card for the demo driver");
    return card;
  };
  const statusOnPlatform = async (id: number) => (await h.state()).tokens.find((t) => t.id === id)?.status;

  it("the driver pauses an active card and resumes it; each is one status change on the platform", async () => {
    const card = await activeCard();
    const paused = await pauseDriverCard(DEMO_DRIVER_ID, card.id, DRIVER);
    expect(paused.status).toBe("inactive");
    expect(await statusOnPlatform(card.id)).toBe("inactive");
    const [pause] = sentTo(h, "PATCH", h.wire.cardPath(card.id));
    expect(pause?.body).toEqual(h.wire.cardStatusBody("inactive"));

    const resumed = await resumeDriverCard(DEMO_DRIVER_ID, card.id, DRIVER);
    expect(resumed.status).toBe("active");
    expect(await statusOnPlatform(card.id)).toBe("active");
    expect(sentTo(h, "PATCH", h.wire.cardPath(card.id)).map((r) => r.body)).toEqual([
      h.wire.cardStatusBody("inactive"),
      h.wire.cardStatusBody("active"),
    ]);
  });

  it("records who set each status and when, and forgets a record the platform no longer matches", async () => {
    const card = await activeCard();
    await pauseDriverCard(DEMO_DRIVER_ID, card.id, DRIVER);
    const paused = await latestCardStatusChanges([{ id: card.id, status: "inactive" }]);
    expect(paused.get(card.id)).toMatchObject({ status: "inactive", by: { role: "driver" } });
    expect(paused.get(card.id)?.at).toBeInstanceOf(Date);

    await blockDriverCard(DEMO_DRIVER_ID, card.id, SUPPORT);
    const blocked = await latestCardStatusChanges([{ id: card.id, status: "blocked" }]);
    expect(blocked.get(card.id)).toMatchObject({ status: "blocked", by: SUPPORT });
    // Changed elsewhere (the operator's console): the portal does not claim who did it.
    expect((await latestCardStatusChanges([{ id: card.id, status: "active" }])).size).toBe(0);
  });

  it("a driver cannot resume a blocked card, nor pause one; staff can unblock it", async () => {
    const card = await activeCard();
    await blockDriverCard(DEMO_DRIVER_ID, card.id, DRIVER);
    h.sent.length = 0;
    const refusal = await resumeDriverCard(DEMO_DRIVER_ID, card.id, DRIVER).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CardStatusRefusedError);
    expect(refusalInEnglish(refusal)).toMatch(/only support can unblock/);
    await expect(pauseDriverCard(DEMO_DRIVER_ID, card.id, DRIVER)).rejects.toBeInstanceOf(CardStatusRefusedError);
    expect(sentTo(h, "PATCH", h.wire.cardPath())).toHaveLength(0);
    expect(await statusOnPlatform(card.id)).toBe("blocked");

    expect((await resumeDriverCard(DEMO_DRIVER_ID, card.id, SUPPORT)).status).toBe("active");
    expect(await statusOnPlatform(card.id)).toBe("active");
  });

  it("refuses another driver's card without a platform change", async () => {
    const card = await activeCard();
    await expect(pauseDriverCard(SECOND_DRIVER_ID, card.id, DRIVER)).rejects.toBeInstanceOf(CardNotOwnedError);
    await expect(resumeDriverCard(SECOND_DRIVER_ID, card.id, SUPPORT)).rejects.toBeInstanceOf(CardNotOwnedError);
    expect(sentTo(h, "PATCH", h.wire.cardPath())).toHaveLength(0);
  });
});
