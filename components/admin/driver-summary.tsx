import type { PlatformUser } from "@/lib/platform/types";
import { countryName } from "@/lib/countries";
import { formatDate, formatDateTime } from "@/lib/format";
import { roleLabel, type Role } from "@/lib/auth/roles";

export interface PortalAccountView {
  email: string | null;
  role: Role;
  createdAt: Date;
  emailVerified: Date | null;
}

/** Who the driver is: platform identity, address, and the portal account linked to it. */
export function DriverSummary({ user, portal }: { user: PlatformUser; portal: PortalAccountView | null }) {
  const address = [
    user.address,
    [user.postCode, user.city].filter(Boolean).join(" "),
    user.country ? countryName(user.country) : null,
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold">Platform user id</dt>
      <dd className="tabular-nums">{user.id}</dd>
      <dt className="font-semibold">E-mail</dt>
      <dd className="break-all">{user.email}</dd>
      <dt className="font-semibold">Phone</dt>
      <dd>{user.phone ?? "—"}</dd>
      <dt className="font-semibold">Address</dt>
      <dd>{address || "—"}</dd>
      <dt className="font-semibold">Created</dt>
      <dd>{user.createdAt ? formatDate(user.createdAt) : "—"}</dd>
      <dt className="font-semibold">Portal account</dt>
      <dd>
        {portal ? (
          <>
            {roleLabel(portal.role)} account <span className="break-all">{portal.email}</span>, since{" "}
            {formatDate(portal.createdAt)}
            {portal.emailVerified
              ? `; e-mail confirmed by sign-in link ${formatDateTime(portal.emailVerified)}`
              : "; has not signed in yet"}
          </>
        ) : (
          "None yet: the driver gets one when they first sign in with their e-mail address."
        )}
      </dd>
    </dl>
  );
}
