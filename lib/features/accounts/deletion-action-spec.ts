import "server-only";
import { refresh } from "next/cache";
import type { ActionSpec } from "@/lib/core/actions/action";
import type { DriverViewer } from "@/lib/core/auth/guards";
import type { ActionResult } from "@/lib/core/actions/action-result";
import type { MessageKey, Translator } from "@/lib/core/i18n/translator";

/** A driver's step on their own deletion request; `run` answers the message shown on /account. */
export function driverDeletionSpec(
  log: string,
  doing: MessageKey,
  run: (driver: DriverViewer, t: Translator) => Promise<string>,
): ActionSpec<unknown, DriverViewer, ActionResult, false> {
  return {
    scope: "accounts",
    failure: { log, doing },
    form: false,
    run: async (_input, { actor, t }): Promise<ActionResult> => {
      const message = await run(actor, t);
      refresh();
      return { status: "ok", message };
    },
  };
}
