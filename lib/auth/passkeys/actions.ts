"use server";
import "server-only";
import { refresh } from "next/cache";
import { z } from "zod";
import { accountAction } from "@/lib/actions/action";
import { getDb } from "@/lib/db/client";
import type { ActionResult } from "@/lib/forms/action-result";
import { mayChangePasskeys } from "./policy";
import { relyingParty } from "./relying-party";
import { notifyPasskeyChange } from "./notices";
import { countPasskeys, PASSKEY_NAME_MAX, removePasskey, renamePasskey } from "./store";

const NOT_FOUND = "This passkey could not be found.";
const PasskeyId = z.string({ error: NOT_FOUND }).regex(/^[A-Za-z0-9_-]{1,1400}$/, NOT_FOUND);

const RenameInput = z.object({
  id: PasskeyId,
  name: z
    .string({ error: "Give the passkey a name." })
    .trim()
    .min(1, "Give the passkey a name.")
    .max(PASSKEY_NAME_MAX, `Use at most ${PASSKEY_NAME_MAX} characters.`),
});
const RemoveInput = z.object({ id: PasskeyId });

const GONE: ActionResult = { status: "error", code: "not-found", message: NOT_FOUND };

/** The owner's own passkeys only; staff under STAFF_REQUIRE_PASSKEY need a passkey session to change them. */
async function refusedChange(viewer: Parameters<typeof mayChangePasskeys>[0]): Promise<ActionResult | null> {
  const refusal = mayChangePasskeys(viewer, await countPasskeys(await getDb(), viewer.userId));
  return refusal ? { status: "error", code: "forbidden", message: refusal } : null;
}

const rename = accountAction({
  scope: "passkeys",
  failure: { log: "passkey rename", doing: "rename your passkey" },
  schema: RenameInput,
  run: async ({ id, name }, { actor }): Promise<ActionResult> => {
    const refused = await refusedChange(actor);
    if (refused) return refused;
    if (!(await renamePasskey(await getDb(), actor.userId, id, name))) return GONE;
    refresh();
    return { status: "ok", message: `The passkey is now called “${name}”.` };
  },
});

const remove = accountAction({
  scope: "passkeys",
  failure: { log: "passkey removal", doing: "remove your passkey" },
  schema: RemoveInput,
  run: async ({ id }, { actor }): Promise<ActionResult> => {
    const refused = await refusedChange(actor);
    if (refused) return refused;
    const name = await removePasskey(await getDb(), actor.userId, id);
    if (name === null) return GONE;
    await notifyPasskeyChange(actor.email, "removed", name, (await relyingParty()).origin);
    refresh();
    return { status: "ok", message: `The passkey “${name}” was removed. You can still sign in with an e-mail link.` };
  },
});

export async function renamePasskeyAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return rename(formData);
}

export async function removePasskeyAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  return remove(formData);
}
