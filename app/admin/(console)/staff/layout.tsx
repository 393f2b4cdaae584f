import { requireStaffPage } from "@/lib/core/auth/guards";

/** Checked in the layout too: it runs before the page's loading boundary streams, so support gets a real 403 status. */
export default async function StaffSectionLayout({ children }: { children: React.ReactNode }) {
  await requireStaffPage("admin");
  return children;
}
