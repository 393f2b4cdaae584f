"use server";
import { driverAction } from "@/lib/core/actions/action";
import { MAIL_NOTICES_SPEC } from "../mail-notices";

/** Saves every optional mail switch (new-device notices, charge receipts) in one go. */
export const setMailNoticesAction = driverAction(MAIL_NOTICES_SPEC);
