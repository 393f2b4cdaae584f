"use server";
import "server-only";
import { redirect } from "next/navigation";
import { navigate } from "@/lib/core/actions/action";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { ON_A_DRIVER } from "@/lib/features/admin/driver-action-spec";
import { staffAction } from "@/lib/features/admin/staff-action";
import { stopCharging, StopChargingInput, type StopOutcome } from "@/lib/features/charging";

/** Support ends a driver's stuck session whatever the charge point answers (`force`), audited with the session. */
export const forceStopSessionAction = staffAction({
  ...ON_A_DRIVER,
  audit: "driver.session.force-stop",
  failure: { log: "force stop", doing: "charging.doing.stop" },
  schema: StopChargingInput,
  echo: false,
  run: async (input, { driverId, audited }) => {
    const outcome = await audited(() => stopCharging(driverId, input.session, true), {
      details: { session: input.session },
      resultDetails: (result: StopOutcome) => ({ outcome: result }),
    });
    // The driver's page is read again: the charge has left the running ones, and the page says how it went.
    return navigate<ActionResult>(async () =>
      redirect(`/admin/users/${driverId}?forceStop=${outcome}#running-heading`),
    );
  },
});
