import { describe, expect, it } from "vitest";
import { deviceRows } from "@/components/devices/device-rows";
import { UNKNOWN_DEVICE } from "@/lib/core/auth/device-name";
import { translatorFor } from "@/lib/core/i18n/translator";

const firstSeen = new Date("2026-11-24T10:00:00Z");
const lastSeen = new Date("2026-11-25T16:30:00Z");
const devices = [
  { id: "d1", browser: "Firefox", os: "macOS", firstSeen, lastSeen, current: true },
  { id: "d2", ...UNKNOWN_DEVICE, firstSeen, lastSeen, current: false },
];

describe("the /account page's device rows", () => {
  it("names each device and its times in the page's language, in the order the service gave", () => {
    expect(deviceRows(devices, translatorFor("en"), "en")).toEqual([
      {
        id: "d1",
        label: "Firefox on macOS",
        firstSeen: "24 Nov 2026, 11:00",
        lastSeen: "25 Nov 2026, 17:30",
        current: true,
      },
      {
        id: "d2",
        label: "Unknown browser on unknown system",
        firstSeen: "24 Nov 2026, 11:00",
        lastSeen: "25 Nov 2026, 17:30",
        current: false,
      },
    ]);
    expect(deviceRows(devices, translatorFor("de"), "de").map((row) => [row.label, row.lastSeen])).toEqual([
      ["Firefox unter macOS", "25.11.2026, 17:30"],
      ["Unbekannter Browser unter unbekanntem System", "25.11.2026, 17:30"],
    ]);
  });
});
