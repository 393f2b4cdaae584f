"use server";
import { navigate, publicAction, type Navigation } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { signOutToSignIn, SIGN_OUT_FAILURE } from "@/lib/features/sign-in/sign-out-steps";

export const signOutAction = publicAction({
  plain: true,
  scope: "auth",
  failure: SIGN_OUT_FAILURE,
  form: false,
  run: async (): Promise<Navigation<ActionResult>> => navigate(signOutToSignIn),
});
