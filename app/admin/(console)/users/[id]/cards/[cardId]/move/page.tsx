import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { requireStaffPage } from "@/lib/core/auth/guards";
import { moveCardStepAction } from "@/lib/features/admin/actions/move-card-step";
import { CardIdArg, readDriverId } from "@/lib/core/actions/driver-id";
import { driverLabel } from "@/lib/features/admin/driver-label";
import { resolveDriver } from "@/lib/features/admin/find-driver";
import { inspectMove, MoveRefusedError, movesInOneStep, type MoveState } from "@/lib/features/admin/move-card";
import { CARD_NOT_OWNED, listDriverCards } from "@/lib/features/cards";
import { hasErrorCode } from "@/lib/core/errors";
import { getPlatformUser } from "@/lib/features/accounts/platform-user";
import { PlatformNotFoundError } from "@/lib/platform/errors";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";
import { requestTranslator } from "@/lib/core/auth/request-translator";
import type { PlatformUser } from "@/lib/platform/types";
import { LoadError } from "@/components/ui/load-error";
import { MoveCardPanel } from "@/components/admin/move-card-panel";
import { TextField } from "@/components/ui/field";
import { buttonClasses } from "@/components/ui/button-classes";
import { CardStatusBadge } from "@/components/cards/card-status-badge";
import { titleFrom } from "@/components/layout/page-title";
import type { SearchParams } from "@/components/layout/search-params";
import { TextLink } from "@/components/ui/text-link";

export const generateMetadata = titleFrom("admin.move.title");

type Props = {
  params: Promise<{ id: string; cardId: string }>;
  searchParams: SearchParams;
};

/** The target is chosen with a plain GET form, so the confirmation step has its own URL (?to=). */
async function TargetForm({ action, to, error }: { action: string; to: string; error?: string }) {
  const t = await getTranslations("admin");
  return (
    <form method="get" action={action} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
      <TextField
        key={`to-${to}`}
        label={t("move.target")}
        name="to"
        defaultValue={to}
        autoComplete="off"
        required
        hint={t("move.targetHint")}
        errors={error ? [error] : undefined}
      />
      <button type="submit" className={buttonClasses("primary", "sm:mt-6")}>
        {t("move.continue")}
      </button>
    </form>
  );
}

export default async function MoveCardPage({ params, searchParams }: Props) {
  await requireStaffPage();
  const t = await getTranslations("admin");
  const translator = await requestTranslator();
  const raw = await params;
  const sourceId = /^\d{1,10}$/.test(raw.id) ? readDriverId(raw.id) : null;
  const cardId = /^\d{1,15}$/.test(raw.cardId) ? CardIdArg.safeParse(raw.cardId).data : undefined;
  if (sourceId === null || cardId === undefined) notFound();
  const toParam = (await searchParams).to;
  const to = (Array.isArray(toParam) ? toParam[0] : toParam)?.trim().slice(0, 254) ?? "";
  const here = `/admin/users/${sourceId}/cards/${cardId}/move`;

  let source: PlatformUser;
  let card;
  try {
    source = await getPlatformUser(sourceId);
    card = (await listDriverCards(sourceId)).find((c) => c.id === cardId);
  } catch (error) {
    if (error instanceof PlatformNotFoundError) notFound();
    return (
      <LoadError
        title={t("move.loadFailed")}
        message={platformErrorMessage(translator, error, "admin.doing.loadCard")}
        retryHref={here}
      />
    );
  }
  let target: PlatformUser | null = null;
  let state: MoveState | null = null;
  let problem: string | undefined;
  if (to) {
    try {
      const resolved = await resolveDriver(to);
      if (resolved.ok) {
        target = resolved.user;
        state = await inspectMove({ sourceUserId: sourceId, cardId, targetUserId: target.id });
      } else {
        problem = translator(resolved.problem.key, resolved.problem.values);
      }
    } catch (error) {
      if (error instanceof MoveRefusedError) problem = translator(error.key, error.values);
      else if (hasErrorCode(error, CARD_NOT_OWNED)) notFound();
      else problem = platformErrorMessage(translator, error, "admin.doing.findOtherDriver");
    }
  }

  // After a one-step move the card is the target's: the page shows it there, moved.
  const shown = card ?? (state?.step === "done" ? state.card : undefined);
  if (!shown) notFound();
  const cardText = shown.visualNumber ? `${shown.visualNumber} (${shown.code})` : shown.code;
  const unnamed = t("driver.unnamed");
  const sourceLabel = driverLabel(source, unnamed);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <p className="text-sm">
          <TextLink href={`/admin/users/${sourceId}`}>{t("move.back", { driver: sourceLabel })}</TextLink>
        </p>
        <h1 className="mt-2 text-2xl font-bold">{t("move.heading")}</h1>
      </div>
      <p className="flex flex-wrap items-center gap-2">
        {t.rich("move.cardOf", { card: cardText, driver: sourceLabel, strong: (chunks) => <strong>{chunks}</strong> })}{" "}
        <CardStatusBadge status={shown.status} />
      </p>
      {(!target || !state) && (
        <>
          <TargetForm action={here} to={to} error={problem} />
        </>
      )}
      {target && state && (
        <MoveCardPanel
          action={moveCardStepAction.bind(null, sourceId)}
          step={state.step}
          oneStep={movesInOneStep()}
          sourceUserId={sourceId}
          targetUserId={target.id}
          cardId={cardId}
          cardText={cardText}
          sourceLabel={sourceLabel}
          targetLabel={driverLabel(target, unnamed)}
        />
      )}
    </div>
  );
}
