import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as adminBalance from "@/app/api/admin/users/[id]/balance/route";
import * as adminExpensePack from "@/app/api/admin/users/[id]/expense-pack/route";
import { blockCardForDriverAction } from "@/lib/features/admin/actions/block-card-for-driver";
import { carryOutDeletionAction } from "@/lib/features/admin/actions/carry-out-deletion";
import { changeDriverEmailAction } from "@/lib/features/admin/actions/change-driver-email";
import { changeStaffEmailAction } from "@/lib/features/admin/actions/change-staff-email";
import { correctDriverBillingDetailsAction } from "@/lib/features/admin/actions/correct-driver-billing-details";
import { createDriverAction } from "@/lib/features/admin/actions/create-driver";
import { declineDeletionAction } from "@/lib/features/admin/actions/decline-deletion";
import { grantStaffRoleAction } from "@/lib/features/admin/actions/grant-staff-role";
import { linkCardForDriverAction } from "@/lib/features/admin/actions/link-card-for-driver";
import { moveCardStepAction } from "@/lib/features/admin/actions/move-card-step";
import { redeemVoucherForDriverAction } from "@/lib/features/admin/actions/redeem-voucher-for-driver";
import { forceStopSessionAction } from "@/lib/features/admin/actions/force-stop-session";
import { resetStaffPasskeysAction } from "@/lib/features/admin/actions/reset-staff-passkeys";
import { resumeCardForDriverAction } from "@/lib/features/admin/actions/resume-card-for-driver";
import { revokeStaffRoleAction } from "@/lib/features/admin/actions/revoke-staff-role";
import { startDriverPasswordResetAction } from "@/lib/features/admin/actions/start-driver-password-reset";
import { updateDriverProfileAction } from "@/lib/features/admin/actions/update-driver-profile";
import { withdrawStaffInviteAction } from "@/lib/features/admin/actions/withdraw-staff-invite";
import {
  baselineValue,
  billingFields,
  boundIdArb,
  cardCodeValue,
  emailValue,
  expensePackQuery,
  formArb,
  type FormEntry,
  idValue,
  passwordValue,
  pathParamValue,
  profileFields,
  queryArb,
  staffSideViewer,
  visualNumberValue,
  voucherCodeValue,
} from "./arbitraries";
import { type AnyAction, checkActionProperty, checkRouteProperty } from "./checks";

/** Every admin action module, one action each: the coverage check below reads them all. */
const adminActionModules = import.meta.glob<Record<string, unknown>>("/lib/features/admin/actions/*.ts", {
  eager: true,
});

/**
 * Each admin action with its form. `bound` says whether the page binds a driver id as the first
 * argument (`action.bind(null, id)`): that id came from the browser too, so it is random as well
 * (drawn for every action, and quoted back without counting as a leak).
 */
