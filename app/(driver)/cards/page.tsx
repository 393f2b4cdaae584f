import { getTranslations } from "next-intl/server";
import { LoadError } from "@/components/ui/load-error";
import { CardForm } from "@/components/cards/card-form";
import { BlockCardButton } from "@/components/cards/block-card-button";
import { CardTable, cardLabel } from "@/components/cards/card-table";
import { Card } from "@/components/ui/card";
import { requireDriverPage } from "@/lib/core/auth/guards";
import { addCardAction } from "@/lib/features/cards/actions/add-card";
import { blockCardAction } from "@/lib/features/cards/actions/block-card";
import { pauseCardAction } from "@/lib/features/cards/actions/pause-card";
import { resumeCardAction } from "@/lib/features/cards/actions/resume-card";
import { listDriverCards } from "@/lib/features/cards/service";
import { latestCardStatusChanges, type CardStatusChange } from "@/lib/features/cards/status-history";
import { cardStatusNote } from "@/lib/features/cards/status-note";
import { CardStatusButton } from "@/components/cards/card-status-button";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";
import type { Card as ChargingCard } from "@/lib/platform/types";
import { titleFrom } from "@/components/layout/page-title";
import { PageHeading } from "@/components/ui/page-heading";
import { LiveRefresh } from "@/components/live/live-refresh";
import { livePushActive } from "@/lib/features/live";
import { EmptyState } from "@/components/ui/empty-state";
import { LastActionScope } from "@/components/ui/last-action";

/** The one-click change a usable card's row offers: pause an active card, resume a paused one. */
const ROW_CHANGE = {
  active: { change: "pause", action: pauseCardAction },
  inactive: { change: "resume", action: resumeCardAction },
} as const;

export const generateMetadata = titleFrom("cards.title");

export default async function CardsPage() {
  const viewer = await requireDriverPage();
  // `t` words this page; `translator` (whole keys) is what the lib functions that word things take.
  const [t, translator] = await Promise.all([getTranslations("cards"), getTranslations()]);
  let cards: ChargingCard[] | null = null;
  let changes = new Map<number, CardStatusChange>();
  let loadError: string | null = null;
  try {
    cards = await listDriverCards(viewer.platformUserId);
    changes = await latestCardStatusChanges(cards);
  } catch (error) {
    loadError = platformErrorMessage(translator, error, "cards.doing.load");
  }

  return (
    <div className="space-y-6">
      <PageHeading title={t("title")} intro={t("intro")} />
      <LiveRefresh push={await livePushActive()} on="card" />
      {/* One message at a time: the last action's. */}
      <LastActionScope>
        <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
          <Card title={t("yourCards")}>
            {loadError !== null || cards === null ? (
              <LoadError title={t("loadFailed")} message={loadError ?? ""} retryHref="/cards" />
            ) : cards.length === 0 ? (
              <EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>
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
                        change={ROW_CHANGE[card.status].change}
                        action={ROW_CHANGE[card.status].action}
                      />
                    )}
                    <BlockCardButton
                      cardId={card.id}
                      cardLabel={cardLabel(card)}
                      blocked={card.status === "blocked"}
                      action={blockCardAction}
                    />
                    {card.status === "blocked" && (
                      <p className="text-sm text-slate-700 dark:text-slate-300">{t("onlySupportUnblocks")}</p>
                    )}
                  </div>
                )}
              />
            )}
          </Card>
          <Card title={t("addTitle")}>
            <CardForm action={addCardAction} audience="driver" />
          </Card>
        </div>
      </LastActionScope>
    </div>
  );
}
