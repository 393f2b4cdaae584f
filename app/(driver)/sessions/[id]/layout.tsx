import { notFound } from "next/navigation";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { confirmSessionOwnership } from "@/lib/features/sessions/ownership";
import { settle } from "@/lib/features/sessions/settle";

/**
 * Another's or an unknown session: not-found above the page's loading boundary, so it answers 404 (CONTRIBUTING, "a
 * page"). A platform failure passes on to the page.
 */
export default async function SessionLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  const viewer = await requireDriverPage();
  const owned = await settle(confirmSessionOwnership(viewer.platformUserId, (await params).id));
  if (owned.ok && !owned.value) notFound();
  return children;
}
