import "server-only";
import { getDb } from "@/lib/db/client";
import { formatDateTime } from "@/lib/format";
import { currentLocale } from "@/lib/i18n/current-locale";
import { translatorFor } from "@/lib/i18n/translator";
import { deviceLabel, type DeviceRow } from "./device-name";
import { listSignedInDevices, newDeviceMailEnabled } from "./devices";
import { currentSessionToken } from "./session-token";

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
