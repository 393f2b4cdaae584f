import type { Metadata } from "next";
import Link from "next/link";
import { Balance } from "@/components/account/balance";
import { toBalanceView } from "@/components/account/balance-view";
import { EmailForm } from "@/components/account/email-form";
import { LoadError } from "@/components/account/load-error";
import { PasswordResetForm } from "@/components/account/password-reset-form";
import { ProfileForm } from "@/components/account/profile-form";
import { Card } from "@/components/ui/card";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { changeEmailAction } from "@/lib/accounts/email-action";
import { startPasswordResetAction } from "@/lib/accounts/password-reset-action";
import { updateProfileAction } from "@/lib/accounts/profile-action";
import { requireDriverPage } from "@/lib/auth/guards";
import { countryOptions } from "@/lib/countries";
import { getPlatform } from "@/lib/platform";
import { platformErrorMessage } from "@/lib/platform-errors-to-messages";
import type { PlatformUser } from "@/lib/platform/types";

export const metadata: Metadata = { title: "Account" };

/** Balance, profile, sign-in e-mail and app password of the signed-in driver: one platform read. */
export default async function AccountPage() {
  const viewer = await requireDriverPage();
  let user: PlatformUser;
  try {
    user = await getPlatform().users.getUser(viewer.platformUserId);
  } catch (error) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">Account</h1>
        <LoadError title="Your account could not be loaded" message={platformErrorMessage(error, "load your account")} retryHref="/account" />
      </div>
    );
  }

  const profile = {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    address: user.address,
    city: user.city,
    postCode: user.postCode,
    country: user.country,
  };
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{user.firstName ? `Hello, ${user.firstName}` : "Account"}</h1>
      <div className="grid items-start gap-4 md:grid-cols-2">
        <Card title="Balance">
          <Balance view={toBalanceView(user)} />
          <p className="mt-3 text-sm">
            <Link href="/vouchers" className="font-semibold text-brand-700 underline dark:text-brand-100">
              Redeem a voucher
            </Link>
          </p>
        </Card>
        <Card title="Sign-in e-mail">
          <EmailForm action={changeEmailAction} currentEmail={user.email} />
        </Card>
      </div>
      <Card title="Profile">
        <ProfileForm action={updateProfileAction} profile={profile} countries={countryOptions()} />
      </Card>
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
