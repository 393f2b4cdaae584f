"use client";
import type { startAuthentication, startRegistration } from "@simplewebauthn/browser";

// The WebAuthn library loads when a ceremony starts, not with the page (it is ~3 KB of every first
// load on /account otherwise, which the bundle budget has no room for).
const webAuthn = () => import("@simplewebauthn/browser");

/** Fetches the library once the page has loaded, so a ceremony does not wait for it. */
export function preloadWebAuthn(): void {
  void webAuthn();
}

/**
 * The browser half of the passkey ceremonies. A failure carries the portal's words, or a browser-side problem code the
 * page words (`passkeys.problems.*`).
 */
export type PasskeyProblem = "cancelled" | "unreachable" | "failed" | "alreadyOnDevice" | "unsupported";

export interface PasskeyFailure {
  ok: false;
  /** The portal's answer, in the page's language; absent for a problem of the browser's. */
  message?: string;
  problem: PasskeyProblem;
  /** The person closed the prompt (or another ceremony replaced it): nothing to report. */
  cancelled?: boolean;
  /** The portal's challenge expired before the answer came: start again. */
  expired?: boolean;
  /** The browser had answered with a passkey the person picked: the failure came after their part. */
  answered?: boolean;
}

export type PasskeyOutcome<T> = { ok: true; value: T } | PasskeyFailure;

async function post(path: string, body: unknown): Promise<PasskeyOutcome<Record<string, unknown>>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    return { ok: false, problem: "unreachable" };
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const message = typeof answer.error === "string" ? answer.error : undefined;
    return { ok: false, message, problem: "failed", expired: response.status === 400 && answer.expired === true };
  }
  return { ok: true, value: answer };
}

/** What the browser throws when the person closes the prompt or no passkey fits: not a failure of ours. */
function browserRefusal(error: unknown): PasskeyFailure {
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError"))
    return { ok: false, problem: "cancelled", cancelled: true };
  if (error instanceof Error && error.name === "InvalidStateError") return { ok: false, problem: "alreadyOnDevice" };
  return { ok: false, problem: "unsupported" };
}

type WebAuthnLibrary = Awaited<ReturnType<typeof webAuthn>>;

/**
 * One ceremony at `path`: the portal's options (`path`/options), the browser's answer to them, and the
 * answer posted back to `path` with the challenge it answers and the ceremony's own `fields`.
 */
async function ceremony(
  path: string,
  answer: (library: WebAuthnLibrary, options: unknown) => Promise<unknown>,
  fields: Record<string, unknown>,
): Promise<PasskeyOutcome<Record<string, unknown>>> {
  const start = await post(`${path}/options`, {});
  if (!start.ok) return start;
  let response;
  try {
    response = await answer(await webAuthn(), start.value.options);
  } catch (error) {
    return browserRefusal(error);
  }
  const done = await post(path, { challengeId: start.value.challengeId, response, ...fields });
  return done.ok ? done : { ...done, answered: true };
}

export async function addPasskey(name: string): Promise<PasskeyOutcome<string>> {
  const register = (library: WebAuthnLibrary, options: unknown) =>
    library.startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]["optionsJSON"] });
  const done = await ceremony("/api/passkeys/registration", register, { name });
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
  const authenticate = (library: WebAuthnLibrary, optionsJSON: unknown) =>
    library.startAuthentication({
      optionsJSON: optionsJSON as Parameters<typeof startAuthentication>[0]["optionsJSON"],
      useBrowserAutofill: options.autofill === true,
    });
  const done = await ceremony("/api/passkeys/sign-in", authenticate, { callbackUrl: options.callbackUrl });
  return done.ok ? { ok: true, value: String(done.value.redirectTo) } : done;
}
