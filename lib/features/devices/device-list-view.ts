import "server-only";
import { getDb } from "@/lib/core/db/client";
import { listSignedInDevices, newDeviceMailEnabled, type SignedInDevice } from "@/lib/core/auth/devices";
import { currentSessionToken } from "@/lib/core/auth/session-token";

/**
 * The /account device list of a portal account, this request's device first, and the notice setting. The page puts
 * names and times into its language (components/devices/device-rows.ts).
 */
export async function loadDeviceListView(
  userId: string,
): Promise<{ devices: SignedInDevice[]; newDeviceMail: boolean }> {
  const db = await getDb();
  const [devices, newDeviceMail] = await Promise.all([
    listSignedInDevices(db, userId, await currentSessionToken()),
    newDeviceMailEnabled(db, userId),
  ]);
  return { devices: [...devices.filter((d) => d.current), ...devices.filter((d) => !d.current)], newDeviceMail };
}
