import { getLocale, getTranslations } from "next-intl/server";
import { Alert } from "@/components/ui/alert";
import { TextLink } from "@/components/ui/text-link";
import { formatDate } from "@/lib/core/format";

/** On every driver page while the driver's deletion request is open: when it happens, and the way to cancel it. */
export async function DeletionBanner({ dueAt }: { dueAt: Date }) {
  const [t, locale] = await Promise.all([getTranslations("accountDeletionBanner"), getLocale()]);
  return (
    <div className="mb-6" data-testid="deletion-banner">
      <Alert tone="warning">
        {t("text", { due: formatDate(dueAt, locale) })} <TextLink href="/account/privacy">{t("link")}</TextLink>
      </Alert>
    </div>
  );
}
