import "server-only";
import { eq } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { getPlatform } from "@/lib/platform";

/**
 * After a verified sign-in: bootstrap admins from ADMIN_EMAILS, and link a driver account that has
 * no platform user yet to the platform user with the same e-mail (User/List filter[email]).
 * Staff accounts are never linked automatically: staff are not drivers.
 */
export async function linkPortalAccount(userId: string, email: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) return;
  const normalised = email.toLowerCase();

  if (getConfig().auth.adminEmails.includes(normalised) && row.role !== "admin") {
    await db.update(users).set({ role: "admin" }).where(eq(users.id, userId));
    return;
  }
  if (row.role !== "driver" || row.platformUserId !== null) return;

  const platformUser = await getPlatform().users.findUserByEmail(normalised);
  if (!platformUser) return;
  await db
    .update(users)
    .set({ platformUserId: platformUser.id, name: [platformUser.firstName, platformUser.lastName].filter(Boolean).join(" ") || null })
    .where(eq(users.id, userId));
}
