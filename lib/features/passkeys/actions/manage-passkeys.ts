"use server";
import "server-only";
import { refresh } from "next/cache";
import { accountAction } from "@/lib/core/actions/action";
import { getDb } from "@/lib/core/db/client";
import type { ActionResult } from "@/lib/core/actions/action-result";
import type { Translator } from "@/lib/core/i18n/translator";
import { mayChangePasskeys } from "@/lib/features/passkeys/policy";
import { relyingParty } from "@/lib/features/passkeys/relying-party";
import { notifyPasskeyChange } from "@/lib/features/passkeys/notices";
import { passkeyStanding, removePasskey, renamePasskey } from "@/lib/features/passkeys/store";
import { RemoveInput, RenameInput } from "@/lib/features/passkeys/schemas";

const gone = (t: Translator): ActionResult => ({
  status: "error",
  code: "not-found",
  message: t("passkeys.errors.notFound"),
});

/** The owner's own passkeys only; staff under STAFF_REQUIRE_PASSKEY need a passkey session to change them. */
async function refusedChange(
  viewer: Parameters<typeof mayChangePasskeys>[0],
  t: Translator,
): Promise<ActionResult | null> {
  const refusal = mayChangePasskeys(viewer, await passkeyStanding(await getDb(), viewer.userId));
  return refusal ? { status: "error", code: "forbidden", message: t(refusal) } : null;
}

export const renamePasskeyAction = accountAction({
  scope: "passkeys",
  failure: { log: "passkey rename", doing: "passkeys.doing.rename" },
  schema: RenameInput,
  run: async ({ id, name }, { actor, t }): Promise<ActionResult> => {
    const refused = await refusedChange(actor, t);
    if (refused) return refused;
    if (!(await renamePasskey(await getDb(), actor.userId, id, name))) return gone(t);
    refresh();
    return { status: "ok", message: t("passkeys.actions.renamed", { name }) };
  },
});

export const removePasskeyAction = accountAction({
  scope: "passkeys",
  failure: { log: "passkey removal", doing: "passkeys.doing.remove" },
  schema: RemoveInput,
  run: async ({ id }, { actor, t }): Promise<ActionResult> => {
    const refused = await refusedChange(actor, t);
    if (refused) return refused;
    const name = await removePasskey(await getDb(), actor.userId, id);
    if (name === null) return gone(t);
    await notifyPasskeyChange(actor.email, "removed", name, (await relyingParty()).origin);
    refresh();
    return { status: "ok", message: t("passkeys.actions.removed", { name }) };
  },
});
