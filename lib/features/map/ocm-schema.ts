import { z } from "zod";

/**
 * Open Charge Map v3, read leniently: one schema for compact, full and verbose answers.
 * A bad optional value becomes null instead of dropping the point.
 */

const optionalInt = z.number().int().nullish().catch(null);
const optionalNumber = z.number().finite().nullish().catch(null);
const optionalText = z.string().nullish().catch(null);
const optionalBool = z.boolean().nullish().catch(null);

/** A reference object embedded in full (non-compact) output: only its ID and title are used. */
const EmbeddedTitle = z.object({ ID: optionalInt, Title: optionalText }).nullish().catch(null);

export const OcmConnection = z.object({
  ID: optionalInt,
  ConnectionTypeID: optionalInt,
  ConnectionType: EmbeddedTitle,
  StatusTypeID: optionalInt,
  StatusType: z.object({ ID: optionalInt, Title: optionalText, IsOperational: optionalBool }).nullish().catch(null),
  PowerKW: optionalNumber,
  Quantity: optionalInt,
  CurrentTypeID: optionalInt,
  LevelID: optionalInt,
});
export type OcmConnection = z.output<typeof OcmConnection>;

export const OcmAddressInfo = z.object({
  Title: optionalText,
  AddressLine1: optionalText,
  AddressLine2: optionalText,
  Town: optionalText,
  StateOrProvince: optionalText,
  Postcode: optionalText,
  CountryID: optionalInt,
  Latitude: z.number().min(-90).max(90),
  Longitude: z.number().min(-180).max(180),
  // Present on distance searches, in the requested unit (DistanceUnit 1 = km, 2 = miles). The portal
  // computes its own distances and ignores these; they are parsed only so tests can compare.
  Distance: optionalNumber,
  DistanceUnit: optionalInt,
});

export const OcmPoi = z.object({
  ID: z.number().int(),
  DataProviderID: optionalInt,
  DataProvider: z.object({ ID: optionalInt, Title: optionalText, License: optionalText }).nullish().catch(null),
  OperatorID: optionalInt,
  OperatorInfo: EmbeddedTitle,
  UsageTypeID: optionalInt,
  UsageCost: optionalText,
  StatusTypeID: optionalInt,
  StatusType: z.object({ ID: optionalInt, Title: optionalText, IsOperational: optionalBool }).nullish().catch(null),
  NumberOfPoints: optionalInt,
  AddressInfo: OcmAddressInfo,
  Connections: z.array(OcmConnection).nullish().catch(null),
});
export type OcmPoi = z.output<typeof OcmPoi>;

/** Parses a `/v3/poi/` body: points that fail are dropped (and counted), never the whole answer. */
export function parsePoiList(body: unknown): { points: OcmPoi[]; dropped: number } | null {
  if (!Array.isArray(body)) return null;
  const points: OcmPoi[] = [];
  let dropped = 0;
  for (const item of body) {
    const parsed = OcmPoi.safeParse(item);
    if (parsed.success) points.push(parsed.data);
    else dropped += 1;
  }
  return { points, dropped };
}

// ---- /v3/referencedata/ ----------------------------------------------------------------------

const RefItem = z.object({ ID: z.number().int(), Title: z.string() });

const RawConnectionType = RefItem.extend({ FormalName: optionalText });
const RawStatusType = RefItem.extend({ IsOperational: optionalBool });
const RawOperator = RefItem.extend({ WebsiteURL: optionalText });
const RawCountry = RefItem.extend({ ISOCode: optionalText });
const RawDataProvider = RefItem.extend({ License: optionalText });

/** Keeps the items of a reference list that parse; one odd entry must not cost the whole list. */
function lenientList<T extends z.ZodType>(item: T) {
  return z
    .array(z.unknown())
    .nullish()
    .catch(null)
    .transform((items) =>
      (items ?? []).flatMap((raw) => {
        const parsed = item.safeParse(raw);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    );
}

export const OcmReferenceData = z.object({
  ConnectionTypes: lenientList(RawConnectionType),
  StatusTypes: lenientList(RawStatusType),
  Operators: lenientList(RawOperator),
  Countries: lenientList(RawCountry),
  DataProviders: lenientList(RawDataProvider),
  UsageTypes: lenientList(RefItem),
});
export type OcmReferenceData = z.output<typeof OcmReferenceData>;
