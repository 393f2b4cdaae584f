import Link from "next/link";
import type { Card } from "@/lib/platform/types";
import { blockCardForDriverAction, linkCardForDriverAction } from "@/lib/admin/actions/cards";
import { CardTable, cardLabel } from "@/components/cards/card-table";
import { BlockCardButton } from "@/components/cards/block-card-button";
import { buttonClasses } from "@/components/ui/button-classes";
import { LinkCardForm } from "./link-card-form";

/** The driver's cards with per-card actions (block, move), and the form to link a new one. */
export function DriverCardsSection({ platformUserId, cards }: { platformUserId: number; cards: Card[] }) {
  const blockAction = blockCardForDriverAction.bind(null, platformUserId);
  return (
    <div className="space-y-6">
      {cards.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">This driver has no cards yet. Link one below.</p>
      ) : (
        <CardTable
          cards={cards}
          caption="The driver's charging cards"
          rowActions={(card) => (
            <div className="flex flex-wrap items-start gap-2">
              <BlockCardButton cardId={card.id} cardLabel={cardLabel(card)} blocked={card.status === "blocked"} action={blockAction} />
              {card.type === "rfid" && card.status !== "blocked" && (
                <Link
                  href={`/admin/users/${platformUserId}/cards/${card.id}/move`}
                  aria-label={`Move to another driver: card ${cardLabel(card)}`}
                  className={buttonClasses("secondary", "whitespace-nowrap")}
                >
                  Move to another driver
                </Link>
              )}
            </div>
          )}
        />
      )}
      <div>
        <h3 className="mb-3 font-semibold">Link a new card</h3>
        <LinkCardForm action={linkCardForDriverAction.bind(null, platformUserId)} />
      </div>
    </div>
  );
}
