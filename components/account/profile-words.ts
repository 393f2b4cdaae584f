import "server-only";
import { getTranslations } from "next-intl/server";
import type { ProfileFieldLabels } from "./profile-fields";

/**
 * The profile fields' labels in the request's language, for the forms that show ProfileFields: the
 * server puts them into words and hands them to the client form, so no catalogue travels to the browser.
 */
export async function profileFieldLabels(): Promise<ProfileFieldLabels> {
  const t = await getTranslations("profile.fields");
  return {
    firstName: t("firstName"),
    lastName: t("lastName"),
    phone: t("phone"),
    address: t("address"),
    city: t("city"),
    postCode: t("postCode"),
    country: t("country"),
  };
}
