import { json, notFound, parseId } from "../http";
import type { Route, RouteContext } from "../router";
import { toUtcIso } from "../time";

/**
 * The tenant's own records the portal's configuration names: partners v2.0 (with the options that
 * decide whether users can be created and balances are shown) and user groups v1.0. Read-only
 * here; they come from the emulator's settings, not the store.
 */
const PARTNER = /^\/public-api\/resources\/partners\/v2\.0\/([^/]+)$/;
const USER_GROUP = /^\/public-api\/resources\/user-groups\/v1\.0\/([^/]+)$/;

function readPartner({ params, runtime, state }: RouteContext) {
  const id = parseId(params[0], "Partner");
  const partner = runtime.settings.partners.find((p) => p.id === id);
  if (!partner) throw notFound("Partner", id);
  return json(200, {
    data: {
      id: partner.id,
      name: partner.name,
      businessName: partner.name,
      country: "NL",
      options: {
        createUsers: partner.createUsers,
        addUserBalance: partner.addUserBalance,
        supplierOnReceipts: false,
        allowToControlTariffs: false,
        allowToControlTariffGroups: false,
      },
      externalId: null,
      lastUpdatedAt: toUtcIso(state.seededAt),
    },
  });
}

function readUserGroup({ params, runtime, state }: RouteContext) {
  const id = parseId(params[0], "UserGroup");
  const group = runtime.settings.userGroups.find((g) => g.id === id);
  if (!group) throw notFound("UserGroup", id);
  return json(200, {
    data: { id: group.id, name: group.name, partnerId: null, lastUpdatedAt: toUtcIso(state.seededAt) },
  });
}

export const ampecoTenantRoutes: Route[] = [
  { method: "GET", pattern: PARTNER, handler: readPartner },
  { method: "GET", pattern: USER_GROUP, handler: readUserGroup },
];
