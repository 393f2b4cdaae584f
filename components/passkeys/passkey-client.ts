"use client";
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";

/**
 * The browser half of the passkey ceremonies: fetch options from the portal, let the browser (and
 * its authenticator) answer, post the answer back. Each returns an outcome in words the page shows.
 */
export type PasskeyOutcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      message: string;
      /** The person closed the prompt (or another ceremony replaced it): nothing to report. */
      cancelled?: boolean;
      /** The portal's challenge expired before the answer came: start again. */
      expired?: boolean;
    };

const CANCELLED = "The passkey prompt was closed before it finished. Nothing was changed.";
const UNREACHABLE = "The portal could not be reached. Check your connection and try again.";

async function post(path: string, body: unknown): Promise<PasskeyOutcome<Record<string, unknown>>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    return { ok: false, message: UNREACHABLE };
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const message = typeof answer.error === "string" ? answer.error : "Something went wrong. Try again.";
    return { ok: false, message, expired: response.status === 400 && message.includes("has expired") };
  }
  return { ok: true, value: answer };
}

/** What the browser throws when the person closes the prompt or no passkey fits: not a failure of ours. */
function browserRefusal(error: unknown): { ok: false; message: string; cancelled?: boolean } {
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError"))
    return { ok: false, message: CANCELLED, cancelled: true };
  if (error instanceof Error && error.name === "InvalidStateError")
    return { ok: false, message: "This device already holds a passkey for your account." };
  return { ok: false, message: "Your browser could not use a passkey here. Sign in with an e-mail link instead." };
}

export async function addPasskey(name: string): Promise<PasskeyOutcome<string>> {
  const start = await post("/api/passkeys/registration/options", {});
  if (!start.ok) return start;
  let response;
  try {
    response = await startRegistration(start.value.options as Parameters<typeof startRegistration>[0]);
  } catch (error) {
    return browserRefusal(error);
  }
  const done = await post("/api/passkeys/registration", { challengeId: start.value.challengeId, response, name });
  return done.ok ? { ok: true, value: String(done.value.name) } : done;
}

/**
 * Signs in with a passkey; the path to go to next. With `autofill`, the browser offers passkeys in
 * the e-mail field's suggestions (conditional UI) and the promise waits until one is picked.
 */
export async function signInWithPasskey(options: {
  callbackUrl?: string;
  autofill?: boolean;
}): Promise<PasskeyOutcome<string>> {
  const start = await post("/api/passkeys/sign-in/options", {});
  if (!start.ok) return start;
  let response;
  try {
    response = await startAuthentication(
      start.value.options as Parameters<typeof startAuthentication>[0],
      options.autofill === true,
    );
  } catch (error) {
    return browserRefusal(error);
  }
  const done = await post("/api/passkeys/sign-in", {
    challengeId: start.value.challengeId,
    response,
    callbackUrl: options.callbackUrl,
  });
  return done.ok ? { ok: true, value: String(done.value.redirectTo) } : done;
}
