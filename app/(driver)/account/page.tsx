import type { Metadata } from "next";
import { AccountDetails } from "@/components/account/account-details";
import { PasswordResetForm } from "@/components/account/password-reset-form";
import { Card } from "@/components/ui/card";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { loadAccountView } from "@/lib/accounts/account-view";
import { startPasswordResetAction } from "@/lib/accounts/password-reset-action";
import { requireDriverPage } from "@/lib/auth/guards";
import { countryOptions } from "@/lib/countries";

export const metadata: Metadata = { title: "Account" };

/**
 * Balance, profile, sign-in e-mail and app password of the signed-in driver: one platform read.
 * When the platform cannot be read, the cards that do not need it (app password, signing out
 * everywhere) still work.
 */
export default async function AccountPage() {
  const viewer = await requireDriverPage();
  const account = await loadAccountView(viewer.platformUserId);
  return (
    <div className="space-y-6">
      <AccountDetails view={account} countries={countryOptions()} />
      <Card title="Charging app password">
        <PasswordResetForm action={startPasswordResetAction} />
      </Card>
      <Card title="Signed-in devices">
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
          Lost a phone or used a shared computer? Sign out everywhere this account is signed in, including here.
        </p>
        <SignOutButton everywhere />
      </Card>
    </div>
  );
}
