import "server-only";
import type { z } from "zod";
import type { EndpointName } from "./endpoint-table";
import { isPlatformError } from "./errors";
import type { PlatformRequester } from "./request";

/** Reads of one record, alike in both dialects: the record mapped, or null when the platform has none (404). */

export async function nullWhenNotFound<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isPlatformError(error) && error.code === "not_found") return null;
    throw error;
  }
}

/** The `{data}` record at `endpoint` for `id`, mapped; null for a 404. */
export function readOne<W, V>(
  requester: PlatformRequester,
  call: {
    endpoint: EndpointName;
    id: number | string;
    query?: Record<string, string>;
    schema: z.ZodType<{ data: W }>;
  },
  map: (wire: W) => V | Promise<V>,
): Promise<V | null> {
  return nullWhenNotFound(async () => {
    const { data } = await requester.request({
      endpoint: call.endpoint,
      params: { id: call.id },
      ...(call.query ? { query: call.query } : {}),
      schema: call.schema,
    });
    return await map(data.data);
  });
}
