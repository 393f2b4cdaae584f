import { getTranslations } from "next-intl/server";
import type { ProfileValues } from "@/lib/features/accounts/shared";
import { ProfileFormClient, type ProfileAction } from "./profile-form-client";
import { profileFieldLabels } from "./profile-words";

export type { ProfileAction } from "./profile-form-client";

/** Worded on the server, so the browser gets no catalogue. The action is a prop: the admin area reuses the form. */
export async function ProfileForm({ action, profile }: { action: ProfileAction; profile: ProfileValues }) {
  const [t, labels] = await Promise.all([getTranslations("profile.form"), profileFieldLabels()]);
  return (
    <ProfileFormClient
      action={action}
      profile={profile}
      words={{ labels, countryPlaceholder: t("countryPlaceholder"), save: t("save"), saving: t("saving") }}
    />
  );
}
