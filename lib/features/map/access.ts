import "server-only";
import { getConfig } from "@/lib/core/config";

/**
 * Who may see the charge-point map and call its API: signed-in people only, unless MAP_PUBLIC
 * opens it to everyone. The viewer module is imported lazily so a public map never touches the
 * auth stack (and its database session lookup) at all.
 */
export async function canViewMap(): Promise<boolean> {
  return getConfig().map.public || (await hasSignedInViewer());
}

async function hasSignedInViewer(): Promise<boolean> {
  const { getViewer } = await import("@/lib/core/auth/viewer");
  return (await getViewer()) !== null;
}
