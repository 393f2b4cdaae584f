import type { PlatformUser } from "@/lib/platform/types";

/** The editable profile of a driver, as the profile form shows it. Pure: shared by server and client. */
export type ProfileValues = Pick<
  PlatformUser,
  "firstName" | "lastName" | "phone" | "address" | "city" | "postCode" | "country"
>;

/** The fields of a platform user that the profile form shows and edits, for the driver and for staff alike. */
export function profileValuesOf(user: PlatformUser): ProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    address: user.address,
    city: user.city,
    postCode: user.postCode,
    country: user.country,
  };
}
