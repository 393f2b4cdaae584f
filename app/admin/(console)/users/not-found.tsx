import { getTranslations } from "next-intl/server";
import { TextLink } from "@/components/ui/text-link";
import { DeadEndPage } from "@/components/ui/dead-end-page";

/** An unknown or malformed driver id: say so and lead back to the search. */
export default async function DriverNotFound() {
  const t = await getTranslations("admin");
  return (
    <DeadEndPage title={t("driverNotFound.title")}>
      <p>{t("driverNotFound.body")}</p>
      <TextLink href="/admin/users">{t("driverNotFound.search")}</TextLink>
    </DeadEndPage>
  );
}
