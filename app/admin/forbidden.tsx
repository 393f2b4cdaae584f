import { getTranslations } from "next-intl/server";
import { TextLink } from "@/components/ui/text-link";
import { DeadEndPage } from "@/components/ui/dead-end-page";
import { titleFrom } from "@/components/layout/page-title";

export const generateMetadata = titleFrom("forbidden.title");

/** A staff page the viewer's role may not open (support on an admin-only page): 403, said in a sentence. */
export default async function StaffForbidden() {
  const t = await getTranslations("forbidden");
  return (
    <DeadEndPage title={t("title")}>
      <p>{t("text")}</p>
      <TextLink href="/admin">{t("back")}</TextLink>
    </DeadEndPage>
  );
}
