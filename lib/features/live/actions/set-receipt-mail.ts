"use server";
import { driverAction } from "@/lib/core/actions/action";
import { mailSwitchSpec } from "@/lib/core/actions/mail-switch";
import { RECEIPT_MAIL_SWITCH } from "../receipt";

/** Switches the charge receipt mail (one per finished session) on or off for the driver's account. */
export const setReceiptMailAction = driverAction(mailSwitchSpec(RECEIPT_MAIL_SWITCH));
