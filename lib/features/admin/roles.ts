import "server-only";
import { ExpectedError } from "@/lib/core/errors";
import { asc, eq, inArray } from "drizzle-orm";
import { getConfig } from "@/lib/core/config";
import { getDb, type Transaction } from "@/lib/core/db/client";
import { staffInvites, users } from "@/lib/core/db/schema";
import type { Role } from "@/lib/core/auth/roles";
import { afterStaffGrant, applyStaffGrant } from "@/lib/core/auth/staff-grant";
import type { Viewer } from "@/lib/core/auth/viewer";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { ROLE_CHANGE_STATUS, type RoleChangeRefusal } from "./shared";

export type StaffRole = Exclude<Role, "driver">;

export interface StaffMember {
  userId: string;
  email: string;
  name: string | null;
  role: StaffRole;
  /** Listed in ADMIN_EMAILS: made admin again at every sign-in, so the portal cannot demote it. */
  bootstrapAdmin: boolean;
  /** The portal account also acts for a platform driver. */
  platformUserId: number | null;
}

/**
 * An expected refusal with a message staff can act on: a catalogue key (`admin.roles.refused.*`)
 * with its arguments in `values`.
 */
export class RoleChangeRefusedError extends ExpectedError {
  constructor(
    readonly reason: RoleChangeRefusal,
    message: MessageKey,
    values: Record<string, string> = {},
  ) {
    super(reason, message, values, undefined, ROLE_CHANGE_STATUS[reason]);
    this.name = "RoleChangeRefusedError";
  }
}

export async function listStaff(): Promise<StaffMember[]> {
  const db = await getDb();
  const bootstrap = getConfig().auth.adminEmails;
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      platformUserId: users.platformUserId,
    })
    .from(users)
    .where(inArray(users.role, ["support", "admin"]))
    .orderBy(asc(users.email));
  return rows
    .filter((r): r is typeof r & { email: string } => r.email !== null)
    .map((r) => ({ ...r, role: r.role as StaffRole, bootstrapAdmin: bootstrap.includes(r.email.toLowerCase()) }));
}

export function refuseSelf(actor: Viewer, email: string, message: MessageKey = "admin.roles.refused.self"): void {
  if (actor.email.toLowerCase() === email) {
    throw new RoleChangeRefusedError("self", message);
  }
}

export type GrantOutcome =
  { kind: "granted"; previousRole: Role } | { kind: "invited"; previousInvite: StaffRole | null };

/**
 * A staff role goes at once only to an address proven by a link (`emailVerified`), else into an invite a link redeems;
 * a grant ends every session, removes every passkey and mails the account (applyStaffGrant). Last-admin rule applies.
 */
export async function grantStaffRole(actor: Viewer, rawEmail: string, role: StaffRole): Promise<GrantOutcome> {
  const email = rawEmail.toLowerCase();
  refuseSelf(actor, email);
  const db = await getDb();
  const outcome = await db.transaction(async (tx): Promise<GrantOutcome & { accountId?: string }> => {
    const [existing] = await tx
      .select({ id: users.id, role: users.role, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email))
      .for("update");
    if (!existing || existing.emailVerified === null) {
      const [previous] = await tx
        .select({ role: staffInvites.role })
        .from(staffInvites)
        .where(eq(staffInvites.email, email))
        .for("update");
      if (previous?.role === role)
        throw new RoleChangeRefusedError("unchanged", "admin.roles.refused.alreadyInvited", { email, role });
      await tx
        .insert(staffInvites)
        .values({ email, role, invitedByUserId: actor.userId, invitedByEmail: actor.email.toLowerCase() })
        .onConflictDoUpdate({
          target: staffInvites.email,
          set: {
            role,
            invitedByUserId: actor.userId,
            invitedByEmail: actor.email.toLowerCase(),
            createdAt: new Date(),
          },
        });
      return { kind: "invited", previousInvite: previous?.role ?? null };
    }
    if (existing.role === role)
      throw new RoleChangeRefusedError("unchanged", "admin.roles.refused.alreadyHasRole", { email, role });
    if (existing.role === "admin") await assertAnotherAdminRemains(tx, email);
    await applyStaffGrant(tx, { id: existing.id, email }, role, null);
    return { kind: "granted", previousRole: existing.role, accountId: existing.id };
  });
  if (outcome.kind === "invited") return outcome;
  if (outcome.accountId) await afterStaffGrant(db, { id: outcome.accountId, email }, role);
  return { kind: "granted", previousRole: outcome.previousRole };
}

export interface StaffInvite {
  email: string;
  role: StaffRole;
  invitedByEmail: string;
  createdAt: Date;
}

/** Invites not yet redeemed by a sign-in, for the staff page. */
export async function listStaffInvites(): Promise<StaffInvite[]> {
  const db = await getDb();
  return db
    .select({
      email: staffInvites.email,
      role: staffInvites.role,
      invitedByEmail: staffInvites.invitedByEmail,
      createdAt: staffInvites.createdAt,
    })
    .from(staffInvites)
    .orderBy(asc(staffInvites.email));
}

/** Withdraws a pending invite before anyone signs in with it. */
export async function withdrawStaffInvite(rawEmail: string): Promise<{ role: StaffRole }> {
  const db = await getDb();
  const [removed] = await db
    .delete(staffInvites)
    .where(eq(staffInvites.email, rawEmail.toLowerCase()))
    .returning({ role: staffInvites.role });
  if (!removed)
    throw new RoleChangeRefusedError("no-invite", "admin.roles.refused.noInvite", { email: rawEmail.toLowerCase() });
  return removed;
}

/** Takes the staff role away (the account becomes a plain driver account). */
export async function revokeStaffRole(actor: Viewer, rawEmail: string): Promise<{ previousRole: StaffRole }> {
  const email = rawEmail.toLowerCase();
  refuseSelf(actor, email);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, email))
      .for("update");
    if (!existing || existing.role === "driver")
      throw new RoleChangeRefusedError("not-staff", "admin.roles.refused.notStaff", { email });
    if (existing.role === "admin") await assertAnotherAdminRemains(tx, email);
    await tx
      .update(users)
      .set({ role: "driver", staffEnrolEmail: null, staffGrantedAt: null })
      .where(eq(users.id, existing.id));
    return { previousRole: existing.role as StaffRole };
  });
}

/**
 * Locks every admin row before counting, so two admins demoting each other at the same moment
 * are serialised and the second one sees that only one admin is left.
 */
async function assertAnotherAdminRemains(tx: Transaction, email: string): Promise<void> {
  if (getConfig().auth.adminEmails.includes(email)) {
    throw new RoleChangeRefusedError("bootstrap-admin", "admin.roles.refused.bootstrapAdmin", { email });
  }
  const admins = await tx.select({ email: users.email }).from(users).where(eq(users.role, "admin")).for("update");
  const others = admins.filter((a) => a.email !== email);
  if (others.length === 0) throw new RoleChangeRefusedError("last-admin", "admin.roles.refused.lastAdmin", { email });
}

/** The portal account linked to a platform user, for the driver page. */
export async function portalAccountOf(platformUserId: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(users.platformUserId, platformUserId));
  return row ?? null;
}
