import "server-only";
import { z } from "zod";

/**
 * Zod schemas of the platform's wire format (see shared/spec/platform-interface.md).
 * Lenient where the spec allows subsets or differing types; unknown keys are stripped.
 * Only light normalisation happens here (ids and numbers); mapping to view models is done
 * in the resource modules.
 */

/** Integer id; the platform sends a string on user create and integers elsewhere. */
export const WireId = z
  .union([
    z.number().int().nonnegative(),
    z
      .string()
      .trim()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ])
  .refine(Number.isSafeInteger, "id out of range");

/** A number that may defensively arrive as a numeric string (money, energy). */
export const WireNumber = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** A non-negative count in pagination meta. */
const WireCount = z.union([z.number().int().nonnegative(), z.string().trim().regex(/^\d+$/).transform(Number)]);

const text = z.string().nullish();

export const WireUser = z.object({
  id: WireId,
  email: z.string().optional(),
  firstName: text,
  lastName: text,
  phone: text,
  address: text,
  city: text,
  postCode: text,
  country: text,
  balance: WireNumber.nullish(),
  currency: text,
  createdAt: text,
});
export type WireUser = z.output<typeof WireUser>;

export const WireEmailChange = z.object({ id: WireId, email: z.string() });

export const WireToken = z.object({
  id: WireId,
  userId: WireId,
  code: z.string(),
  visualNumber: text,
  // The spec names `rfid` the default type.
  type: z
    .enum(["rfid", "app"])
    .nullish()
    .transform((t) => t ?? "rfid"),
  status: z.enum(["active", "blocked", "inactive"]),
  createdAt: text,
});
export type WireToken = z.output<typeof WireToken>;

export const WireSession = z.object({
  id: WireId,
  // The list omits the UTC variants; the detail adds them.
  startedAt: text,
  startedAtLocal: text,
  stoppedAt: text,
  stoppedAtLocal: text,
  energy: WireNumber,
  amount: WireNumber,
  status: z.enum(["started", "charging", "finished", "failed"]),
  evseId: WireId.nullish(),
  locationId: WireId.nullish(),
});
export type WireSession = z.output<typeof WireSession>;

const WireTranslation = z.object({ locale: z.string(), translation: z.string() });

export const WireLocation = z.object({
  id: WireId,
  name: z.array(WireTranslation).nullish(),
  geoposition: z.object({ latitude: WireNumber.nullish(), longitude: WireNumber.nullish() }).nullish(),
  // Further address fields may exist; only street and number are used.
  address: z.object({ street: text, number: z.union([z.string(), z.number().transform(String)]).nullish() }).nullish(),
  city: text,
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

/** `{data: T}` envelope of single-resource responses. */
export function wireItem<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

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
