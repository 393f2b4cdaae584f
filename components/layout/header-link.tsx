import Link from "next/link";
import { getTranslations } from "next-intl/server";

const HEADER_LINK_CLASSES = {
  plain: "rounded-md px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800",
  primary: "rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800",
};

/** A signed-out visitor's way in, offered in the site header (sign in; create an account as the primary one). */
export function HeaderLink({
  href,
  tone = "plain",
  children,
}: {
  href: string;
  tone?: keyof typeof HEADER_LINK_CLASSES;
  children: React.ReactNode;
}) {
  return (
    <Link href={href} className={HEADER_LINK_CLASSES[tone]}>
      {children}
    </Link>
  );
}

/** The signed-out header's two ways in, on every page a visitor may meet: sign in (back to `signInHref`), sign up. */
export async function SignedOutLinks({ signInHref = "/signin" }: { signInHref?: string }) {
  const t = await getTranslations("auth");
  return (
    <>
      <HeaderLink href={signInHref}>{t("signIn")}</HeaderLink>
      <HeaderLink href="/signup" tone="primary">
        {t("createAccount")}
      </HeaderLink>
    </>
  );
}
