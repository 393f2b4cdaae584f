import "server-only";
import { z } from "zod";
import { getPlatform } from "@/lib/platform";
import type { PlatformUser, UpdateUserInput } from "@/lib/platform/types";
import { ProfileUpdateInput } from "./schemas";

/**
 * Profile edits as a partial update: only fields whose value differs from what the driver saw are
 * sent, so a stale form never overwrites a change made elsewhere meanwhile (support, the app).
 */

export const PROFILE_FIELDS = ["firstName", "lastName", "phone", "address", "city", "postCode", "country"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The profile as last shown; a whole PlatformUser fits. */
export type ProfileSnapshot = Pick<PlatformUser, ProfileField>;

/**
 * What was submitted, after validation: a string sets the field, `null` clears an optional field,
 * a missing key leaves it alone. A parsed ProfileUpdateInput fits as is.
 */
export type ProfileSubmission = { [K in ProfileField]?: string | null };

const CLEARABLE: readonly ProfileField[] = ["phone", "address", "city", "postCode"];

/** The same value written differently ("+31 6 1234" vs "+316 1234", "nl" vs "NL") is no change. */
function comparable(field: ProfileField, value: string | null | undefined): string {
  const text = (value ?? "").trim();
  if (field === "phone") return text.replace(/[\s()-]/g, "");
  if (field === "country") return text.toUpperCase();
  if (field === "postCode") return text.replace(/\s+/g, " ").toUpperCase();
  return text.replace(/\s+/g, " ");
}

/** Field changes between what the driver saw and what was submitted, in form order. */
export function profileChanges(current: ProfileSnapshot, submitted: ProfileSubmission): UpdateUserInput {
  const changes: UpdateUserInput = {};
  for (const field of PROFILE_FIELDS) {
    const value = submitted[field];
    if (value === undefined) continue;
    if (comparable(field, value) === comparable(field, current[field])) continue;
    // The platform clears a field given an empty string; required fields never arrive as null.
    changes[field] = value ?? "";
  }
  return changes;
}

export async function updateDriverProfile(
  platformUserId: number,
  current: ProfileSnapshot,
  submitted: ProfileSubmission,
): Promise<{ changed: string[]; user: PlatformUser }> {
  const changes = profileChanges(current, submitted);
  const changed = Object.keys(changes);
  // With nothing to send, updateUser reads the user instead of writing.
  const user = await getPlatform().users.updateUser(platformUserId, changes);
  return { changed, user };
}

const snapshotValue = z.string().max(300).nullable();
const Snapshot = z.object({
  firstName: snapshotValue,
  lastName: snapshotValue,
  phone: snapshotValue,
  address: snapshotValue,
  city: snapshotValue,
  postCode: snapshotValue,
  country: snapshotValue,
}) satisfies z.ZodType<ProfileSnapshot>;

export type ProfileFormReading =
  | { ok: true; submitted: ProfileSubmission; baseline: ProfileSnapshot | null }
  | { ok: false; issues: z.core.$ZodIssue[] };

/**
 * Reads a profile form: an emptied field means "clear it"; the hidden `baseline` only decides what is sent (a tampered
 * one gives null: diff against a fresh read). Every sent value is validated; the issues' messages are catalogue keys.
 */
export function readProfileForm(formData: FormData): ProfileFormReading {
  const raw: Record<string, string> = {};
  for (const field of PROFILE_FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string") raw[field] = value;
  }
  // Country is a required choice: an empty select means "not chosen", never "clear it".
  if (raw.country?.trim() === "") delete raw.country;
  const parsed = ProfileUpdateInput.safeParse(raw);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues };

  let baseline: ProfileSnapshot | null = null;
  const baselineText = formData.get("baseline");
  if (typeof baselineText === "string" && baselineText.length < 4000) {
    try {
      const checked = Snapshot.safeParse(JSON.parse(baselineText));
      if (checked.success) baseline = checked.data;
    } catch {
      baseline = null;
    }
  }

  const submitted: ProfileSubmission = { ...parsed.data };
  for (const field of CLEARABLE) {
    if (raw[field] !== undefined && raw[field].trim() === "") submitted[field] = null;
  }
  return { ok: true, submitted, baseline };
}
