import "server-only";
import { getDb } from "@/lib/core/db/client";
import { formatDateTime } from "@/lib/core/format";
import { currentLocale } from "@/lib/core/auth/current-locale";
import { translatorFor } from "@/lib/core/i18n/translator";
import { deviceLabel, type DeviceRow } from "@/lib/core/auth/device-name";
import { listSignedInDevices, newDeviceMailEnabled } from "@/lib/core/auth/devices";
import { currentSessionToken } from "@/lib/core/auth/session-token";

/**
 * The /account device list of a portal account, this request's device first, and the notice setting:
 * names and times in the page's language.
 */
export async function loadDeviceListView(userId: string): Promise<{ devices: DeviceRow[]; newDeviceMail: boolean }> {
  const db = await getDb();
  const locale = await currentLocale();
  const t = translatorFor(locale);
  const [devices, newDeviceMail] = await Promise.all([
    listSignedInDevices(db, userId, await currentSessionToken()),
    newDeviceMailEnabled(db, userId),
  ]);
  const rows = devices.map((device) => ({
    id: device.id,
    label: deviceLabel(device, t),
    firstSeen: formatDateTime(device.firstSeen, locale),
    lastSeen: formatDateTime(device.lastSeen, locale),
    current: device.current,
  }));
  return { devices: [...rows.filter((d) => d.current), ...rows.filter((d) => !d.current)], newDeviceMail };
}
