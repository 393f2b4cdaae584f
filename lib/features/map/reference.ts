import { z } from "zod";
import type { OcmReferenceData } from "./ocm-schema";

/** The slice of reference data kept (~40 KB of 340 KB). A stored copy that no longer parses counts as absent. */
export const StoredReferenceData = z.object({
  version: z.literal(1),
  connectionTypes: z.array(z.object({ id: z.number(), title: z.string(), formalName: z.string().nullable() })),
  statusTypes: z.array(z.object({ id: z.number(), title: z.string(), isOperational: z.boolean().nullable() })),
  operators: z.array(z.object({ id: z.number(), title: z.string(), websiteUrl: z.string().nullable() })),
  countries: z.array(z.object({ id: z.number(), title: z.string(), isoCode: z.string().nullable() })),
  dataProviders: z.array(z.object({ id: z.number(), title: z.string(), licence: z.string().nullable() })),
  usageTypes: z.array(z.object({ id: z.number(), title: z.string() })),
});
export type StoredReferenceData = z.output<typeof StoredReferenceData>;

export function slimReferenceData(raw: OcmReferenceData): StoredReferenceData {
  return {
    version: 1,
    connectionTypes: raw.ConnectionTypes.map((c) => ({ id: c.ID, title: c.Title, formalName: c.FormalName ?? null })),
    statusTypes: raw.StatusTypes.map((s) => ({ id: s.ID, title: s.Title, isOperational: s.IsOperational ?? null })),
    operators: raw.Operators.map((o) => ({ id: o.ID, title: o.Title, websiteUrl: o.WebsiteURL ?? null })),
    countries: raw.Countries.map((c) => ({ id: c.ID, title: c.Title, isoCode: c.ISOCode ?? null })),
    dataProviders: raw.DataProviders.map((d) => ({ id: d.ID, title: d.Title, licence: d.License ?? null })),
    usageTypes: raw.UsageTypes.map((u) => ({ id: u.ID, title: u.Title })),
  };
}

export interface ReferenceLookup {
  connectionTypeTitle(id: number): string | undefined;
  statusType(id: number): { title: string; isOperational: boolean | null } | undefined;
  operatorTitle(id: number): string | undefined;
  countryIsoCode(id: number): string | undefined;
  dataProvider(id: number): { title: string; licence: string | null } | undefined;
}

function byId<T extends { id: number }>(items: readonly T[]): Map<number, T> {
  return new Map(items.map((item) => [item.id, item]));
}

/** Real titles have stray whitespace (type 1036 is "Type 2 (Tethered Connector) "). */
function clean(title: string | undefined): string | undefined {
  const trimmed = title?.replace(/\s+/g, " ").trim();
  return trimmed ? trimmed : undefined;
}

export function buildReferenceLookup(data: StoredReferenceData): ReferenceLookup {
  const connectionTypes = byId(data.connectionTypes);
  const statusTypes = byId(data.statusTypes);
  const operators = byId(data.operators);
  const countries = byId(data.countries);
  const dataProviders = byId(data.dataProviders);
  return {
    connectionTypeTitle: (id) => clean(connectionTypes.get(id)?.title),
    statusType: (id) => {
      const status = statusTypes.get(id);
      return status ? { title: clean(status.title) ?? status.title, isOperational: status.isOperational } : undefined;
    },
    operatorTitle: (id) => clean(operators.get(id)?.title),
    countryIsoCode: (id) => countries.get(id)?.isoCode ?? undefined,
    dataProvider: (id) => {
      const provider = dataProviders.get(id);
      return provider ? { title: clean(provider.title) ?? provider.title, licence: provider.licence } : undefined;
    },
  };
}

/** Used before any reference data is available: the five fixed connector labels still work. */
export const EMPTY_REFERENCE_LOOKUP: ReferenceLookup = buildReferenceLookup({
  version: 1,
  connectionTypes: [],
  statusTypes: [],
  operators: [],
  countries: [],
  dataProviders: [],
  usageTypes: [],
});
