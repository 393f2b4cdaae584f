import "server-only";
import { refresh } from "next/cache";
import { z } from "zod";
import type { ActionSpec } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import type { DriverViewer } from "@/lib/core/auth/guards";
import { getDb, type Database } from "@/lib/core/db/client";
import type { MessageKey } from "@/lib/core/i18n/translator";

/** A per-account mail switch: the checkbox `field` ticked is on, left out is off; `keep` stores it. */
export function mailSwitchSpec<F extends string>(the: {
  field: F;
  scope: string;
  failure: { log: string; doing: MessageKey };
  /** Any value but "on" in the field: the form was not the switch's. */
  unreadable: MessageKey;
  tickOrLeave: MessageKey;
  keep: (db: Database, userId: string, on: boolean) => Promise<void>;
  said: { on: MessageKey; off: MessageKey };
}): ActionSpec<Partial<Record<F, "on">>, DriverViewer, ActionResult> {
  const schema = z.object({ [the.field]: z.literal("on", the.tickOrLeave).optional() }) as unknown as z.ZodType<
    Partial<Record<F, "on">>
  >;
  return {
    scope: the.scope,
    failure: the.failure,
    schema,
    invalid: the.unreadable,
    run: async (input, { actor, t }) => {
      const on = input[the.field] === "on";
      await the.keep(await getDb(), actor.userId, on);
      refresh();
      return { status: "ok", message: t(on ? the.said.on : the.said.off) };
    },
  };
}
