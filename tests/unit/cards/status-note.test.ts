import { describe, expect, it } from "vitest";
import { cardStatusNote } from "@/lib/cards/status-note";

const at = new Date("2026-11-24T10:00:00Z");

describe("who set a card's status, in the reader's words", () => {
  it("a driver reads 'you' and 'support'; staff read 'the driver' and the staff member's address", () => {
    const paused = { status: "inactive", by: { role: "driver" }, at } as const;
    const blocked = { status: "blocked", by: { role: "support", email: "ann@support.example" }, at } as const;
    expect(cardStatusNote(paused, "driver")).toBe("Paused by you on 24 Nov 2026");
    expect(cardStatusNote(paused, "staff")).toBe("Paused by the driver on 24 Nov 2026");
    expect(cardStatusNote(blocked, "driver")).toBe("Blocked by support on 24 Nov 2026");
    expect(cardStatusNote(blocked, "staff")).toBe("Blocked by ann@support.example on 24 Nov 2026");
    expect(cardStatusNote({ status: "active", by: { role: "driver" }, at }, "driver")).toBe(
      "Resumed by you on 24 Nov 2026",
    );
  });

  it("says nothing where the portal has no record", () => {
    expect(cardStatusNote(undefined, "driver")).toBeNull();
  });
});
