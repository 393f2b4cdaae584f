"use server";
import { redirect } from "next/navigation";
import { navigate, publicAction, type Navigation } from "@/lib/actions/action";
import { signIn } from "@/lib/auth";
import { clientAddress } from "@/lib/auth/client-address";
import type { ActionResult } from "@/lib/forms/action-result";
import { refusalOverLimit } from "@/lib/actions/limit";
import { RATE_LIMITS } from "@/lib/rate-limit";
import { createDriverOnce, SignUpInProgressError } from "./create-driver-once";
import { SignUpInput } from "./profile-schema";

/** Sign-up: validate, create the platform user exactly once, then mail a sign-in link. */
const signUpDriver = publicAction({
  scope: "accounts",
  failure: { log: "sign-up", doing: "create your account" },
  // The password is never echoed back: the form keeps it client-side.
  secret: ["password"],
  schema: SignUpInput,
  rejected: { message: "Please correct the marked fields." },
  expected: (error, { values }) =>
    error instanceof SignUpInProgressError
      ? {
          status: "error",
          message: "Your sign-up is still being processed. Check your e-mail in a minute before trying again.",
          values,
        }
      : undefined,
  run: async (input, { values }): Promise<ActionResult | Navigation<ActionResult>> => {
    const refused = await refusalOverLimit(
      "signup:client",
      await clientAddress(),
      RATE_LIMITS.signUpPerClient,
      (wait) => `Too many sign-ups from your network. Try again in ${wait}.`,
    );
    if (refused) return { ...refused, values };
    const outcome = await createDriverOnce(input);
    if (outcome.kind === "exists") {
      return {
        status: "error",
        code: "exists",
        message: "An account with this e-mail address already exists. Sign in instead: we will mail you a link.",
        values,
      };
    }
    return navigate(async (): Promise<ActionResult> => {
      if (outcome.kind === "joined") redirect("/check-your-email");
      await signIn("nodemailer", { email: input.email, redirectTo: "/account" });
      return { status: "ok" };
    });
  },
});

export async function signUp(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return signUpDriver(formData);
}
