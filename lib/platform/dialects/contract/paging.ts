import "server-only";
import { followPages, type WalkCall } from "../../pagination";
import type { PlatformRequester } from "../../request";
import type { IterateOptions, Page } from "../../types";
import type { WireListOf } from "./schemas";

/** The contract's listings are page-numbered, with totals in `meta`; walks follow `links.next` (pagination.ts). */

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

/** Page N of a listing: `page` and `per_page` sent, meta read into a `Page`. */
export async function numberedPageN<W, V>(
  requester: PlatformRequester,
  call: WalkCall<WireListOf<W>>,
  map: (item: W) => V,
  asked: { page?: number; perPage?: number },
): Promise<Page<V>> {
  const { data } = await requester.request({
    ...call,
    query: { ...call.query, ...pageQuery(asked.page, asked.perPage) },
  });
  return toPage(data, map, asked);
}

/** Every page of a listing from the first on (`per_page` default 100), following `links.next`. */
export function numberedPages<W>(requester: PlatformRequester, call: WalkCall<WireListOf<W>>, options: IterateOptions) {
  return followPages(
    requester,
    { ...call, query: { ...call.query, ...pageQuery(undefined, options.perPage ?? 100) } },
    options.maxPages,
  );
}
