import { z } from "zod";

const PLATFORM_ID_MAX = 2_147_483_647;

/** The start form: the spot (a hidden field) and the way to pay the driver picked. Messages are catalogue keys. */
export const StartChargingInput = z.object({
  evse: z.coerce
    .number("charging.start.errors.noSpot")
    .int("charging.start.errors.noSpot")
    .min(1, "charging.start.errors.noSpot")
    .max(PLATFORM_ID_MAX, "charging.start.errors.noSpot"),
  payment: z
    .string("charging.start.errors.choosePayment")
    .trim()
    .min(1, "charging.start.errors.choosePayment")
    .max(255, "charging.start.errors.choosePayment"),
});

/** The stop form: the session, as its page shows it. */
export const StopChargingInput = z.object({
  session: z
    .string("charging.stop.errors.notFound")
    .trim()
    .min(1, "charging.stop.errors.notFound")
    .max(64, "charging.stop.errors.notFound"),
});
