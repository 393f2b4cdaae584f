export const DRIVER_LINKS = [
  { href: "/account", label: "Account" },
  { href: "/cards", label: "Cards" },
  { href: "/sessions", label: "Sessions" },
  { href: "/vouchers", label: "Vouchers" },
  { href: "/map", label: "Map" },
];

export const ADMIN_LINKS = [
  { href: "/admin", label: "Drivers" },
  { href: "/admin/drivers/new", label: "New driver" },
  { href: "/admin/audit", label: "Audit log" },
];
