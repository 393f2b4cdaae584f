import { getTranslations } from "next-intl/server";
import { EmailConfirmForm } from "@/components/accounts/email-confirm-form";
import { LinkLanding } from "@/components/ui/link-landing";
import { strongBreakable as strong } from "@/components/ui/rich-text";
import { TextLink } from "@/components/ui/text-link";
import { confirmEmailChangeAction } from "@/lib/features/accounts/actions/confirm-email-change";
import { emailChangeLinkKey, inspectEmailChangeLink } from "@/lib/features/accounts/email-change";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import { titleFrom } from "@/components/layout/page-title";
import type { SearchParamsProps } from "@/components/layout/search-params";

export const generateMetadata = titleFrom("profile.emailConfirm.title");

/**
 * Where the link mailed to a new address leads. Without a session the middleware sends the visitor
 * to sign in first and back here after. Any token, edited or not, gets a page that says what it is.
 */
export default async function ConfirmEmailChangePage({ searchParams }: SearchParamsProps) {
  const viewer = await requireDriverPage();
  const { token } = await searchParams;
  const [link, t, translator] = await Promise.all([
    inspectEmailChangeLink(viewer.userId, token),
    getTranslations("profile.emailConfirm"),
    requestTranslator(),
  ]);
  if (link.status !== "pending") {
    const next = <TextLink href="/account">{t("back")}</TextLink>;
    const message = translator(emailChangeLinkKey(link.status));
    return <LinkLanding title={t("title")} refusal={{ title: t("notChanged"), message, next }} />;
  }
  return (
    <LinkLanding title={t("title")}>
      <p className="mb-4">{t.rich("pending", { from: viewer.email, to: link.newEmail, strong })}</p>
      <EmailConfirmForm action={confirmEmailChangeAction} token={typeof token === "string" ? token : ""} />
    </LinkLanding>
  );
}
