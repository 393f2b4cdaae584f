"use server";
import "server-only";
import { refresh } from "next/cache";
import { driverAction } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { getPlatform } from "@/lib/platform";
import { updateDriverProfile } from "@/lib/features/accounts/profile";
import { changedFieldsInWords, PROFILE_FORM } from "@/lib/features/accounts/profile-action-spec";

/** The signed-in driver edits their own profile; only changed fields reach the platform. */
export const updateProfileAction = driverAction({
  scope: "accounts",
  failure: { log: "profile update", doing: "profile.doing.saveProfile" },
  ...PROFILE_FORM,
  run: async (reading, { actor, t }): Promise<ActionResult> => {
    const current = reading.baseline ?? (await getPlatform().users.getUser(actor.platformUserId));
    const { changed } = await updateDriverProfile(actor.platformUserId, current, reading.submitted);
    if (changed.length === 0) return { status: "ok", message: t("profile.nothingChanged") };
    refresh();
    return { status: "ok", message: t("profile.saved", { fields: changedFieldsInWords(changed, t) }) };
  },
});
