import { z } from "zod";
import {
  START_REFUSAL_CODES as START_ERROR_CODES,
  type StartRefusalCode as StartErrorCode,
} from "@/lib/platform/start-refusal-codes";

/**
 * The emulator's settings for charging from the API (issue 38), part of ./settings.ts: a refusal to force, the
 * balance a start needs, a charge point that rejects stops, and how long an EVSE prepares and finishes.
 */

/** Every `errorCode` of a refused start: the portal's list (the charging subset's start actions, in its order). */
export { START_ERROR_CODES, type StartErrorCode };

const ChargingPhasesSchema = z
  .object({
    /** After a start, the EVSE is `preparing` (and the session `pending`) this long before the car draws. */
    preparingMs: z.int().min(0).max(600_000).default(10_000),
    /** After a stop, the EVSE is `finishing` this long before it is `available` again. */
    finishingMs: z.int().min(0).max(600_000).default(30_000),
  })
  .strict();

export const chargingSettings = {
  /** Every start is refused with this code (202 `success: false`), whatever the state; null: only real refusals. */
  startRefusal: z.enum(START_ERROR_CODES).nullable().default(null),
  /** A start paid from the balance needs at least this much in it (else `PAYMENT_NO_FUNDS`). */
  startMinimumBalance: z.number().min(0).max(100_000).default(5),
  /** The charge point rejects every stop (406), unless the stop says `force: true`. */
  stopRejected: z.boolean().default(false),
  chargingPhases: ChargingPhasesSchema.default({ preparingMs: 10_000, finishingMs: 30_000 }),
};
