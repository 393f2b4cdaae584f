import "server-only";
import { noDriver } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import type { Translator } from "@/lib/core/i18n/translator";
import { PlatformNotFoundError } from "@/lib/platform/errors";

/**
 * Support staff act on a chosen driver's account. The driver id is bound to each action by the
 * driver page (`action.bind(null, id)`), so it arrives from the browser and is validated here.
 */

/** What every action on a driver shares: support staff, a bound driver id, a driver gone from the platform. */
export const ON_A_DRIVER = {
  scope: "admin",
  role: "support",
  boundDriver: true,
  expected: (
    error: unknown,
    { values, formData, t }: { values: Record<string, string>; formData: FormData | null; t: Translator },
  ): ActionResult | undefined => {
    if (!(error instanceof PlatformNotFoundError)) return undefined;
    return formData ? { ...noDriver(t), values } : noDriver(t);
  },
} as const;

/** A correction's audit entry names the fields it changed, never their values. */
export const NAMING_CHANGED_FIELDS = {
  resultDetails: (result: { changed: readonly string[] }) => ({ changedFields: result.changed }),
};
