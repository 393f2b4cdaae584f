import "server-only";
import { ExpectedError } from "@/lib/core/errors";
import { getConfig } from "@/lib/core/config";
import { getPlatform } from "@/lib/platform";
import type { PlatformExportLink } from "@/lib/platform/types";

/** The platform's own GDPR export (ampeco only): its link is handed on to the driver's browser; nothing is kept. */

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
