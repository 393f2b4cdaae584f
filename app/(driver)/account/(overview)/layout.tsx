import { ClientWords } from "@/components/layout/client-words";

/** The overview's client components: the balance, the recent sessions' table and the running session's panel. */
export default function AccountOverviewLayout({ children }: { children: React.ReactNode }) {
  return <ClientWords audience="accountOverview">{children}</ClientWords>;
}
