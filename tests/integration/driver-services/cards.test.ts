import { describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { toFieldErrors } from "@/lib/core/actions/action-result";
import { translatorFor } from "@/lib/core/i18n/translator";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID, UNASSIGNED_TAG_UIDS } from "@/emulators/platform";
import { inDialect, sentTo } from "./harness";
import { serviceHarnessForSuite } from "../../support/service-harness";

const holder = vi.hoisted(() => ({ harness: null as unknown as import("./harness").ServiceHarness }));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));

const {
  addCardForDriver,
  blockDriverCard,
  CardCodeTakenError,
  CardNotOwnedError,
  CardStatusRefusedError,
  listDriverCards,
  pauseDriverCard,
  resumeDriverCard,
} = await import("@/lib/features/cards/service");

const h = serviceHarnessForSuite({ seams: holder });

const tokenById = async (id: number) => (await h.state()).tokens.find((t) => t.id === id);

describe("listDriverCards", () => {
  it("returns only the driver's own cards, usable ones first", async () => {
    const cards = await listDriverCards(DEMO_DRIVER_ID);
    expect(cards.map((c) => c.id).sort()).toEqual([2001, 2002, 2003]);
    expect(cards.every((c) => c.userId === DEMO_DRIVER_ID)).toBe(true);
    expect(cards.at(-1)?.status).toBe("blocked");
    expect(sentTo(h, "GET", h.wire.cardsPath)).toHaveLength(1);
  });
});

describe("addCardForDriver", () => {
  it("normalises the code and links an active card", async () => {
    const card = await addCardForDriver(
      DEMO_DRIVER_ID,
      { code: " 04 ab cd ef 12 ", visualNumber: "NL-NEW-1" },
      "driver",
    );
    expect(card).toMatchObject({
      userId: DEMO_DRIVER_ID,
      code: "04ABCDEF12",
      visualNumber: "NL-NEW-1",
      status: "active",
      type: "rfid",
    });
    const [create] = sentTo(h, "POST", h.wire.cardsPath);
    expect(create?.body).toEqual(
      h.wire.cardCreateBody({
        userId: DEMO_DRIVER_ID,
        code: "04ABCDEF12",
        visualNumber: "NL-NEW-1",
        type: "rfid",
        status: "active",
      }),
    );
  });

  it("refuses a code active on another driver without sending a create", async () => {
    await expect(
      addCardForDriver(DEMO_DRIVER_ID, { code: "04123456789abc", visualNumber: "MINE" }, "driver"),
    ).rejects.toBeInstanceOf(CardCodeTakenError);
    await expect(
      addCardForDriver(DEMO_DRIVER_ID, { code: "04123456789ABC", visualNumber: "MINE" }, "driver"),
    ).rejects.toMatchObject({ where: "elsewhere" });
    expect(sentTo(h, "POST", h.wire.cardsPath)).toHaveLength(0);
    expect((await h.state()).tokens.filter((t) => t.code === "04123456789ABC")).toHaveLength(1);
  });

  it("says so when the card is already on this account, without sending a create", async () => {
    await expect(
      addCardForDriver(DEMO_DRIVER_ID, { code: "04A1B2C3D4E5F6", visualNumber: "X" }, "driver"),
    ).rejects.toMatchObject({ where: "this-account" });
    expect(sentTo(h, "POST", h.wire.cardsPath)).toHaveLength(0);
  });

  inDialect("contract", it)("allows re-adding a blocked card as a new active link (contract)", async () => {
    const readded = await addCardForDriver(
      DEMO_DRIVER_ID,
      { code: "0499AA88BB77CC", visualNumber: "NL-DPT-000077-1" },
      "driver",
    );
    expect(readded.status).toBe("active");
    expect((await h.state()).tokens.filter((t) => t.code === "0499AA88BB77CC").map((t) => t.status)).toEqual([
      "blocked",
      "active",
    ]);
  });

  inDialect("ampeco", it)(
    "a blocked card's UID is not linked a second time (AMPECO: one id tag per UID): refused on the code, the tag stays blocked",
    async () => {
      await expect(
        addCardForDriver(DEMO_DRIVER_ID, { code: "0499AA88BB77CC", visualNumber: "NL-DPT-000077-1" }, "driver"),
      ).rejects.toMatchObject({ name: "PlatformValidationError", fieldErrors: { idTagUid: [expect.any(String)] } });
      expect(
        (await h.state()).tokens.filter((t) => t.code === "0499AA88BB77CC").map((t) => [t.userId, t.status]),
      ).toEqual([[DEMO_DRIVER_ID, "blocked"]]);
    },
  );

  it("rejects invalid input before any platform call", async () => {
    const refusal = await addCardForDriver(DEMO_DRIVER_ID, { code: "ab", visualNumber: "X" }, "driver").catch(
      (e: unknown) => e,
    );
    expect(refusal).toBeInstanceOf(ZodError);
    // The schema's messages are catalogue keys, worded where the driver reads them.
    const words = toFieldErrors((refusal as ZodError).issues, translatorFor("en"));
    expect(words.code?.[0]).toMatch(/4 to 32 letters or digits/);
    expect(h.sent).toHaveLength(0);
  });
});

