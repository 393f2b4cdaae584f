import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AppPasswordForm } from "@/components/accounts/app-password-form";
import { LinkLanding } from "@/components/ui/link-landing";
import { strongBreakable as strong } from "@/components/ui/rich-text";
import { TextLink } from "@/components/ui/text-link";
import { setAppPasswordWithLinkAction } from "@/lib/features/accounts/actions/set-app-password-with-link";
import { appPasswordLinkKey, inspectAppPasswordLink } from "@/lib/features/accounts/app-password";
import { getConfig } from "@/lib/core/config";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import { titleFrom } from "@/components/layout/page-title";
import type { SearchParamsProps } from "@/components/layout/search-params";
import { mailedLinkOf } from "@/components/layout/mailed-link";

export const generateMetadata = titleFrom("appPassword.page.title");

/**
 * Where a staff-created driver's link leads (ampeco only). A used, expired or edited link gets a page without a form;
 * no token at all is a 404.
 */
export default async function SetAppPasswordPage({ searchParams }: SearchParamsProps) {
  if (getConfig().platform.dialect !== "ampeco") notFound();
  const [t, translator, { link, token }] = await Promise.all([
    getTranslations("appPassword.page"),
    requestTranslator(),
    mailedLinkOf(searchParams, inspectAppPasswordLink),
  ]);
  if (link.status !== "pending") {
    const next = <TextLink href="/signin">{t("signIn")}</TextLink>;
    const message = translator(appPasswordLinkKey(link.status));
    return <LinkLanding title={t("title")} centred refusal={{ title: t("notSet"), message, next }} />;
  }
  return (
    <LinkLanding title={t("title")} centred cardTitle={t("card")}>
      <p className="mb-4 text-sm">{t.rich("forAccount", { email: link.email, strong })}</p>
      <AppPasswordForm action={setAppPasswordWithLinkAction} token={token} />
    </LinkLanding>
  );
}
