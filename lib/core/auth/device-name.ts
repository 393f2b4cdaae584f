import UAParser from "ua-parser-js";
import type { Translator } from "@/lib/core/i18n/translator";

/** What the portal keeps of a user agent: a browser and a system name, no versions, nothing else. */
export interface DeviceName {
  browser: string;
  os: string;
}

/**
 * What is stored when the user agent names no browser or system: a marker kept in the database (and
 * so in English, like the browser names), put into the reader's words by deviceLabel.
 */
export const UNKNOWN_DEVICE: DeviceName = { browser: "Unknown browser", os: "unknown system" };

/** Long enough for any real name; a crafted user agent cannot fill the table with a novel. */
const MAX_NAME_LENGTH = 40;

function clean(name: string | undefined): string | null {
  const trimmed = name?.replace(/[^\p{L}\p{N} ._-]/gu, "").trim();
  return trimmed ? trimmed.slice(0, MAX_NAME_LENGTH) : null;
}

/** The browser and system names in a user agent ("Firefox", "macOS"); unknown parts say so. */
export function deviceNameFrom(userAgent: string | null | undefined): DeviceName {
  if (!userAgent) return UNKNOWN_DEVICE;
  const parsed = new UAParser(userAgent.slice(0, 1024)).getResult();
  return {
    browser: clean(parsed.browser.name) ?? UNKNOWN_DEVICE.browser,
    os: clean(parsed.os.name === "Mac OS" ? "macOS" : parsed.os.name) ?? UNKNOWN_DEVICE.os,
  };
}

/** "Firefox on macOS", in the words of `t` (the page's language, or a mail's recipient's). */
export function deviceLabel(device: DeviceName, t: Translator): string {
  return t("devices.label", {
    browser: device.browser === UNKNOWN_DEVICE.browser ? t("devices.unknownBrowser") : device.browser,
    os: device.os === UNKNOWN_DEVICE.os ? t("devices.unknownSystem") : device.os,
  });
}

/** A device as the /account page hands it to the browser: names and times already formatted. */
export interface DeviceRow {
  id: string;
  label: string;
  firstSeen: string;
  lastSeen: string;
  current: boolean;
}