describe("blockDriverCard", () => {
  it("blocks the driver's own card through the card update (Token/Update, id-tag PATCH)", async () => {
    const card = await blockDriverCard(DEMO_DRIVER_ID, 2001);
    expect(card.status).toBe("blocked");
    expect((await tokenById(2001))?.status).toBe("blocked");
    const [update] = sentTo(h, "PATCH", h.wire.cardPath(2001));
    expect(update?.body).toEqual(h.wire.cardStatusBody("blocked"));
  });

  it("refuses another driver's card: no update is sent and the card stays active", async () => {
    await expect(blockDriverCard(DEMO_DRIVER_ID, 2004)).rejects.toBeInstanceOf(CardNotOwnedError);
    expect(sentTo(h, "PATCH", h.wire.cardPath())).toHaveLength(0);
    expect((await tokenById(2004))?.status).toBe("active");
    // The owner can.
    expect((await blockDriverCard(SECOND_DRIVER_ID, 2004)).status).toBe("blocked");
  });

  it("refuses unknown and malformed ids the same way", async () => {
    for (const id of [999_999, 0, -1, 1.5, Number.NaN]) {
      await expect(blockDriverCard(DEMO_DRIVER_ID, id)).rejects.toBeInstanceOf(CardNotOwnedError);
    }
    expect(sentTo(h, "PATCH", h.wire.cardPath())).toHaveLength(0);
  });

  it("does not send an update for a card that is already blocked", async () => {
    expect((await blockDriverCard(DEMO_DRIVER_ID, 2003)).status).toBe("blocked");
    expect(sentTo(h, "PATCH", h.wire.cardPath())).toHaveLength(0);
  });
});

/** Driver 1002's card 2004 (code 04123456789ABC), which driver 1001 tries to add. */
const SECOND_DRIVERS_CARD = { id: 2004, code: "04123456789ABC" };
const en = translatorFor("en");
/** Driver 1001 adds 1002's code: the refusal (a card, were it let through, fails the test). */
async function addSecondDriversCode(): Promise<InstanceType<typeof CardCodeTakenError>> {
  const refusal = await addCardForDriver(
    DEMO_DRIVER_ID,
    { code: SECOND_DRIVERS_CARD.code, visualNumber: "MINE" },
    "driver",
  ).then(
    (card) => card,
    (error: unknown) => error,
  );
  expect(refusal).toBeInstanceOf(CardCodeTakenError);
  return refusal as InstanceType<typeof CardCodeTakenError>;
}

