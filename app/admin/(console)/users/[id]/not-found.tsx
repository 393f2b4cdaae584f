import { getTranslations } from "next-intl/server";
import { TextLink } from "@/components/ui/text-link";

/** An unknown or malformed driver id: say so and lead back to the search. */
export default async function DriverNotFound() {
  const t = await getTranslations("admin");
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{t("driverNotFound.title")}</h1>
      <p>{t("driverNotFound.body")}</p>
      <TextLink href="/admin/users">{t("driverNotFound.search")}</TextLink>
    </div>
  );
}
