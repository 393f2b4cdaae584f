import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import type { CardStatus } from "@/lib/platform/types";

const TONES: Record<CardStatus, "green" | "red" | "slate"> = { active: "green", blocked: "red", inactive: "slate" };

/** Card status as a coloured pill with the status in words (colour is never the only signal). */
export async function CardStatusBadge({ status }: { status: CardStatus }) {
  const t = await getTranslations("cards");
  // A status the portal does not know (a newer platform) is shown as the platform names it.
  if (!(status in TONES)) return <Badge tone="slate">{status}</Badge>;
  return <Badge tone={TONES[status]}>{t(`status.${status}`)}</Badge>;
}
