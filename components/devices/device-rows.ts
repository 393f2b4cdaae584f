import { deviceLabel, type DeviceRow } from "@/lib/core/auth/device-name";
import type { SignedInDevice } from "@/lib/core/auth/devices";
import { formatDateTime } from "@/lib/core/format";
import type { Translator } from "@/lib/core/i18n/translator";

/** The /account page's device rows for the browser: each device's name and times in the page's language. */
export function deviceRows(devices: SignedInDevice[], t: Translator, locale: string): DeviceRow[] {
  return devices.map((device) => ({
    id: device.id,
    label: deviceLabel(device, t),
    firstSeen: formatDateTime(device.firstSeen, locale),
    lastSeen: formatDateTime(device.lastSeen, locale),
    current: device.current,
  }));
}
