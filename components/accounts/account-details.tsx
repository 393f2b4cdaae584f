import { getTranslations } from "next-intl/server";
import type { AccountView } from "@/lib/features/accounts";
import { changeEmailAction } from "@/lib/features/accounts/actions/change-email";
import { updateProfileAction } from "@/lib/features/accounts/actions/update-profile";
import { Card, Skeleton } from "@/components/ui/card";
import { Balance } from "./balance";
import { EmailForm } from "./email-form";
import { LoadError } from "@/components/ui/load-error";
import { ProfileForm } from "./profile-form";
import { TextLink } from "@/components/ui/text-link";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";

/**
 * The parts of the account page that show the driver's platform data: greeting, balance, sign-in
 * e-mail and profile; or, when the platform could not be read, what went wrong and a retry link.
 */
export async function AccountDetails({ view }: { view: AccountView }) {
  const t = await getTranslations("profile.page");
  if (view.status === "error") {
    const message = platformErrorMessage(await getTranslations(), view.error, "profile.doing.loadAccount");
    return (
      <>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <LoadError title={t("loadFailed")} message={message} retryHref="/account" />
      </>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-bold">{view.firstName ? t("hello", { name: view.firstName }) : t("title")}</h1>
      <div className="grid items-start gap-4 md:grid-cols-2">
        <Card title={t("balance")}>
          <Balance view={view.balance} />
          <p className="mt-3 text-sm">
            <TextLink href="/vouchers">{t("redeemVoucher")}</TextLink>
          </p>
        </Card>
        <Card title={t("signInEmail")}>
          <EmailForm action={changeEmailAction} currentEmail={view.email} audience="driver" />
        </Card>
      </div>
      <Card title={t("profile")}>
        <ProfileForm action={updateProfileAction} profile={view.profile} />
      </Card>
    </>
  );
}

/** Rendered inside Suspense, so the database-only cards reach the browser while the platform call is in flight. */
export async function StreamedAccountDetails({ view }: { view: Promise<AccountView> }) {
  return <AccountDetails view={await view} />;
}

/** In place of the details until the platform answers: the page's heading and the cards' shapes. */
export async function AccountDetailsPending() {
  const t = await getTranslations("profile.page");
  return (
    <>
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <div role="status" aria-live="polite" className="space-y-6">
        <span className="sr-only">{t("loadingDetails")}</span>
        <div className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-36" />
          <Skeleton className="h-36" />
        </div>
        <Skeleton className="h-72" />
      </div>
    </>
  );
}
