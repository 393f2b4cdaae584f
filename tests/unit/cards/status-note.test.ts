import { describe, expect, it } from "vitest";
import { cardStatusNote } from "@/lib/features/cards/status-note";
import { statusNoteInWords } from "@/components/cards/status-note";
import { translatorFor } from "@/lib/core/i18n/translator";
import type { CardStatusChange } from "@/lib/features/cards/status-history";

const at = new Date("2026-11-24T10:00:00Z");
const t = translatorFor("en");

/** The note as the card table words it for `reader`, in `locale`. */
const noteIn = (locale: "en" | "nl" | "de", change: CardStatusChange | undefined, reader: "driver" | "staff") =>
  statusNoteInWords(translatorFor(locale), locale, cardStatusNote(change, reader));

describe("who set a card's status, in the reader's words", () => {
  it("a driver reads 'you' and 'support'; staff read 'the driver' and the staff member's address", () => {
    const paused = { status: "inactive", by: { role: "driver" }, at } as const;
    const blocked = { status: "blocked", by: { role: "support", email: "ann@support.example" }, at } as const;
    expect(noteIn("en", paused, "driver")).toBe("Paused by you on 24 Nov 2026");
    expect(noteIn("en", paused, "staff")).toBe("Paused by the driver on 24 Nov 2026");
    expect(noteIn("en", blocked, "driver")).toBe("Blocked by support on 24 Nov 2026");
    expect(noteIn("en", blocked, "staff")).toBe("Blocked by ann@support.example on 24 Nov 2026");
    expect(noteIn("en", { status: "active", by: { role: "driver" }, at }, "driver")).toBe(
      "Resumed by you on 24 Nov 2026",
    );
  });

  it("is written in the reader's language, with the date in its format", () => {
    const paused = { status: "inactive", by: { role: "driver" }, at } as const;
    expect(noteIn("nl", paused, "driver")).toBe("Gepauzeerd door jou op 24 nov 2026");
    expect(noteIn("de", paused, "staff")).toBe("Pausiert vom Fahrer am 24.11.2026");
  });

  it("is data until the table words it: a key, who as a key with values, and the date", () => {
    const blocked = { status: "blocked", by: { role: "admin", email: "ann@support.example" }, at } as const;
    expect(cardStatusNote(blocked, "staff")).toEqual({
      key: "cards.statusNote.blocked",
      by: { key: "cards.statusNote.byStaff", values: { email: "ann@support.example" } },
      at,
    });
  });

  it("says nothing where the portal has no record", () => {
    expect(cardStatusNote(undefined, "driver")).toBeNull();
    expect(statusNoteInWords(t, "en", null)).toBeNull();
  });
});
