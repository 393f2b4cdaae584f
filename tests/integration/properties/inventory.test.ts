import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_HANDLER } from "@/lib/core/route-handlers/route-handler";

/**
 * Every route handler file under app/api, with the property file that fuzzes it. A new route
 * handler fails this test until it is added here and fuzzed.
 */
const ROUTE_COVERAGE: Record<string, string> = {
  "app/api/auth/[...nextauth]/route.ts": "excluded: Auth.js's own handlers",
  "app/api/account/balance/route.ts": "routes.test.ts",
  "app/api/account/data-export/route.ts": "routes.test.ts",
  "app/api/health/route.ts": "routes.test.ts",
  "app/api/health/live/route.ts": "routes.test.ts",
  "app/api/health/ready/route.ts": "routes.test.ts",
  "app/api/metrics/route.ts": "routes.test.ts",
  "app/api/downloads/[id]/route.ts": "routes.test.ts",
  "app/api/map/points/route.ts": "routes.test.ts",
  "app/api/map/search/route.ts": "routes.test.ts",
  "app/api/map/locations/[id]/route.ts": "routes.test.ts",
  "app/api/emulator/[...path]/route.ts": "emulator-route.test.ts",
  "app/api/sessions/export/route.ts": "sessions-routes.test.ts",
  "app/api/sessions/[id]/export/route.ts": "sessions-routes.test.ts",
  "app/api/sessions/[id]/receipt/route.ts": "sessions-routes.test.ts",
  "app/api/sessions/[id]/platform-receipt/route.ts": "sessions-routes.test.ts",
  "app/api/sessions/live/route.ts": "sessions-routes.test.ts",
  "app/api/sessions/expense-pack/route.ts": "sessions-routes.test.ts",
  "app/api/payments/export/route.ts": "payments-routes.test.ts",
  "app/api/payments/invoices/[id]/route.ts": "payments-routes.test.ts",
  "app/api/admin/users/[id]/expense-pack/route.ts": "admin.test.ts",
  "app/api/admin/users/[id]/invoices/[invoiceId]/route.ts": "payments-routes.test.ts",
  "app/api/admin/users/[id]/balance/route.ts": "admin.test.ts",
  "app/api/passkeys/registration/options/route.ts": "passkeys.test.ts",
  "app/api/passkeys/registration/route.ts": "passkeys.test.ts",
  "app/api/passkeys/sign-in/options/route.ts": "passkeys.test.ts",
  "app/api/passkeys/sign-in/route.ts": "passkeys.test.ts",
  "app/api/platform/callbacks/route.ts": "live.test.ts",
  "app/api/live/route.ts": "live.test.ts",
};

/**
 * Every server action module ("use server"), with the property file that fuzzes its actions. A new
 * one fails this test until it is added here and fuzzed.
 */
