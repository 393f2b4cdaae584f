import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClasses } from "@/components/ui/button-classes";

/** Shown for unknown ids and for sessions of other accounts alike: nothing tells them apart. */
export default async function SessionNotFound() {
  const t = await getTranslations("sessionDetails.notFound");
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p>{t("text")}</p>
      <Link href="/sessions" className={buttonClasses("primary")}>
        {t("back")}
      </Link>
    </div>
  );
}
