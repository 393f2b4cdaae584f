import type { Metadata } from "next";
import Link from "next/link";
import { getConfig } from "@/lib/config";
import { connection } from "next/server";

export const metadata: Metadata = { title: "Check your e-mail" };

export default async function CheckYourEmailPage() {
  await connection();
  const { mail, auth } = getConfig();
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-bold">Check your e-mail</h1>
      <p role="status">
        If an account exists for that address, a sign-in link is on its way. It works once and expires in{" "}
        {Math.round(auth.signInLinkMaxAgeSeconds / 60)} minutes.
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        No mail after a few minutes? Look in your spam folder, or ask for a new link.
      </p>
      {mail.outbox && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Demo mode: mail is not sent out. Open the{" "}
          <Link href="/dev/mailbox" className="font-semibold underline">
            demo mailbox
          </Link>{" "}
          to find the link.
        </p>
      )}
      <Link href="/signin" className="font-semibold text-brand-700 underline dark:text-brand-100">
        Back to sign in
      </Link>
    </div>
  );
}
