import { describe, expect, it } from "vitest";
import { cardStatusNote } from "@/lib/features/cards/status-note";
import { translatorFor } from "@/lib/core/i18n/translator";

const at = new Date("2026-11-24T10:00:00Z");
const t = translatorFor("en");

describe("who set a card's status, in the reader's words", () => {
  it("a driver reads 'you' and 'support'; staff read 'the driver' and the staff member's address", () => {
    const paused = { status: "inactive", by: { role: "driver" }, at } as const;
    const blocked = { status: "blocked", by: { role: "support", email: "ann@support.example" }, at } as const;
    expect(cardStatusNote(t, "en", paused, "driver")).toBe("Paused by you on 24 Nov 2026");
    expect(cardStatusNote(t, "en", paused, "staff")).toBe("Paused by the driver on 24 Nov 2026");
    expect(cardStatusNote(t, "en", blocked, "driver")).toBe("Blocked by support on 24 Nov 2026");
    expect(cardStatusNote(t, "en", blocked, "staff")).toBe("Blocked by ann@support.example on 24 Nov 2026");
    expect(cardStatusNote(t, "en", { status: "active", by: { role: "driver" }, at }, "driver")).toBe(
      "Resumed by you on 24 Nov 2026",
    );
  });

  it("is written in the reader's language, with the date in its format", () => {
    const paused = { status: "inactive", by: { role: "driver" }, at } as const;
    expect(cardStatusNote(translatorFor("nl"), "nl", paused, "driver")).toBe("Gepauzeerd door jou op 24 nov 2026");
    expect(cardStatusNote(translatorFor("de"), "de", paused, "staff")).toBe("Pausiert vom Fahrer am 24.11.2026");
  });

  it("says nothing where the portal has no record", () => {
    expect(cardStatusNote(t, "en", undefined, "driver")).toBeNull();
  });
});
