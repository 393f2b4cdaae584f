import { getTranslations } from "next-intl/server";
import { FinishSignUpForm } from "@/components/accounts/app-password-form";
import { LinkLanding } from "@/components/ui/link-landing";
import { strongBreakable as strong } from "@/components/ui/rich-text";
import { TextLink } from "@/components/ui/text-link";
import { inspectSignUpLink, signUpLinkKey } from "@/lib/features/accounts/sign-up";
import { finishSignUpAction } from "@/lib/features/accounts/actions/finish-sign-up";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import { titleFrom } from "@/components/layout/page-title";
import type { SearchParamsProps } from "@/components/layout/search-params";
import { mailedLinkOf } from "@/components/layout/mailed-link";

export const generateMetadata = titleFrom("signUp.finish.title");

/**
 * The sign-up link's page: choosing the app password creates the accounts. A used, expired or edited link gets no form;
 * no token is a 404.
 */
export default async function FinishSignUpPage({ searchParams }: SearchParamsProps) {
  const [t, translator, { link, token }] = await Promise.all([
    getTranslations("signUp.finish"),
    requestTranslator(),
    mailedLinkOf(searchParams, inspectSignUpLink),
  ]);
  if (link.status !== "pending") {
    // A used link has made its account already: the way on is signing in, not another sign-up.
    const next =
      link.status === "used" ? (
        <TextLink href="/signin">{translator("signUp.signIn")}</TextLink>
      ) : (
        <TextLink href="/signup">{t("signUpAgain")}</TextLink>
      );
    const message = translator(signUpLinkKey(link.status));
    return <LinkLanding title={t("title")} centred refusal={{ title: t("notFinished"), message, next }} />;
  }
  return (
    <LinkLanding title={t("title")} centred>
      <p className="mb-4 text-sm">{t.rich("forAccount", { email: link.email, name: link.name, strong })}</p>
      <FinishSignUpForm action={finishSignUpAction} token={token} />
    </LinkLanding>
  );
}
