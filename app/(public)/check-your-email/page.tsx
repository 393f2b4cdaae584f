import type { ReactNode } from "react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getConfig } from "@/lib/core/config";
import { connection } from "next/server";
import { SIGN_UP_LINK_HOURS } from "@/lib/features/accounts/sign-up";
import { titleFrom } from "@/components/layout/page-title";
import type { SearchParamsProps } from "@/components/layout/search-params";
import { TextLink } from "@/components/ui/text-link";
import { mailSentTo } from "@/lib/core/auth/mail-sent-to";

export const generateMetadata = titleFrom("signIn.checkEmail.title");

const address = (chunks: ReactNode) => <strong className="[overflow-wrap:anywhere]">{chunks}</strong>;

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
      <p className="text-slate-700 dark:text-slate-300">{t("spam")}</p>
      {mail.outbox && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {tDemo.rich("mailNotice", {
            link: (chunks) => (
              <Link href="/dev/mailbox" className="font-semibold underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
      )}
      {sentTo ? (
        <p>
          {t("notYours")} <TextLink href={signUp ? "/signup" : "/signin"}>{t("useAnother")}</TextLink>
        </p>
      ) : (
        <TextLink href="/signin">{t("back")}</TextLink>
      )}
    </div>
  );
}
