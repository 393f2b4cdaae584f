import { getTranslations } from "next-intl/server";
import type { AccountView } from "@/lib/features/accounts";
import { changeEmailAction } from "@/lib/features/accounts/actions/change-email";
import { updateProfileAction } from "@/lib/features/accounts/actions/update-profile";
import { Card, Skeleton } from "@/components/ui/card";
import { EmailForm } from "./email-form";
import { LoadError } from "@/components/ui/load-error";
import { ProfileForm } from "./profile-form";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";

/**
 * The profile page's platform data: the sign-in e-mail and the profile; or, when the platform could not be read, what
 * went wrong and a retry link.
 */
async function ProfileDetails({ view }: { view: AccountView }) {
  const t = await getTranslations("profile.page");
  if (view.status === "error") {
    const message = platformErrorMessage(await getTranslations(), view.error, "profile.doing.loadAccount");
    return <LoadError title={t("loadFailed")} message={message} retryHref="/account/profile" />;
  }
  return (
    <>
      <Card title={t("signInEmail")}>
        <EmailForm action={changeEmailAction} currentEmail={view.email} audience="driver" />
      </Card>
      <Card title={t("profile")}>
        <ProfileForm action={updateProfileAction} profile={view.profile} />
      </Card>
    </>
  );
}

/** Rendered inside Suspense, so the page's heading reaches the browser while the platform call is in flight. */
export async function StreamedProfileDetails({ view }: { view: Promise<AccountView> }) {
  return <ProfileDetails view={await view} />;
}

/** In place of the details until the platform answers: the cards' shapes. */
export async function ProfileDetailsPending() {
  const t = await getTranslations("profile.page");
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">{t("loadingDetails")}</span>
      <Skeleton className="h-36" />
      <Skeleton className="h-72" />
    </div>
  );
}
