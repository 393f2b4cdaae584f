export const DRIVER_LINKS = [
  { href: "/account", label: "Account" },
  { href: "/cards", label: "Cards" },
  { href: "/sessions", label: "Sessions" },
  { href: "/vouchers", label: "Vouchers" },
  { href: "/map", label: "Map" },
];

/** Admin area sections; `adminOnly` entries are shown to admins only (support gets a 404 there). */
export const ADMIN_LINKS: { href: string; label: string; adminOnly?: boolean }[] = [
  { href: "/admin/users", label: "Drivers" },
  { href: "/admin/requests", label: "Deletion requests" },
  { href: "/admin/audit", label: "Audit log" },
  { href: "/admin/staff", label: "Staff roles", adminOnly: true },
  { href: "/admin/security", label: "Security" },
];
