import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { SessionStatus } from "@/lib/platform/types";

const TONES = { started: "blue", charging: "blue", finished: "green", failed: "red" } as const satisfies Record<
  SessionStatus,
  string
>;

/**
 * The session's status in words; the colour only repeats what the text says. Shared by server
 * components and the live panel (a client component), so it reads its words with useTranslations.
 */
export function SessionStatusBadge({ status }: { status: SessionStatus }) {
  const t = useTranslations("sessions");
  return <Badge tone={TONES[status]}>{t(`status.${status}`)}</Badge>;
}

/** Marks a running session whose figures are still changing. */
export function LiveBadge() {
  const t = useTranslations("sessions");
  return (
    <Badge tone="amber">
      <span
        aria-hidden="true"
        className="mr-1 inline-block h-2 w-2 rounded-full bg-amber-700 motion-safe:animate-pulse dark:bg-amber-300"
      />
      {t("liveBadge")}
    </Badge>
  );
}
