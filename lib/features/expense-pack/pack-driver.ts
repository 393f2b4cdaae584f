import type { PlatformUser } from "@/lib/platform/types";
import { receiptCustomerOf } from "@/lib/features/charging/shared";

/** The driver as the pack's documents name them: the platform profile, never the portal account. Pure. */
export interface PackDriver {
  name: string;
  email: string;
  addressLines: string[];
  customerNumber: number;
}

export function toPackDriver(user: PlatformUser): PackDriver {
  const customer = receiptCustomerOf(user);
  return {
    name: customer.name ?? user.email,
    email: user.email,
    addressLines: customer.addressLines,
    customerNumber: customer.number,
  };
}
