"use server";
import "server-only";
import { refresh } from "next/cache";
import { staffAction } from "@/lib/features/admin/staff-action";
import { changedFieldsInWords, updateDriverProfile, PROFILE_FORM } from "@/lib/features/accounts";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { getPlatform } from "@/lib/platform";
import { NAMING_CHANGED_FIELDS, ON_A_DRIVER } from "@/lib/features/admin/driver-action-spec";

/** Partial profile update: only fields changed since the form was shown reach the platform. */
export const updateDriverProfileAction = staffAction({
  ...ON_A_DRIVER,
  audit: "driver.profile.update",
  failure: { log: "profile update", doing: "admin.doing.saveProfile" },
  ...PROFILE_FORM,
  run: async (reading, { driverId, audited, t }): Promise<ActionResult> => {
    const current = reading.baseline ?? (await getPlatform().users.getUser(driverId));
    const { changed } = await audited(
      () => updateDriverProfile(driverId, current, reading.submitted),
      NAMING_CHANGED_FIELDS,
    );
    if (changed.length === 0) return { status: "ok", message: t("admin.driverActions.nothingChanged") };
    refresh();
    return {
      status: "ok",
      message: t("admin.driverActions.profileSaved", { fields: changedFieldsInWords(changed, t) }),
    };
  },
});
