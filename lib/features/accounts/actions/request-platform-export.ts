"use server";
import "server-only";
import { driverAction } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import type { Translator } from "@/lib/core/i18n/translator";
import type { PlatformExportLink } from "@/lib/platform/types";
import { RATE_LIMITS } from "@/lib/core/rate-limit";
import { refusalOverLimit } from "@/lib/core/actions/limit";
import { PlatformExportUnavailableError, requestPlatformExport } from "@/lib/features/accounts/platform-export";

export type PlatformExportResult = ActionResult<PlatformExportLink>;

const unavailable = (error: unknown, { t }: { t: Translator }): PlatformExportResult | undefined =>
  error instanceof PlatformExportUnavailableError
    ? { status: "error", code: "unavailable", message: t("myData.platformExport.unavailable") }
    : undefined;

/** The signed-in driver asks the platform for its export of their data and gets the link to it. */
export const requestPlatformExportAction = driverAction({
  scope: "accounts",
  failure: { log: "platform data export", doing: "myData.doing.askPlatform" },
  form: false,
  expected: unavailable,
  run: async (_input, { actor, t }): Promise<PlatformExportResult> => {
    const refused = await refusalOverLimit(
      "platform-export",
      `platform-user:${actor.platformUserId}`,
      RATE_LIMITS.platformExportPerDriver,
      (minutes) => t("myData.platformExport.tooMany", { minutes }),
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
