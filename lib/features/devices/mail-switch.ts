import "server-only";
import { setNewDeviceMail } from "@/lib/core/auth/devices";

/** The new-device notice switch on /account: its checkbox, where it is kept, and what the driver reads. */
export const NEW_DEVICE_MAIL_SWITCH = {
  field: "newDeviceMail",
  scope: "auth",
  failure: { log: "new-device mail setting", doing: "devices.doing.saveSetting" },
  unreadable: "devices.actions.settingUnreadable",
  tickOrLeave: "devices.actions.tickOrLeave",
  keep: setNewDeviceMail,
  said: { on: "devices.actions.noticesOn", off: "devices.actions.noticesOff" },
} as const;
