import { getTranslations } from "next-intl/server";
import { DeadEndNotice } from "@/components/ui/dead-end-page";

/** An unknown or malformed driver id: say so and lead back to the search. */
export default async function DriverNotFound() {
  const t = await getTranslations("admin");
  return (
    <DeadEndNotice
      title={t("driverNotFound.title")}
      text={t("driverNotFound.body")}
      back={{ href: "/admin/users", label: t("driverNotFound.search") }}
    />
  );
}
