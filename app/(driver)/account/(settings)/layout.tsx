import { getTranslations } from "next-intl/server";
import { AccountSettingsNav } from "@/components/accounts/account-settings";

// A sign, not text (a constant, so the no-literal-text lint does not take it for words).
const FOLDED_MARK = "▾";

/**
 * The settings pages: the settings menu beside the page (folded on a phone). Each page's own layout gives its client
 * components their words (components/layout/client-namespaces.ts).
 */
export default async function AccountSettingsLayout({ children }: { children: React.ReactNode }) {
  const t = await getTranslations("accountSettings");
  return (
    <div className="grid items-start gap-6 md:grid-cols-[13rem_minmax(0,1fr)]">
      <details className="settings-menu">
        <summary>
          {t("menu")}
          <span aria-hidden="true">{FOLDED_MARK}</span>
        </summary>
        <AccountSettingsNav />
      </details>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
