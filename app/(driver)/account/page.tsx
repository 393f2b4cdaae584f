import { getLocale, getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { AccountDetailsPending, StreamedAccountDetails } from "@/components/accounts/account-details";
import { AppPasswordForm } from "@/components/accounts/app-password-form";
import { PasswordResetForm } from "@/components/accounts/password-reset-form";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { SignOutButton } from "@/components/sign-in/sign-out-button";
import { NewDeviceMailForm, SignedInDeviceList } from "@/components/devices/signed-in-devices";
import { deviceRows } from "@/components/devices/device-rows";
import { ReceiptMailForm } from "@/components/live/receipt-mail-form";
import { AccountDeletion } from "@/components/accounts/account-deletion";
import { PlatformExport } from "@/components/accounts/platform-export";
import { PasskeyManager } from "@/components/passkeys/passkey-manager";
import { removePasskeyAction } from "@/lib/features/passkeys/actions/remove-passkey";
import { renamePasskeyAction } from "@/lib/features/passkeys/actions/rename-passkey";
import { loadPasskeyRows } from "@/lib/features/passkeys/view";
import { loadAccountView } from "@/lib/features/accounts/account-view";
import { DELETION_GRACE_DAYS, openDeletionRequestOf } from "@/lib/features/accounts/deletion";
import { cancelAccountDeletionAction } from "@/lib/features/accounts/actions/cancel-account-deletion";
import { requestAccountDeletionAction } from "@/lib/features/accounts/actions/request-account-deletion";
import { setAppPasswordAction } from "@/lib/features/accounts/actions/set-app-password";
import { platformExportOffered } from "@/lib/features/accounts/platform-export";
import { requestPlatformExportAction } from "@/lib/features/accounts/actions/request-platform-export";
import { startPasswordResetAction } from "@/lib/features/accounts/actions/start-password-reset";
import { setNewDeviceMailAction } from "@/lib/features/devices/actions/set-new-device-mail";
import { signOutDeviceAction } from "@/lib/features/devices/actions/sign-out-device";
import { loadDeviceListView } from "@/lib/features/devices/device-list-view";
import { receiptMailEnabled } from "@/lib/features/live";
import { setReceiptMailAction } from "@/lib/features/live/actions/set-receipt-mail";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { getConfig } from "@/lib/core/config";
import { formatDate } from "@/lib/core/format";
import { titleFrom } from "@/components/layout/page-title";
import { TextLink } from "@/components/ui/text-link";
import { billingDetailsSupported } from "@/lib/features/billing";
import { ledgerOffered } from "@/lib/features/payments";

export const generateMetadata = titleFrom("profile.page.title");

/**
 * One platform read, streamed in after the database-only cards, which keep working when the platform cannot be read.
 * Only the app-password form that works on this platform is shown.
 */
export default async function AccountPage() {
  const viewer = await requireDriverPage();
  // Started first and awaited only inside the Suspense boundary (it never rejects: a failure is a view).
  const account = loadAccountView(viewer.platformUserId);
  const [
    deviceList,
    deletion,
    passkeys,
    locale,
    t,
    tAppPassword,
    tMyData,
    tDeletion,
    tReceipts,
    receipts,
    tPayments,
    tBilling,
    words,
  ] = await Promise.all([
    loadDeviceListView(viewer.userId),
    openDeletionRequestOf(viewer.userId),
    loadPasskeyRows(viewer.userId),
    getLocale(),
    getTranslations("profile.page"),
    getTranslations("appPassword.accountCard"),
    getTranslations("myData"),
    getTranslations("accountDeletion"),
    getTranslations("receipts"),
    receiptMailEnabled(viewer.userId),
    getTranslations("payments.accountCard"),
    getTranslations("billing"),
    getTranslations(),
  ]);
  return (
    <div className="space-y-6">
      <Suspense fallback={<AccountDetailsPending />}>
        <StreamedAccountDetails view={account} />
      </Suspense>
      {/* Its own page: no platform call here, and its address fields stay apart from the profile's. */}
      <Card title={tBilling("title")}>
        {billingDetailsSupported() ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {tBilling("accountCard")} <TextLink href="/account/billing">{tBilling("edit")}</TextLink>
          </p>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">{tBilling("unsupported")}</p>
        )}
      </Card>
      {getConfig().platform.dialect === "ampeco" ? (
        <Card title={tAppPassword("setTitle")}>
          <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{tAppPassword("setIntro")}</p>
          <AppPasswordForm action={setAppPasswordAction} />
        </Card>
      ) : (
        <Card title={tAppPassword("resetTitle")}>
          <PasswordResetForm action={startPasswordResetAction} audience="driver" />
        </Card>
      )}
      {ledgerOffered() && (
        <Card title={tPayments("title")}>
          <div className="space-y-3">
            <p className="text-sm text-slate-700 dark:text-slate-300">{tPayments("intro")}</p>
            <TextLink href="/account/payments">{tPayments("link")}</TextLink>
          </div>
        </Card>
      )}
      <Card title={tMyData("title")}>
        <div className="space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">{tMyData("intro")}</p>
          {/* A plain link: the answer's Content-Disposition makes the browser save the ZIP and stay
              here, and an error answer (platform down) is shown instead of a silently failed download. */}
          <a href="/api/account/data-export" className={buttonClasses("secondary")}>
            {tMyData("download")}
          </a>
          {platformExportOffered() ? <PlatformExport action={requestPlatformExportAction} /> : null}
        </div>
      </Card>
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
          <NewDeviceMailForm enabled={deviceList.newDeviceMail} action={setNewDeviceMailAction} />
        </div>
      </Card>
      <Card title={tReceipts("title")}>
        <div className="space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">{tReceipts("intro")}</p>
          <ReceiptMailForm enabled={receipts} action={setReceiptMailAction} />
        </div>
      </Card>
      <Card title={tDeletion("title")}>
        <AccountDeletion
          pendingSince={deletion ? formatDate(deletion.requestedAt, locale) : null}
          dueDate={deletion ? formatDate(deletion.dueAt, locale) : null}
          graceDays={DELETION_GRACE_DAYS}
          requestAction={requestAccountDeletionAction}
          cancelAction={cancelAccountDeletionAction}
        />
      </Card>
    </div>
  );
}
