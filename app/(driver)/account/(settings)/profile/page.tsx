import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { ProfileDetailsPending, StreamedProfileDetails } from "@/components/accounts/profile-details";
import { titleFrom } from "@/components/layout/page-title";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { loadAccountView } from "@/lib/features/accounts/account-view";

export const generateMetadata = titleFrom("accountSettings.links.profile");

/** The sign-in e-mail and the profile: one platform read, streamed in below the heading. */
export default async function ProfilePage() {
  const viewer = await requireDriverPage();
  // Started first and awaited only inside the Suspense boundary (it never rejects: a failure is a view).
  const account = loadAccountView(viewer.platformUserId);
  const t = await getTranslations("accountSettings.links");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t("profile")}</h1>
      <Suspense fallback={<ProfileDetailsPending />}>
        <StreamedProfileDetails view={account} />
      </Suspense>
    </div>
  );
}
