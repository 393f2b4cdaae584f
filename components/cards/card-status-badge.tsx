import { Badge } from "@/components/ui/badge";
import type { CardStatus } from "@/lib/platform/types";

const LOOK: Record<CardStatus, { tone: "green" | "red" | "slate"; label: string }> = {
  active: { tone: "green", label: "Active" },
  blocked: { tone: "red", label: "Blocked" },
  inactive: { tone: "slate", label: "Paused" },
};

/** Card status as a coloured pill with the status in words (colour is never the only signal). */
export function CardStatusBadge({ status }: { status: CardStatus }) {
  const look = LOOK[status] ?? { tone: "slate" as const, label: status };
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
