"use server";
import "server-only";
import { staffAction } from "@/lib/features/admin/staff-action";
import { signIn } from "@/lib/core/auth";
import { hasErrorCode } from "@/lib/core/errors";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { withAudit } from "@/lib/core/audit";
import { logger } from "@/lib/core/log";
import { APP_PASSWORD_LINK_DAYS, platformSetsAppPassword } from "@/lib/features/accounts";
import { createDriverForStaff } from "../create-driver";
import { AdminCreateDriverInput } from "../schemas";

const log = logger("admin");

export interface CreateDriverData {
  kind: "created" | "joined" | "exists";
  platformUserId: number;
  passwordReset: "started" | "link-mailed" | "failed" | "not-needed";
  signInLink: "sent" | "failed" | "not-requested";
}

/** Staff create a driver: exactly once per e-mail, optionally mailing the driver a portal sign-in link. */
export const createDriverAction = staffAction({
  scope: "admin",
  role: "support",
  audit: "driver.create",
  failure: { log: "create driver", doing: "admin.doing.createDriver" },
  // The password is never echoed back (the form keeps it client-side) nor logged.
  secret: ["password"],
  schema: AdminCreateDriverInput,
  invalid: "admin.createDriver.invalid",
  rejected: { message: "admin.createDriver.rejected" },
  expected: (error, { values, t }) =>
    hasErrorCode(error, "in-progress")
      ? { status: "error", message: t("admin.createDriver.inProgress"), values }
      : undefined,
  run: async (input, { actor, values, t }): Promise<ActionResult<CreateDriverData>> => {
    const { outcome, passwordReset } = await createDriverForStaff(actor, input);
    if (outcome.kind === "exists") {
      return {
        status: "ok",
        data: { kind: "exists", platformUserId: outcome.platformUserId, passwordReset, signInLink: "not-requested" },
        message: t("admin.createDriver.exists", { email: input.email, id: String(outcome.platformUserId) }),
        values,
      };
    }

    let signInLink: CreateDriverData["signInLink"] = "not-requested";
    if (input.sendSignInLink && outcome.kind === "created") {
      try {
        // redirect: false keeps the staff member's own page and session: Auth.js only stores and mails a token.
        await withAudit({
          actor,
          action: "driver.signin-link.send",
          targetPlatformUserId: outcome.platformUserId,
          run: () => signIn("nodemailer", { email: input.email, redirect: false, redirectTo: "/account" }),
        });
        signInLink = "sent";
      } catch (error) {
        log.error("sign-in link for a new driver failed", error);
        signInLink = "failed";
      }
    }

    const driver = { email: input.email, id: String(outcome.platformUserId) };
    const parts = [
      outcome.kind === "created" ? t("admin.createDriver.created", driver) : t("admin.createDriver.joined", driver),
      passwordReset === "started" && t("admin.createDriver.resetStarted"),
      passwordReset === "link-mailed" && t("admin.createDriver.linkMailed", { days: APP_PASSWORD_LINK_DAYS }),
      passwordReset === "failed" &&
        (platformSetsAppPassword() ? t("admin.createDriver.linkFailed") : t("admin.createDriver.resetFailed")),
      signInLink === "sent" && t("admin.createDriver.signInLinkSent"),
      signInLink === "failed" && t("admin.createDriver.signInLinkFailed"),
    ].filter(Boolean);
    return {
      status: "ok",
      data: { kind: outcome.kind, platformUserId: outcome.platformUserId, passwordReset, signInLink },
      message: parts.join(" "),
    };
  },
});
