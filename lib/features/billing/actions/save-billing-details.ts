"use server";
import "server-only";
import { driverAction } from "@/lib/core/actions/action";
import { saveBillingDetails } from "@/lib/features/billing/billing-details";
import { BILLING_FORM, billingFormValues } from "@/lib/features/billing/schemas";

/** The signed-in driver saves their own billing details: the user id is the session's, never the form's. */
export const saveBillingDetailsAction = driverAction({
  scope: "billing",
  failure: { log: "billing details save", doing: "billing.doing.save" },
  ...BILLING_FORM,
  run: async (details, { actor, t }) => {
    const saved = await saveBillingDetails(actor.platformUserId, details);
    return { status: "ok", message: t("billing.saved"), values: billingFormValues(saved) };
  },
});
