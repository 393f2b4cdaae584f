"use server";
import { eq } from "drizzle-orm";
import { navigate, publicAction, type Navigation } from "@/lib/core/actions/action";
import { getDb } from "@/lib/core/db/client";
import { sessions } from "@/lib/core/db/schema";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { announceSessionsEnded } from "@/lib/core/auth/sessions-ended";
import { getViewer } from "@/lib/core/auth/viewer";
import { signOutToSignIn, SIGN_OUT_FAILURE } from "@/lib/features/sign-in/sign-out-steps";

/** Ends every session of this account (lost phone, shared computer), then this one. */
export const signOutEverywhereAction = publicAction({
  plain: true,
  scope: "auth",
  failure: SIGN_OUT_FAILURE,
  form: false,
  run: async (): Promise<Navigation<ActionResult>> => {
    const viewer = await getViewer();
    if (viewer) {
      const db = await getDb();
      await db.delete(sessions).where(eq(sessions.userId, viewer.userId));
      await announceSessionsEnded(db, viewer.userId);
    }
    return navigate(signOutToSignIn);
  },
});
