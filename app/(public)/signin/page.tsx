import type { Metadata } from "next";
import Link from "next/link";
import { SignInForm } from "@/components/auth/sign-in-form";
import { PasskeySignIn } from "@/components/passkeys/passkey-sign-in";
import { Alert } from "@/components/ui/alert";
import { safeReturnPath } from "@/lib/auth/return-path";

export const metadata: Metadata = { title: "Sign in" };

// Auth.js reports problems through ?error=… on this page.
const errorMessages: Record<string, string> = {
  Verification: "That sign-in link has expired or was already used. Ask for a new one below.",
  AccessDenied: "You cannot sign in with that account.",
  Configuration: "Sign-in is not available right now. Try again in a few minutes.",
  RateLimited: "Too many sign-in links were asked for this address or from your network. Try again in 15 minutes.",
  EditedLink: "That sign-in link was changed on its way and cannot be used. Ask for a new one below.",
};

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const error = typeof params.error === "string" ? params.error : undefined;
  const callbackUrl = typeof params.callbackUrl === "string" ? safeReturnPath(params.callbackUrl) : undefined;
  const email = typeof params.email === "string" ? params.email.slice(0, 254) : undefined;
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-2xl font-bold">Sign in</h1>
      {error && <Alert tone="error">{errorMessages[error] ?? "Sign-in failed. Ask for a new link below."}</Alert>}
      <p className="text-slate-700 dark:text-slate-300">
        Enter the e-mail address of your charging account. We will mail you a link that signs you in; no password
        needed.
      </p>
      <SignInForm callbackUrl={callbackUrl} defaultEmail={email} />
      <div className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        <p className="text-sm text-slate-700 dark:text-slate-300">Added a passkey to your account? Use it instead:</p>
        <PasskeySignIn callbackUrl={callbackUrl} autofill />
      </div>
      <p className="text-sm">
        New here?{" "}
        <Link href="/signup" className="font-semibold text-brand-700 underline dark:text-brand-100">
          Create an account
        </Link>
      </p>
    </div>
  );
}
