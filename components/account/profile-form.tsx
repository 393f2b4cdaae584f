import { getTranslations } from "next-intl/server";
import type { ProfileValues } from "@/lib/features/accounts/profile-values";
import { ProfileFormClient, type ProfileAction } from "./profile-form-client";
import { profileFieldLabels } from "./profile-words";

export type { ProfileAction } from "./profile-form-client";

/**
 * The driver's profile form (ProfileFormClient) with its words in the page's language: the server
 * puts them into words, so the browser gets the form's words and no catalogue. The action is a
 * prop: the admin area reuses it.
 */
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
