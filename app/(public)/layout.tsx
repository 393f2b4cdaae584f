import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ClientWords } from "@/components/layout/client-words";
import { SiteHeader } from "@/components/layout/site-header";

export default async function PublicLayout({ children }: { children: React.ReactNode }) {
  const t = await getTranslations("auth");
  return (
    <>
      <SiteHeader>
        <Link
          href="/signin"
          className="rounded-md px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          {t("signIn")}
        </Link>
        <Link
          href="/signup"
          className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t("createAccount")}
        </Link>
      </SiteHeader>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        <ClientWords audience="public">{children}</ClientWords>
      </main>
    </>
  );
}
