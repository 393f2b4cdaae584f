import { OtherFormLink } from "@/components/sign-in/other-form-link";
import { getTranslations } from "next-intl/server";
import { SignInForm } from "@/components/sign-in/sign-in-form";
import { PasskeySignIn } from "@/components/passkeys/passkey-sign-in";
import { Alert } from "@/components/ui/alert";
import { safeReturnPath } from "@/lib/core/auth/return-path";
import { titleFrom } from "@/components/layout/page-title";
import type { SearchParamsProps } from "@/components/layout/search-params";

export const generateMetadata = titleFrom("signIn.title");

// Auth.js reports problems through ?error=… on this page: each code to its message's key.
const ERROR_KEYS = {
  Verification: "verification",
  AccessDenied: "accessDenied",
  Configuration: "configuration",
  RateLimited: "rateLimited",
  EditedLink: "editedLink",
} as const;

function errorKey(code: string): (typeof ERROR_KEYS)[keyof typeof ERROR_KEYS] | "failed" {
  return Object.hasOwn(ERROR_KEYS, code) ? ERROR_KEYS[code as keyof typeof ERROR_KEYS] : "failed";
}

export default async function SignInPage({ searchParams }: SearchParamsProps) {
  const params = await searchParams;
  const t = await getTranslations("signIn");
  const error = typeof params.error === "string" ? params.error : undefined;
  const callbackUrl = typeof params.callbackUrl === "string" ? safeReturnPath(params.callbackUrl) : undefined;
  const email = typeof params.email === "string" ? params.email.slice(0, 254) : undefined;
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-2xl font-bold">{t("heading")}</h1>
      {error && <Alert tone="error">{t(`errors.${errorKey(error)}`)}</Alert>}
      <p className="text-slate-700 dark:text-slate-300">{t("intro")}</p>
      <SignInForm callbackUrl={callbackUrl} defaultEmail={email} />
      <div className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("passkeyPrompt")}</p>
        <PasskeySignIn callbackUrl={callbackUrl} autofill />
      </div>
      <OtherFormLink question={t("newHere")} href="/signup">
        {t("createAccount")}
      </OtherFormLink>
    </div>
  );
}
