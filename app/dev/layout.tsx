import { SiteHeader } from "@/components/layout/site-header";

export default function DevLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-4xl px-4 py-8">
        {children}
      </main>
    </>
  );
}
