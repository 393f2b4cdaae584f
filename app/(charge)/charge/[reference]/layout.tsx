import { OpenFrame } from "@/components/layout/open-frame";

/** A charge point's page is open to everyone: a QR code on the charge point opens it, signed in or not. */
export default async function ChargePointLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ reference: string }>;
}) {
  const { reference } = await params;
  return (
    <OpenFrame audience="charge" returnTo={`/charge/${encodeURIComponent(reference)}`}>
      {children}
    </OpenFrame>
  );
}
