import type { Page } from "@playwright/test";

/**
 * Chromium's virtual authenticator (DevTools protocol, WebAuthn domain) on one page: a platform
 * authenticator with user verification that answers every prompt at once, as a fingerprint would.
 * Its credentials stay with the page, so a second browser context has none.
 */
export async function addVirtualAuthenticator(page: Page): Promise<{ credentialCount: () => Promise<number> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentialCount: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials.length,
  };
}
