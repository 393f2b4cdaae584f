// The quick start's live updates: once the portal serves, subscribe it to the embedded ampeco emulator's
// callbacks through the demo bridge, as a tenant's operator would (npm run platform:subscribe on a real one).
const NOTIFICATIONS = "/api/emulator/public-api/notifications/v2.0";
const CALLBACKS = "/api/platform/callbacks";

/** Waits until the portal answers /api/health (at most `timeoutMs`); false when it never did. */
export async function waitUntilServing(baseUrl, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(new URL("/api/health", baseUrl))).ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/**
 * One subscription for this portal's callback URL with `kinds`; one already there is kept (a restart makes none).
 * Returns what was done and the subscription's id.
 */
export async function subscribeDemoPortal(baseUrl, { apiKey, kinds }) {
  // The bridge takes writes from the portal's own origin only (CSRF), as from its pages.
  const headers = { Authorization: `Bearer ${apiKey}`, Accept: "application/json", Origin: new URL(baseUrl).origin };
  const callbackUrl = new URL(CALLBACKS, baseUrl).href;
  const listed = await fetch(new URL(NOTIFICATIONS, baseUrl), { headers });
  if (!listed.ok) throw new Error(`listing the emulator's subscriptions answered ${listed.status}`);
  const { data } = await listed.json();
  const existing = data.find((s) => s.webhook?.callbackUrl === callbackUrl);
  if (existing) return { outcome: "kept", id: existing.id };
  const created = await fetch(new URL(NOTIFICATIONS, baseUrl), {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ via: "webhook", notifications: kinds, webhook: { callbackUrl } }),
  });
  if (created.status !== 201) throw new Error(`subscribing answered ${created.status}: ${await created.text()}`);
  return { outcome: "created", id: (await created.json()).data.id };
}
