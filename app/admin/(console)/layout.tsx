import { requireStaffPage } from "@/lib/core/auth/guards";

/**
 * Every staff page but /admin/security: under STAFF_REQUIRE_PASSKEY only in a session opened with a
 * passkey (requireStaffPage sends anyone else to /admin/security). Each page checks again itself.
 */
export default async function StaffConsoleLayout({ children }: { children: React.ReactNode }) {
  await requireStaffPage();
  return children;
}
