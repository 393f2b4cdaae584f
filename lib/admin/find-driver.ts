import "server-only";
import { z } from "zod";
import { emailSchema } from "@/lib/auth/schemas";
import { getPlatform } from "@/lib/platform";
import { PlatformNotFoundError } from "@/lib/platform/errors";
import type { Card, PlatformUser } from "@/lib/platform/types";
import { CardCodeSchema } from "@/lib/cards/card-input";
import { SEARCH_KINDS, type DriverSearchKind } from "./search-kinds";

export const PlatformUserIdSchema = z
  .string({ error: "Enter a platform user id." })
  .trim()
  .regex(/^[1-9][0-9]{0,9}$/, "A platform user id is a whole number, like 1001.")
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, "A platform user id is a whole number, like 1001.");

const SearchQuery = z.discriminatedUnion("by", [
  z.object({ by: z.literal("email"), q: emailSchema }),
  z.object({ by: z.literal("id"), q: PlatformUserIdSchema }),
  z.object({ by: z.literal("card"), q: CardCodeSchema }),
]);
export type DriverSearchQuery = z.infer<typeof SearchQuery>;

export type ParsedSearch =
  | { kind: "empty"; by: DriverSearchKind; q: string }
  | { kind: "invalid"; by: DriverSearchKind; q: string; message: string }
  | { kind: "ok"; by: DriverSearchKind; q: string; query: DriverSearchQuery };

/** The search form lives in the URL (?by=&q=), so a result can be shared and reloaded. */
export function parseDriverSearch(params: { by?: string | string[]; q?: string | string[] }): ParsedSearch {
  const rawBy = typeof params.by === "string" ? params.by : "email";
  const by: DriverSearchKind = SEARCH_KINDS.some((k) => k.value === rawBy) ? (rawBy as DriverSearchKind) : "email";
  const q = typeof params.q === "string" ? params.q.slice(0, 300) : "";
  if (q.trim() === "") return { kind: "empty", by, q };
  const parsed = SearchQuery.safeParse({ by, q });
  if (!parsed.success)
    return { kind: "invalid", by, q, message: parsed.error.issues[0]?.message ?? "Check what you typed." };
  return { kind: "ok", by, q, query: parsed.data };
}

export interface DriverSearchHit {
  user: PlatformUser;
  /** The card that matched a card-code search (there may be several links of one code: blocked and active). */
  matchedCard: Card | null;
}

/** Looks a driver up on the platform. Returns an empty list for "no such driver", throws platform errors. */
export async function findDrivers(query: DriverSearchQuery): Promise<DriverSearchHit[]> {
  const platform = getPlatform();
  if (query.by === "email") {
    const user = await platform.users.findUserByEmail(query.q);
    return user ? [{ user, matchedCard: null }] : [];
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
    if (users.has(card.userId)) continue;
    try {
      users.set(card.userId, await platform.users.getUser(card.userId));
    } catch (error) {
      if (!(error instanceof PlatformNotFoundError)) throw error;
      users.set(card.userId, null);
    }
  }
  const hits: DriverSearchHit[] = [];
  for (const card of cards) {
    const user = users.get(card.userId);
    if (user) hits.push({ user, matchedCard: card });
  }
  // Active links first: that is the driver who is using the card now.
  return hits.sort((a, b) => Number(b.matchedCard?.status === "active") - Number(a.matchedCard?.status === "active"));
}

export type ResolvedDriver = { ok: true; user: PlatformUser } | { ok: false; message: string };

/** "E-mail or platform user id" as typed by staff (e.g. the target of a card move) → the platform user. */
export async function resolveDriver(text: string): Promise<ResolvedDriver> {
  const value = text.trim();
  if (value === "") return { ok: false, message: "Enter the other driver's e-mail address or platform user id." };
  if (/^\d+$/.test(value)) {
    const id = PlatformUserIdSchema.safeParse(value);
    if (!id.success) return { ok: false, message: id.error.issues[0]?.message ?? "Check the platform user id." };
    const [hit] = await findDrivers({ by: "id", q: id.data });
    return hit
      ? { ok: true, user: hit.user }
      : { ok: false, message: `There is no driver with platform user id ${id.data}.` };
  }
  const email = emailSchema.safeParse(value);
  if (!email.success)
    return { ok: false, message: "Enter an e-mail address like name@example.com, or a platform user id like 1001." };
  const [hit] = await findDrivers({ by: "email", q: email.data });
  return hit
    ? { ok: true, user: hit.user }
    : { ok: false, message: `There is no driver with the e-mail address ${email.data}.` };
}
