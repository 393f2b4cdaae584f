import "server-only";
import type { z } from "zod";
import type { EndpointName } from "./endpoint-table";
import { PlatformResponseError } from "./errors";
import type { PlatformCall, PlatformRequester } from "./request";

/**
 * Following `links.next`, which both dialects' listings carry. How the first page is asked for
 * (page numbers, cursors) is each dialect's own paging (dialects/<name>/paging.ts).
 */

/** Default safety cap on pages followed by one walk (100 per page → 100 000 items). */
export const DEFAULT_MAX_PAGES = 1000;

/** A listing page as far as a walk reads it: its items and the link to the next page. */
export interface LinkedPage<W> {
  data: W[];
  links?: { next?: string | null } | null;
}

export interface WalkCall<P> {
  endpoint: EndpointName;
  params?: PlatformCall["params"];
  query?: PlatformCall["query"];
  schema: z.ZodType<P>;
}

/**
 * Follows `links.next` (off-origin links are refused by the requester). A repeated link or too many pages is an error:
 * a silent stop would truncate an export.
 */
export async function* followPages<P extends LinkedPage<unknown>>(
  requester: PlatformRequester,
  call: WalkCall<P>,
  maxPages: number = DEFAULT_MAX_PAGES,
): AsyncGenerator<P, void, undefined> {
  const seen = new Set<string>();
  let nextUrl: string | undefined;
  for (let pageNo = 1; ; pageNo++) {
    const { data } = await requester.request({ ...call, ...(nextUrl === undefined ? {} : { nextUrl }) });
    yield data;
    const next = data.links?.next;
    if (next === undefined || next === null || next === "") return;
    if (pageNo >= maxPages) throw new PlatformResponseError(call.endpoint, `more than ${maxPages} pages`);
    if (seen.has(next)) throw new PlatformResponseError(call.endpoint, "the next-page link repeats an earlier page");
    seen.add(next);
    nextUrl = next;
  }
}

export async function collectItems<W, V>(pages: AsyncIterable<LinkedPage<W>>, map: (item: W) => V): Promise<V[]> {
  const all: V[] = [];
  for await (const page of pages) all.push(...page.data.map(map));
  return all;
}

/** The first `max` items of a walk, mapped; the walk stops there (a display's cap, not an export's). */
export async function firstItems<W, V>(
  pages: AsyncIterable<LinkedPage<W>>,
  map: (item: W) => V,
  max: number,
): Promise<V[]> {
  const items: V[] = [];
  for await (const page of pages) {
    items.push(...page.data.slice(0, max - items.length).map(map));
    if (items.length >= max) break;
  }
  return items;
}
