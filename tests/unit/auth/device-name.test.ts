import { describe, expect, it } from "vitest";
import { deviceLabel, deviceNameFrom, UNKNOWN_DEVICE } from "@/lib/core/auth/device-name";
import { translatorFor } from "@/lib/core/i18n/translator";

describe("deviceNameFrom", () => {
  it("keeps the browser and system names, no versions", () => {
    expect(
      deviceNameFrom(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
      ),
    ).toEqual({ browser: "Safari", os: "macOS" });
    expect(deviceNameFrom("Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0")).toEqual({
      browser: "Firefox",
      os: "Linux",
    });
    expect(
      deviceLabel(
        deviceNameFrom(
          "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        ),
        translatorFor("en"),
      ),
    ).toBe("Chrome on Windows");
  });

  it("names the device in the reader's language, the unknown parts too", () => {
    const firefoxOnMac = { browser: "Firefox", os: "macOS" };
    expect(deviceLabel(firefoxOnMac, translatorFor("nl"))).toBe("Firefox op macOS");
    expect(deviceLabel(firefoxOnMac, translatorFor("de"))).toBe("Firefox unter macOS");
    expect(deviceLabel(UNKNOWN_DEVICE, translatorFor("en"))).toBe("Unknown browser on unknown system");
    expect(deviceLabel(UNKNOWN_DEVICE, translatorFor("nl"))).toBe("Onbekende browser op onbekend systeem");
    expect(deviceLabel(UNKNOWN_DEVICE, translatorFor("de"))).toBe("Unbekannter Browser unter unbekanntem System");
  });

  it("says unknown for a missing or unrecognised user agent", () => {
    expect(deviceNameFrom(null)).toEqual(UNKNOWN_DEVICE);
    expect(deviceNameFrom("")).toEqual(UNKNOWN_DEVICE);
    expect(deviceNameFrom("curl/8.0")).toEqual(UNKNOWN_DEVICE);
  });

  it("keeps a crafted user agent from storing markup or a long text", () => {
    const name = deviceNameFrom(`Mozilla/5.0 (X11; Linux x86_64) ${"<b>".repeat(5000)} Firefox/132.0`);
    expect(name.browser.length).toBeLessThanOrEqual(40);
    expect(JSON.stringify(name)).not.toMatch(/[<>]/);
  });
});
