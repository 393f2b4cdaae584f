import "server-only";
import { getPlatform } from "@/lib/platform";

/** Whether charges can be started and stopped here: the ampeco dialect has the API, the contract has none. */
export function chargingOffered(): boolean {
  return getPlatform().charging !== undefined;
}
