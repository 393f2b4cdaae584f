import { ClientWords } from "@/components/layout/client-words";

/** The words this route's client components translate with (components/layout/client-namespaces.ts). */
export default function CardsLayout({ children }: { children: React.ReactNode }) {
  return <ClientWords audience="cards">{children}</ClientWords>;
}
