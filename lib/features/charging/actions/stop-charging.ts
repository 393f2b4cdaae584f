"use server";
import "server-only";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { driverAction } from "@/lib/core/actions/action";
import { StopChargingInput } from "../schemas";
import { stopCharging } from "../stop";

/** The signed-in driver stops one of their running sessions, from any tab or device. */
export const stopChargingAction = driverAction({
  scope: "charging",
  failure: { log: "stop", doing: "charging.doing.stop" },
  schema: StopChargingInput,
  echo: false,
  run: async (input, { actor, t }): Promise<ActionResult> => {
    const outcome = await stopCharging(actor.platformUserId, input.session, false);
    return { status: "ok", message: t(outcome === "stopped" ? "charging.stop.stopping" : "charging.stop.over") };
  },
});
