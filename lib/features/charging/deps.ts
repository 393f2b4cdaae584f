import "server-only";
import { getPlatform } from "@/lib/platform";
import type { ChargingApi, MoneyApi } from "@/lib/platform/apis";
import { defaultSessionDeps, type SessionDeps } from "@/lib/features/sessions";
import { ChargingError } from "./errors";

/** What a start or stop needs: the platform's charging API (none under the contract) and the sessions it makes. */
export interface ChargingDeps {
  charging: ChargingApi | undefined;
  sessions: SessionDeps;
  /** The platform's own receipts (ampeco); unset where it keeps none. */
  money?: MoneyApi;
}

export function defaultChargingDeps(): ChargingDeps {
  const platform = getPlatform();
  return { charging: platform.charging, sessions: defaultSessionDeps(), money: platform.money };
}

/** The charging API, or the refusal a platform without one (the contract) answers every start and stop with. */
export function chargingApiOf(deps: ChargingDeps): ChargingApi {
  if (!deps.charging) throw new ChargingError("charging-unsupported", "charging.unsupported.body");
  return deps.charging;
}
