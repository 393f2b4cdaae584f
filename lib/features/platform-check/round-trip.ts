import "server-only";
import { randomBytes } from "node:crypto";
import type { PlatformClient } from "@/lib/platform/client";
import { isPlatformError } from "@/lib/platform/errors";
import type { CheckRow } from "./checks";

/** `--write`: the portal's writes once, on records made for it; the user is disabled at the end, nothing deleted. */
export interface RoundTripOptions {
  /** Names the records; default: the time, to the second. */
  stamp?: string;
}

function failure(step: string, error: unknown): CheckRow {
  const what = isPlatformError(error)
    ? `${error.code}${error.status ? ` (status ${error.status})` : ""}`
    : error instanceof Error
      ? error.message.slice(0, 160)
      : "unknown error";
  return { check: `write: ${step}`, result: "blocker", todo: `failed: ${what}` };
}

export async function runWriteRoundTrip(platform: PlatformClient, options: RoundTripOptions = {}): Promise<CheckRow[]> {
  const stamp = options.stamp ?? new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const rows: CheckRow[] = [];
  const done = (step: string, todo: string) => rows.push({ check: `write: ${step}`, result: "ok", todo });

  let userId: number;
  const email = `platform-check-${stamp}@example.com`;
  try {
    const user = await platform.users.createUser({
      email,
      // Never shown and never used: the account is disabled at the end.
      password: randomBytes(18).toString("base64url"),
      firstName: "Platform",
      lastName: "Check",
    });
    userId = user.id;
    done("create user", `user ${userId} (${email}) in the configured group`);
  } catch (error) {
    return [failure("create user", error)];
  }

  try {
    const code = `PCHK${stamp}`.slice(0, 32);
    const card = await platform.cards.createCard({ userId, code, visualNumber: `CHECK-${stamp}`, status: "active" });
    done("add tag", `tag ${card.id} (${code})`);
    await platform.cards.updateCardStatus(card.id, "inactive");
    done("pause tag", `tag ${card.id} paused`);
    const [user, cards] = await Promise.all([platform.users.getUser(userId), platform.cards.listAllCards({ userId })]);
    const paused = cards.find((c) => c.id === card.id);
    if (user.email.toLowerCase() !== email || paused?.status !== "inactive")
      rows.push({
        check: "write: read back",
        result: "blocker",
        todo: "the user or the paused tag read back differently",
      });
    else done("read back", "the user and the paused tag read back as written");
  } catch (error) {
    rows.push(failure("tag", error));
  }

  const reason = `Driver Portal platform:check round trip ${stamp}`;
  if (!platform.users.disableUser) {
    rows.push({
      check: "write: disable user",
      result: "warning",
      todo: `the contract cannot disable a user: disable user ${userId} (${email}) by hand`,
    });
    return rows;
  }
  try {
    await platform.users.disableUser(userId, reason);
    done("disable user", `user ${userId} disabled: "${reason}"`);
  } catch (error) {
    rows.push(failure("disable user", error));
  }
  return rows;
}
