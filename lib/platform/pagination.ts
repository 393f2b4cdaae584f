import "server-only";
import type { z } from "zod";
import type { EndpointName } from "./endpoints";
import { PlatformResponseError } from "./errors";
import type { PlatformCall, PlatformRequester } from "./request";
import type { WireListOf } from "./schemas";
import type { Page } from "./types";

/** Default safety cap on pages followed by one walk (100 per page → 100 000 items). */
export const DEFAULT_MAX_PAGES = 1000;

/** `page` / `per_page` query of page-numbered listings; undefined values are not sent. */
export function pageQuery(page?: number, perPage?: number): Record<string, number | undefined> {
  return { page, per_page: perPage };
}

/** Maps a wire listing to a `Page`, filling meta the platform left out from what was asked. */
export function toPage<W, V>(
  list: WireListOf<W>,
  map: (item: W) => V,
  asked: { page?: number; perPage?: number } = {},
): Page<V> {
  const items = list.data.map(map);
  const page = list.meta?.current_page ?? asked.page ?? 1;
  const perPage = list.meta?.per_page ?? asked.perPage ?? items.length;
  const lastPage = list.meta?.last_page ?? null;
  // `links.next` decides; only when it is absent altogether does `last_page` stand in.
  const next = list.links?.next;
  const hasNext =
    typeof next === "string" && next !== "" ? true : next === null ? false : lastPage !== null && page < lastPage;
  return { items, page, perPage, total: list.meta?.total ?? items.length, lastPage, hasNext };
}

interface WalkCall<W> {
  endpoint: EndpointName;
  params?: PlatformCall["params"];
  query?: PlatformCall["query"];
  schema: z.ZodType<WireListOf<W>>;
}

/**
 * Yields listing pages one by one, following `links.next` until it is null. Each next link is
 * fetched with the same auth, so the requester refuses links outside the base URL's origin.
 * A repeated link or more than `maxPages` pages is an error: a silent stop would truncate
 * an export without anyone noticing.
 */
export async function* followPages<W>(
  requester: PlatformRequester,
  call: WalkCall<W>,
  maxPages: number = DEFAULT_MAX_PAGES,
): AsyncGenerator<WireListOf<W>, void, undefined> {
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

/** Every item of a listing, across pages, mapped to view models. */
export async function collectAll<W, V>(
  requester: PlatformRequester,
  call: WalkCall<W>,
  map: (item: W) => V,
  maxPages?: number,
): Promise<V[]> {
  const all: V[] = [];
  for await (const page of followPages(requester, call, maxPages)) all.push(...page.data.map(map));
  return all;
}
