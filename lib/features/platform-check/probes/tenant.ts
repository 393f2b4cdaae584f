import "server-only";
import type { CheckRow } from "../table";
import type { CheckTarget } from "../http";
import { found, notTried, problem, type Probe } from "../probe";

/** The tenant's records the portal's settings name: the partner, its user group, the base currency (ampeco). */
export const TENANT_PROBES: Probe[] = [
  {
    endpoint: "partners.get",
    feature: "sign-ups (PLATFORM_PARTNER_ID)",
    async run({ platform, target }) {
      const partner = await platform.tenant?.getPartner(target.partnerId);
      if (!partner)
        return problem(
          "blocker",
          `PLATFORM_PARTNER_ID ${target.partnerId} does not exist on the platform: sign-ups fail`,
        );
      if (!partner.createUsers)
        return problem("blocker", `partner ${partner.id} lacks options.createUsers: sign-ups fail`);
      if (!partner.addUserBalance)
        return problem(
          "blocker",
          `partner ${partner.id} lacks options.addUserBalance: drivers see "Balance not available"`,
        );
      return found(`${partner.id} exists, with createUsers and addUserBalance`);
    },
  },
  {
    endpoint: "userGroups.get",
    feature: "sign-ups (PLATFORM_USER_GROUP_ID)",
    async run({ platform, target }) {
      const group = await platform.tenant?.getUserGroup(target.userGroupId);
      if (!group)
        return problem("blocker", `PLATFORM_USER_GROUP_ID ${target.userGroupId} does not exist: sign-ups fail`);
      if (group.partnerId === target.partnerId) return found(`${group.id} exists, in partner ${target.partnerId}`);
      if (group.partnerId === null)
        return problem(
          "warning",
          `group ${group.id} belongs to no partner: check that it is the group for partner ${target.partnerId}'s drivers`,
        );
      return problem(
        "blocker",
        `group ${group.id} belongs to partner ${group.partnerId}, not PLATFORM_PARTNER_ID ${target.partnerId}: set PLATFORM_USER_GROUP_ID to a group of partner ${target.partnerId}`,
      );
    },
  },
  {
    endpoint: "settings.get",
    feature: "balances in the right currency (PLATFORM_CURRENCY)",
    async run({ platform, samples }) {
      samples.currencyId = (await platform.tenant?.getBaseCurrencyId()) ?? undefined;
      return samples.currencyId === undefined
        ? problem("warning", "the tenant names no base currency: PLATFORM_CURRENCY cannot be checked")
        : found(`names base currency ${samples.currencyId}`);
    },
  },
  {
    endpoint: "currencies.get",
    feature: "balances in the right currency (PLATFORM_CURRENCY)",
    async run({ platform, samples, target }) {
      if (samples.currencyId === undefined) return notTried("no base currency to read");
      const code = await platform.tenant?.getCurrencyCode(samples.currencyId);
      if (!code)
        return problem("warning", `base currency ${samples.currencyId} reads 404: PLATFORM_CURRENCY unchecked`);
      if (code === target.currency) return found(`the base currency is ${code}, as PLATFORM_CURRENCY`);
      return problem(
        "blocker",
        `the base currency is ${code}, PLATFORM_CURRENCY is ${target.currency}: balances would show in the wrong currency. Set PLATFORM_CURRENCY=${code}`,
      );
    },
  },
];

/** The contract has none of these records: its rows say what it cannot tell. */
export function contractTenantRows(target: CheckTarget): CheckRow[] {
  const untold = (check: string, what: string): CheckRow => ({ check, result: "info", todo: what });
  return [
    untold(
      "partner",
      `the contract has no partner read: PLATFORM_PARTNER_ID ${target.partnerId} is only tried by a sign-up`,
    ),
    untold(
      "user group",
      `the contract has no group read: PLATFORM_USER_GROUP_ID ${target.userGroupId} is only tried by a sign-up`,
    ),
    untold("base currency", `the contract has no currency read: PLATFORM_CURRENCY ${target.currency} is not checked`),
  ];
}
