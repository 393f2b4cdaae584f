import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AppPasswordFormClient } from "@/components/account/app-password-form-client";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { PLATFORM_PASSWORD_MIN } from "@/lib/features/accounts/profile-schema";
import { inspectSignUpLink, signUpLinkMessage } from "@/lib/features/accounts/sign-up";
import { finishSignUpAction } from "@/lib/features/accounts/actions/sign-up";
import { requestTranslator } from "@/lib/core/i18n/translator";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("signUp.finish");
  return { title: t("title") };
}

const strong = (chunks: React.ReactNode) => <strong className="break-all">{chunks}</strong>;
const linkClass = "font-semibold text-brand-700 underline dark:text-brand-100";

/**
 * Where the link mailed by a sign-up leads: the driver chooses the app password, and only then are the
 * platform user and the portal account created. A used, expired or edited link gets a page that says
 * so, without a form. No token at all is no link: 404.
 */
export default async function FinishSignUpPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await searchParams;
  if (token === undefined) notFound();
  const [link, t, tServer] = await Promise.all([
    inspectSignUpLink(token),
    getTranslations("signUp.finish"),
    requestTranslator(),
  ]);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      {link.status === "pending" ? (
        <Card>
          <p className="mb-4 text-sm">{t.rich("forAccount", { email: link.email, name: link.name, strong })}</p>
          <AppPasswordFormClient
            action={finishSignUpAction}
            token={typeof token === "string" ? token : ""}
            keepTyped
            words={{
              newPassword: t("password"),
              hint: t("hint", { min: PLATFORM_PASSWORD_MIN }),
              repeat: t("repeat"),
              set: t("create"),
              setting: t("creating"),
            }}
          />
        </Card>
      ) : (
        <>
          <Alert tone="error" title={t("notFinished")}>
            {signUpLinkMessage(tServer, link.status)}
          </Alert>
          {link.status === "used" ? (
            <Link href="/signin" className={linkClass}>
              {tServer("signUp.signIn")}
            </Link>
          ) : (
            <Link href="/signup" className={linkClass}>
              {t("signUpAgain")}
            </Link>
          )}
        </>
      )}
    </div>
  );
}
