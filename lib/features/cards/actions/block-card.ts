"use server";
import "server-only";
import { driverAction } from "@/lib/core/actions/action";
import { driverCardStatusSpec } from "@/lib/features/cards/card-status-action";

/** Lost or stolen: permanent for the driver, only support can undo it. */
export const blockCardAction = driverAction(driverCardStatusSpec("block"));
