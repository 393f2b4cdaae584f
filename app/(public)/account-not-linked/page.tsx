import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SignOutButton } from "@/components/auth/sign-out-button";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notLinked");
  return { title: t("title") };
}

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
