import "server-only";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { signOut } from "@/lib/core/auth";

/** What both sign-out actions end with: Auth.js signs this browser out and sends it to the sign-in page. */
export async function signOutToSignIn(): Promise<ActionResult> {
  await signOut({ redirectTo: "/signin" });
  return { status: "ok" };
}

export const SIGN_OUT_FAILURE = { log: "sign-out", doing: "auth.doing.signOut" } as const;
