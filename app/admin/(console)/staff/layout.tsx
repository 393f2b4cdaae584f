import { requireStaffPage } from "@/lib/core/auth/guards";

/**
 * Admin-only section. Checked here as well as in the page: a layout runs before the page's
 * loading boundary starts streaming, so support staff get a real 404 status, not a 200 page
 * that turns into "not found" while streaming.
 */
export default async function StaffSectionLayout({ children }: { children: React.ReactNode }) {
  await requireStaffPage("admin");
  return children;
}
