import { z } from "zod";
import { PLACE_QUERY_MAX, PLACE_QUERY_MIN } from "./place-search";

/**
 * The query of `GET /api/map/search?q=…[&lat=…&lng=…]`: the text, and where the map looks (to rank the nearest
 * first; a position that does not parse is ignored). Messages are catalogue keys.
 */
export const PlaceQuerySchema = z.object({
  q: z
    .string({ error: "mapErrors.search.required" })
    .trim()
    .min(PLACE_QUERY_MIN, "mapErrors.search.tooShort")
    .max(PLACE_QUERY_MAX, "mapErrors.search.tooLong"),
  lat: z.coerce.number().min(-90).max(90).optional().catch(undefined),
  lng: z.coerce.number().min(-180).max(180).optional().catch(undefined),
});
export type PlaceQuery = z.output<typeof PlaceQuerySchema>;
