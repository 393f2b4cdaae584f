import type { Metadata } from "next";
import { LoadError } from "@/components/ui/load-error";
import { CardForm } from "@/components/cards/card-form";
import { BlockCardButton } from "@/components/cards/block-card-button";
import { CardTable, cardLabel } from "@/components/cards/card-table";
import { Card } from "@/components/ui/card";
import { requireDriverPage } from "@/lib/auth/guards";
import { addCardAction } from "@/lib/cards/add-card-action";
import { blockCardAction, pauseCardAction, resumeCardAction } from "@/lib/cards/card-status-action";
import { listDriverCards } from "@/lib/cards/service";
import { latestCardStatusChanges, type CardStatusChange } from "@/lib/cards/status-history";
import { cardStatusNote } from "@/lib/cards/status-note";
import { CardStatusButton } from "@/components/cards/card-status-button";
import { platformErrorMessage } from "@/lib/platform-errors-to-messages";
import type { Card as ChargingCard } from "@/lib/platform/types";

export const metadata: Metadata = { title: "Charging cards" };

export default async function CardsPage() {
  const viewer = await requireDriverPage();
  let cards: ChargingCard[] | null = null;
  let changes = new Map<number, CardStatusChange>();
  let loadError: string | null = null;
  try {
    cards = await listDriverCards(viewer.platformUserId);
    changes = await latestCardStatusChanges(cards);
  } catch (error) {
    loadError = platformErrorMessage(error, "load your cards");
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Charging cards</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          The RFID cards you charge with. Pause a card you do not want used for a while, and resume it any time. Block a
          card straight away if it is lost or stolen.
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
        <Card title="Your cards">
          {loadError !== null || cards === null ? (
            <LoadError title="Your cards could not be loaded" message={loadError ?? ""} retryHref="/cards" />
          ) : cards.length === 0 ? (
            <div className="rounded-md border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
              <p className="font-semibold">No cards yet</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                Add the card you received with the form on this page to start charging with it.
              </p>
            </div>
          ) : (
            <CardTable
              cards={cards}
              statusNote={(card) => cardStatusNote(changes.get(card.id), "driver")}
              rowActions={(card) => (
                // Block stays in place when the card becomes blocked, so its confirmation keeps focus.
                <div className="flex flex-wrap items-start gap-2">
                  {card.status !== "blocked" && (
                    <CardStatusButton
                      cardId={card.id}
                      cardLabel={cardLabel(card)}
                      change={card.status === "active" ? "pause" : "resume"}
                      action={card.status === "active" ? pauseCardAction : resumeCardAction}
                    />
                  )}
                  <BlockCardButton
                    cardId={card.id}
                    cardLabel={cardLabel(card)}
                    blocked={card.status === "blocked"}
                    action={blockCardAction}
                  />
                  {card.status === "blocked" && (
                    <p className="text-sm text-slate-700 dark:text-slate-300">
                      Only support can unblock a blocked card.
                    </p>
                  )}
                </div>
              )}
            />
          )}
        </Card>
        <Card title="Add a card">
          <CardForm action={addCardAction} audience="driver" />
        </Card>
      </div>
    </div>
  );
}
