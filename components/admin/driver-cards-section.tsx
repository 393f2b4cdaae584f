import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { Card } from "@/lib/platform/types";
import { blockCardForDriverAction } from "@/lib/features/admin/actions/block-card-for-driver";
import { linkCardForDriverAction } from "@/lib/features/admin/actions/link-card-for-driver";
import { resumeCardForDriverAction } from "@/lib/features/admin/actions/resume-card-for-driver";
import type { CardStatusChange } from "@/lib/features/cards";
import { cardStatusNote } from "@/lib/features/cards/shared";
import { CardStatusButton } from "@/components/cards/card-status-button";
import { CardTable, cardLabel } from "@/components/cards/card-table";
import { BlockCardButton } from "@/components/cards/block-card-button";
import { buttonClasses } from "@/components/ui/button-classes";
import { CardForm } from "@/components/cards/card-form";
import { EmptyState } from "@/components/ui/empty-state";

/** The status change a card's resume button makes: a blocked card is unblocked, a paused one resumed. */
function resumeChange(card: Card) {
  return card.status === "blocked" ? "unblock" : "resume";
}

/**
 * The driver's cards with who set each status, per-card actions (block, resume or unblock, move),
 * and the form to link a new one.
 */
export async function DriverCardsSection({
  platformUserId,
  cards,
  statusChanges,
}: {
  platformUserId: number;
  cards: Card[];
  statusChanges: Map<number, CardStatusChange>;
}) {
  const t = await getTranslations("admin");
  const blockAction = blockCardForDriverAction.bind(null, platformUserId);
  const resumeAction = resumeCardForDriverAction.bind(null, platformUserId);
  return (
    <div className="space-y-6">
      {cards.length === 0 ? (
        <EmptyState>{t("cards.none")}</EmptyState>
      ) : (
        <CardTable
          cards={cards}
          caption={t("cards.caption")}
          statusNote={(card) => cardStatusNote(statusChanges.get(card.id), "staff")}
          rowActions={(card) => (
            <div className="flex flex-wrap items-start gap-2">
              {card.status !== "active" && (
                <CardStatusButton
                  cardId={card.id}
                  cardLabel={cardLabel(card)}
                  change={resumeChange(card)}
                  action={resumeAction}
                />
              )}
              <BlockCardButton
                cardId={card.id}
                cardLabel={cardLabel(card)}
                blocked={card.status === "blocked"}
                action={blockAction}
              />
              {card.type === "rfid" && card.status !== "blocked" && (
                <Link
                  href={`/admin/users/${platformUserId}/cards/${card.id}/move`}
                  aria-label={t("cards.moveLabel", { card: cardLabel(card) })}
                  className={buttonClasses("secondary", "whitespace-nowrap")}
                >
                  {t("cards.move")}
                </Link>
              )}
            </div>
          )}
        />
      )}
      <div>
        <h3 className="mb-3 font-semibold">{t("cards.linkHeading")}</h3>
        <CardForm action={linkCardForDriverAction.bind(null, platformUserId)} audience="staff" />
      </div>
    </div>
  );
}
