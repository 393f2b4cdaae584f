"use server";
import { redirect } from "next/navigation";
import { z } from "zod";
import { formValues, toFieldErrors, type ActionResult } from "@/lib/forms/action-result";
import { consumeRateLimit, RATE_LIMITS } from "@/lib/rate-limit";
import { sendMail } from "@/lib/mail/send";
import { noAccountMail } from "@/lib/mail/templates";
import { signIn } from "./index";
import { hasAccount } from "./known-account";
import { clientAddress } from "./client-address";
import { safeReturnPath } from "./return-path";
import { emailSchema } from "./schemas";
import { siteOrigin } from "./site-origin";

// The return path is the page to land on, never a reason to refuse a sign-in: anything unusable
// (too long, another host, not a string) becomes the default page in safeReturnPath.
const SignInInput = z.object({ email: emailSchema, callbackUrl: z.string().optional().catch(undefined) });

/**
 * Mails a sign-in link. The answer is the same whether or not an account exists (no enumeration):
 * an unknown address gets a mail that points to sign-up instead of a link.
 */
export async function requestSignInLink(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  const values = formValues(formData);
  const parsed = SignInInput.safeParse(values);
  if (!parsed.success) return { status: "invalid", fieldErrors: toFieldErrors(parsed.error.issues), values };
  const { email } = parsed.data;

  const [perEmail, perClient] = await Promise.all([
    consumeRateLimit("signin-mail:email", email, RATE_LIMITS.signInMailPerEmail),
    consumeRateLimit("signin-mail:client", await clientAddress(), RATE_LIMITS.signInMailPerClient),
  ]);
  if (!perEmail.allowed || !perClient.allowed) {
    const minutes = Math.ceil(Math.max(perEmail.allowed ? 0 : perEmail.retryAfterSeconds, perClient.allowed ? 0 : perClient.retryAfterSeconds) / 60);
    return { status: "error", message: `Too many sign-in requests. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, values };
  }

  const redirectTo = safeReturnPath(parsed.data.callbackUrl);
  if (!(await hasAccount(email))) {
    await sendMail(noAccountMail(email, `${await siteOrigin()}/signup`));
    redirect("/check-your-email");
  }
  // Throws Next's redirect to the check-your-email page after the link is stored and mailed.
  await signIn("nodemailer", { email, redirectTo });
  return { status: "ok" };
}
