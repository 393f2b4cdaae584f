"use server";
import "server-only";
import { driverAction } from "@/lib/actions/action";
import { refusalOverLimit } from "@/lib/actions/limit";
import type { ActionResult } from "@/lib/forms/action-result";
import type { PlatformExportLink } from "@/lib/platform/types";
import { RATE_LIMITS } from "@/lib/rate-limit";
import { PlatformExportUnavailableError, requestPlatformExport } from "./platform-export";

export type PlatformExportResult = ActionResult<PlatformExportLink>;

const unavailable = (error: unknown): PlatformExportResult | undefined =>
  error instanceof PlatformExportUnavailableError
    ? {
        status: "error",
        code: "unavailable",
        message: "The charging service offers no export of its own. “Download my data” holds everything it keeps.",
      }
    : undefined;

/** The signed-in driver asks the platform for its export of their data and gets the link to it. */
const requestOwn = driverAction({
  scope: "accounts",
  failure: { log: "platform data export", doing: "ask the charging service for your data" },
  form: false,
  expected: unavailable,
  run: async (_input, { actor }): Promise<PlatformExportResult> => {
    const refused = await refusalOverLimit(
      "platform-export",
      `platform-user:${actor.platformUserId}`,
      RATE_LIMITS.platformExportPerDriver,
      (wait) => `You asked for several exports just now. Use the last link, or try again in ${wait}.`,
    );
    if (refused) return refused;
    const link = await requestPlatformExport(actor.platformUserId);
    return {
      status: "ok",
      message: `The charging service prepared your data. The link works for ${link.validForHours} hours.`,
      data: link,
    };
  },
});

// The form argument is passed on (the runner ignores it) so that the client sends the form: a
// POST without one is refused by the middleware.
export async function requestPlatformExportAction(
  _previous: PlatformExportResult,
  formData?: FormData,
): Promise<PlatformExportResult> {
  return requestOwn(formData);
}
