import "server-only";
import { ExpectedError } from "@/lib/core/errors";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { isStaff } from "@/lib/core/auth/roles";
import { getDb } from "@/lib/core/db/client";
import { signupAttempts, users } from "@/lib/core/db/schema";
import { logger } from "@/lib/core/log";
import { mailLocaleOfAddress } from "@/lib/core/auth/mail-locale";
import { sendMail } from "@/lib/core/mail/send";
import { staffAddressUsedMail } from "./mails";
import { ACCOUNT_ERROR_STATUS } from "./shared";
import { getPlatform } from "@/lib/platform";
import { PlatformUnavailableError, PlatformValidationError } from "@/lib/platform/errors";
import type { SignUpInput } from "./schemas";

export type CreateDriverOutcome =
  /** This call created the platform user. */
  | { kind: "created"; platformUserId: number }
  /** The platform already had a user with this e-mail (before this attempt): never created twice. */
  | { kind: "exists"; platformUserId: number }
  /** A concurrent attempt for the same e-mail (double submit, second tab) did the work. */
  | { kind: "joined"; platformUserId: number };

// An attempt that has been pending this long was abandoned (process died); another may take over.
const STALE_AFTER_MS = 2 * 60_000;
const RECENT_CREATE_MS = 10 * 60_000;
const WAIT_STEP_MS = 200;
const WAIT_MAX_MS = 45_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Creates the platform user exactly once per e-mail; the password is never stored or logged.
 * Races it survives: docs/design-notes.md#libfeaturesaccountscreate-driver-oncets.
 */
export async function createDriverOnce(
  input: SignUpInput,
  { verifiedAt = null }: { verifiedAt?: Date | null } = {},
): Promise<CreateDriverOutcome> {
  const email = input.email.toLowerCase();
  const db = await getDb();

  if (!(await claim(email))) {
    const platformUserId = await waitForOtherAttempt(email);
    return { kind: "joined", platformUserId };
  }
  // From here on this call owns the attempt row for the e-mail.

  try {
    const outcome = await createOnPlatform({ ...input, email });
    await db
      .update(signupAttempts)
      .set({ status: "created", platformUserId: outcome.platformUserId, finishedAt: new Date() })
      .where(eq(signupAttempts.email, email));
    // Only a user created here is linked now; an existing one links when its owner signs in.
    if (outcome.kind === "created") await linkPortalUser(email, outcome.platformUserId, input, verifiedAt);
    return outcome;
  } catch (error) {
    await db
      .update(signupAttempts)
      .set({ status: "failed", finishedAt: new Date() })
      .where(eq(signupAttempts.email, email));
    throw error;
  }
}

async function claim(email: string): Promise<boolean> {
  const db = await getDb();
  const inserted = await db
    .insert(signupAttempts)
    .values({ email, status: "pending" })
    .onConflictDoNothing()
    .returning({ email: signupAttempts.email });
  if (inserted.length > 0) return true;
  // A failed, abandoned or long-finished attempt may be taken over; a live or just-finished one is joined instead, so a
  // late double submit is not told "already exists" about its own account.
  const takenOver = await db
    .update(signupAttempts)
    .set({ status: "pending", startedAt: new Date(), finishedAt: null, platformUserId: null })
    .where(
      and(
        eq(signupAttempts.email, email),
        or(
          eq(signupAttempts.status, "failed"),
          and(
            eq(signupAttempts.status, "created"),
            lt(signupAttempts.finishedAt, new Date(Date.now() - RECENT_CREATE_MS)),
          ),
          and(
            eq(signupAttempts.status, "pending"),
            lt(signupAttempts.startedAt, new Date(Date.now() - STALE_AFTER_MS)),
          ),
        ),
      ),
    )
    .returning({ email: signupAttempts.email });
  return takenOver.length > 0;
}

async function waitForOtherAttempt(email: string): Promise<number> {
  const db = await getDb();
  const deadline = Date.now() + WAIT_MAX_MS;
  while (Date.now() < deadline) {
    const [row] = await db.select().from(signupAttempts).where(eq(signupAttempts.email, email));
    if (row?.status === "created" && row.platformUserId !== null) return row.platformUserId;
    if (!row || row.status === "failed") throw new SignUpInProgressError();
    await sleep(WAIT_STEP_MS);
  }
  throw new SignUpInProgressError();
}

/** Another sign-up for this e-mail is still being processed. */
export class SignUpInProgressError extends ExpectedError {
  constructor() {
    super("in-progress", "signUp.errors.inProgress", {}, undefined, ACCOUNT_ERROR_STATUS["in-progress"]);
    this.name = "SignUpInProgressError";
  }
}

async function createOnPlatform(input: SignUpInput): Promise<CreateDriverOutcome> {
  const platform = getPlatform();
  const existing = await platform.users.findUserByEmail(input.email);
  if (existing) return { kind: "exists", platformUserId: existing.id };

  try {
    const created = await platform.users.createUser(input);
    return { kind: "created", platformUserId: created.id };
  } catch (error) {
    // The create may have been applied although its answer was lost (timeout, 5xx, dropped
    // connection): look before doing anything else, and never send a blind second create.
    if (error instanceof PlatformUnavailableError || error instanceof PlatformValidationError) {
      const afterwards = await findAfterUncertainCreate(input.email);
      if (afterwards)
        return { kind: error instanceof PlatformValidationError ? "exists" : "created", platformUserId: afterwards.id };
    }
    if (error instanceof PlatformUnavailableError) {
      const created = await platform.users.createUser(input);
      return { kind: "created", platformUserId: created.id };
    }
    throw error;
  }
}

async function findAfterUncertainCreate(email: string) {
  const platform = getPlatform();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await platform.users.findUserByEmail(email);
    } catch (error) {
      if (!(error instanceof PlatformUnavailableError) || attempt === 2) throw error;
      await sleep(500 * (attempt + 1));
    }
  }
  return null;
}

export type PortalLink = { kind: "linked"; userId: string } | { kind: "staff" | "untouched" };

/**
 * Gives the new platform user a portal account under its address. A staff account, or a driver linked to another
 * platform user, is never updated, linked or renamed.
 */
export async function linkPortalUser(
  email: string,
  platformUserId: number,
  input: Pick<SignUpInput, "firstName" | "lastName">,
  verifiedAt: Date | null = null,
): Promise<PortalLink> {
  const db = await getDb();
  const name = `${input.firstName} ${input.lastName}`.trim();
  const verified = verifiedAt ? { emailVerified: verifiedAt } : {};
  const [linked] = await db
    .insert(users)
    .values({ email, name, role: "driver", platformUserId, ...verified })
    .onConflictDoUpdate({
      target: users.email,
      set: { platformUserId, name, ...verified },
      setWhere: and(
        eq(users.role, "driver"),
        or(isNull(users.platformUserId), eq(users.platformUserId, platformUserId)),
      ),
    })
    .returning({ id: users.id });
  if (linked) return { kind: "linked", userId: linked.id };

  const [holder] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
  if (!holder || !isStaff(holder.role)) return { kind: "untouched" };
  try {
    await sendMail(staffAddressUsedMail(await mailLocaleOfAddress(email, { db }), email));
  } catch (error) {
    // The driver exists and the staff account is untouched; a lost notice must not fail the create.
    logger("accounts").error("the notice to a staff address could not be sent", error);
  }
  return { kind: "staff" };
}
