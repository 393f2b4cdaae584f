import type { Metadata } from "next";
import Link from "next/link";
import { EmailConfirmForm } from "@/components/account/email-confirm-form";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { confirmEmailChangeAction } from "@/lib/accounts/email-action";
import { EMAIL_CHANGE_LINK_MESSAGES, inspectEmailChangeLink } from "@/lib/accounts/email-change";
import { requireDriverPage } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Confirm your new e-mail address" };

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
  const link = await inspectEmailChangeLink(viewer.userId, token);
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">Confirm your new e-mail address</h1>
      {link.status === "pending" ? (
        <Card>
          <p className="mb-4">
            Your sign-in address changes from <strong className="break-all">{viewer.email}</strong> to{" "}
            <strong className="break-all">{link.newEmail}</strong>. Every other device signed in to this account is
            signed out, and the old address gets a notice.
          </p>
          <EmailConfirmForm action={confirmEmailChangeAction} token={typeof token === "string" ? token : ""} />
        </Card>
      ) : (
        <>
          <Alert tone="error" title="Your e-mail address was not changed">
            {EMAIL_CHANGE_LINK_MESSAGES[link.status]}
          </Alert>
          <Link href="/account" className="font-semibold text-brand-700 underline dark:text-brand-100">
            Back to your account
          </Link>
        </>
      )}
    </div>
  );
}
