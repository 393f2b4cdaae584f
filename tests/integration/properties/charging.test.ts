import fc from "fast-check";
import { describe } from "vitest";
import { paymentMethodOf } from "@/emulators/platform/ledger";
import { startChargingAction } from "@/lib/features/charging/actions/start-charging";
import { stopChargingAction } from "@/lib/features/charging/actions/stop-charging";
import { driverSideViewer, fieldValue, formArb, idValue } from "./arbitraries";
import { checkActionProperty } from "./checks";

/** The seed's spots (one charging, one out of order among them), beside ids that are none. */
const evseValue = fc.oneof(fc.constantFrom("50101", "50102", "50201", "50203", "50301", "50404", "90101"), idValue);
/** The balance, the demo driver's cards (one expired), the second driver's removed card, and strings that are none. */
const paymentValue = fieldValue(
  fc.constantFrom("balance", paymentMethodOf(1001), `${paymentMethodOf(1001)}_2`, paymentMethodOf(1002)),
);
/** Sessions of both seed drivers (the demo driver's last one runs), beside ids that are none. */
const sessionValue = fc.oneof(fc.integer({ min: 70_001, max: 70_110 }).map(String), idValue);

describe("charging actions: only validation errors, never a crash, never another driver's session", () => {
  // A start or a stop changes what runs: the emulator starts again from its seed now and then.
  checkActionProperty({
    name: "startChargingAction",
    action: startChargingAction,
    form: formArb({ evse: evseValue, payment: paymentValue }),
    viewer: driverSideViewer,
    freshLimits: true,
    reseed: true,
  });
  checkActionProperty({
    name: "stopChargingAction",
    action: stopChargingAction,
    form: formArb({ session: sessionValue }),
    viewer: driverSideViewer,
    freshLimits: true,
    reseed: true,
  });
});
