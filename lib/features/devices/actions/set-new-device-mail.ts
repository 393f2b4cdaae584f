"use server";
import "server-only";
import { driverAction } from "@/lib/core/actions/action";
import { mailSwitchSpec } from "@/lib/core/actions/mail-switch";
import { NEW_DEVICE_MAIL_SWITCH } from "@/lib/features/devices/mail-switch";

/** Switches the new-device notice mail on or off. */
export const setNewDeviceMailAction = driverAction(mailSwitchSpec(NEW_DEVICE_MAIL_SWITCH));
