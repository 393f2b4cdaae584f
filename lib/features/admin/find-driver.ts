import "server-only";
import { z } from "zod";
import { emailSchema } from "@/lib/core/auth/schemas";
import { and, eq, ilike, isNotNull, or } from "drizzle-orm";
import { getDb } from "@/lib/core/db/client";
import { users } from "@/lib/core/db/schema";
import { getPlatform } from "@/lib/platform";
import { PlatformNotFoundError } from "@/lib/platform/errors";
import type { Card, PlatformUser } from "@/lib/platform/types";
import { issueWords } from "@/lib/core/actions/action-result";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { isSearchKind, type DriverSearchKind } from "./search-kinds";
import { SearchedDriverId, SearchQuery, type DriverSearchQuery } from "./schemas";

/** What is wrong with what staff typed: a catalogue key and its values, which the page puts into words. */
export interface SearchProblem {
  key: MessageKey;
  values?: Record<string, string | number>;
}

export type ParsedSearch =
  | { kind: "empty"; by: DriverSearchKind; q: string }
  | { kind: "invalid"; by: DriverSearchKind; q: string; problem: SearchProblem }
  | { kind: "ok"; by: DriverSearchKind; q: string; query: DriverSearchQuery };

/** The first of zod's issues (their messages are catalogue keys). */
function firstIssue(issues: readonly z.core.$ZodIssue[]): SearchProblem | undefined {
  const [first] = issues;
  return first ? issueWords(first) : undefined;
}

/** The search form lives in the URL (?by=&q=), so a result can be shared and reloaded. */
export function parseDriverSearch(params: { by?: string | string[]; q?: string | string[] }): ParsedSearch {
  const by: DriverSearchKind = isSearchKind(params.by) ? params.by : "email";
  const q = typeof params.q === "string" ? params.q.slice(0, 300) : "";
  if (q.trim() === "") return { kind: "empty", by, q };
  const parsed = SearchQuery.safeParse({ by, q });
  if (!parsed.success)
    return {
      kind: "invalid",
      by,
      q,
      problem: firstIssue(parsed.error.issues) ?? { key: "driverSearch.errors.checkInput" },
    };
  return { kind: "ok", by, q, query: parsed.data };
}

export interface DriverSearchHit {
  /**
   * null: the card code names a tag no driver holds yet (provisioned before it was handed out).
   * Staff link it by adding the code to a driver, which claims the tag.
   */
  user: PlatformUser | null;
  /** The card that matched a card-code search (there may be several links of one code: blocked and active). */
  matchedCard: Card | null;
}

/** The most portal accounts a name or e-mail search lists (each is one platform read). */
export const MAX_TEXT_HITS = 20;

/** `%`, `_` and `\` as themselves in a LIKE pattern. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The platform users of the drivers' portal accounts whose name or address holds `text` (any case). */
async function portalAccountsMatching(text: string): Promise<PlatformUser[]> {
  const pattern = `%${likeEscaped(text)}%`;
  const db = await getDb();
  const rows = await db
    .select({ platformUserId: users.platformUserId })
    .from(users)
    .where(
      and(
        eq(users.role, "driver"),
        isNotNull(users.platformUserId),
        or(ilike(users.email, pattern), ilike(users.name, pattern)),
      ),
    )
    .orderBy(users.email)
    .limit(MAX_TEXT_HITS);
  const platform = getPlatform();
  const found = await Promise.all(
    rows.map(async ({ platformUserId }) => {
      try {
        return await platform.users.getUser(platformUserId!);
      } catch (error) {
        if (error instanceof PlatformNotFoundError) return null;
        throw error;
      }
    }),
  );
  return found.filter((user): user is PlatformUser => user !== null);
}

/**
 * Looks a driver up: by part of a name or an e-mail address in the portal's own accounts first, then the platform's
 * exact e-mail look-up (a driver with no portal account yet); by id or card code on the platform. Throws platform errors.
 */
export async function findDrivers(query: DriverSearchQuery): Promise<DriverSearchHit[]> {
  const platform = getPlatform();
  if (query.by === "email") {
    const hits = (await portalAccountsMatching(query.q)).map((user) => ({ user, matchedCard: null }));
    const address = emailSchema.safeParse(query.q);
    if (address.success && !hits.some(({ user }) => user.email.toLowerCase() === address.data.toLowerCase())) {
      const user = await platform.users.findUserByEmail(address.data);
      if (user) hits.unshift({ user, matchedCard: null });
    }
    return hits;
  }
  if (query.by === "id") {
    try {
      return [{ user: await platform.users.getUser(query.q), matchedCard: null }];
    } catch (error) {
      if (error instanceof PlatformNotFoundError) return [];
      throw error;
    }
  }
  // A card code: every link of that code (a moved card has a blocked link and an active one).
  const cards = await platform.cards.listAllCards({ code: query.q }, { maxPages: 10 });
  const users = new Map<number, PlatformUser | null>();
  for (const card of cards) {
    if (card.userId === null || users.has(card.userId)) continue;
    try {
      users.set(card.userId, await platform.users.getUser(card.userId));
    } catch (error) {
      if (!(error instanceof PlatformNotFoundError)) throw error;
      users.set(card.userId, null);
    }
  }
  const hits: DriverSearchHit[] = [];
  for (const card of cards) {
    if (card.userId === null) {
      hits.push({ user: null, matchedCard: card });
      continue;
    }
    const user = users.get(card.userId);
    if (user) hits.push({ user, matchedCard: card });
  }
  // Active links first: that is the driver who is using the card now.
  return hits.sort((a, b) => Number(b.matchedCard?.status === "active") - Number(a.matchedCard?.status === "active"));
}

export type ResolvedDriver = { ok: true; user: PlatformUser } | { ok: false; problem: SearchProblem };

/**
 * "E-mail or platform user id" as typed by staff (e.g. the target of a card move) → the platform
 * user, or what is wrong.
 */
export async function resolveDriver(text: string): Promise<ResolvedDriver> {
  const value = text.trim();
  if (value === "") return { ok: false, problem: { key: "driverSearch.resolve.empty" } };
  if (/^\d+$/.test(value)) {
    const id = SearchedDriverId.safeParse(value);
    if (!id.success)
      return { ok: false, problem: firstIssue(id.error.issues) ?? { key: "driverSearch.resolve.checkId" } };
    const [hit] = await findDrivers({ by: "id", q: id.data });
    return hit?.user
      ? { ok: true, user: hit.user }
      : { ok: false, problem: { key: "driverSearch.resolve.noSuchId", values: { id: String(id.data) } } };
  }
  const email = emailSchema.safeParse(value);
  if (!email.success) return { ok: false, problem: { key: "driverSearch.resolve.badInput" } };
  const user = await getPlatform().users.findUserByEmail(email.data);
  return user
    ? { ok: true, user }
    : { ok: false, problem: { key: "driverSearch.resolve.noSuchEmail", values: { email: email.data } } };
}
