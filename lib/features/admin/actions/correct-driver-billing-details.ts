"use server";
import "server-only";
import { staffAction } from "@/lib/features/admin/staff-action";
import { billingFormValues, correctBillingDetails, BILLING_FORM } from "@/lib/features/billing";
import { NAMING_CHANGED_FIELDS, ON_A_DRIVER } from "@/lib/features/admin/driver-action-spec";

/** Support corrects a driver's billing details with the driver's own rules; the audit entry names the changed fields. */
export const correctDriverBillingDetailsAction = staffAction({
  ...ON_A_DRIVER,
  audit: "driver.billing-details.update",
  failure: { log: "billing details correction", doing: "admin.doing.saveBillingDetails" },
  ...BILLING_FORM,
  run: async (details, { driverId, audited, t }) => {
    const { saved, changed } = await audited(() => correctBillingDetails(driverId, details), NAMING_CHANGED_FIELDS);
    const message =
      changed.length === 0 ? "admin.driverActions.nothingChanged" : "admin.driverActions.billingDetailsSaved";
    return { status: "ok", message: t(message), values: billingFormValues(saved) };
  },
});
