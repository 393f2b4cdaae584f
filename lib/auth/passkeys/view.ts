import "server-only";
import { getDb } from "@/lib/db/client";
import { formatDateTime } from "@/lib/format";
import { listPasskeys } from "./store";

/** The account's passkeys as the list shows them (dates formatted on the server, in the service's zone). */
export async function loadPasskeyRows(userId: string) {
  const rows = await listPasskeys(await getDb(), userId);
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    created: formatDateTime(p.createdAt),
    lastUsed: p.lastUsedAt ? formatDateTime(p.lastUsedAt) : null,
    synced: p.synced,
  }));
}
