"use server";
import "server-only";
import { driverAction } from "@/lib/core/actions/action";
import { driverCardStatusSpec } from "@/lib/features/cards/card-status-action";

/** Reversible by the driver at any time. */
export const pauseCardAction = driverAction(driverCardStatusSpec("pause"));
