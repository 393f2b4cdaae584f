import UAParser from "ua-parser-js";

/** What the portal keeps of a user agent: a browser and a system name, no versions, nothing else. */
export interface DeviceName {
  browser: string;
  os: string;
}

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

/** "Firefox on macOS". */
export function deviceLabel(device: DeviceName): string {
  return `${device.browser} on ${device.os}`;
}

/** A device as the /account page hands it to the browser: names and times already formatted. */
export interface DeviceRow {
  id: string;
  label: string;
  firstSeen: string;
  lastSeen: string;
  current: boolean;
}
