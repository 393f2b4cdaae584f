import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AppPasswordForm } from "@/components/account/app-password-form";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { setAppPasswordWithLinkAction } from "@/lib/accounts/app-password-action";
import { APP_PASSWORD_LINK_MESSAGES, inspectAppPasswordLink } from "@/lib/accounts/app-password";
import { getConfig } from "@/lib/config";

export const metadata: Metadata = { title: "Set your app password" };

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
  const link = await inspectAppPasswordLink(token);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-bold">Set your app password</h1>
      {link.status === "pending" ? (
        <Card title="Set a new app password">
          <p className="mb-4 text-sm">
            For the charging app account <strong className="break-all">{link.email}</strong>. This link works once.
          </p>
          <AppPasswordForm action={setAppPasswordWithLinkAction} token={typeof token === "string" ? token : ""} />
        </Card>
      ) : (
        <>
          <Alert tone="error" title="Your app password was not set">
            {APP_PASSWORD_LINK_MESSAGES[link.status]}
          </Alert>
          <Link href="/signin" className="font-semibold text-brand-700 underline dark:text-brand-100">
            Sign in to the portal
          </Link>
        </>
      )}
    </div>
  );
}
