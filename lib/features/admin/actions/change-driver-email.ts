"use server";
import "server-only";
import { refresh } from "next/cache";
import { staffAction } from "@/lib/features/admin/staff-action";
import { hasErrorCode } from "@/lib/core/errors";
import { changeDriverEmail } from "@/lib/features/accounts";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { getPlatform } from "@/lib/platform";
import { DriverEmailInput } from "@/lib/features/admin/schemas";
import { ON_A_DRIVER } from "@/lib/features/admin/driver-action-spec";

/** Thrown when the new address is taken: carries the address the driver keeps, for the message. */
class TakenKeepingError extends Error {
  constructor(readonly oldEmail: string) {
    super("E-mail address taken");
  }
}

/**
 * New e-mail on the platform and the portal account, as a staff action: audited, and the driver is
 * signed out everywhere. A taken address (422) leaves the old one active.
 */
export const changeDriverEmailAction = staffAction({
  ...ON_A_DRIVER,
  audit: "driver.email.change",
  failure: { log: "e-mail change", doing: "admin.doing.changeEmail" },
  schema: DriverEmailInput,
  rejected: {},
  expected: (error, context, { email }) => {
    if (error instanceof TakenKeepingError) {
      const message = context.t("admin.driverActions.emailTaken", { email, oldEmail: error.oldEmail });
      return { status: "invalid", fieldErrors: { email: [message] }, values: context.values };
    }
    if (hasErrorCode(error, "staff")) {
      const message = context.t("admin.driverActions.emailOfStaff");
      return { status: "error", code: "staff", message, values: context.values };
    }
    if (hasErrorCode(error, "unchanged")) {
      return {
        status: "invalid",
        fieldErrors: { email: [context.t("admin.driverActions.emailUnchanged")] },
        values: context.values,
      };
    }
    return ON_A_DRIVER.expected(error, context);
  },
  run: async ({ email }, { driverId, audited, t }): Promise<ActionResult> => {
    const oldEmail = (await getPlatform().users.getUser(driverId)).email;
    try {
      await audited(() => changeDriverEmail(driverId, email), { details: { from: oldEmail, to: email } });
    } catch (error) {
      throw hasErrorCode(error, "taken") ? new TakenKeepingError(oldEmail) : error;
    }
    refresh();
    return {
      status: "ok",
      message: t("admin.driverActions.emailChanged", { email, oldEmail }),
    };
  },
});
