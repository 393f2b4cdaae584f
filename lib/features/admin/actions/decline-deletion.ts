"use server";
import "server-only";
import { staffAction } from "@/lib/features/admin/staff-action";
import { DECLINE_DELETION } from "@/lib/features/admin/deletion-answer-spec";

/** Declines a request with a reason, which the driver is mailed (audited by the service). */
export const declineDeletionAction = staffAction(DECLINE_DELETION);
