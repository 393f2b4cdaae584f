import type { Messages } from "@/lib/core/i18n/catalogues";

/** A section of a navigation bar; `labelKey` names its words under `layout.links`. */
export interface NavLink {
  href: string;
  labelKey: keyof Messages["layout"]["links"];
  /** Shown to admins only (support gets a 404 there). */
  adminOnly?: boolean;
  /** Shown only where the platform keeps a ledger (ampeco): a page the platform cannot serve is not offered. */
  ledgerOnly?: boolean;
}

export const DRIVER_LINKS: NavLink[] = [
  { href: "/account", labelKey: "account" },
  { href: "/cards", labelKey: "cards" },
  { href: "/sessions", labelKey: "sessions" },
  { href: "/vouchers", labelKey: "vouchers" },
  { href: "/account/payments", labelKey: "payments", ledgerOnly: true },
  { href: "/map", labelKey: "map" },
];

/** The driver's sections this platform can serve. */
export function driverLinks(ledger: boolean): NavLink[] {
  return DRIVER_LINKS.filter((link) => ledger || !link.ledgerOnly);
}

/** Admin area sections; `adminOnly` entries are shown to admins only (support gets a 404 there). */
export const ADMIN_LINKS: NavLink[] = [
  { href: "/admin/users", labelKey: "drivers" },
  { href: "/admin/requests", labelKey: "deletionRequests" },
  { href: "/admin/audit", labelKey: "auditLog" },
  { href: "/admin/staff", labelKey: "staffRoles", adminOnly: true },
  { href: "/admin/security", labelKey: "security" },
];
