import "server-only";
import { collectItems, DEFAULT_MAX_PAGES, followPages, type LinkedPage, type WalkCall } from "../../pagination";
import type { PlatformRequester } from "../../request";
import type { Page } from "../../types";

/**
 * Cursor paging only: `page` is deprecated (sunset 2026-06-01), so "page N" walks N cursor pages and `lastPage` stays
 * unknown. Why: docs/design-notes.md#libplatformdialectsampecopagingts.
 */
export const MAX_PER_PAGE = 100;

export function cursorQuery(perPage: number | undefined): Record<string, string | number> {
  return { cursor: "", per_page: Math.min(MAX_PER_PAGE, Math.max(1, perPage ?? MAX_PER_PAGE)) };
}

type CursorCall<W> = WalkCall<LinkedPage<W>>;

export function cursorPages<W>(
  requester: PlatformRequester,
  call: CursorCall<W>,
  perPage?: number,
  maxPages = DEFAULT_MAX_PAGES,
) {
  return followPages(requester, { ...call, query: { ...call.query, ...cursorQuery(perPage) } }, maxPages);
}

export async function collectCursorPages<W, V>(
  requester: PlatformRequester,
  call: CursorCall<W>,
  map: (item: W) => V,
  perPage?: number,
): Promise<V[]> {
  return collectItems(cursorPages(requester, call, perPage), map);
}

export async function cursorPageN<W, V>(
  requester: PlatformRequester,
  call: CursorCall<W>,
  map: (item: W) => V | Promise<V>,
  asked: { page?: number; perPage?: number },
): Promise<Page<V>> {
  const wanted = Math.max(1, asked.page ?? 1);
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, asked.perPage ?? MAX_PER_PAGE));
  let pageNo = 0;
  let seen = 0;
  for await (const page of cursorPages(requester, call, perPage)) {
    pageNo += 1;
    seen += page.data.length;
    const hasNext = typeof page.links?.next === "string" && page.links.next !== "";
    if (pageNo === wanted || !hasNext) {
      const items = pageNo === wanted ? await Promise.all(page.data.map(map)) : [];
      return {
        items,
        page: wanted,
        perPage,
        total: seen,
        lastPage: hasNext ? null : pageNo,
        hasNext: pageNo === wanted && hasNext,
      };
    }
  }
  return { items: [], page: wanted, perPage, total: seen, lastPage: pageNo, hasNext: false };
}
