import "server-only";
import { z } from "zod";
import { WireGeoposition, WireId, WireNumber, WireProfile, WireText, WireTranslation } from "../../wire";

/**
 * Wire schemas of the contract (shared/spec/platform-interface.md), on the shared pieces of
 * wire.ts. Mapping to the domain types is done in the resource modules.
 */

/** A non-negative count in pagination meta. */
const WireCount = z.union([z.number().int().nonnegative(), z.string().trim().regex(/^\d+$/).transform(Number)]);

export const WireUser = WireProfile.extend({ currency: WireText });
export type WireUser = z.output<typeof WireUser>;

export const WireEmailChange = z.object({ id: WireId, email: z.string() });

export const WireToken = z.object({
  id: WireId,
  userId: WireId,
  code: z.string(),
  visualNumber: WireText,
  // The contract names `rfid` the default type.
  type: z
    .enum(["rfid", "app"])
    .nullish()
    .transform((t) => t ?? "rfid"),
  status: z.enum(["active", "blocked", "inactive"]),
  createdAt: WireText,
});
export type WireToken = z.output<typeof WireToken>;

export const WireSession = z.object({
  id: WireId,
  // The list omits the UTC variants; the detail adds them.
  startedAt: WireText,
  startedAtLocal: WireText,
  stoppedAt: WireText,
  stoppedAtLocal: WireText,
  energy: WireNumber,
  amount: WireNumber,
  status: z.enum(["started", "charging", "finished", "failed"]),
  evseId: WireId.nullish(),
  locationId: WireId.nullish(),
});
export type WireSession = z.output<typeof WireSession>;

export const WireLocation = z.object({
  id: WireId,
  name: z.array(WireTranslation).nullish(),
  geoposition: WireGeoposition,
  // Further address fields may exist; only street and number are used.
  address: z
    .object({ street: WireText, number: z.union([z.string(), z.number().transform(String)]).nullish() })
    .nullish(),
  city: WireText,
  evses: z
    .array(
      z.object({
        id: WireId,
        status: z.string(),
        connectors: z.array(z.object({ type: z.string(), power: WireNumber.nullish() })).nullish(),
      }),
    )
    .nullish(),
});
export type WireLocation = z.output<typeof WireLocation>;

export const WireMeta = z.object({
  current_page: WireCount.optional(),
  per_page: WireCount.optional(),
  total: WireCount.optional(),
  last_page: WireCount.nullish(),
});

export const WireLinks = z.object({ next: z.string().nullish() });

/** `{data: [T], meta, links}` envelope of listings; meta and links are optional defensively. */
export function wireList<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: WireMeta.nullish(), links: WireLinks.nullish() });
}

export interface WireListOf<T> {
  data: T[];
  meta?: z.output<typeof WireMeta> | null;
  links?: z.output<typeof WireLinks> | null;
}
