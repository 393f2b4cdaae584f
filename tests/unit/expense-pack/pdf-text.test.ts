import { describe, expect, it } from "vitest";
import { winAnsi } from "@/lib/core/pdf-document";

describe("text for Helvetica's WinAnsi encoding", () => {
  it("keeps Dutch, German and the euro sign as they are", () => {
    expect(winAnsi("Straße 5, Düsseldorf – € 12,50 · ‘Café’")).toBe("Straße 5, Düsseldorf – € 12,50 · ‘Café’");
    expect(winAnsi("line one\nline two")).toBe("line one\nline two");
  });

  it("drops accents it cannot print, and prints ? for what has no Latin form", () => {
    expect(winAnsi("Łódź Ősz Čapek")).toBe("?ódz Osz Capek");
    expect(winAnsi("Москва 東京")).toBe("?????? ??");
    expect(winAnsi("10\u202f:\u00a030")).toBe("10 :\u00a030");
  });
});
