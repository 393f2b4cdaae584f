import type { Role } from "@/lib/core/db/schema/auth";

export type { Role };
export const STAFF_ROLES: readonly Role[] = ["support", "admin"];

export function isStaff(role: Role): boolean {
  return STAFF_ROLES.includes(role);
}

export function roleLabel(role: Role): string {
  return { driver: "Driver", support: "Support", admin: "Admin" }[role];
}
