import type { APIRequestContext } from "@playwright/test";
import en from "../../messages/en.json";
import { CLIENT_NAMESPACES, type Audience } from "../../components/layout/client-namespaces";
import { expect, test } from "./fixtures";
import { messagesIn, rscPayloadOf } from "../support/rsc-payload";

/**
 * Every render's RSC payload carries the messages its NextIntlClientProvider gives the browser. Issue 26:
 * whole catalogues there doubled the server's work per page. Each page may carry only the namespaces
 * its part of the app lists (components/layout/client-namespaces.ts), never one that stays on the server.
 */
const PAGES: { path: string; audience: Audience; signedIn: "driver" | "admin" | null }[] = [
  { path: "/signin", audience: "signIn", signedIn: null },
  { path: "/signup", audience: "signUp", signedIn: null },
  { path: "/account", audience: "accountOverview", signedIn: "driver" },
  { path: "/account/profile", audience: "accountProfile", signedIn: "driver" },
  { path: "/account/app-password", audience: "accountAppPassword", signedIn: "driver" },
  { path: "/account/security", audience: "accountSecurity", signedIn: "driver" },
  { path: "/account/notifications", audience: "accountNotifications", signedIn: "driver" },
  { path: "/account/privacy", audience: "accountPrivacy", signedIn: "driver" },
  { path: "/account/billing", audience: "accountBilling", signedIn: "driver" },
  { path: "/account/payments", audience: "accountPayments", signedIn: "driver" },
  { path: "/sessions", audience: "sessions", signedIn: "driver" },
  { path: "/cards", audience: "cards", signedIn: "driver" },
  { path: "/vouchers", audience: "vouchers", signedIn: "driver" },
  { path: "/map", audience: "map", signedIn: "driver" },
  { path: "/admin/users", audience: "admin", signedIn: "admin" },
];

async function namespacesSent(request: APIRequestContext, path: string): Promise<string[]> {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(200);
  const sent = messagesIn(rscPayloadOf(await response.text())).map((json) => Object.keys(JSON.parse(json) as object));
  expect(sent.length, `${path} has a NextIntlClientProvider`).toBeGreaterThan(0);
  return [...new Set(sent.flat())].sort();
}

test("each page's RSC payload carries only the namespaces its client components translate with", async ({
  request,
  driverPage,
  adminPage,
}) => {
  const catalogue = Object.keys(en).length;
  for (const { path, audience, signedIn } of PAGES) {
    const client = signedIn === "driver" ? driverPage.request : signedIn === "admin" ? adminPage.request : request;
    const sent = await namespacesSent(client, path);
    expect(sent.length, `${path} carries ${sent.length} of the catalogue's ${catalogue} namespaces`).toBeLessThan(
      catalogue,
    );
    expect(sent, path).toEqual([...CLIENT_NAMESPACES[audience]].sort());
  }
});
