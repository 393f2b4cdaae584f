import { notFound } from "next/navigation";
import { requireStaffPage } from "@/lib/core/auth/guards";
import { readDriverId } from "@/lib/core/actions/driver-id";
import { getPlatformUser } from "@/lib/features/accounts/platform-user";
import { settle } from "@/lib/features/sessions/settle";
import { PlatformNotFoundError } from "@/lib/platform/errors";

/**
 * An unknown driver id is answered here, above the page's loading boundary, so the not-found page comes with a real
 * 404 status (the search's boundary is in the (search) group for the same reason). A platform failure passes on.
 */
export default async function DriverLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  await requireStaffPage();
  const rawId = (await params).id;
  const id = /^\d{1,10}$/.test(rawId) ? readDriverId(rawId) : null;
  if (id === null) notFound();
  const user = await settle(getPlatformUser(id));
  if (!user.ok && user.error instanceof PlatformNotFoundError) notFound();
  return children;
}
