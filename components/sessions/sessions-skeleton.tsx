import { Skeleton } from "@/components/ui/card";

/** Same footprint as the sessions page, so nothing jumps when it arrives. */
export function SessionsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">Loading your charging sessions…</span>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-24" />
      <div className="space-y-2">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
      <Skeleton className="h-56" />
    </div>
  );
}

export function ChartSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-6 md:grid-cols-2">
      <span className="sr-only">Loading your monthly totals…</span>
      <Skeleton className="h-44" />
      <Skeleton className="h-44" />
    </div>
  );
}

export function SessionDetailSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">Loading the charging session…</span>
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-8 w-80 max-w-full" />
      <Skeleton className="h-72" />
      <Skeleton className="h-32" />
    </div>
  );
}
