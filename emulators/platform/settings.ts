import { z } from "zod";
import { chargingSettings } from "./charging-settings";
import { pathPatternSchema } from "./faults";
import { goLiveSettings } from "./go-live-settings";

/**
 * How strict the emulator is where AMPECO leaves room (issue 24). Each setting makes the emulator
 * behave like a tenant the portal must cope with; the defaults are the stricter reading of the
 * published API wherever it is silent. Given when the emulator is made, changed at run time with
 * `PUT /__emulator/settings` (tests, journeys, `platform:check` against a misconfigured emulator),
 * and back to the made ones on reset. In memory only, like faults.
 */
const PartnerSchema = z
  .object({
    id: z.int().min(1),
    name: z.string().min(1).max(255),
    /** `options.createUsers` of partners v2.0. */
    createUsers: z.boolean(),
    /** `options.addUserBalance`: without it, users of the partner are read without `balance`. */
    addUserBalance: z.boolean(),
    // The company partners v2.0 names (settings v1.0 names none): the seller when `options.supplierOnReceipts`.
    businessName: z.string().min(1).max(255).nullable().default(null),
    vatNo: z.string().min(1).max(50).nullable().default(null),
    regNo: z.string().min(1).max(50).nullable().default(null),
    address: z.string().min(1).max(255).nullable().default(null),
    postcode: z.string().min(1).max(20).nullable().default(null),
    city: z.string().min(1).max(100).nullable().default(null),
    supplierOnReceipts: z.boolean().default(false),
  })
  .strict();

const PORTAL_PARTNER_COMPANY = {
  businessName: "Driver Portal B.V.",
  vatNo: "NL859123456B01",
  regNo: "81234567",
  address: "Keizersgracht 500",
  postcode: "1017 EK",
  city: "Amsterdam",
  supplierOnReceipts: true,
};

/** `users`, `id-tags`, `charge-points`…, or `actions/users`: the first path segment after resources/ or actions/. */
const ResourceSchema = z.string().regex(/^(actions\/)?[a-z][a-z-]{1,40}$/);

/**
 * How the emulator delivers notification callbacks (notifications v2.0). AMPECO says only that each
 * callback "will be retried a number of times and will be rate limited"; a receiver must cope with
 * the same callback twice and with callbacks in another order than the changes they report.
 */
const WebhookDeliverySchema = z
  .object({
    /** Every callback is sent twice. */
    duplicates: z.boolean().default(false),
    /** The callbacks of one batch are sent newest first. */
    outOfOrder: z.boolean().default(false),
    /** Tries per callback until a 2xx answer, the first included. */
    attempts: z.int().min(1).max(10).default(5),
    /** Wait before the n-th retry: n times this. */
    retryDelayMs: z.int().min(0).max(60_000).default(1_000),
  })
  .strict();

export const SESSION_ORDERS = ["id-ascending", "shuffled", "newest-first"] as const;

