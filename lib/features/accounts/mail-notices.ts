import "server-only";
import { eq } from "drizzle-orm";
import { refresh } from "next/cache";
import { z } from "zod";
import type { ActionSpec } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import type { DriverViewer } from "@/lib/core/auth/guards";
import { setNewDeviceMail } from "@/lib/core/auth/devices";
import { getDb, type Database } from "@/lib/core/db/client";
import { users } from "@/lib/core/db/schema";
import { setReceiptMail } from "@/lib/features/live";

/** A mail the driver may switch off: its checkbox, where it is kept, and what the driver reads after saving. */
interface MailNotice {
  field: string;
  keep: (db: Database, userId: string, on: boolean) => Promise<void>;
  said: { on: string; off: string };
}

/** Every optional mail, in the order the notifications page shows them. */
export const MAIL_NOTICES = [
  {
    field: "newDeviceMail",
    keep: setNewDeviceMail,
    said: { on: "devices.actions.noticesOn", off: "devices.actions.noticesOff" },
  },
  { field: "receiptMail", keep: setReceiptMail, said: { on: "receipts.on", off: "receipts.off" } },
] as const satisfies readonly MailNotice[];

export type MailNoticeField = (typeof MAIL_NOTICES)[number]["field"];

/** Each switch's state for the form (both on unless switched off). */
export async function mailNoticesOf(userId: string): Promise<Record<MailNoticeField, boolean>> {
  const [row] = await (
    await getDb()
  )
    .select({ newDeviceMail: users.newDeviceMail, receiptMail: users.receiptMail })
    .from(users)
    .where(eq(users.id, userId));
  return { newDeviceMail: row?.newDeviceMail ?? true, receiptMail: row?.receiptMail ?? true };
}

const ticked = z.literal("on", "accountSettings.notifications.tickOrLeave").optional();
const MailNoticesInput = z.object({ newDeviceMail: ticked, receiptMail: ticked });

/** One form, one save: a ticked box is on, a box left out is off; the answer says what each switch now does. */
export const MAIL_NOTICES_SPEC: ActionSpec<z.infer<typeof MailNoticesInput>, DriverViewer, ActionResult> = {
  scope: "accounts",
  failure: { log: "mail notice settings", doing: "accountSettings.notifications.doing" },
  schema: MailNoticesInput,
  invalid: "accountSettings.notifications.unreadable",
  run: async (input, { actor, t }) => {
    const db = await getDb();
    const said: string[] = [];
    for (const notice of MAIL_NOTICES) {
      const on = input[notice.field] === "on";
      await notice.keep(db, actor.userId, on);
      said.push(t(on ? notice.said.on : notice.said.off));
    }
    refresh();
    return { status: "ok", message: said.join(" ") };
  },
};
