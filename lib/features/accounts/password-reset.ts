import "server-only";
import { getPlatform } from "@/lib/platform";

/**
 * Starts the platform's password reset for the TARGET driver's charging-app account (204). The
 * platform mails the reset link itself; the portal never sees or stores a password.
 */
export async function startDriverPasswordReset(platformUserId: number): Promise<void> {
  await getPlatform().users.startPasswordReset(platformUserId);
}