/** The currencies the emulated tenant has (currencies v2.0), by id: the position here, from 1. */
export const TENANT_CURRENCIES = ["EUR", "GBP", "USD", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF"] as const;

export const EmulatorSettingsSchema = z
  .object({
    /**
     * Resources the keys may not use (403), as when the token's admin lacks the right: a key that
     * reads sessions but not charge points, say.
     */
    forbiddenResources: z.array(ResourceSchema).max(50).default([]),
    /**
     * Order of the sessions listing (ampeco). AMPECO documents none, so by default it is not
     * newest first: ascending by id (inferred), or shuffled per request.
     */
    sessionOrder: z.enum(SESSION_ORDERS).default("id-ascending"),
    /** What redeem-voucher answers for a code the platform does not know: 406, or 404 (undocumented). */
    unknownVoucherStatus: z.union([z.literal(404), z.literal(406)]).default(406),
    /** Partners the tenant has (partners v2.0); create-user refuses any other `partnerId`. */
    partners: z
      .array(PartnerSchema)
      .max(20)
      .default(() =>
        [
          { id: 1116, name: "Driver Portal", createUsers: true, addUserBalance: true, ...PORTAL_PARTNER_COMPANY },
          { id: 1117, name: "Fleet reseller", createUsers: true, addUserBalance: false },
        ].map((partner) => PartnerSchema.parse(partner)),
      ),
    /** User groups the tenant has (user-groups v1.0, with the partner each belongs to); create-user refuses others. */
    userGroups: z
      .array(
        z
          .object({
            id: z.int().min(1),
            name: z.string().min(1).max(255),
            partnerId: z.int().min(1).nullable().default(null),
          })
          .strict(),
      )
      .max(20)
      .default([{ id: 257, name: "Portal drivers", partnerId: 1116 }]),
    /** The tenant's base currency (settings v1.0 → currencies v2.0), the currency of every balance. */
    baseCurrency: z.enum(TENANT_CURRENCIES).default("EUR"),
    /**
     * How session ids read (ampeco): AMPECO types them strings; `uuid` plays a tenant whose ids are not digits.
     * Transactions and start/stop callbacks keep the integer the subset types there.
     */
    sessionIds: z.enum(["numeric", "uuid"]).default("numeric"),
    /**
     * How the tenant stores id-tag UIDs: as sent, or in lower case (`lower`: the seed's UIDs too, and every create or
     * PATCH). `filter[idTagUid]` compares exactly either way (undocumented: the stricter reading).
     */
    idTagUids: z.enum(["as-sent", "lower"]).default("as-sent"),
    /**
     * Roaming partners' sites in the locations listing (`roamingOperatorId` not the tenant's); `filter[roaming]` picks.
     * On by default, as AMPECO lists them: some seeded sessions ran there. Off plays a tenant without roaming.
     */
    roamingLocations: z.boolean().default(true),
    /** More own locations, generated beside the seed's (a large network's walk); with `seedLocations` only. */
    generatedLocations: z.int().min(0).max(5_000).default(0),
    /**
     * How charge points hold a location's EVSEs: one charge point per location with all of them, or one per EVSE
     * (several charge points at a location: a client reads each one's EVSEs).
     */
    chargePoints: z.enum(["one-per-location", "one-per-evse"]).default("one-per-location"),
    /**
     * What a 429 says besides `X-RateLimit-Limit` and `-Remaining` (on every answer). AMPECO names only
     * "X-RateLimit-*": by default `X-RateLimit-Reset` in epoch seconds and no `Retry-After`; `retry-after` adds
     * Laravel's `Retry-After`, `reset-seconds-left` sends the reset as seconds from now, `none` neither.
     */
    rateLimitHeaders: z.enum(["reset-epoch", "retry-after", "reset-seconds-left", "none"]).default("reset-epoch"),
    /** The rate limit per key, at run time (null: the one the emulator was made with). */
    rateLimit: z
      .object({ limit: z.int().min(1).max(1_000_000), windowMs: z.int().min(1).max(3_600_000) })
      .strict()
      .nullable()
      .default(null),
    /** Paths (regex sources) answered with `Deprecation` and `Sunset` headers, as a tenant does for a retiring version. */
    sunsetPaths: z.array(pathPatternSchema(200)).max(20).default([]),
    /** Lists answer in page mode only and ignore `cursor` (an older tenant). */
    pageModeOnly: z.boolean().default(false),
    /**
     * The base URL the tenant writes into `links` and `meta.path`, where it differs from the address the
     * portal calls (scheme, host case, port, a trailing slash); null writes the request's own origin.
     */
    linksBaseUrl: z
      .string()
      .max(200)
      .regex(/^https?:\/\/[^/?#\s]+\/?$/i, "An origin, such as https://tenant.example:8443/.")
      .nullable()
      .default(null),
    webhookDelivery: WebhookDeliverySchema.default({
      duplicates: false,
      outOfOrder: false,
      attempts: 5,
      retryDelayMs: 1_000,
    }),
    ...goLiveSettings,
    ...chargingSettings,
  })
  .strict();

export type EmulatorSettings = z.infer<typeof EmulatorSettingsSchema>;
export type EmulatorSettingsInput = z.input<typeof EmulatorSettingsSchema>;
export type EmulatorPartner = z.infer<typeof PartnerSchema>;

/** The resource a platform path names, for `forbiddenResources` (`notifications` for notifications v2.0). */
export function resourceOfPath(pathname: string): string | null {
  if (/^\/public-api\/notifications\//.test(pathname)) return "notifications";
  const match = /^\/public-api\/(resources|actions)\/([^/]+)\//.exec(pathname);
  if (!match) return null;
  return match[1] === "actions" ? `actions/${match[2]}` : (match[2] ?? null);
}

export function partnerOf(settings: EmulatorSettings, partnerId: number | null): EmulatorPartner | null {
  return partnerId === null ? null : (settings.partners.find((p) => p.id === partnerId) ?? null);
}
