import { getLocale, getTranslations } from "next-intl/server";
import { titleFrom } from "@/components/layout/page-title";
import { SignedInDeviceList } from "@/components/devices/signed-in-devices";
import { deviceRows } from "@/components/devices/device-rows";
import { PasskeyManager } from "@/components/passkeys/passkey-manager";
import { SignOutButton } from "@/components/sign-in/sign-out-button";
import { Card } from "@/components/ui/card";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { signOutDeviceAction } from "@/lib/features/devices/actions/sign-out-device";
import { loadDeviceListView } from "@/lib/features/devices";
import { removePasskeyAction } from "@/lib/features/passkeys/actions/remove-passkey";
import { renamePasskeyAction } from "@/lib/features/passkeys/actions/rename-passkey";
import { loadPasskeyRows } from "@/lib/features/passkeys/view";

export const generateMetadata = titleFrom("accountSettings.links.security");

/** How the account signs in: passkeys, the browsers signed in, and signing out everywhere. Database only. */
export default async function SecurityPage() {
  const viewer = await requireDriverPage();
  const [deviceList, passkeys, locale, t, words] = await Promise.all([
    loadDeviceListView(viewer.userId),
    loadPasskeyRows(viewer.userId),
    getLocale(),
    getTranslations("profile.page"),
    getTranslations(),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{words("accountSettings.links.security")}</h1>
      <Card title={t("passkeys")}>
        <div className="space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("passkeysIntro")}</p>
          <PasskeyManager passkeys={passkeys} renameAction={renamePasskeyAction} removeAction={removePasskeyAction} />
        </div>
      </Card>
      <Card title={t("devices")}>
        <div className="space-y-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("devicesIntro")}</p>
          <SignedInDeviceList devices={deviceRows(deviceList.devices, words, locale)} action={signOutDeviceAction} />
          <div className="space-y-2">
            <p className="text-sm text-slate-700 dark:text-slate-300">{t("signOutEverywhereIntro")}</p>
            <SignOutButton everywhere />
          </div>
        </div>
      </Card>
    </div>
  );
}
