import { getTranslations } from "next-intl/server";
import { NavList } from "@/components/layout/nav-list";
import { TextLink } from "@/components/ui/text-link";
import { ledgerOffered } from "@/lib/features/payments";

/** The focused settings pages, in the order the menu lists them; payments only where the platform keeps a ledger. */
const SETTINGS_PAGES = [
  { href: "/account/profile", key: "profile" },
  { href: "/account/security", key: "security" },
  { href: "/account/notifications", key: "notifications" },
  { href: "/account/app-password", key: "appPassword" },
  { href: "/account/billing", key: "billing" },
  { href: "/account/payments", key: "payments", ledgerOnly: true },
  { href: "/account/privacy", key: "privacy" },
] as const;

function settingsPages() {
  const ledger = ledgerOffered();
  return SETTINGS_PAGES.filter((page) => ledger || !("ledgerOnly" in page));
}

/** The settings menu beside each settings page, the overview first. */
export async function AccountSettingsNav() {
  const t = await getTranslations("accountSettings");
  const links = [
    { href: "/account", label: t("links.overview"), exact: true },
    ...settingsPages().map((page) => ({ href: page.href, label: t(`links.${page.key}`) })),
  ];
  return <NavList label={t("menu")} links={links} layout="side" />;
}

/** The overview's list of settings pages, each with a line on what it holds. */
export async function AccountSettingsList() {
  const t = await getTranslations("accountSettings");
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-700">
      {settingsPages().map((page) => (
        <li key={page.href} className="py-2 first:pt-0 last:pb-0">
          <TextLink href={page.href}>{t(`links.${page.key}`)}</TextLink>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t(`descriptions.${page.key}`)}</p>
        </li>
      ))}
    </ul>
  );
}
