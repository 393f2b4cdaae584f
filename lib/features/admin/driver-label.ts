/**
 * How staff see a driver named in messages: "Demi Driver (1001)", or the e-mail when there is no
 * name, or `unnamed` (the word "Driver" in the page's language) when there is neither. Pure.
 */
export function driverLabel(
  user: {
    id: number;
    firstName?: string | null;
    lastName?: string | null;
    email?: string | null;
  },
  unnamed: string,
): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return `${name || user.email || unnamed} (${user.id})`;
}
