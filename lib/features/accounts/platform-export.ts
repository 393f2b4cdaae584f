import "server-only";
import { ExpectedError } from "@/lib/core/errors";
import { getConfig } from "@/lib/core/config";
import { getPlatform } from "@/lib/platform";
import type { PlatformExportLink } from "@/lib/platform/types";

/**
 * The charging platform's own GDPR export (art. 15/20), next to the portal's "Download my data":
 * only the real platform (ampeco) has one (`export-all-private-data`), and it answers a link the
 * driver's browser opens itself. The portal hands the link on and keeps nothing of the file.
 */

/** Thrown when the platform in use has no export of its own (the contract). */
export class PlatformExportUnavailableError extends ExpectedError {
  constructor() {
    super("unavailable", "myData.platformExport.unavailable");
    this.name = "PlatformExportUnavailableError";
  }
}

/** Whether /account offers the platform's export: the real platform's dialect only. */
export function platformExportOffered(): boolean {
  return getConfig().platform.dialect === "ampeco";
}

export async function requestPlatformExport(platformUserId: number): Promise<PlatformExportLink> {
  const { users } = getPlatform();
  if (!users.exportPrivateData) throw new PlatformExportUnavailableError();
  return users.exportPrivateData(platformUserId);
}
