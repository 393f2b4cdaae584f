import Link from "next/link";
import { getTranslations } from "next-intl/server";

/** An unknown or malformed driver id: say so and lead back to the search. */
export default async function DriverNotFound() {
  const t = await getTranslations("admin");
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{t("driverNotFound.title")}</h1>
      <p>{t("driverNotFound.body")}</p>
      <Link href="/admin/users" className="font-semibold text-brand-700 underline dark:text-brand-100">
        {t("driverNotFound.search")}
      </Link>
    </div>
  );
}
