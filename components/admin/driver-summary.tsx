import { getLocale, getTranslations } from "next-intl/server";
import type { PlatformUser } from "@/lib/platform/types";
import { countryName } from "@/lib/core/countries";
import { formatDate, formatDateTime } from "@/lib/core/format";
import type { Role } from "@/lib/core/auth/roles";
import { BreakableAddress } from "@/components/ui/rich-text";

export interface PortalAccountView {
  email: string | null;
  role: Role;
  createdAt: Date;
  emailVerified: Date | null;
}

/** Who the driver is: platform identity, address, and the portal account linked to it. */
export async function DriverSummary({ user, portal }: { user: PlatformUser; portal: PortalAccountView | null }) {
  const t = await getTranslations("admin");
  const locale = await getLocale();
  const address = [
    user.address,
    [user.postCode, user.city].filter(Boolean).join(" "),
    user.country ? countryName(user.country, locale) : null,
  ]
    .filter(Boolean)
    .join(", ");
  const verified = portal?.emailVerified ? "yes" : "no";
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold">{t("summary.platformUserId")}</dt>
      <dd className="tabular-nums">{user.id}</dd>
      <dt className="font-semibold">{t("summary.email")}</dt>
      <dd>
        <BreakableAddress>{user.email}</BreakableAddress>
      </dd>
      <dt className="font-semibold">{t("summary.phone")}</dt>
      <dd>{user.phone ?? "—"}</dd>
      <dt className="font-semibold">{t("summary.address")}</dt>
      <dd>{address || "—"}</dd>
      <dt className="font-semibold">{t("summary.created")}</dt>
      <dd>{user.createdAt ? formatDate(user.createdAt, locale) : "—"}</dd>
      <dt className="font-semibold">{t("summary.portalAccount")}</dt>
      <dd>
        {portal
          ? t.rich("summary.portal", {
              role: t(`role.${portal.role}`),
              email: portal.email ?? "",
              since: formatDate(portal.createdAt, locale),
              verified,
              confirmed: portal.emailVerified ? formatDateTime(portal.emailVerified, locale) : "",
              address: (chunks) => <BreakableAddress>{chunks}</BreakableAddress>,
            })
          : t("summary.noPortalAccount")}
      </dd>
    </dl>
  );
}
