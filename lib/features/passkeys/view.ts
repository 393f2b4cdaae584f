import "server-only";
import { getDb } from "@/lib/core/db/client";
import { formatDateTime } from "@/lib/core/format";
import { currentLocale } from "@/lib/core/auth/current-locale";
import { listPasskeys } from "./store";

/**
 * The account's passkeys as the list shows them (dates formatted on the server, in the page's
 * language and the service's zone).
 */
export async function loadPasskeyRows(userId: string) {
  const [rows, locale] = await Promise.all([listPasskeys(await getDb(), userId), currentLocale()]);
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    created: formatDateTime(p.createdAt, locale),
    lastUsed: p.lastUsedAt ? formatDateTime(p.lastUsedAt, locale) : null,
    synced: p.synced,
  }));
}
