import type { Metadata, Viewport } from "next";
import { PORTAL_NAME } from "@/lib/brand";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: PORTAL_NAME, template: `%s · ${PORTAL_NAME}` },
  description: "Your charging account: balance, RFID cards, charging sessions, vouchers and public charge points.",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {children}
      </body>
    </html>
  );
}
