import "server-only";
import { refresh } from "next/cache";
import type { z } from "zod";
import type { StaffActionSpec } from "@/lib/features/admin/staff-action";
import type { Viewer } from "@/lib/core/auth/viewer";
import type { ActionResult } from "@/lib/core/actions/action-result";
import type { Translator } from "@/lib/core/i18n/translator";
import { AddressInput } from "@/lib/features/admin/schemas";

/** What every role action shares: admins only, refusals in plain words, one failure line. */
export const ROLE_ACTION = {
  scope: "admin",
  role: "admin",
  failure: { log: "role change", message: "admin.roles.failed" },
} as const;

export interface StaffAddressStep<R> {
  audit: string;
  change: (actor: Viewer, email: string) => Promise<R>;
  recorded: (result: R) => Record<string, unknown>;
  done: (t: Translator, email: string, result: R) => string;
  /** After the audited change (a notice mail): its failure does not undo the change. */
  then?: (email: string) => Promise<void>;
}

/** An admin's action on one address from the staff list: `change` audited under `audit`, with `recorded` of its result. */
export function staffAddressSpec<R>(
  step: StaffAddressStep<R>,
): StaffActionSpec<z.infer<typeof AddressInput>, ActionResult> & { boundDriver?: false } {
  return {
    ...ROLE_ACTION,
    audit: step.audit,
    schema: AddressInput,
    run: async ({ email }, { actor, audited, t }): Promise<ActionResult> => {
      const result = await audited(() => step.change(actor, email), {
        details: { email },
        resultDetails: step.recorded,
      });
      await step.then?.(email);
      refresh();
      return { status: "ok", message: step.done(t, email, result) };
    },
  };
}
