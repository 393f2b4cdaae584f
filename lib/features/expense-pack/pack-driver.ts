import type { PlatformUser } from "@/lib/platform/types";

/** The driver as the pack's documents name them: the platform profile, never the portal account. Pure. */
export interface PackDriver {
  name: string;
  email: string;
  addressLines: string[];
  customerNumber: number;
}

export function toPackDriver(user: PlatformUser): PackDriver {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  const town = [user.postCode, user.city].filter(Boolean).join(" ");
  return {
    name: name || user.email,
    email: user.email,
    addressLines: [user.address, town, user.country].filter((part): part is string => Boolean(part?.trim())),
    customerNumber: user.id,
  };
}
