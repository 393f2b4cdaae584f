import type { Metadata } from "next";
import { LoadError } from "@/components/account/load-error";
import { AddCardForm } from "@/components/cards/add-card-form";
import { BlockCardButton } from "@/components/cards/block-card-button";
import { CardTable, cardLabel } from "@/components/cards/card-table";
import { Card } from "@/components/ui/card";
import { requireDriverPage } from "@/lib/auth/guards";
import { addCardAction } from "@/lib/cards/add-card-action";
import { blockCardAction } from "@/lib/cards/block-card-action";
import { listDriverCards } from "@/lib/cards/service";
import { platformErrorMessage } from "@/lib/platform-errors-to-messages";
import type { Card as ChargingCard } from "@/lib/platform/types";

export const metadata: Metadata = { title: "Charging cards" };

export default async function CardsPage() {
  const viewer = await requireDriverPage();
  let cards: ChargingCard[] | null = null;
  let loadError: string | null = null;
  try {
    cards = await listDriverCards(viewer.platformUserId);
  } catch (error) {
    loadError = platformErrorMessage(error, "load your cards");
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Charging cards</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          The RFID cards you charge with. Block a card straight away if it is lost or stolen.
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
        <Card title="Your cards">
          {loadError !== null || cards === null ? (
            <LoadError title="Your cards could not be loaded" message={loadError ?? ""} retryHref="/cards" />
          ) : cards.length === 0 ? (
            <div className="rounded-md border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
              <p className="font-semibold">No cards yet</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Add the card you received with the form on this page to start charging with it.</p>
            </div>
          ) : (
            <CardTable
              cards={cards}
              rowActions={(card) => <BlockCardButton cardId={card.id} cardLabel={cardLabel(card)} blocked={card.status === "blocked"} action={blockCardAction} />}
            />
          )}
        </Card>
        <Card title="Add a card">
          <AddCardForm action={addCardAction} />
        </Card>
      </div>
    </div>
  );
}
