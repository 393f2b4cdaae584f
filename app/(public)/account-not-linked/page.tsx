import { getTranslations } from "next-intl/server";
import { SignOutButton } from "@/components/sign-in/sign-out-button";
import { titleFrom } from "@/components/layout/page-title";
import { DeadEndPage } from "@/components/ui/dead-end-page";

export const generateMetadata = titleFrom("notLinked.title");

export default async function AccountNotLinkedPage() {
  const t = await getTranslations("notLinked");
  return (
    <DeadEndPage title={t("heading")} narrow>
      <p>{t("body")}</p>
      <p>{t("retry")}</p>
      <SignOutButton />
    </DeadEndPage>
  );
}
