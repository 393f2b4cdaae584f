"use server";
import "server-only";
import { refresh } from "next/cache";
import { z } from "zod";
import { driverAction, navigate } from "@/lib/actions/action";
import { getDb } from "@/lib/db/client";
import type { ActionResult } from "@/lib/forms/action-result";
import { deviceLabel } from "./device-name";
import { setNewDeviceMail, signOutDevice } from "./devices";
import { signOut } from "./index";
import { currentSessionToken } from "./session-token";

const DeviceForm = z.object({ deviceId: z.uuid("That device is not in your list. Reload the page.") });

/** Ends one signed-in session of the driver's account, from the device list on /account. */
const signOutOneDevice = driverAction({
  scope: "auth",
  failure: { log: "device sign-out", doing: "sign that device out" },
  schema: DeviceForm,
  echo: false,
  invalid: "That device is not in your list. Reload the page.",
  run: async ({ deviceId }, { actor }) => {
    const ended = await signOutDevice(await getDb(), actor.userId, deviceId, await currentSessionToken());
    if (!ended) {
      refresh();
      return { status: "ok", message: "That device was already signed out." } satisfies ActionResult;
    }
    // The device in hand: end the sign-in here too (cookie and all), as "Sign out" does.
    if (ended.wasCurrent)
      return navigate(async (): Promise<ActionResult> => {
        await signOut({ redirectTo: "/signin" });
        return { status: "ok" };
      });
    refresh();
    return { status: "ok", message: `${deviceLabel(ended)} is signed out.` } satisfies ActionResult;
  },
});

const NoticeForm = z.object({ newDeviceMail: z.literal("on", "Tick the box or leave it empty.").optional() });

/** Switches the new-device notice mail on or off. */
const saveNewDeviceMail = driverAction({
  scope: "auth",
  failure: { log: "new-device mail setting", doing: "save the setting" },
  schema: NoticeForm,
  invalid: "That setting could not be read. Reload the page and try again.",
  run: async ({ newDeviceMail }, { actor }): Promise<ActionResult> => {
    const on = newDeviceMail === "on";
    await setNewDeviceMail(await getDb(), actor.userId, on);
    refresh();
    return {
      status: "ok",
      message: on
        ? "You will get an e-mail when a new browser signs in to your account."
        : "You will no longer get an e-mail when a new browser signs in.",
    };
  },
});

export async function signOutDeviceAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return signOutOneDevice(formData);
}

export async function newDeviceMailAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return saveNewDeviceMail(formData);
}
