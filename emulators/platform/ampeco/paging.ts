import { z } from "zod";
import { json, validate, validationError } from "../http";
import type { RouteContext } from "../router";

/**
 * AMPECO list paging (platform-real-api-facts.md §6). Sending `cursor` (even empty) selects cursor
 * mode: meta {path, per_page, next_cursor, prev_cursor}, links.first/last null, follow links.next.
 * Without it a list answers in the legacy page mode, which is deprecated (sunset 2026-06-01): such
 * answers carry `Deprecation` and `Sunset` headers. Cursor-only lists (locations, charge points)
 * ignore `page`. `per_page` is 1..100, default 100.
 */
export const PAGE_SUNSET = "Mon, 01 Jun 2026 00:00:00 GMT";
export const DEPRECATION_HEADERS = { deprecation: "true", sunset: PAGE_SUNSET } as const;
const MAX_PER_PAGE = 100;

const integer = (min: number, max?: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "The :attribute field must be an integer.")
    .transform(Number)
    .pipe(max === undefined ? z.number().min(min) : z.number().min(min).max(max));

const PagingQuerySchema = z.object({
  page: integer(1).optional(),
  per_page: integer(1, MAX_PER_PAGE).optional(),
  cursor: z.string().optional(),
});

interface CursorPayload {
  offset: number;
  _pointsToNextItems: boolean;
}

function encodeCursor(payload: CursorPayload): string {
  return Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
}

function decodeCursor(cursor: string): number | null {
  if (cursor === "" || cursor === "null") return 0;
  try {
    const payload = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<CursorPayload>;
    return Number.isInteger(payload.offset) && (payload.offset as number) >= 0 ? (payload.offset as number) : null;
  } catch {
    return null;
  }
}

/** `url` with `name` set, written under the tenant's base URL (the `linksBaseUrl` setting) when it has one. */
function withParam(url: URL, name: string, value: string | null, linksBase: string | null): string | null {
  if (value === null) return null;
  const next = new URL(url.href);
  next.searchParams.set(name, value);
  return linksBase === null ? next.href : `${linksBase}${next.pathname}${next.search}`;
}

/** How a list of `ctx` pages: its own rule, under the tenant's (the `pageModeOnly` and `linksBaseUrl` settings). */
export function listMode(ctx: Pick<RouteContext, "runtime">, cursorOnly: boolean) {
  const { pageModeOnly, linksBaseUrl } = ctx.runtime.settings;
  return { cursorOnly, pageModeOnly, linksBase: linksBaseUrl === null ? null : linksBaseUrl.replace(/\/$/, "") };
}

/** A whole list answer (`{data, links, meta}`) with the right headers for the paging mode used. */
export function pagedResponse<T, V>(
  items: readonly T[],
  url: URL,
  view: (item: T) => V,
  options: { cursorOnly: boolean; pageModeOnly?: boolean; linksBase?: string | null; pageOnlyList?: boolean },
): Response {
  const raw: Record<string, string> = {};
  for (const key of ["page", "per_page", "cursor"]) {
    const value = url.searchParams.get(key);
    if (value !== null) raw[key] = value;
  }
  const query = validate(PagingQuerySchema, raw);
  const perPage = query.per_page ?? MAX_PER_PAGE;
  const linksBase = options.linksBase ?? null;
  const path = `${linksBase ?? url.origin}${url.pathname}`;

  // pageModeOnly: an older tenant that knows no `cursor` (the emulator's `pageModeOnly` setting).
  // pageOnlyList: an operation with no cursor at all (invoices): page mode, nothing deprecated.
  const pageMode = options.pageModeOnly === true || options.pageOnlyList === true;
  if (!pageMode && (query.cursor !== undefined || options.cursorOnly)) {
    const offset = decodeCursor(query.cursor ?? "");
    if (offset === null) throw validationError({ cursor: ["The cursor is invalid."] });
    const data = items.slice(offset, offset + perPage).map(view);
    const nextCursor =
      offset + perPage < items.length ? encodeCursor({ offset: offset + perPage, _pointsToNextItems: true }) : null;
    const prevCursor =
      offset > 0 ? encodeCursor({ offset: Math.max(0, offset - perPage), _pointsToNextItems: false }) : null;
    return json(200, {
      data,
      links: {
        first: null,
        last: null,
        prev: withParam(url, "cursor", prevCursor, linksBase),
        next: withParam(url, "cursor", nextCursor, linksBase),
      },
      meta: { path, per_page: perPage, next_cursor: nextCursor, prev_cursor: prevCursor },
    });
  }

  const page = query.page ?? 1;
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const data = items.slice((page - 1) * perPage, page * perPage).map(view);
  const pageUrl = (n: number) => withParam(url, "page", String(n), linksBase) as string;
  const from = data.length > 0 ? (page - 1) * perPage + 1 : null;
  return json(
    200,
    {
      data,
      links: {
        first: pageUrl(1),
        last: pageUrl(lastPage),
        prev: page > 1 ? pageUrl(page - 1) : null,
        next: page < lastPage ? pageUrl(page + 1) : null,
      },
      meta: {
        current_page: page,
        from,
        last_page: lastPage,
        links: Array.from({ length: lastPage }, (_, i) => ({
          url: pageUrl(i + 1),
          label: String(i + 1),
          active: i + 1 === page,
        })),
        path,
        per_page: perPage,
        to: from === null ? null : from + data.length - 1,
        total,
      },
    },
    options.pageOnlyList ? {} : DEPRECATION_HEADERS,
  );
}
