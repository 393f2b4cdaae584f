import fc from "fast-check";
import { describe } from "vitest";
import { saveBillingDetailsAction } from "@/lib/features/billing/actions/save-billing-details";
import { billingFields, driverSideViewer, formArb } from "./arbitraries";
import { checkActionProperty } from "./checks";

describe("billing details: only validation errors, never a crash", () => {
  // With a forged user id among the fields now and then: the action reads the session's, never the form's.
  checkActionProperty({
    name: "saveBillingDetailsAction",
    action: saveBillingDetailsAction,
    form: formArb({ ...billingFields, userId: fc.constantFrom("1002", "1001", "") }),
    viewer: driverSideViewer,
  });
});
