import "server-only";
import { z } from "zod";
import type { TenantApi } from "../../apis";
import { nullWhenNotFound, readOne } from "../../reads";
import type { AmpecoRequester } from "./endpoints";
import { WireId } from "../../wire";

/**
 * The tenant's records the portal's settings name (partner, user group, base currency). Read by `platform:check`; at run
 * time the portal trusts its configuration, and reads the partner only for the seller on a receipt.
 */
const text = z.string().nullish();
const Partner = z.object({
  id: WireId,
  businessName: text,
  vatNo: text,
  address: text,
  postcode: text,
  city: text,
  country: text,
  options: z
    .object({
      createUsers: z.boolean().nullish(),
      addUserBalance: z.boolean().nullish(),
      supplierOnReceipts: z.boolean().nullish(),
    })
    .nullish(),
});
const UserGroup = z.object({ id: WireId, name: z.string().nullish(), partnerId: WireId.nullish() });
const Settings = z.object({ data: z.object({ baseCurrency: z.object({ id: WireId }).nullish() }) });
/** Currencies v2.0 answer the record itself, without `{data}` (as the subset has it). */
const Currency = z.object({ id: WireId.nullish(), alphabeticCode: z.string().regex(/^[A-Z]{3}$/) });

export function createAmpecoTenantApi(requester: AmpecoRequester): TenantApi {
  return {
    getPartner: (id) =>
      readOne(requester, { endpoint: "partners.get", id, schema: z.object({ data: Partner }) }, (wire) => ({
        id: wire.id,
        createUsers: wire.options?.createUsers === true,
        addUserBalance: wire.options?.addUserBalance === true,
        // The partner is the seller on receipts only when the tenant says so (`options.supplierOnReceipts`).
        seller:
          wire.options?.supplierOnReceipts === true && wire.businessName
            ? {
                name: wire.businessName,
                vatNumber: wire.vatNo ?? null,
                addressLines: [wire.address, [wire.postcode, wire.city].filter(Boolean).join(" ")].filter(
                  (line): line is string => Boolean(line),
                ),
              }
            : null,
      })),

    getUserGroup: (id) =>
      readOne(requester, { endpoint: "userGroups.get", id, schema: z.object({ data: UserGroup }) }, (wire) => ({
        id: wire.id,
        name: wire.name ?? null,
        partnerId: wire.partnerId ?? null,
      })),

    async getBaseCurrencyId() {
      const { data } = await requester.request({ endpoint: "settings.get", schema: Settings });
      return data.data.baseCurrency?.id ?? null;
    },

    getCurrencyCode: (id) =>
      nullWhenNotFound(async () => {
        const { data } = await requester.request({ endpoint: "currencies.get", params: { id }, schema: Currency });
        return data.alphabeticCode;
      }),
  };
}