const ACTIONS: {
  name: string;
  action: AnyAction;
  bound: boolean;
  form: fc.Arbitrary<FormEntry[]> | null;
  secretFields?: string[];
  reseed?: boolean;
}[] = [
  {
    name: "linkCardForDriverAction",
    action: linkCardForDriverAction,
    bound: true,
    form: formArb({
      code: cardCodeValue,
      visualNumber: visualNumberValue,
      status: fc.constantFrom("active", "blocked", "inactive", "", "deleted"),
    }),
  },
  {
    name: "blockCardForDriverAction",
    action: blockCardForDriverAction,
    bound: true,
    form: formArb({ cardId: idValue }),
    reseed: true,
  },
  {
    name: "resumeCardForDriverAction",
    action: resumeCardForDriverAction,
    bound: true,
    form: formArb({ cardId: idValue }),
  },
  {
    name: "moveCardStepAction",
    action: moveCardStepAction,
    bound: true,
    form: formArb({
      cardId: idValue,
      targetUserId: idValue,
      intent: fc.constantFrom("move", "retry", "undo", "", "toString", "__proto__"),
    }),
    reseed: true,
  },
  {
    name: "updateDriverProfileAction",
    action: updateDriverProfileAction,
    bound: true,
    form: formArb({ ...profileFields, baseline: baselineValue }),
  },
  {
    name: "correctDriverBillingDetailsAction",
    action: correctDriverBillingDetailsAction,
    bound: true,
    form: formArb(billingFields),
  },
  {
    name: "changeDriverEmailAction",
    action: changeDriverEmailAction,
    bound: true,
    form: formArb({ email: emailValue }),
  },
  { name: "startDriverPasswordResetAction", action: startDriverPasswordResetAction, bound: true, form: null },
  {
    name: "redeemVoucherForDriverAction",
    action: redeemVoucherForDriverAction,
    bound: true,
    form: formArb({ code: voucherCodeValue }),
    reseed: true,
  },
  {
    name: "forceStopSessionAction",
    action: forceStopSessionAction,
    bound: true,
    form: formArb({ session: fc.oneof(fc.integer({ min: 70_001, max: 70_110 }).map(String), idValue) }),
    reseed: true,
  },
  {
    name: "createDriverAction",
    action: createDriverAction,
    bound: false,
    form: formArb({
      email: emailValue,
      ...profileFields,
      passwordMode: fc.constantFrom("reset", "set", "", "random"),
      password: passwordValue,
      sendSignInLink: fc.constantFrom("on", "true", "off", ""),
    }),
    secretFields: ["password"],
  },
  {
    name: "grantStaffRoleAction",
    action: grantStaffRoleAction,
    bound: false,
    form: formArb({ email: emailValue, role: fc.constantFrom("support", "admin", "driver", "owner", "") }),
  },
  { name: "revokeStaffRoleAction", action: revokeStaffRoleAction, bound: false, form: formArb({ email: emailValue }) },
  {
    name: "carryOutDeletionAction",
    action: carryOutDeletionAction,
    bound: false,
    form: formArb({ requestId: idValue }),
  },
  {
    name: "declineDeletionAction",
    action: declineDeletionAction,
    bound: false,
    form: formArb({ requestId: idValue, reason: fc.oneof(fc.constant("Open invoice"), fc.string({ maxLength: 600 })) }),
  },
  {
    name: "withdrawStaffInviteAction",
    action: withdrawStaffInviteAction,
    bound: false,
    form: formArb({ email: emailValue }),
  },
  {
    name: "resetStaffPasskeysAction",
    action: resetStaffPasskeysAction,
    bound: false,
    form: formArb({ email: emailValue }),
  },
  {
    name: "changeStaffEmailAction",
    action: changeStaffEmailAction,
    bound: false,
    form: formArb({ email: emailValue, newEmail: emailValue }),
  },
];

describe("admin actions: only validation errors, never a crash", () => {
  it("every exported admin action has a property here", () => {
    const exported = Object.values(adminActionModules).flatMap((m) =>
      Object.entries(m)
        .filter(([, value]) => typeof value === "function")
        .map(([name]) => name),
    );
    expect(exported.sort()).toEqual(ACTIONS.map((a) => a.name).sort());
  });

  // Blocking, moving and redeeming use things up (`reseed`): they start again from the seed now and then.
  for (const a of ACTIONS)
    checkActionProperty({ ...a, boundId: boundIdArb, viewer: staffSideViewer, freshLimits: true });
});

describe("admin route handlers: never a 500, never a throw", () => {
  checkRouteProperty({
    file: "app/api/admin/users/[id]/balance/route.ts",
    module: adminBalance,
    pathname: (p) => `/api/admin/users/${encodeURIComponent(p.id ?? "")}/balance`,
    query: queryArb,
    params: fc.record({ id: pathParamValue }),
    viewer: staffSideViewer,
    tally: "admin balance",
  });
  checkRouteProperty({
    file: "app/api/admin/users/[id]/expense-pack/route.ts",
    module: adminExpensePack,
    pathname: (p) => `/api/admin/users/${encodeURIComponent(p.id ?? "")}/expense-pack`,
    query: expensePackQuery,
    params: fc.record({ id: fc.oneof(fc.constantFrom("1001", "1002"), pathParamValue) }),
    viewer: staffSideViewer,
    tally: "admin expense pack",
  });
});
