import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AppPasswordForm } from "@/components/account/app-password-form";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { setAppPasswordWithLinkAction } from "@/lib/features/accounts/actions/set-app-password";
import { appPasswordLinkMessage, inspectAppPasswordLink } from "@/lib/features/accounts/app-password";
import { getConfig } from "@/lib/core/config";
import { requestTranslator } from "@/lib/core/i18n/translator";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("appPassword.page");
  return { title: t("title") };
}

const strong = (chunks: React.ReactNode) => <strong className="break-all">{chunks}</strong>;

/**
 * Where the link mailed to a driver created by staff leads (ampeco only: the spec's platform mails
 * its own reset link, so this page does not exist there). Open to anyone holding the link; a used,
 * expired or edited one gets a page that says so, without a form. No token at all is no link: 404.
 */
export default async function SetAppPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (getConfig().platform.dialect !== "ampeco") notFound();
  const { token } = await searchParams;
  if (token === undefined) notFound();
  const [link, t, tServer] = await Promise.all([
    inspectAppPasswordLink(token),
    getTranslations("appPassword.page"),
    requestTranslator(),
  ]);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      {link.status === "pending" ? (
        <Card title={t("card")}>
          <p className="mb-4 text-sm">{t.rich("forAccount", { email: link.email, strong })}</p>
          <AppPasswordForm action={setAppPasswordWithLinkAction} token={typeof token === "string" ? token : ""} />
        </Card>
      ) : (
        <>
          <Alert tone="error" title={t("notSet")}>
            {appPasswordLinkMessage(tServer, link.status)}
          </Alert>
          <Link href="/signin" className="font-semibold text-brand-700 underline dark:text-brand-100">
            {t("signIn")}
          </Link>
        </>
      )}
    </div>
  );
}
