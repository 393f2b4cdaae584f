"use server";
import "server-only";
import { driverAction } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import type { PlatformExportLink } from "@/lib/platform/types";
import { RATE_LIMITS } from "@/lib/core/rate-limit";
import { refusalOverDriverLimit } from "@/lib/core/actions/limit";
import { requestPlatformExport } from "@/lib/features/accounts/platform-export";

export type PlatformExportResult = ActionResult<PlatformExportLink>;

/** The signed-in driver asks the platform for its export of their data and gets the link to it. */
export const requestPlatformExportAction = driverAction({
  scope: "accounts",
  failure: { log: "platform data export", doing: "myData.doing.askPlatform" },
  form: false,
  run: async (_input, { actor, t }): Promise<PlatformExportResult> => {
    const refused = await refusalOverDriverLimit(
      "platform-export",
      actor,
      RATE_LIMITS.platformExportPerDriver,
      "myData.platformExport.tooMany",
      t,
    );
    if (refused) return refused;
    const link = await requestPlatformExport(actor.platformUserId);
    return {
      status: "ok",
      message: t("myData.platformExport.ready", { hours: link.validForHours }),
      data: link,
    };
  },
});
