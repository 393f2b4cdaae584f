import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { EmailConfirmForm } from "@/components/account/email-confirm-form";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { confirmEmailChangeAction } from "@/lib/features/accounts/actions/change-email";
import { emailChangeLinkMessage, inspectEmailChangeLink } from "@/lib/features/accounts/email-change";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { requestTranslator } from "@/lib/core/i18n/translator";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("profile.emailConfirm");
  return { title: t("title") };
}

const strong = (chunks: React.ReactNode) => <strong className="break-all">{chunks}</strong>;

/**
 * Where the link mailed to a new address leads. Without a session the middleware sends the visitor
 * to sign in first and back here after. Any token, edited or not, gets a page that says what it is.
 */
export default async function ConfirmEmailChangePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requireDriverPage();
  const { token } = await searchParams;
  const [link, t, tServer] = await Promise.all([
    inspectEmailChangeLink(viewer.userId, token),
    getTranslations("profile.emailConfirm"),
    requestTranslator(),
  ]);
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      {link.status === "pending" ? (
        <Card>
          <p className="mb-4">{t.rich("pending", { from: viewer.email, to: link.newEmail, strong })}</p>
          <EmailConfirmForm
            action={confirmEmailChangeAction}
            token={typeof token === "string" ? token : ""}
            words={{ confirm: t("confirm"), changing: t("changing"), signIn: t("signIn") }}
          />
        </Card>
      ) : (
        <>
          <Alert tone="error" title={t("notChanged")}>
            {emailChangeLinkMessage(tServer, link.status)}
          </Alert>
          <Link href="/account" className="font-semibold text-brand-700 underline dark:text-brand-100">
            {t("back")}
          </Link>
        </>
      )}
    </div>
  );
}
