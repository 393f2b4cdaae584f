import { getTranslations } from "next-intl/server";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { titleFrom } from "@/components/layout/page-title";

export const generateMetadata = titleFrom("notLinked.title");

export default async function AccountNotLinkedPage() {
  const t = await getTranslations("notLinked");
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-bold">{t("heading")}</h1>
      <p>{t("body")}</p>
      <p>{t("retry")}</p>
      <SignOutButton />
    </div>
  );
}
