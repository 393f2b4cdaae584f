import { distanceKm, type MapPointBase } from "./points";

/**
 * A town or an address among the points already fetched, no geocoder (issue 36). Pure: the page takes the types,
 * the server runs it over the saved tiles (docs/design-notes.md#libfeaturesmapplace-searchts).
 */

export const PLACE_QUERY_MIN = 2;
export const PLACE_QUERY_MAX = 80;
/** Results of one search: enough to pick from on a phone. */
export const PLACE_RESULT_LIMIT = 8;
/** Towns first, at most this many: a town's name also matches every point in it. */
const TOWN_RESULT_LIMIT = 3;

export type PlaceResult =
  | { kind: "town"; name: string; count: number; lat: number; lng: number }
  | {
      kind: "point";
      id: number;
      title: string;
      demo: boolean;
      address: string | null;
      town: string | null;
      postcode: string | null;
      lat: number;
      lng: number;
    };

/** Body of `GET /api/map/search`. */
export interface PlaceSearchResponse {
  results: PlaceResult[];
}

/** Lower case, without accents, one space between words: "Straße" finds "strasse" and "Köln" finds "koln". */
export function normaliseForSearch(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * 0 when a field starts with the query, 1 when a word of it does, 2 when every word is somewhere; null: no match.
 * `addressOnly`: the town and the title are left out, when the query already names a town.
 */
function scoreOf(point: MapPointBase, query: string, words: string[], addressOnly: boolean): number | null {
  const fields = (
    addressOnly ? [point.address, point.postcode] : [point.address, point.postcode, point.town, point.title]
  )
    .filter((f): f is string => !!f)
    .map(normaliseForSearch);
  // A postcode is written with and without its space: "1011 AB" and "1011ab".
  const compactQuery = query.replace(/ /g, "");
  if (fields.some((f) => f.startsWith(query) || f.replace(/ /g, "").startsWith(compactQuery))) return 0;
  if (fields.some((f) => f.includes(` ${query}`))) return 1;
  const all = fields.join(" ");
  return words.every((word) => all.includes(word)) ? 2 : null;
}

/**
 * Towns whose name starts with the query (with their count and middle), then points by address, best match first,
 * nearest next; a query that names a town matches points by street or postcode only.
 */
export function searchPlaces(
  points: readonly MapPointBase[],
  rawQuery: string,
  near?: { lat: number; lng: number },
): PlaceResult[] {
  const query = normaliseForSearch(rawQuery);
  const words = query.split(" ").filter(Boolean);
  if (words.length === 0) return [];
  const unique = [...new Map(points.map((point) => [point.id, point])).values()];

  const towns = new Map<string, { name: string; count: number; lat: number; lng: number }>();
  for (const point of unique) {
    const key = point.town ? normaliseForSearch(point.town) : "";
    if (!point.town || !key.startsWith(query)) continue;
    const town = towns.get(key) ?? { name: point.town, count: 0, lat: 0, lng: 0 };
    town.count += 1;
    town.lat += point.lat;
    town.lng += point.lng;
    towns.set(key, town);
  }
  const townResults: PlaceResult[] = [...towns.values()]
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, TOWN_RESULT_LIMIT)
    .map((t) => ({ kind: "town", name: t.name, count: t.count, lat: t.lat / t.count, lng: t.lng / t.count }));

  const distance = (p: { lat: number; lng: number }) => (near ? distanceKm(near, p) : 0);
  const pointResults: PlaceResult[] = unique
    .map((point) => ({ point, score: scoreOf(point, query, words, towns.size > 0) }))
    .filter((entry): entry is { point: MapPointBase; score: number } => entry.score !== null)
    .sort((a, b) => a.score - b.score || distance(a.point) - distance(b.point) || a.point.id - b.point.id)
    .slice(0, PLACE_RESULT_LIMIT - townResults.length)
    .map(({ point }) => ({
      kind: "point",
      id: point.id,
      title: point.title,
      demo: point.demo,
      address: point.address,
      town: point.town,
      postcode: point.postcode,
      lat: point.lat,
      lng: point.lng,
    }));
  return [...townResults, ...pointResults];
}
