import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getConfig } from "@/lib/core/config";
import { connection } from "next/server";
import { SIGN_UP_LINK_HOURS } from "@/lib/features/accounts/sign-up";
import { titleFrom } from "@/components/layout/page-title";
import type { SearchParamsProps } from "@/components/layout/search-params";
import { TextLink } from "@/components/ui/text-link";

export const generateMetadata = titleFrom("signIn.checkEmail.title");

/** After the sign-in form, or with `?for=sign-up` after the sign-up form: the same page for every address. */
export default async function CheckYourEmailPage({ searchParams }: SearchParamsProps) {
  await connection();
  const { mail, auth } = getConfig();
  const signUp = (await searchParams).for === "sign-up";
  const t = await getTranslations("signIn.checkEmail");
  const tDemo = await getTranslations("demo");
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-bold">{t("heading")}</h1>
      <p role="status">
        {signUp
          ? t("signUpSent", { hours: SIGN_UP_LINK_HOURS })
          : t("sent", { minutes: Math.round(auth.signInLinkMaxAgeSeconds / 60) })}
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
      <TextLink href="/signin">{t("back")}</TextLink>
    </div>
  );
}
