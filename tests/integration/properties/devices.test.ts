import fc from "fast-check";
import { describe } from "vitest";
import { setNewDeviceMailAction } from "@/lib/features/devices/actions/set-new-device-mail";
import { signOutDeviceAction } from "@/lib/features/devices/actions/sign-out-device";
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
    action: setNewDeviceMailAction,
    form: noticeForm,
    viewer: driverSideViewer,
  });
});
