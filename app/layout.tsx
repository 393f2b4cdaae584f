import type { Metadata, Viewport } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ClientWords } from "@/components/layout/client-words";
import { PORTAL_NAME } from "@/lib/core/brand";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return {
    title: { default: PORTAL_NAME, template: `%s · ${PORTAL_NAME}` },
    description: t("description"),
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  const t = await getTranslations("common");
  return (
    <html lang={locale}>
      <body className="min-h-screen">
        <ClientWords audience="everyPage">
          <a href="#main" className="skip-link">
            {t("skipToContent")}
          </a>
          {children}
        </ClientWords>
      </body>
    </html>
  );
}
