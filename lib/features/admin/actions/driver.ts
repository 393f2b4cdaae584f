"use server";
import "server-only";
import { refresh } from "next/cache";
import { noDriver } from "@/lib/core/actions/action";
import { staffAction } from "@/lib/core/actions/staff-action";
import { refusalOverLimit } from "@/lib/core/actions/limit";
import { hasErrorCode } from "@/lib/core/errors";
import { changeDriverEmail } from "@/lib/features/accounts";
import { platformSetsAppPassword } from "@/lib/features/accounts";
import { startDriverPasswordReset } from "@/lib/features/accounts";
import { changedFieldsInWords, PROFILE_FORM, updateDriverProfile } from "@/lib/features/accounts";
import type { ActionResult } from "@/lib/core/actions/action-result";
import type { Translator } from "@/lib/core/i18n/translator";
import { getPlatform } from "@/lib/platform";
import { PlatformNotFoundError } from "@/lib/platform/errors";
import { RATE_LIMITS } from "@/lib/core/rate-limit";
import { redeemVoucherForDriver, voucherFailureOf } from "@/lib/features/vouchers";
import { BILLING_FORM, billingFormValues, correctBillingDetails } from "@/lib/features/billing";
import { DriverEmailInput } from "../schemas";
import { auditErrorText } from "@/lib/core/audit";

/**
 * Support staff act on a chosen driver's account. The driver id is bound to each action by the
 * driver page (`action.bind(null, id)`), so it arrives from the browser and is validated here.
 */

/** What every action on a driver shares: support staff, a bound driver id, a driver gone from the platform. */
const ON_A_DRIVER = {
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
const NAMING_CHANGED_FIELDS = {
  resultDetails: (result: { changed: readonly string[] }) => ({ changedFields: result.changed }),
};

/** Partial profile update: only fields changed since the form was shown reach the platform. */
export const updateDriverProfileAction = staffAction({
  ...ON_A_DRIVER,
  audit: "driver.profile.update",
  failure: { log: "profile update", doing: "admin.doing.saveProfile" },
  ...PROFILE_FORM,
  run: async (reading, { driverId, audited, t }): Promise<ActionResult> => {
    const current = reading.baseline ?? (await getPlatform().users.getUser(driverId));
    const { changed } = await audited(
      () => updateDriverProfile(driverId, current, reading.submitted),
      NAMING_CHANGED_FIELDS,
    );
    if (changed.length === 0) return { status: "ok", message: t("admin.driverActions.nothingChanged") };
    refresh();
    return {
      status: "ok",
      message: t("admin.driverActions.profileSaved", { fields: changedFieldsInWords(changed, t) }),
    };
  },
});

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

/**
 * The spec's platform mails a reset link; ampeco mails none, so the app asks for a new password at next sign-in. Staff
 * never see a password.
 */
export const startDriverPasswordResetAction = staffAction({
  ...ON_A_DRIVER,
  // One audit name in both dialects; the entry's details say which kind of reset it was.
  audit: "driver.password-reset.start",
  failure: {
    log: "password reset",
    doing: () => (platformSetsAppPassword() ? "admin.doing.requireAppPassword" : "admin.doing.startPasswordReset"),
  },
  form: false,
  run: async (_input, { actor, driverId, audited, recordAudit, t }): Promise<ActionResult> => {
    const atNextSignIn = platformSetsAppPassword();
    const refused = await refusalOverLimit(
      "password-reset:staff",
      `admin:${actor.userId}:${driverId}`,
      RATE_LIMITS.passwordResetByStaffPerDriver,
      (minutes) =>
        atNextSignIn
          ? t("admin.driverActions.tooManyAppPasswordResets", { minutes })
          : t("admin.driverActions.tooManyResetMails", { minutes }),
    );
    if (refused) {
      await recordAudit({ outcome: "failure", error: "Too many resets for this driver", reason: "rate-limited" });
      return refused;
    }
    const email = (await getPlatform().users.getUser(driverId)).email;
    await audited(() => startDriverPasswordReset(driverId), {
      details: { how: atNextSignIn ? "new app password required at the next app sign-in" : "reset mail" },
    });
    return {
      status: "ok",
      message: atNextSignIn
        ? t("admin.driverActions.appPasswordRequired", { email })
        : t("admin.driverActions.resetMailStarted", { email }),
    };
  },
});

/** The driver page's voucher form, on the driver's behalf: the same outcomes and words as the driver's own page. */
export const redeemVoucherForDriverAction = staffAction({
  ...ON_A_DRIVER,
  audit: "driver.voucher.redeem",
  failure: { log: "voucher redeem", doing: "admin.doing.redeemVoucher" },
  run: async (_input, { actor, driverId, values, recordAudit, t }): Promise<ActionResult> => {
    const code = values.code ?? "";
    const details = (outcome: string) => ({ code: code.trim().slice(0, 64), outcome });
    try {
      await redeemVoucherForDriver(driverId, code, `admin:${actor.userId}:${driverId}`);
    } catch (error) {
      const failure = voucherFailureOf(error);
      if (failure === null) throw error;
      await recordAudit({
        outcome: "failure",
        details: details(failure),
        error: auditErrorText(error),
        reason: `voucher-${failure}`,
      });
      throw error;
    }
    await recordAudit({ outcome: "success", details: details("accepted") });
    return { status: "ok", message: t("vouchers.accepted") };
  },
});
