"use server";
import "server-only";
import { refresh } from "next/cache";
import { accountAction } from "@/lib/core/actions/action";
import { getDb } from "@/lib/core/db/client";
import type { ActionResult } from "@/lib/core/actions/action-result";
import { renamePasskey } from "@/lib/features/passkeys/store";
import { RenameInput } from "@/lib/features/passkeys/schemas";
import { passkeyChangeRefusal } from "@/lib/features/passkeys/passkey-change";
import { changeRefused, gone } from "@/lib/features/passkeys/passkey-change-words";

export const renamePasskeyAction = accountAction({
  scope: "passkeys",
  failure: { log: "passkey rename", doing: "passkeys.doing.rename" },
  schema: RenameInput,
  run: async ({ id, name }, { actor, t }): Promise<ActionResult> => {
    const refusal = await passkeyChangeRefusal(actor);
    if (refusal) return changeRefused(t, refusal);
    if (!(await renamePasskey(await getDb(), actor.userId, id, name))) return gone(t);
    refresh();
    return { status: "ok", message: t("passkeys.actions.renamed", { name }) };
  },
});
