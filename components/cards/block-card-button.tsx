import { getTranslations } from "next-intl/server";
import { BlockCardDialog, type BlockCardAction } from "./block-card-dialog";
import { screenReaderOnly } from "@/components/ui/rich-text";

export type { BlockCardAction };

/**
 * "Block" for one card, confirmed in a dialog (BlockCardDialog), in the reader's language. The
 * action is a prop, so the admin area reuses this with its own (audited) action.
 */
export async function BlockCardButton({
  cardId,
  cardLabel,
  blocked,
  action,
}: {
  cardId: number;
  cardLabel: string;
  blocked: boolean;
  action: BlockCardAction;
}) {
  const t = await getTranslations("cards");
  const words = {
    open: t.rich("block.open", { card: cardLabel, hidden: screenReaderOnly }),
    title: t("block.title", { card: cardLabel }),
    text: t("block.text"),
    cancel: t("block.cancel"),
    submit: t("block.submit"),
    pending: t("block.pending"),
  };
  return <BlockCardDialog cardId={cardId} blocked={blocked} action={action} words={words} />;
}
