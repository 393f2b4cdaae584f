import "server-only";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { getConfig } from "@/lib/core/config";
import { getDb } from "@/lib/core/db/client";
import type { MessageKey } from "@/lib/core/i18n/translator";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import { consumeRateLimit, RATE_LIMITS } from "@/lib/core/rate-limit";
import { anyone, signedInAccount } from "@/lib/core/route-handlers/access";
import { readJsonBody } from "@/lib/features/passkeys/json-body";
import { jsonError, PRIVATE_NO_STORE, routeHandler } from "@/lib/core/route-handlers/route-handler";
import { deviceLabel, deviceNameFrom } from "@/lib/core/auth/device-name";
import { clientLimitKey } from "@/lib/core/auth/client-address";
import { AccessDeniedError } from "@/lib/core/auth/guards";
import { safeReturnPath } from "@/lib/core/auth/return-path";
import { isStaff } from "@/lib/core/auth/roles";
import { openSession, sessionCookie } from "@/lib/core/auth/open-session";
import { isSecureOrigin } from "@/lib/core/auth/session-policy";
import { CHALLENGE_GONE, PasskeyError } from "./errors";
import { notifyPasskeyChange } from "./notices";
import { finishPasskeyRegistration, startPasskeyRegistration } from "./registration";
import { relyingParty } from "./relying-party";
import { startPasskeySignIn, verifyPasskeySignIn } from "./sign-in";
import { RegistrationAnswer, SignInAnswer } from "./schemas";

/** The four /api/passkeys endpoints. Answers are only shaped here (zod); SimpleWebAuthn checks their cryptography. */

const UNREADABLE = "passkeys.errors.unreadable" satisfies MessageKey;

/** PasskeyError → its 4xx; an expired challenge is marked `expired` so the browser restarts. The rest: status table. */
async function answeringPasskeyErrors(step: () => Promise<Response>): Promise<Response> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof PasskeyError)) throw error;
    const key = error.message as MessageKey;
    if (error.status === 403) throw new AccessDeniedError(403, key);
    const t = await requestTranslator();
    const body = key === CHALLENGE_GONE ? { error: t(key), expired: true } : { error: t(key) };
    return Response.json(body, { status: 400, headers: PRIVATE_NO_STORE });
  }
}

const json = (body: unknown) => Response.json(body, { headers: PRIVATE_NO_STORE });

export const registrationOptionsHandler = routeHandler({
  scope: "passkeys",
  words: { doing: "passkeys.doing.prepare" },
  access: signedInAccount,
  run: ({ actor }) =>
    answeringPasskeyErrors(async () =>
      json(await startPasskeyRegistration(await getDb(), actor, await relyingParty())),
    ),
});

export const registrationHandler = routeHandler({
  scope: "passkeys",
  words: { doing: "passkeys.doing.add" },
  access: signedInAccount,
  async run({ request, actor }) {
    const answer = await readJsonBody(request, RegistrationAnswer, UNREADABLE);
    // Unnamed, it is named after this browser and system, in the words of the page that adds it.
    const name =
      answer.name || deviceLabel(deviceNameFrom(request.headers.get("user-agent")), await requestTranslator());
    const rp = await relyingParty();
    return answeringPasskeyErrors(async () => {
      const stored = await finishPasskeyRegistration(await getDb(), actor, rp, {
        challengeId: answer.challengeId,
        response: answer.response as RegistrationResponseJSON,
        name,
      });
      await notifyPasskeyChange(actor, "added", stored, rp.origin);
      return json({ name: stored });
    });
  },
});

/** Signed-out callers each store a challenge: limited per client address, like the sign-in mail. */
async function refusalOverLimit(): Promise<Response | null> {
  const limit = await consumeRateLimit("passkey-sign-in", await clientLimitKey(), RATE_LIMITS.passkeySignInPerClient);
  if (limit.allowed) return null;
  const t = await requestTranslator();
  return jsonError(429, t("passkeys.errors.tooManySignIns", { seconds: limit.retryAfterSeconds }), {
    "retry-after": String(limit.retryAfterSeconds),
  });
}

export const signInOptionsHandler = routeHandler({
  scope: "passkeys",
  words: { doing: "passkeys.doing.startSignIn" },
  access: anyone,
  async run() {
    return (await refusalOverLimit()) ?? json(await startPasskeySignIn(await getDb(), await relyingParty()));
  },
});

export const signInHandler = routeHandler({
  scope: "passkeys",
  words: { doing: "passkeys.doing.signIn" },
  access: anyone,
  async run({ request }) {
    const answer = await readJsonBody(request, SignInAnswer, UNREADABLE);
    const db = await getDb();
    const rp = await relyingParty();
    return answeringPasskeyErrors(async () => {
      const account = await verifyPasskeySignIn(db, rp, {
        challengeId: answer.challengeId,
        response: answer.response as AuthenticationResponseJSON,
      });
      const session = await openSession(
        db,
        account.userId,
        async () => ({ userAgent: request.headers.get("user-agent"), origin: rp.origin }),
        { method: "passkey" },
      );
      const home = isStaff(account.role) ? "/admin" : "/account";
      const redirectTo = answer.callbackUrl ? safeReturnPath(answer.callbackUrl, home) : home;
      const response = json({ redirectTo });
      // Named as the viewer lookup reads it (session-token.ts): AUTH_URL, else the forwarded protocol.
      const secure = isSecureOrigin(getConfig().auth.url, request.headers.get("x-forwarded-proto"));
      response.headers.append("set-cookie", setCookieHeader(sessionCookie(session, secure)));
      return response;
    });
  },
});

function setCookieHeader({ name, value, options }: ReturnType<typeof sessionCookie>): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Expires=${options.expires.toUTCString()}`];
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}
