import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClasses } from "@/components/ui/button-classes";
import { DeadEndPage } from "@/components/ui/dead-end-page";

/** Shown for unknown ids and for sessions of other accounts alike: nothing tells them apart. */
export default async function SessionNotFound() {
  const t = await getTranslations("sessionDetails.notFound");
  return (
    <DeadEndPage title={t("title")}>
      <p>{t("text")}</p>
      <Link href="/sessions" className={buttonClasses("primary")}>
        {t("back")}
      </Link>
    </DeadEndPage>
  );
}
