import "server-only";
import { getDb } from "@/lib/core/db/client";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { mayChangePasskeys } from "@/lib/features/passkeys/policy";
import { passkeyStanding } from "@/lib/features/passkeys/store";

/**
 * Why this session may not change the owner's passkeys (a catalogue key), or null: staff under STAFF_REQUIRE_PASSKEY
 * need a passkey session to change them. The actions word it (passkey-change-words.ts).
 */
export async function passkeyChangeRefusal(
  viewer: Parameters<typeof mayChangePasskeys>[0],
): Promise<MessageKey | null> {
  return mayChangePasskeys(viewer, await passkeyStanding(await getDb(), viewer.userId));
}
