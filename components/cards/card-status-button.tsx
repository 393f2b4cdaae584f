import { getTranslations } from "next-intl/server";
import { CardStatusForm, type CardStatusAction } from "./card-status-form";
import { screenReaderOnly } from "@/components/ui/rich-text";

export type { CardStatusAction };

/** The changes the button makes (the driver's pause and resume, staff's unblock). */
export type CardButtonChange = "pause" | "resume" | "unblock";

/** A one-click status change of one card (CardStatusForm), in the reader's language. */
export async function CardStatusButton({
  cardId,
  cardLabel,
  change,
  action,
}: {
  cardId: number;
  cardLabel: string;
  change: CardButtonChange;
  action: CardStatusAction;
}) {
  const t = await getTranslations("cards");
  const words = {
    label: t.rich(`change.${change}.label`, { card: cardLabel, hidden: screenReaderOnly }),
    pending: t(`change.${change}.pending`),
    hint: change === "pause" ? t("change.pauseHint") : null,
  };
  return <CardStatusForm cardId={cardId} action={action} words={words} />;
}
