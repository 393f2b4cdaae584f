"use server";
import "server-only";
import { refresh } from "next/cache";
import { z } from "zod";
import { driverAction, navigate } from "@/lib/core/actions/action";
import { getDb } from "@/lib/core/db/client";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { deviceLabel } from "@/lib/core/auth/device-name";
import { signOutDevice } from "@/lib/core/auth/devices";
import { signOut } from "@/lib/core/auth";
import { currentSessionToken } from "@/lib/core/auth/session-token";

const DeviceForm = z.object({ deviceId: z.uuid("devices.actions.notInList") });

/** Ends one signed-in session of the driver's account, from the device list on /account. */
export const signOutDeviceAction = driverAction({
  scope: "auth",
  failure: { log: "device sign-out", doing: "devices.doing.signOut" },
  schema: DeviceForm,
  echo: false,
  invalid: "devices.actions.notInList",
  run: async ({ deviceId }, { actor, t }) => {
    const ended = await signOutDevice(await getDb(), actor.userId, deviceId, await currentSessionToken());
    if (!ended) {
      refresh();
      return { status: "ok", message: t("devices.actions.alreadySignedOut") } satisfies ActionResult;
    }
    // The device in hand: end the sign-in here too (cookie and all), as "Sign out" does.
    if (ended.wasCurrent)
      return navigate(async (): Promise<ActionResult> => {
        await signOut({ redirectTo: "/signin" });
        return { status: "ok" };
      });
    refresh();
    return {
      status: "ok",
      message: t("devices.actions.signedOut", { device: deviceLabel(ended, t) }),
    } satisfies ActionResult;
  },
});
