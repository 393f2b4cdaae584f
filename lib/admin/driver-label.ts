/** How staff see a driver named in messages: "Demi Driver (1001)", or the e-mail when there is no name. Pure. */
export function driverLabel(user: {
  id: number;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return `${name || user.email || "Driver"} (${user.id})`;
}
