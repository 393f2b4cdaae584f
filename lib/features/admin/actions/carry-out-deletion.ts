"use server";
import "server-only";
import { staffAction } from "@/lib/features/admin/staff-action";
import { CARRY_OUT_DELETION } from "@/lib/features/admin/deletion-answer-spec";

/** Carries out a deletion request whose grace period is over (both steps audited by the service). */
export const carryOutDeletionAction = staffAction(CARRY_OUT_DELETION);
