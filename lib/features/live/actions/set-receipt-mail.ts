"use server";
import { z } from "zod";
import { driverAction } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { getDb } from "@/lib/core/db/client";
import { setReceiptMail } from "../receipt";
import { refresh } from "next/cache";

const ReceiptForm = z.object({ receiptMail: z.literal("on", "receipts.tickOrLeave").optional() });

/** Switches the charge receipt mail (one per finished session) on or off for the driver's account. */
export const setReceiptMailAction = driverAction({
  scope: "live",
  failure: { log: "charge receipt setting", doing: "receipts.doing.save" },
  schema: ReceiptForm,
  invalid: "receipts.unreadable",
  run: async ({ receiptMail }, { actor, t }): Promise<ActionResult> => {
    const on = receiptMail === "on";
    await setReceiptMail(await getDb(), actor.userId, on);
    refresh();
    return { status: "ok", message: on ? t("receipts.on") : t("receipts.off") };
  },
});
