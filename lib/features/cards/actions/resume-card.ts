"use server";
import "server-only";
import { driverAction } from "@/lib/core/actions/action";
import { driverCardStatusSpec } from "@/lib/features/cards/card-status-action";

/** A paused card works again; a blocked one is support's to undo (the service refuses it). */
export const resumeCardAction = driverAction(driverCardStatusSpec("resume"));