describe("issue 22, L3: a driver adds a code only if no other account holds it, in any status", () => {
  it("driver 1001 cannot add 1002's paused card, so 1002 can still resume it", async () => {
    await pauseDriverCard(SECOND_DRIVER_ID, SECOND_DRIVERS_CARD.id, { role: "driver" });
    expect(await addSecondDriversCode()).toMatchObject({ name: "CardCodeTakenError", where: "elsewhere" });
    expect(sentTo(h, "POST", h.wire.cardsPath)).toHaveLength(0);
    expect((await resumeDriverCard(SECOND_DRIVER_ID, SECOND_DRIVERS_CARD.id, { role: "driver" })).status).toBe(
      "active",
    );
  });

  it("one refusal for an active, paused or blocked code, naming no one", async () => {
    const messages = [];
    messages.push(en((await addSecondDriversCode()).message));
    await pauseDriverCard(SECOND_DRIVER_ID, SECOND_DRIVERS_CARD.id, { role: "driver" });
    messages.push(en((await addSecondDriversCode()).message));
    await blockDriverCard(SECOND_DRIVER_ID, SECOND_DRIVERS_CARD.id, { role: "driver" });
    messages.push(en((await addSecondDriversCode()).message));
    expect(new Set(messages)).toEqual(
      new Set([
        "This card is already linked to another account. If it is yours, ask support to move it to your account.",
      ]),
    );
    expect(sentTo(h, "POST", h.wire.cardsPath)).toHaveLength(0);
    expect((await h.state()).tokens.filter((t) => t.code === SECOND_DRIVERS_CARD.code)).toHaveLength(1);
  });

  inDialect("contract", it)(
    "a driver's resume refused because staff linked the code elsewhere names no driver; staff are told which",
    async () => {
      await pauseDriverCard(SECOND_DRIVER_ID, SECOND_DRIVERS_CARD.id, { role: "driver" });
      // Staff may link a code that is only paused elsewhere (the contract keeps one token per link).
      await addCardForDriver(DEMO_DRIVER_ID, { code: SECOND_DRIVERS_CARD.code, visualNumber: "MOVED" }, "staff");
      const refusal = await resumeDriverCard(SECOND_DRIVER_ID, SECOND_DRIVERS_CARD.id, { role: "driver" }).catch(
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(CardStatusRefusedError);
      const words = en((refusal as InstanceType<typeof CardStatusRefusedError>).message);
      expect(words).toMatch(/^This card code is active on another account/);
      expect(words).not.toMatch(/\d/);
      const staff = { role: "support", email: "support@example.com" } as const;
      await expect(resumeDriverCard(SECOND_DRIVER_ID, SECOND_DRIVERS_CARD.id, staff)).rejects.toMatchObject({
        values: { driverId: String(DEMO_DRIVER_ID) },
      });
    },
  );
});

describe("issue 24: a card provisioned in advance, with no driver yet", () => {
  const [uid] = UNASSIGNED_TAG_UIDS;

  inDialect("ampeco", it)(
    "the driver claims the existing tag by its UID with one PATCH {userId, status, idLabel}; no second tag is created",
    async () => {
      const card = await addCardForDriver(DEMO_DRIVER_ID, { code: uid, visualNumber: "MY-CARD-1" }, "driver");
      expect(card).toMatchObject({ id: 2006, userId: DEMO_DRIVER_ID, code: uid, status: "active" });
      expect(sentTo(h, "POST", h.wire.cardsPath)).toHaveLength(0);
      expect(sentTo(h, "PATCH", h.wire.cardPath(2006)).map((r) => r.body)).toEqual([
        { userId: DEMO_DRIVER_ID, status: "enabled", idLabel: "MY-CARD-1" },
      ]);
      expect((await h.state()).tokens.filter((t) => t.code === uid).map((t) => [t.id, t.userId])).toEqual([
        [2006, DEMO_DRIVER_ID],
      ]);
      expect((await listDriverCards(DEMO_DRIVER_ID)).map((c) => c.code)).toContain(uid);
    },
  );

  inDialect("contract", it)("the contract holds no such tag: the same UID is linked with a create", async () => {
    const card = await addCardForDriver(DEMO_DRIVER_ID, { code: uid, visualNumber: "MY-CARD-1" }, "driver");
    expect(card).toMatchObject({ userId: DEMO_DRIVER_ID, code: uid, status: "active" });
    expect(sentTo(h, "POST", h.wire.cardsPath)).toHaveLength(1);
  });

  it("once claimed, the code is another driver's: a second driver is refused without a write", async () => {
    await addCardForDriver(DEMO_DRIVER_ID, { code: uid, visualNumber: "MY-CARD-1" }, "driver");
    h.sent.length = 0;
    await expect(
      addCardForDriver(SECOND_DRIVER_ID, { code: uid, visualNumber: "MINE" }, "driver"),
    ).rejects.toMatchObject({ where: "elsewhere" });
    expect(h.sent.filter((r) => r.method !== "GET")).toHaveLength(0);
  });
});
