import fc from "fast-check";
import { describe } from "vitest";
import { setMailNoticesAction } from "@/lib/features/accounts/actions/set-mail-notices";
import { signOutDeviceAction } from "@/lib/features/devices/actions/sign-out-device";
import { anyText, driverSideViewer, formArb } from "./arbitraries";
import { checkActionProperty } from "./checks";

/** A device id as the list's forms send it: a well-formed id of no one's device, or anything. */
const deviceForm = formArb({ deviceId: fc.oneof(fc.uuid(), anyText) });
/** The notices form's checkboxes: each ticked ("on"), missing, or a crafted value. */
const noticeForm = formArb({
  newDeviceMail: fc.oneof(fc.constant("on"), anyText),
  receiptMail: fc.oneof(fc.constant("on"), anyText),
});

describe("device and mail notice actions: only validation errors, never a crash", () => {
  checkActionProperty({
    name: "signOutDeviceAction",
    action: signOutDeviceAction,
    form: deviceForm,
    viewer: driverSideViewer,
  });
  checkActionProperty({
    name: "setMailNoticesAction",
    action: setMailNoticesAction,
    form: noticeForm,
    viewer: driverSideViewer,
  });
});
