import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "./connect";
import { users } from "./schema";

/** Staff accounts that exist in demo mode, beside the demo driver who lives on the emulated platform. */
export const DEMO_STAFF = [
  { email: "support@example.com", name: "Sam Support", role: "support" as const },
  { email: "admin@example.com", name: "Ada Admin", role: "admin" as const },
];

export async function seedDemoStaff(db: Database): Promise<void> {
  await db
    .insert(users)
    .values(
      DEMO_STAFF.map((s) => ({
        email: s.email,
        name: s.name,
        role: s.role,
        staffEnrolEmail: s.email,
        // Granted as the database began: any link session to the address may enrol the first passkey.
        staffGrantedAt: sql`now()`,
      })),
    )
    .onConflictDoNothing({ target: users.email });
}
