import "server-only";
import { ChargeStopRejectedError, PlatformForbiddenError, PlatformNotFoundError } from "@/lib/platform/errors";
import { getOwnedSession } from "@/lib/features/sessions";
import { ChargingError } from "./errors";
import { chargingApiOf, defaultChargingDeps, type ChargingDeps } from "./deps";

/** `stopped`: the platform took the stop; `over`: the session had ended already (another tab or device stopped it). */
export type StopOutcome = "stopped" | "over";

const notFound = () => new ChargingError("charging-not-found", "charging.stop.errors.notFound");

/**
 * Stops one of the driver's sessions, from any tab or device. Another driver's session, or an id that is none, is
 * "not found", as anywhere else. `force` (support only) ends it whatever the charge point answers.
 */
export async function stopCharging(
  platformUserId: number,
  sessionId: string,
  force: boolean,
  deps: ChargingDeps = defaultChargingDeps(),
): Promise<StopOutcome> {
  const charging = chargingApiOf(deps);
  const { sessions } = deps;
  const session = await getOwnedSession(platformUserId, sessionId, sessions);
  if (!session) throw notFound();
  if (!session.isRunning) return "over";
  if (session.chargePointId == null)
    throw new ChargingError("charging-stop-rejected", "charging.stop.errors.noChargePoint");
  try {
    await charging.stopSession(session.chargePointId, session.id, force);
    return "stopped";
  } catch (error) {
    if (error instanceof ChargeStopRejectedError) {
      // Rejected as over when another device's stop came first: the session tells.
      const now = await sessions.platform.sessions.getSession(session.id);
      if (now && !now.isRunning) return "over";
      throw new ChargingError("charging-stop-rejected", "charging.stop.errors.rejected");
    }
    if (error instanceof PlatformNotFoundError) throw notFound();
    if (error instanceof PlatformForbiddenError)
      throw new ChargingError("charging-forbidden", "charging.stop.errors.forbidden");
    throw error;
  }
}
