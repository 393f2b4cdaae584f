/**
 * Every page of app/ (`[param]` a dynamic segment, groups left out): a signed-out visitor of one goes to sign-in, any
 * other address gets the branded 404 (docs/design-notes.md#libcoreauthpage-routests).
 */
export const PAGE_ROUTES: readonly string[] = [
  "/",
  "/account",
  "/account/app-password",
  "/account/billing",
  "/account/email/confirm",
  "/account/notifications",
  "/account/payments",
  "/account/privacy",
  "/account/profile",
  "/account/security",
  "/account-not-linked",
  "/admin",
  "/admin/audit",
  "/admin/requests",
  "/admin/security",
  "/admin/staff",
  "/admin/users",
  "/admin/users/[id]",
  "/admin/users/[id]/cards/[cardId]/move",
  "/admin/users/new",
  "/app-password/set",
  "/cards",
  "/charge/[reference]",
  "/check-your-email",
  "/dev/mailbox",
  "/dev/mailbox/[id]",
  "/map",
  "/sessions",
  "/sessions/[id]",
  "/signin",
  "/signup",
  "/signup/finish",
  "/vouchers",
];

const PATTERNS = PAGE_ROUTES.map((route) => new RegExp(`^${route.replace(/\[\w+\]/g, "[^/]+").replace(/\/$/, "")}/?$`));

/** Whether a path names one of the app's pages (a dynamic segment matches any one segment). */
export function isPagePath(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}
