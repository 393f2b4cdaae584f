"use server";
import "server-only";
import { redirect } from "next/navigation";
import { driverAction, navigate } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { StartChargingInput } from "../schemas";
import { startCharging } from "../start";

/** The signed-in driver starts a charge and lands on the session's page, where it is watched and stopped. */
export const startChargingAction = driverAction({
  scope: "charging",
  failure: { log: "start", doing: "charging.doing.start" },
  schema: StartChargingInput,
  run: async (input, { actor }) => {
    const started = await startCharging(actor.platformUserId, { evseId: input.evse, payment: input.payment });
    const notice = started.alreadyRunning ? "already-charging" : "started";
    return navigate<ActionResult>(async () =>
      redirect(`/sessions/${encodeURIComponent(started.sessionId)}?notice=${notice}`),
    );
  },
});
