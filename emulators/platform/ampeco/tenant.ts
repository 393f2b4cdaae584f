import { json, notFound, parseId } from "../http";
import type { Route, RouteContext } from "../router";
import { TENANT_CURRENCIES } from "../settings";
import { toUtcIso } from "../time";

/**
 * The tenant's own records the portal's configuration names: partners v2.0 (with the options that
 * decide whether users can be created and balances are shown), user groups v1.0 (with their partner), and the base
 * currency (settings v1.0, currencies v2.0). Read-only here; they come from the emulator's settings, not the store.
 */
const PARTNER = /^\/public-api\/resources\/partners\/v2\.0\/([^/]+)$/;
const USER_GROUP = /^\/public-api\/resources\/user-groups\/v1\.0\/([^/]+)$/;
const SETTINGS = /^\/public-api\/resources\/settings\/v1\.0$/;
const CURRENCY = /^\/public-api\/resources\/currencies\/v2\.0\/([^/]+)$/;

function readPartner({ params, runtime, state }: RouteContext) {
  const id = parseId(params[0], "Partner");
  const partner = runtime.settings.partners.find((p) => p.id === id);
  if (!partner) throw notFound("Partner", id);
  return json(200, {
    data: {
      id: partner.id,
      name: partner.name,
      businessName: partner.businessName ?? partner.name,
      regNo: partner.regNo,
      vatNo: partner.vatNo,
      address: partner.address,
      postcode: partner.postcode,
      city: partner.city,
      country: "NL",
      options: {
        createUsers: partner.createUsers,
        addUserBalance: partner.addUserBalance,
        supplierOnReceipts: partner.supplierOnReceipts,
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
    data: { id: group.id, name: group.name, partnerId: group.partnerId, lastUpdatedAt: toUtcIso(state.seededAt) },
  });
}

/** Settings v1.0: the base currency by its id (the currency itself is a read of currencies v2.0). */
function readSettings({ runtime, state }: RouteContext) {
  const at = toUtcIso(state.seededAt);
  return json(200, {
    data: {
      baseCurrency: { id: TENANT_CURRENCIES.indexOf(runtime.settings.baseCurrency) + 1, lastUpdatedAt: at },
      defaultTax: {
        id: 1,
        enableMultiTaxSupport: false,
        taxInformationNotInInvoicesAndReceipts: false,
        lastUpdatedAt: at,
      },
    },
  });
}

function readCurrency({ params }: RouteContext) {
  const id = parseId(params[0], "Currency");
  const code = TENANT_CURRENCIES[id - 1];
  if (!code) throw notFound("Currency", id);
  const name = new Intl.DisplayNames("en", { type: "currency" }).of(code) ?? code;
  // The record itself, without `{data}`, as the subset has this read.
  return json(200, { id, name, alphabeticCode: code, decimal: 2, enableUseOfMinorCurrencyUnit: false });
}

export const ampecoTenantRoutes: Route[] = [
  { method: "GET", pattern: PARTNER, handler: readPartner },
  { method: "GET", pattern: USER_GROUP, handler: readUserGroup },
  { method: "GET", pattern: SETTINGS, handler: readSettings },
  { method: "GET", pattern: CURRENCY, handler: readCurrency },
];
