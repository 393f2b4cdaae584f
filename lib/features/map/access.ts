import "server-only";
import { getConfig } from "@/lib/core/config";

/** Everyone unless MAP_PUBLIC=false, then signed-in only. The viewer is imported lazily so a public map never touches the auth stack. */
export async function canViewMap(): Promise<boolean> {
  return getConfig().map.public || (await hasSignedInViewer());
}

async function hasSignedInViewer(): Promise<boolean> {
  const { getViewer } = await import("@/lib/core/auth/viewer");
  return (await getViewer()) !== null;
}
