import { getTranslations } from "next-intl/server";
import { DeadEndNotice } from "@/components/ui/dead-end-page";
import { titleFrom } from "@/components/layout/page-title";

export const generateMetadata = titleFrom("forbidden.title");

/** A staff page the viewer's role may not open (support on an admin-only page): 403, said in a sentence. */
export default async function StaffForbidden() {
  const t = await getTranslations("forbidden");
  return <DeadEndNotice title={t("title")} text={t("text")} back={{ href: "/admin", label: t("back") }} />;
}
