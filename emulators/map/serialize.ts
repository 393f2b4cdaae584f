import type { PoiQuery } from "./query";
import type { SearchHit } from "./search";
import type { EmulatorReferenceData } from "./types";

/**
 * Output shaping (facts §1 "compact / verbose matrix"):
 * - `compact=true` nulls the reference objects and keeps their IDs;
 * - `compact=false` embeds them, looked up in the reference data;
 * - `verbose=false` drops every null-valued property, at every depth.
 * Distance and DistanceUnit are set only on latitude/longitude searches (else null and 0).
 */

const SIX_MONTHS_MS = 182 * 24 * 60 * 60 * 1000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json | undefined };
type JsonObject = Record<string, unknown>;

function indexById<T extends { ID: number }>(items: readonly T[] | undefined): Map<number, T> {
  return new Map((items ?? []).map((item) => [item.ID, item]));
}

export interface Serializer {
  serialize(hit: SearchHit, query: PoiQuery): JsonObject;
}

export function createSerializer(reference: EmulatorReferenceData, now: () => Date): Serializer {
  const lookups = {
    DataProvider: indexById(reference.DataProviders),
    OperatorInfo: indexById(reference.Operators),
    UsageType: indexById(reference.UsageTypes),
    StatusType: indexById(reference.StatusTypes),
    SubmissionStatus: indexById(reference.SubmissionStatusTypes),
    Country: indexById(reference.Countries),
    ConnectionType: indexById(reference.ConnectionTypes),
    CurrentType: indexById(reference.CurrentTypes),
    Level: indexById(reference.ChargerTypes),
  };
  const find = (table: keyof typeof lookups, id: unknown) =>
    typeof id === "number" ? (lookups[table].get(id) ?? null) : null;

  return {
    serialize(hit, query) {
      const poi = structuredClone(hit.poi) as JsonObject & {
        AddressInfo: JsonObject;
        Connections?: JsonObject[] | null;
      };
      const address = poi.AddressInfo;
      address.Distance = hit.distance?.value ?? null;
      address.DistanceUnit = hit.distance?.unit ?? 0;

      // Computed by the real server from DateLastVerified; always present there.
      const verified = typeof poi.DateLastVerified === "string" ? Date.parse(poi.DateLastVerified) : Number.NaN;
      poi.IsRecentlyVerified = !Number.isNaN(verified) && now().getTime() - verified < SIX_MONTHS_MS;

      if (!query.includeComments) {
        poi.UserComments = null;
        poi.MediaItems = null;
      }
      const connections = poi.Connections ?? [];
      if (query.compact) {
        for (const key of ["DataProvider", "OperatorInfo", "UsageType", "StatusType", "SubmissionStatus"])
          poi[key] = null;
        address.Country = null;
        for (const c of connections)
          Object.assign(c, { ConnectionType: null, CurrentType: null, Level: null, StatusType: null });
      } else {
        poi.DataProvider = find("DataProvider", poi.DataProviderID);
        poi.OperatorInfo = find("OperatorInfo", poi.OperatorID);
        poi.UsageType = find("UsageType", poi.UsageTypeID);
        poi.StatusType = find("StatusType", poi.StatusTypeID);
        poi.SubmissionStatus = find("SubmissionStatus", poi.SubmissionStatusTypeID);
        address.Country = find("Country", address.CountryID);
        for (const c of connections) {
          Object.assign(c, {
            ConnectionType: find("ConnectionType", c.ConnectionTypeID),
            CurrentType: find("CurrentType", c.CurrentTypeID),
            Level: find("Level", c.LevelID),
            StatusType: find("StatusType", c.StatusTypeID),
          });
        }
      }
      return query.verbose ? poi : (withoutNulls(poi as Json) as JsonObject);
    },
  };
}

/** System.Text.Json `WhenWritingNull`: null properties vanish; nulls inside arrays stay. */
export function withoutNulls(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value !== null && typeof value === "object") {
    const out: { [key: string]: Json } = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === null || item === undefined) continue;
      out[key] = withoutNulls(item);
    }
    return out;
  }
  return value;
}
