import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getConfig } from "@/lib/core/config";
import { connection } from "next/server";
import { SIGN_UP_LINK_HOURS } from "@/lib/features/accounts/sign-up";
import { titleFrom } from "@/components/layout/page-title";
import type { SearchParamsProps } from "@/components/layout/search-params";
import { TextLink } from "@/components/ui/text-link";
import { Alert } from "@/components/ui/alert";
import { inlineLink, strongBreakable as address } from "@/components/ui/rich-text";
import { mailSentTo } from "@/lib/core/auth/mail-sent-to";

export const generateMetadata = titleFrom("signIn.checkEmail.title");

/**
 * After the sign-in form, or with `?for=sign-up` after the sign-up form: the same page for every address. It names the
 * address typed (from a cookie of this browser's, never the URL), with the way to another.
 */
export default async function CheckYourEmailPage({ searchParams }: SearchParamsProps) {
  await connection();
  const { mail, auth } = getConfig();
  const signUp = (await searchParams).for === "sign-up";
  const t = await getTranslations("signIn.checkEmail");
  const tDemo = await getTranslations("demo");
  const sentTo = await mailSentTo();
  const minutes = Math.round(auth.signInLinkMaxAgeSeconds / 60);
  const formPath = signUp ? "/signup" : "/signin";
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-bold">{t("heading")}</h1>
      <p role="status">
        {signUp
          ? sentTo
            ? t.rich("signUpSentTo", { email: sentTo, hours: SIGN_UP_LINK_HOURS, address })
            : t("signUpSent", { hours: SIGN_UP_LINK_HOURS })
          : sentTo
            ? t.rich("sentTo", { email: sentTo, minutes, address })
            : t("sent", { minutes })}
      </p>
      <p className="text-slate-700 dark:text-slate-300">{t.rich("spam", { again: inlineLink(formPath) })}</p>
      {mail.outbox && (
        <Alert tone="warning">
          {tDemo.rich("mailNotice", {
            link: (chunks) => (
              <Link href="/dev/mailbox" className="font-semibold underline">
                {chunks}
              </Link>
            ),
          })}
        </Alert>
      )}
      {sentTo ? (
        <p>
          {t("notYours")} <TextLink href={formPath}>{t("useAnother")}</TextLink>
        </p>
      ) : (
        <TextLink href="/signin">{t("back")}</TextLink>
      )}
    </div>
  );
}
