import type { Metadata } from "next";
import { Suspense } from "react";
import { AccountDetailsPending, StreamedAccountDetails } from "@/components/account/account-details";
import { AppPasswordForm } from "@/components/account/app-password-form";
import { PasswordResetForm } from "@/components/account/password-reset-form";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { NewDeviceMailForm, SignedInDeviceList } from "@/components/account/signed-in-devices";
import { AccountDeletion } from "@/components/account/account-deletion";
import { PlatformExport } from "@/components/account/platform-export";
import { PasskeyManager } from "@/components/passkeys/passkey-manager";
import { removePasskeyAction, renamePasskeyAction } from "@/lib/auth/passkeys/actions";
import { loadPasskeyRows } from "@/lib/auth/passkeys/view";
import { loadAccountView } from "@/lib/accounts/account-view";
import { DELETION_GRACE_DAYS, openDeletionRequestOf } from "@/lib/accounts/deletion";
import { cancelAccountDeletionAction, requestAccountDeletionAction } from "@/lib/accounts/deletion-action";
import { setAppPasswordAction } from "@/lib/accounts/app-password-action";
import { platformExportOffered } from "@/lib/accounts/platform-export";
import { requestPlatformExportAction } from "@/lib/accounts/platform-export-action";
import { startPasswordResetAction } from "@/lib/accounts/password-reset-action";
import { newDeviceMailAction, signOutDeviceAction } from "@/lib/auth/device-actions";
import { loadDeviceListView } from "@/lib/auth/device-list-view";
import { requireDriverPage } from "@/lib/auth/guards";
import { getConfig } from "@/lib/config";
import { formatDate } from "@/lib/format";

export const metadata: Metadata = { title: "Account" };

/**
 * Balance, profile, sign-in e-mail and app password of the signed-in driver: one platform read,
 * streamed in after the cards that need only the database. When the platform cannot be read, the
 * cards that do not need it (app password, signed-in devices) still work. The app password follows the platform: the spec's mails a reset link,
 * the real one (ampeco) takes a new password directly, and only the form that works is shown. Only
 * the real platform also has an export of its own, offered next to "Download my data".
 */
export default async function AccountPage() {
  const viewer = await requireDriverPage();
  // Started first and awaited only inside the Suspense boundary (it never rejects: a failure is a view).
  const account = loadAccountView(viewer.platformUserId);
  const [deviceList, deletion, passkeys] = await Promise.all([
    loadDeviceListView(viewer.userId),
    openDeletionRequestOf(viewer.userId),
    loadPasskeyRows(viewer.userId),
  ]);
  return (
    <div className="space-y-6">
      <Suspense fallback={<AccountDetailsPending />}>
        <StreamedAccountDetails view={account} />
      </Suspense>
      {getConfig().platform.dialect === "ampeco" ? (
        <Card title="Set a new app password">
          <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
            The password of the charging app. Signing in to this portal does not use it.
          </p>
          <AppPasswordForm action={setAppPasswordAction} />
        </Card>
      ) : (
        <Card title="Charging app password">
          <PasswordResetForm action={startPasswordResetAction} audience="driver" />
        </Card>
      )}
      <Card title="Your data">
        <div className="space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Everything the portal and the charging service keep about you: your account, signed-in devices, the audit
            entries about you, your profile, cards and every charging session, as JSON files in one ZIP with a README.
          </p>
          {/* A plain link: the answer's Content-Disposition makes the browser save the ZIP and stay
              here, and an error answer (platform down) is shown instead of a silently failed download. */}
          <a href="/api/account/data-export" className={buttonClasses("secondary")}>
            Download my data
          </a>
          {platformExportOffered() ? <PlatformExport action={requestPlatformExportAction} /> : null}
        </div>
      </Card>
      <Card title="Passkeys">
        <div className="space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Sign in with your fingerprint, face or device PIN instead of an e-mail link. A passkey stays on your device
            (or in your password manager) and works only on this portal, so it cannot be phished. The e-mail link keeps
            working.
          </p>
          <PasskeyManager passkeys={passkeys} renameAction={renamePasskeyAction} removeAction={removePasskeyAction} />
        </div>
      </Card>
      <Card title="Signed-in devices">
        <div className="space-y-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Every browser signed in to this account. About each, the portal keeps only the browser and system name and
            when it was first and last seen: never the full browser identification, never your IP address.
          </p>
          <SignedInDeviceList devices={deviceList.devices} action={signOutDeviceAction} />
          <div className="space-y-2">
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Lost a phone or used a shared computer? Sign out everywhere this account is signed in, including here.
            </p>
            <SignOutButton everywhere />
          </div>
          <NewDeviceMailForm enabled={deviceList.newDeviceMail} action={newDeviceMailAction} />
        </div>
      </Card>
      <Card title="Delete my account">
        <AccountDeletion
          pendingSince={deletion ? formatDate(deletion.requestedAt) : null}
          dueDate={deletion ? formatDate(deletion.dueAt) : null}
          graceDays={DELETION_GRACE_DAYS}
          requestAction={requestAccountDeletionAction}
          cancelAction={cancelAccountDeletionAction}
        />
      </Card>
    </div>
  );
}
