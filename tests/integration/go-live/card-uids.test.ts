import { beforeEach, describe, expect, it, vi } from "vitest";
import { DEMO_DRIVER_ID, SECOND_DRIVER_ID } from "@/emulators/platform";
import { sentTo } from "../driver-services/harness";
import { serviceHarnessForSuite } from "../../support/service-harness";

/**
 * Issue 34, "What breaks" 5: card UIDs compared case-insensitively. Against a tenant that keeps UIDs in lower case and
 * filters `idTagUid` exactly (the emulator's `idTagUids: lower`), the driver's and staff's look-ups of a code typed
 * as the card shows it (upper case) find the tag: claiming a provisioned card, a duplicate, the staff search and the
 * card move's links.
 */
const holder = vi.hoisted(() => ({ harness: null as unknown as import("../driver-services/harness").ServiceHarness }));
vi.mock("@/lib/platform", () => ({ getPlatform: () => holder.harness.client }));
vi.mock("@/lib/core/db/client", () => ({ getDb: async () => holder.harness.db.db }));

const { addCardForDriver, CardCodeTakenError } = await import("@/lib/features/cards/service");
const { findDrivers } = await import("@/lib/features/admin/find-driver");
const { platformMoveDeps } = await import("@/lib/features/admin/move-card");

const h = serviceHarnessForSuite({ seams: holder, dialect: "ampeco" });
beforeEach(async () => {
  await h.control("PUT", "/settings", { idTagUids: "lower" });
  h.sent.length = 0;
});

const ID_TAGS = /\/id-tags\/v2\.0$/;

describe("a tenant that keeps UIDs in lower case", () => {
  it("shows its tags in lower case and finds none by the upper-case UID (the filter is exact)", async () => {
    const cards = await h.client.cards.listAllCards({ userId: DEMO_DRIVER_ID });
    expect(cards.map((c) => c.code)).toContain("04a1b2c3d4e5f6");
    const exact = await h.emulator.handle(
      new Request("http://platform.test/public-api/resources/id-tags/v2.0?filter[idTagUid]=04A1B2C3D4E5F6&cursor=", {
        headers: { authorization: "Bearer driver-services-key" },
      }),
    );
    expect(((await exact.json()) as { data: unknown[] }).data).toEqual([]);
  });

  it("lets a driver claim the card they were sent by the UID printed on it, with one PATCH and no create", async () => {
    const card = await addCardForDriver(
      SECOND_DRIVER_ID,
      { code: "04C0FFEE000001", visualNumber: "NL-DPT-001001-5" },
      "driver",
    );
    expect(card).toMatchObject({ id: 2006, userId: SECOND_DRIVER_ID, code: "04c0ffee000001", status: "active" });
    expect(sentTo(h, "POST", ID_TAGS)).toEqual([]);
    expect(sentTo(h, "PATCH", /\/id-tags\/v2\.0\/2006$/)).toHaveLength(1);
  });

  it("tells a driver a card is already theirs, and another driver that it is held elsewhere", async () => {
    const own = addCardForDriver(DEMO_DRIVER_ID, { code: "04a1 b2c3 D4E5F6", visualNumber: "X" }, "driver");
    await expect(own).rejects.toBeInstanceOf(CardCodeTakenError);
    await expect(own).rejects.toMatchObject({ code: "taken", where: "this-account" });
    const theirs = addCardForDriver(SECOND_DRIVER_ID, { code: "04A1B2C3D4E5F6", visualNumber: "X" }, "driver");
    await expect(theirs).rejects.toMatchObject({ where: "elsewhere" });
    expect(sentTo(h, "POST", ID_TAGS)).toEqual([]);
  });

  it("finds the driver by card code in the staff search, typed in either case", async () => {
    for (const q of ["04A1B2C3D4E5F6", "04a1b2c3d4e5f6"]) {
      const hits = await findDrivers({ by: "card", q });
      expect(hits.map((hit) => [hit.user?.id, hit.matchedCard?.id])).toEqual([[DEMO_DRIVER_ID, 2001]]);
    }
  });

  it("gives the card move every link of the code, whatever its case", async () => {
    const links = await platformMoveDeps().linksOfCode("04A1B2C3D4E5F6");
    expect(links.map((c) => c.id)).toEqual([2001]);
  });
});
