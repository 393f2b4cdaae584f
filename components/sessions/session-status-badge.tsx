import { Badge } from "@/components/ui/badge";
import type { SessionStatus } from "@/lib/platform/types";
import { SESSION_STATUS_LABELS } from "@/lib/sessions/filters";

const TONES = { started: "blue", charging: "blue", finished: "green", failed: "red" } as const satisfies Record<
  SessionStatus,
  string
>;

/** The session's status in words; the colour only repeats what the text says. Server-renderable. */
export function SessionStatusBadge({ status }: { status: SessionStatus }) {
  return <Badge tone={TONES[status]}>{SESSION_STATUS_LABELS[status]}</Badge>;
}

/** Marks a running session whose figures are still changing. */
export function LiveBadge() {
  return (
    <Badge tone="amber">
      <span
        aria-hidden="true"
        className="mr-1 inline-block h-2 w-2 rounded-full bg-amber-700 motion-safe:animate-pulse dark:bg-amber-300"
      />
      Live
    </Badge>
  );
}
