import fc from "fast-check";
import { describe } from "vitest";
import { newDeviceMailAction, signOutDeviceAction } from "@/lib/features/devices/device-actions";
import { anyText, driverSideViewer, formArb } from "./arbitraries";
import { checkActionProperty } from "./checks";

/** A device id as the list's forms send it: a well-formed id of no one's device, or anything. */
const deviceForm = formArb({ deviceId: fc.oneof(fc.uuid(), anyText) });
/** The notice checkbox: ticked ("on"), missing, or a crafted value. */
const noticeForm = formArb({ newDeviceMail: fc.oneof(fc.constant("on"), anyText) });

describe("device actions: only validation errors, never a crash", () => {
  checkActionProperty({
    name: "signOutDeviceAction",
    action: signOutDeviceAction,
    form: deviceForm,
    viewer: driverSideViewer,
  });
  checkActionProperty({
    name: "newDeviceMailAction",
    action: newDeviceMailAction,
    form: noticeForm,
    viewer: driverSideViewer,
  });
});
