import "server-only";
import { getDb } from "@/lib/core/db/client";
import type { ActionResult } from "@/lib/core/actions/action-result";
import type { Translator } from "@/lib/core/i18n/translator";
import { mayChangePasskeys } from "@/lib/features/passkeys/policy";
import { passkeyStanding } from "@/lib/features/passkeys/store";

export const gone = (t: Translator): ActionResult => ({
  status: "error",
  code: "not-found",
  message: t("passkeys.errors.notFound"),
});

/** The owner's own passkeys only; staff under STAFF_REQUIRE_PASSKEY need a passkey session to change them. */
export async function refusedChange(
  viewer: Parameters<typeof mayChangePasskeys>[0],
  t: Translator,
): Promise<ActionResult | null> {
  const refusal = mayChangePasskeys(viewer, await passkeyStanding(await getDb(), viewer.userId));
  return refusal ? { status: "error", code: "forbidden", message: t(refusal) } : null;
}
