"use server";
import { redirect } from "next/navigation";
import { navigate, publicAction, type Navigation } from "@/lib/actions/action";
import { signIn } from "@/lib/auth";
import { clientAddress } from "@/lib/auth/client-address";
import type { ActionResult } from "@/lib/forms/action-result";
import { consumeRateLimit, RATE_LIMITS } from "@/lib/rate-limit";
import { createDriverOnce, SignUpInProgressError } from "./create-driver-once";
import { SignUpInput } from "./profile-schema";

/** Sign-up: validate, create the platform user exactly once, then mail a sign-in link. */
const signUpDriver = publicAction({
  scope: "accounts",
  failure: { log: "sign-up", doing: "signUp.doing.create" },
  // The password is never echoed back: the form keeps it client-side.
  secret: ["password"],
  schema: SignUpInput,
  rejected: { message: "signUp.errors.rejected" },
  expected: (error, { values, t }) =>
    error instanceof SignUpInProgressError
      ? { status: "error", message: t("signUp.errors.inProgress"), values }
      : undefined,
  run: async (input, { values, t }): Promise<ActionResult | Navigation<ActionResult>> => {
    const limit = await consumeRateLimit("signup:client", await clientAddress(), RATE_LIMITS.signUpPerClient);
    if (!limit.allowed) {
      const minutes = Math.ceil(limit.retryAfterSeconds / 60);
      return { status: "error", message: t("signUp.errors.tooMany", { minutes }), values };
    }
    const outcome = await createDriverOnce(input);
    if (outcome.kind === "exists") {
      return {
        status: "error",
        code: "exists",
        message: t("signUp.errors.exists"),
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
