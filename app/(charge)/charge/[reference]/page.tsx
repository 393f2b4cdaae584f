import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { ChargePointEvses } from "@/components/charging/charge-point-details";
import { EvseStart, offersStart } from "@/components/charging/evse-start";
import { PaymentChoices } from "@/components/charging/payment-choices";
import { titleFrom } from "@/components/layout/page-title";
import { Alert } from "@/components/ui/alert";
import { HeadedSection } from "@/components/ui/headed-section";
import { INLINE_LINK_CLASS, inlineLink } from "@/components/ui/rich-text";
import { getViewer } from "@/lib/core/auth/viewer";
import {
  chargePageRetryAfter,
  loadChargePointView,
  loadPaymentChoices,
  parseChargePointReference,
} from "@/lib/features/charging";

export const generateMetadata = titleFrom("charging.page.title");

/**
 * A charge point's page (issue 38), from its QR code: the place, each spot's live status and this driver's price.
 * No loading.tsx: a streamed skeleton would turn the 404 of an unknown reference into a 200.
 */
export default async function ChargePointPage({ params }: { params: Promise<{ reference: string }> }) {
  const reference = parseChargePointReference((await params).reference);
  if (!reference) notFound();
  const [viewer, locale, t, retryAfter] = await Promise.all([
    getViewer(),
    getLocale(),
    getTranslations("charging"),
    chargePageRetryAfter(),
  ]);
  if (retryAfter !== null)
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">{t("page.reference", { reference })}</h1>
        <Alert tone="error" title={t("page.tooManyTitle")}>
          {t("page.tooMany", { seconds: retryAfter })}
        </Alert>
      </div>
    );
  const platformUserId = viewer?.platformUserId ?? null;
  const [view, payment] = await Promise.all([
    loadChargePointView(reference, platformUserId, locale),
    platformUserId === null ? null : loadPaymentChoices(platformUserId),
  ]);
  if (view.status === "notFound") notFound();
  if (view.status === "unsupported") {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">{t("page.reference", { reference })}</h1>
        <Alert tone="info" title={t("unsupported.heading")}>
          {t("unsupported.body")}
        </Alert>
        <Link href="/map" className={INLINE_LINK_CLASS}>
          {t("page.map")}
        </Link>
      </div>
    );
  }
  const returnTo = `/charge/${encodeURIComponent(reference)}`;
  const signInHref = `/signin?callbackUrl=${encodeURIComponent(returnTo)}`;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">{view.place?.name ?? view.name ?? t("page.reference", { reference })}</h1>
        {view.place?.street && view.place.city && (
          <p>{t("page.place", { street: view.place.street, city: view.place.city })}</p>
        )}
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("page.reference", { reference })}</p>
      </div>
      <p>
        {viewer
          ? t("page.signedInPrice")
          : t.rich("page.signedOutPrice", {
              signin: inlineLink(signInHref),
            })}
      </p>
      <HeadedSection headingId="evses-heading" heading={t("page.evses")}>
        <ChargePointEvses
          evses={view.evses}
          startFor={(evse) =>
            // No start, and so no rule above an empty space, where the spot is not open to the driver.
            offersStart(evse) && <EvseStart evse={evse} payment={payment} signInHref={signInHref} />
          }
        />
      </HeadedSection>
      {payment && <PaymentChoices view={payment} />}
      <Link href="/map" className={INLINE_LINK_CLASS}>
        {t("page.map")}
      </Link>
    </div>
  );
}