const ACTION_COVERAGE: Record<string, string> = {
  "lib/features/accounts/actions/sign-up.ts": "sign-up.test.ts",
  "lib/features/accounts/actions/finish-sign-up.ts": "sign-up.test.ts",
  "lib/features/sign-in/actions/request-sign-in-link.ts": "sign-up.test.ts",
  "lib/features/sign-in/actions/sign-out.ts": "excluded: takes no input, only redirects",
  "lib/features/sign-in/actions/sign-out-everywhere.ts": "excluded: takes no input, only redirects",
  "lib/features/devices/actions/sign-out-device.ts": "devices.test.ts",
  "lib/features/accounts/actions/update-profile.ts": "account.test.ts",
  "lib/features/accounts/actions/change-email.ts": "account.test.ts",
  "lib/features/accounts/actions/confirm-email-change.ts": "account.test.ts",
  "lib/features/accounts/actions/start-password-reset.ts": "account.test.ts",
  "lib/features/accounts/actions/request-account-deletion.ts": "account.test.ts",
  "lib/features/accounts/actions/cancel-account-deletion.ts": "account.test.ts",
  "lib/features/accounts/actions/set-app-password.ts": "app-password.test.ts",
  "lib/features/accounts/actions/set-app-password-with-link.ts": "app-password.test.ts",
  "lib/features/accounts/actions/request-platform-export.ts": "account.test.ts",
  "lib/features/accounts/actions/set-mail-notices.ts": "devices.test.ts",
  "lib/features/cards/actions/add-card.ts": "cards.test.ts",
  "lib/features/cards/actions/block-card.ts": "cards.test.ts",
  "lib/features/cards/actions/pause-card.ts": "cards.test.ts",
  "lib/features/cards/actions/resume-card.ts": "cards.test.ts",
  "lib/features/vouchers/actions/redeem-voucher.ts": "vouchers.test.ts",
  "lib/features/admin/actions/link-card-for-driver.ts": "admin.test.ts",
  "lib/features/admin/actions/block-card-for-driver.ts": "admin.test.ts",
  "lib/features/admin/actions/resume-card-for-driver.ts": "admin.test.ts",
  "lib/features/admin/actions/move-card-step.ts": "admin.test.ts",
  "lib/features/admin/actions/create-driver.ts": "admin.test.ts",
  "lib/features/admin/actions/update-driver-profile.ts": "admin.test.ts",
  "lib/features/admin/actions/correct-driver-billing-details.ts": "admin.test.ts",
  "lib/features/admin/actions/change-driver-email.ts": "admin.test.ts",
  "lib/features/admin/actions/start-driver-password-reset.ts": "admin.test.ts",
  "lib/features/admin/actions/redeem-voucher-for-driver.ts": "admin.test.ts",
  "lib/features/admin/actions/grant-staff-role.ts": "admin.test.ts",
  "lib/features/admin/actions/revoke-staff-role.ts": "admin.test.ts",
  "lib/features/admin/actions/withdraw-staff-invite.ts": "admin.test.ts",
  "lib/features/admin/actions/reset-staff-passkeys.ts": "admin.test.ts",
  "lib/features/admin/actions/change-staff-email.ts": "admin.test.ts",
  "lib/features/admin/actions/carry-out-deletion.ts": "admin.test.ts",
  "lib/features/admin/actions/decline-deletion.ts": "admin.test.ts",
  "lib/features/passkeys/actions/rename-passkey.ts": "passkeys.test.ts",
  "lib/features/passkeys/actions/remove-passkey.ts": "passkeys.test.ts",
  "lib/features/language/actions/choose-language.ts": "language.test.ts",
  "lib/features/billing/actions/save-billing-details.ts": "billing.test.ts",
  "lib/features/charging/actions/start-charging.ts": "charging.test.ts",
  "lib/features/charging/actions/stop-charging.ts": "charging.test.ts",
  "lib/features/admin/actions/force-stop-session.ts": "admin.test.ts",
};

function listFiles(
  dir: string,
  root: string,
  keep: (relative: string, full: string) => boolean,
  found: string[] = [],
): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) listFiles(full, root, keep, found);
    else {
      const relative = path.relative(root, full).split(path.sep).join("/");
      if (keep(relative, full)) found.push(relative);
    }
  }
  return found;
}

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

function listRouteFiles(root = process.cwd()): string[] {
  return listFiles(path.join(root, "app", "api"), root, (relative) => /\/route\.tsx?$/.test(relative)).sort();
}

/** Modules whose first statement is the "use server" directive (comments aside). */
function listServerActionFiles(root = process.cwd()): string[] {
  const isActionModule = (relative: string, full: string) =>
    /\.tsx?$/.test(relative) &&
    /^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use server["']/.test(readFileSync(full, "utf8"));
  return [
    ...listFiles(path.join(root, "lib"), root, isActionModule),
    ...listFiles(path.join(root, "app"), root, isActionModule),
  ].sort();
}

/** The property files must keep up with the code: a new route handler or action module fails here. */
describe("property test inventory", () => {
  it("every route handler under app/api is fuzzed by a property file (or excluded on purpose)", () => {
    expect(listRouteFiles()).toEqual(Object.keys(ROUTE_COVERAGE).sort());
  });

  it("every route handler is built by routeHandler (lib/core/route-handlers): access, parameters and errors in one place", async () => {
    const handWritten: string[] = [];
    for (const file of listRouteFiles()) {
      const routeModule = (await import(/* @vite-ignore */ path.join(process.cwd(), file))) as Record<string, unknown>;
      const methods = Object.entries(routeModule).filter(([name]) => HTTP_METHODS.includes(name));
      expect(methods.length, file).toBeGreaterThan(0);
      for (const [method, handler] of methods)
        if ((handler as { [ROUTE_HANDLER]?: true })[ROUTE_HANDLER] !== true) handWritten.push(`${method} ${file}`);
    }
    expect(handWritten).toEqual([]);
  });

  it('every "use server" module is fuzzed by a property file (or excluded on purpose)', () => {
    expect(listServerActionFiles()).toEqual(Object.keys(ACTION_COVERAGE).sort());
  });
});
