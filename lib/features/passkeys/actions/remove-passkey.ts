"use server";
import "server-only";
import { refresh } from "next/cache";
import { accountAction } from "@/lib/core/actions/action";
import { getDb } from "@/lib/core/db/client";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { relyingParty } from "@/lib/features/passkeys/relying-party";
import { notifyPasskeyChange } from "@/lib/features/passkeys/notices";
import { removePasskey } from "@/lib/features/passkeys/store";
import { RemoveInput } from "@/lib/features/passkeys/schemas";
import { passkeyChangeRefusal } from "@/lib/features/passkeys/passkey-change";
import { changeRefused, gone } from "@/lib/features/passkeys/passkey-change-words";

export const removePasskeyAction = accountAction({
  scope: "passkeys",
  failure: { log: "passkey removal", doing: "passkeys.doing.remove" },
  schema: RemoveInput,
  run: async ({ id }, { actor, t }): Promise<ActionResult> => {
    const refusal = await passkeyChangeRefusal(actor);
    if (refusal) return changeRefused(t, refusal);
    const name = await removePasskey(await getDb(), actor.userId, id);
    if (name === null) return gone(t);
    await notifyPasskeyChange(actor, "removed", name, (await relyingParty()).origin);
    refresh();
    return { status: "ok", message: t("passkeys.actions.removed", { name }) };
  },
});
