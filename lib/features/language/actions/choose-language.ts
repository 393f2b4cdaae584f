"use server";
import { eq } from "drizzle-orm";
import { refresh } from "next/cache";
import { cookies, headers } from "next/headers";
import { z } from "zod";
import { publicAction } from "@/lib/core/actions/action";
import { isSecureOrigin } from "@/lib/core/auth/session-policy";
import { getViewer } from "@/lib/core/auth/viewer";
import { getConfig } from "@/lib/core/config";
import { getDb } from "@/lib/core/db/client";
import { users } from "@/lib/core/db/schema";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, LOCALES } from "@/lib/core/i18n/locales";

/** The switcher's action, open to everyone: a cookie, and when signed in the account too, so mails follow it. */
export const chooseLanguageAction = publicAction({
  plain: true,
  scope: "i18n",
  failure: { log: "language choice", doing: "language.doing.save" },
  schema: z.object({ locale: z.enum(LOCALES, { error: "language.invalid" }) }),
  run: async ({ locale }): Promise<ActionResult> => {
    (await cookies()).set(LOCALE_COOKIE, locale, {
      path: "/",
      maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS,
      sameSite: "lax",
      httpOnly: true,
      // Over HTTPS, as Auth.js decides for its own cookies: never sent over plain HTTP.
      secure: isSecureOrigin(getConfig().auth.url, (await headers()).get("x-forwarded-proto")),
    });
    const viewer = await getViewer();
    if (viewer) {
      const db = await getDb();
      await db.update(users).set({ locale }).where(eq(users.id, viewer.userId));
    }
    refresh();
    return { status: "ok" };
  },
});
